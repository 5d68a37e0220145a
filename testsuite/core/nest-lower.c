/* { dg-do run } */
/* Loop nests that mean index notation statements, and the statements.  */

#include "nest-util.h"

/* for i { y[i] = 0; for j y[i] += A[i][j] * x[j]; }  */
static void
spmv_init (void)
{
  fresh ();
  int y = ARR ("y", 1, NULL, KN), A = ARR ("A", 2, "CSR", KN, KM);
  int x = ARR ("x", 1, NULL, KM);
  int i = LOOP ("i", KN), j = LOOP ("j", KM);
  BEGIN (i);
  ASSIGN (y, IX_SET, CST (0), i);
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, MUL (RD (A, i, j), RD (x, j)), i);
  END (j);
  END (i);
  OK ("y(i) = sum(j, A(i,j) * x(j)); A: CSR");
}

/* for i for j y[i] += A[i][j] * x[j];  and the same spelt y = y + ...  */
static void
spmv_accumulate (void)
{
  for (int spelt = 0; spelt < 3; spelt++)
    {
      fresh ();
      int y = ARR ("y", 1, NULL, KN), A = ARR ("A", 2, "CSR", KN, KM);
      int x = ARR ("x", 1, NULL, KM);
      int i = LOOP ("i", KN), j = LOOP ("j", KM);
      BEGIN (i);
      BEGIN (j);
      int p = MUL (RD (A, i, j), RD (x, j));
      if (spelt == 0)
        ASSIGN (y, IX_ADD_SET, p, i);
      else if (spelt == 1)
        ASSIGN (y, IX_SET, ADD (RD (y, i), p), i);
      else
        ASSIGN (y, IX_SET, ADD (p, RD (y, i)), i);
      END (j);
      END (i);
      OK ("y(i) += sum(j, A(i,j) * x(j)); A: CSR");
    }
}

/* Transposed: for i for j y[j] += A[i][j] * x[i];  and the loops the
   other way round: for j for i y[i] += A[j][i] * x[j].  */
static void
transposed (void)
{
  fresh ();
  int y = ARR ("y", 1, NULL, KM), A = ARR ("A", 2, "CSR", KN, KM);
  int x = ARR ("x", 1, NULL, KN);
  int i = LOOP ("i", KN), j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, MUL (RD (A, i, j), RD (x, i)), j);
  END (j);
  END (i);
  OK ("y(j) += sum(i, A(i,j) * x(i)); A: CSR");

  fresh ();
  y = ARR ("y", 1, NULL, KM);
  A = ARR ("A", 2, "CSR", KN, KM);
  x = ARR ("x", 1, NULL, KN);
  j = LOOP ("j", KN);
  i = LOOP ("i", KM);
  BEGIN (j);
  BEGIN (i);
  ASSIGN (y, IX_ADD_SET, MUL (RD (A, j, i), RD (x, j)), i);
  END (i);
  END (j);
  OK ("y(i) += sum(j, A(j,i) * x(j)); A: CSR");
}

/* double s = 0; for j s += A[i][j] * x[j]; y[i] = alpha * s;  */
static void
scalar_accumulator (void)
{
  fresh ();
  int y = ARR ("y", 1, NULL, KN), A = ARR ("A", 2, "CSR", KN, KM);
  int x = ARR ("x", 1, NULL, KM), s = SCA ("s", 0), al = SCA ("alpha", 0);
  int i = LOOP ("i", KN), j = LOOP ("j", KM);
  BEGIN (i);
  DECL (s);
  ASSIGN0 (s, IX_SET, CST (0));
  BEGIN (j);
  ASSIGN0 (s, IX_ADD_SET, MUL (RD (A, i, j), RD (x, j)));
  END (j);
  ASSIGN (y, IX_SET, MUL (RD0 (al), RD0 (s)), i);
  END (i);
  OK ("y(i) = alpha * sum(j, A(i,j) * x(j)); A: CSR");
}

/* Residual: for i { y[i] = b[i]; for j y[i] -= A[i][j] * x[j]; }
   and with a scalar: double r = b[i]; for j r -= ...; y[i] = r;  */
static void
residual (void)
{
  for (int with_scalar = 0; with_scalar < 2; with_scalar++)
    {
      fresh ();
      int y = ARR ("y", 1, NULL, KN), A = ARR ("A", 2, "CSR", KN, KM);
      int x = ARR ("x", 1, NULL, KM), b = ARR ("b", 1, NULL, KN);
      int r = SCA ("r", 0);
      int i = LOOP ("i", KN), j = LOOP ("j", KM);
      int t = with_scalar ? r : y;
      BEGIN (i);
      if (with_scalar)
        ASSIGN0 (r, IX_SET, RD (b, i));
      else
        ASSIGN (y, IX_SET, RD (b, i), i);
      BEGIN (j);
      if (with_scalar)
        ASSIGN0 (t, IX_SUB_SET, MUL (RD (A, i, j), RD (x, j)));
      else
        ASSIGN (t, IX_SUB_SET, MUL (RD (A, i, j), RD (x, j)), i);
      END (j);
      if (with_scalar)
        ASSIGN (y, IX_SET, RD0 (r), i);
      END (i);
      OK ("y(i) = b(i) - sum(j, A(i,j) * x(j)); A: CSR");
    }
}

/* A scalar that outlives the nest: for i for j s += A[i][j] * B[i][j].  */
static void
scalar_output (void)
{
  fresh ();
  int s = SCA ("s", 1), A = ARR ("A", 2, "CSR", KN, KM);
  int B = ARR ("B", 2, NULL, KN, KM);
  int i = LOOP ("i", KN), j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  ASSIGN0 (s, IX_ADD_SET, MUL (RD (A, i, j), RD (B, i, j)));
  END (j);
  END (i);
  OK ("s += sum(i, sum(j, A(i,j) * B(i,j))); A: CSR");
}

/* Two outputs of one nest become two statements.  */
static void
two_outputs (void)
{
  fresh ();
  int y = ARR ("y", 1, NULL, KN), z = ARR ("z", 1, NULL, KN);
  int A = ARR ("A", 2, "CSR", KN, KM), B = ARR ("B", 2, "DCSR", KN, KM);
  int x = ARR ("x", 1, NULL, KM);
  int i = LOOP ("i", KN), j = LOOP ("j", KM);
  BEGIN (i);
  ASSIGN (y, IX_SET, CST (0), i);
  ASSIGN (z, IX_SET, CST (0), i);
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, MUL (RD (A, i, j), RD (x, j)), i);
  ASSIGN (z, IX_ADD_SET, MUL (RD (B, i, j), RD (x, j)), i);
  END (j);
  END (i);
  OK ("y(i) = sum(j, A(i,j) * x(j)); A: CSR",
      "z(i) = sum(j, B(i,j) * x(j)); B: DCSR");
}

/* SpGEMM into a tagged output, and element-wise addition.  */
static void
matrix_outputs (void)
{
  fresh ();
  int C = ARR ("C", 2, "CSR", KN, KP), A = ARR ("A", 2, "CSR", KN, KM);
  int B = ARR ("B", 2, "CSR", KM, KP);
  int i = LOOP ("i", KN), j = LOOP ("j", KP), k = LOOP ("k", KM);
  BEGIN (i);
  BEGIN (j);
  ASSIGN (C, IX_SET, CST (0), i, j);
  BEGIN (k);
  ASSIGN (C, IX_ADD_SET, MUL (RD (A, i, k), RD (B, k, j)), i, j);
  END (k);
  END (j);
  END (i);
  OK ("C(i,j) = sum(k, A(i,k) * B(k,j)); C: CSR, A: CSR, B: CSR");

  fresh ();
  C = ARR ("C", 2, "CSR", KN, KM);
  A = ARR ("A", 2, "CSR", KN, KM);
  B = ARR ("B", 2, "CSR", KN, KM);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  ASSIGN (C, IX_SET, SUB (RD (A, i, j), NEG (RD (B, i, j))), i, j);
  END (j);
  END (i);
  OK ("C(i,j) = A(i,j) - -B(i,j); C: CSR, A: CSR, B: CSR");
}

/* Two sibling loops with one variable name: the second is renamed.  */
static void
sibling_loops (void)
{
  fresh ();
  int y = ARR ("y", 1, NULL, KN), A = ARR ("A", 2, "CSR", KN, KM);
  int B = ARR ("B", 2, "CSR", KN, KP);
  int x = ARR ("x", 1, NULL, KM), z = ARR ("z", 1, NULL, KP);
  int i = LOOP ("i", KN), j = LOOP ("j", KM), j2 = LOOP ("j", KP);
  BEGIN (i);
  ASSIGN (y, IX_SET, CST (0), i);
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, MUL (RD (A, i, j), RD (x, j)), i);
  END (j);
  BEGIN (j2);
  ASSIGN (y, IX_SUB_SET, MUL (RD (B, i, j2), RD (z, j2)), i);
  END (j2);
  END (i);
  OK ("y(i) = sum(j, A(i,j) * x(j)) - sum(j2, B(i,j2) * z(j2)); A: CSR, "
      "B: CSR");
}

/* Temporaries inside the innermost loop; division by a scalar.  */
static void
temporaries (void)
{
  fresh ();
  int y = ARR ("y", 1, NULL, KN), A = ARR ("A", 2, "CSR", KN, KM);
  int x = ARR ("x", 1, NULL, KM), t = SCA ("t", 0), d = SCA ("d", 0);
  int i = LOOP ("i", KN), j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  DECL (t);
  ASSIGN0 (t, IX_SET, MUL (RD (A, i, j), RD (x, j)));
  ASSIGN (y, IX_ADD_SET, DIV (RD0 (t), RD0 (d)), i);
  END (j);
  END (i);
  OK ("y(i) += sum(j, A(i,j) * x(j) / d); A: CSR");
}

/* Third-order tensors: TTV and MTTKRP.  */
static void
tensors (void)
{
  fresh ();
  int Y = ARR ("Y", 2, NULL, KN, KM), B = ARR ("B", 3, "CSF", KN, KM, KP);
  int c = ARR ("c", 1, NULL, KP);
  int i = LOOP ("i", KN), j = LOOP ("j", KM), k = LOOP ("k", KP);
  BEGIN (i);
  BEGIN (j);
  ASSIGN (Y, IX_SET, CST (0), i, j);
  BEGIN (k);
  ASSIGN (Y, IX_ADD_SET, MUL (RD (B, i, j, k), RD (c, k)), i, j);
  END (k);
  END (j);
  END (i);
  OK ("Y(i,j) = sum(k, B(i,j,k) * c(k)); B: CSF");

  fresh ();
  int M = ARR ("M", 2, NULL, KN, KQ);
  B = ARR ("B", 3, "CSF", KN, KM, KP);
  int C = ARR ("C", 2, NULL, KM, KQ), D = ARR ("D", 2, NULL, KP, KQ);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  k = LOOP ("k", KP);
  int l = LOOP ("l", KQ);
  BEGIN (i);
  BEGIN (j);
  BEGIN (k);
  BEGIN (l);
  ASSIGN (M, IX_ADD_SET, MUL (MUL (RD (B, i, j, k), RD (C, j, l)),
                              RD (D, k, l)), i, l);
  END (l);
  END (k);
  END (j);
  END (i);
  OK ("M(i,l) += sum(j, sum(k, B(i,j,k) * C(j,l) * D(k,l))); B: CSF");
}

/* Whole-row temporaries reused by every element: t = alpha * x[j].  */
static void
hoisted_factor (void)
{
  fresh ();
  int y = ARR ("y", 1, NULL, KM), A = ARR ("A", 2, "CSR", KN, KM);
  int x = ARR ("x", 1, NULL, KN), t = SCA ("t", 0), al = SCA ("alpha", 0);
  int i = LOOP ("i", KN), j = LOOP ("j", KM);
  BEGIN (i);
  ASSIGN0 (t, IX_SET, MUL (RD0 (al), RD (x, i)));
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, MUL (RD (A, i, j), RD0 (t)), j);
  END (j);
  END (i);
  OK ("y(j) += sum(i, A(i,j) * (alpha * x(i))); A: CSR");
}

/* Rows zeroed by one loop and accumulated by another over the same
   range (Gustavson's SpGEMM; SpMM in i, j, k order).  */
static void
row_loops (void)
{
  fresh ();
  int C = ARR ("C", 2, "CSR", KN, KP), A = ARR ("A", 2, "CSR", KN, KM);
  int B = ARR ("B", 2, "CSR", KM, KP);
  int i = LOOP ("i", KN), j1 = LOOP ("j", KP), k = LOOP ("k", KM);
  int j2 = LOOP ("j", KP);
  BEGIN (i);
  BEGIN (j1);
  ASSIGN (C, IX_SET, CST (0), i, j1);
  END (j1);
  BEGIN (k);
  BEGIN (j2);
  ASSIGN (C, IX_ADD_SET, MUL (RD (A, i, k), RD (B, k, j2)), i, j2);
  END (j2);
  END (k);
  END (i);
  OK ("C(i,j) = sum(k, A(i,k) * B(k,j)); C: CSR, A: CSR, B: CSR");
}

int
main (void)
{
  row_loops ();
  spmv_init ();
  spmv_accumulate ();
  transposed ();
  scalar_accumulator ();
  residual ();
  scalar_output ();
  two_outputs ();
  matrix_outputs ();
  sibling_loops ();
  temporaries ();
  tensors ();
  hoisted_factor ();
  nest_free (N);
  return failures != 0;
}
