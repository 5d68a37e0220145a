/* { dg-do run } */
/* Storage outputs may share: the pairs left to a run-time check and the
   pairs that refuse the nest.  */

#include "nest-util.h"

/* for i { y[i] = 0; for j y[i] += A[i][j] * x[j] * alpha; } with the
   given roles; returns the checks (a, b pairs) through R.  */
static int
spmv (nest_role ry, nest_role rA, nest_role rx, nest_role ralpha,
      const char *fmtA, nest_result *r)
{
  fresh ();
  int y = ARR_R ("y", ry, 1, NULL, KN);
  int A = ARR_R ("A", rA, 2, fmtA, KN, KM);
  int x = ARR_R ("x", rx, 1, NULL, KM);
  int al = add_obj ("alpha", IX_OPD_SCALAR, 0, NULL, (const int[]) { 0 },
                    ralpha, 0, IX_F64);
  int i = LOOP ("i", KN), j = LOOP ("j", KM);
  BEGIN (i);
  ASSIGN (y, IX_SET, CST (0), i);
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, MUL (MUL (RD (A, i, j), RD (x, j)), RD0 (al)), i);
  END (j);
  END (i);
  return nest_lower (N, r);
}

int
main (void)
{
  nest_result r;

  /* Distinct storage: nothing to check.  */
  CHECK (spmv (NEST_ROLE_DISTINCT, NEST_ROLE_DISTINCT, NEST_ROLE_DISTINCT,
               NEST_ROLE_DISTINCT, "CSR", &r) == 0);
  CHECK (r.nkernels == 1 && r.nchecks == 0);
  nest_result_free (&r);

  /* y and x pointer parameters: checked at run time.  */
  CHECK (spmv (NEST_ROLE_POINTER, NEST_ROLE_TAGGED_PARAM, NEST_ROLE_POINTER,
               NEST_ROLE_DISTINCT, "CSR", &r) == 0);
  CHECK (r.nkernels == 1 && r.nchecks == 1);
  CHECK (r.check[0].a == 0 && r.check[0].b == 2);
  nest_result_free (&r);

  /* ... and a global scalar too; a tagged operand never shares dense
     storage.  */
  CHECK (spmv (NEST_ROLE_POINTER, NEST_ROLE_TAGGED_STATIC,
               NEST_ROLE_POINTER, NEST_ROLE_MEMORY, "CSR", &r) == 0);
  CHECK (r.nkernels == 1 && r.nchecks == 2);
  nest_result_free (&r);

  /* A global output and a pointer input.  */
  CHECK (spmv (NEST_ROLE_MEMORY, NEST_ROLE_DISTINCT, NEST_ROLE_POINTER,
               NEST_ROLE_DISTINCT, "CSR", &r) == 0);
  CHECK (r.nchecks == 1);
  nest_result_free (&r);

  /* Two globals never overlap.  */
  CHECK (spmv (NEST_ROLE_MEMORY, NEST_ROLE_DISTINCT, NEST_ROLE_MEMORY,
               NEST_ROLE_MEMORY, "CSR", &r) == 0);
  CHECK (r.nchecks == 0);
  nest_result_free (&r);

  /* A tagged output parameter and a tagged input parameter of one
     format may be one tensor: the front end compares their handles,
     unless the input is read only at the element written.  Of different
     formats they cannot be.  */
  for (int same = 0; same < 2; same++)
    {
      fresh ();
      int C = ARR_R ("C", NEST_ROLE_TAGGED_PARAM, 2, "CSR", KN, KN);
      int A = ARR_R ("A", NEST_ROLE_TAGGED_PARAM, 2, same ? "CSR" : "DCSR",
                     KN, KN);
      int B = ARR_R ("B", NEST_ROLE_TAGGED_PARAM, 2, "DCSR", KN, KN);
      int i = LOOP ("i", KN), j = LOOP ("j", KN), k = LOOP ("k", KN);
      BEGIN (i);
      BEGIN (j);
      ASSIGN (C, IX_SET, CST (0), i, j);
      BEGIN (k);
      ASSIGN (C, IX_ADD_SET, MUL (RD (A, i, k), RD (B, k, j)), i, j);
      END (k);
      END (j);
      END (i);
      nest_result rs = expect_ok (__LINE__, (const char *const[]) {
          same ? "C(i,j) = sum(k, A(i,k) * B(k,j)); C: CSR, A: CSR, B: DCSR"
               : "C(i,j) = sum(k, A(i,k) * B(k,j)); C: CSR, A: DCSR, B: DCSR",
          NULL });
      CHECK (rs.nchecks == same);
      CHECK (!same || (rs.check[0].a == C && rs.check[0].b == A));
      nest_result_free (&rs);

      fresh ();
      C = ARR_R ("C", NEST_ROLE_TAGGED_PARAM, 2, "CSR", KN, KM);
      A = ARR_R ("A", NEST_ROLE_TAGGED_STATIC, 2, "CSR", KN, KM);
      i = LOOP ("i", KN);
      j = LOOP ("j", KM);
      BEGIN (i);
      BEGIN (j);
      ASSIGN (C, IX_SET, MUL (CST (2), RD (A, i, j)), i, j);
      END (j);
      END (i);
      rs = expect_ok (__LINE__, (const char *const[]) {
          "C(i,j) = 2 * A(i,j); C: CSR, A: CSR", NULL });
      CHECK (rs.nchecks == 0);
      nest_result_free (&rs);
    }

  /* The rows an object's first subscript runs over, for the check.  */
  fresh ();
  int y = PTR ("y"), A = ARR ("A", 2, "CSR", KN, KM), x = PTR ("x");
  int i = LOOP ("i", KN), j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, MUL (RD (A, i, j), RD (x, i)), j);
  END (j);
  END (i);
  int l[4];
  CHECK (nest_dim0_loops (N, y, l, 4) == 1 && l[0] == j);
  CHECK (nest_dim0_loops (N, x, l, 4) == 1 && l[0] == i);
  CHECK (nest_dim0_loops (N, A, l, 4) == 1 && l[0] == i);

  nest_free (N);
  return failures != 0;
}
