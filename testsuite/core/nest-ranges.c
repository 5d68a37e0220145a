/* { dg-do run } */
/* Loops over part of an extent, as the front end describes them: a loop
   bounded by an enclosing loop's variable (ranged) or starting past 0,
   kept to its range by a guard (nest_range).  What they lower to, what
   is refused (a plain = under a range), and the loops the kernels run:
   a sorted compressed level starts and stops where a binary search in
   its segment finds the range, a dense loop runs over the range only;
   the kernels are printed by cprint, compiled, run and compared with
   the dense loops computed here.  */

#include "nest-util.h"
#include "kernel-load.h"
#include "plan.h"
#include "sparse.h"

#define OP(op, a, b) nest_op2 (N, op, a, b, 0)
#define IDX(l) nest_index (N, l, IX_I32, 0)
#define RANGE(l, c) nest_range (N, l, c, 0)
#define ENDIF() nest_endif (N, 0)

/* A loop over the extent of what it indexes, its range a guard.  */
static int
ranged_loop (const char *name)
{
  int l = nest_add_loop (N, name, -1, "i", 0);
  N->loop[l].ranged = 1;
  return l;
}

/* The kernels: 0, y[i] += A[i][j] * x[j] for j < i over CSR; 1, y[i] +=
   A[i][j] + x[j] for i + 1 <= j < n (a merge with a dense operand); 2,
   the sum of A[i][j] for j <= i over a dense-format A; 3, the diagonal
   d[i] = A[i][i] over CSR.  */
static void
nest_of (int which)
{
  fresh ();
  if (which == 3)
    {
      int d = ARR ("d", 1, NULL, KN), A = ARR ("A", 2, "CSR", KN, KN);
      int i = LOOP ("i", KN);
      BEGIN (i);
      ASSIGN (d, IX_SET, RD (A, i, i), i);
      END (i);
      return;
    }
  const char *fmt = which == 2 ? "D,D" : "CSR";
  int y = which == 2 ? SCA ("s", 1) : ARR ("y", 1, NULL, KN);
  int A = ARR ("A", 2, fmt, KN, KN), x = ARR ("x", 1, NULL, KN);
  int i = LOOP ("i", KN), j = which == 1 ? LOOP ("j", KN) : ranged_loop ("j");
  BEGIN (i);
  BEGIN (j);
  int c = which == 0 ? OP (IX_LT, IDX (j), IDX (i))
          : which == 1 ? OP (IX_GE, IDX (j), OP (IX_ADD, IDX (i), CST (1)))
          : OP (IX_LE, IDX (j), IDX (i));
  RANGE (j, c);
  if (which == 0)
    ASSIGN (y, IX_ADD_SET, MUL (RD (A, i, j), RD (x, j)), i);
  else if (which == 1)
    ASSIGN (y, IX_ADD_SET, ADD (RD (A, i, j), RD (x, j)), i);
  else
    ASSIGN0 (y, IX_ADD_SET, RD (A, i, j));
  ENDIF ();
  END (j);
  END (i);
}

static lir_kernel *
kernel_of (int which)
{
  nest_result r;
  ix_diag d;
  memset (&d, 0, sizeof d);
  nest_of (which);
  if (nest_lower (N, &r) || r.nkernels != 1)
    {
      fprintf (stderr, "kernel %d: %s\n", which, r.reason);
      failures++;
      return NULL;
    }
  ix_sched_opts opts = { 1, 0, { { 0 } } };
  lir_kernel *k = ix_plan (r.kernel[0], &opts, &d);
  if (!k)
    {
      fprintf (stderr, "kernel %d: %s\n", which, d.msg);
      failures++;
    }
  nest_result_free (&r);
  return k;
}

/* Kernel WHICH as C, in BUF.  */
static void
printed (int which, char *buf, size_t len)
{
  buf[0] = 0;
  lir_kernel *k = kernel_of (which);
  FILE *f = fmemopen (buf, len, "w");
  if (!k || !f)
    return;
  cprint_kernel (k, "kernel", f);
  fclose (f);
  lir_free (k);
}

static void
lowering (void)
{
  nest_of (0);
  OK ("y(i) += sum(j, j < i ? A(i,j) * x(j) : 0); A: CSR");
  nest_of (1);
  OK ("y(i) += sum(j, j >= i + 1 ? A(i,j) + x(j) : 0); A: CSR");

  /* The shapes: CSR's row segment cut by binary searches, the end at the
     first column >= i; the merge with x a dense loop from i + 1, A's
     positions from the first column >= i + 1; a floating-point sum over
     a dense format, whose loops keep the program's order (the order of
     its additions), i outside, j to i.  */
  static char buf[65536];
  printed (0, buf, sizeof buf);
  CHECK (strstr (buf, "int64_t j_hi = (int64_t) (int32_t) i;"));
  CHECK (strstr (buf, "pA1_to_mid"));
  CHECK (strstr (buf, "int64_t pA1_end = pA1_to;"));
  CHECK (!strstr (buf, "pA1_from"));
  printed (1, buf, sizeof buf);
  CHECK (strstr (buf, "int64_t j_lo = (int64_t) ((int32_t) i + 1);"));
  CHECK (strstr (buf, "int64_t pA1 = pA1_from;"));
  CHECK (strstr (buf, "for (j = 0 < j_lo ? j_lo : 0;"));
  printed (2, buf, sizeof buf);
  CHECK (strstr (buf, "int64_t j_hi = (int64_t) (int32_t) i + 1;"));
  CHECK (strstr (buf, "for (j = 0; j < sp_kmin (A->dims[1], j_hi); j++)"));

  /* A diagonal, d[i] = A[i][i] (a locate): the row's range read from
     the positions kept with the matrix, asked for once before the loops;
     where the runtime keeps none, the row cut to the one column i by two
     binary searches.  */
  printed (3, buf, sizeof buf);
  CHECK (strstr (buf, "void * A_diag = sp_kdiag (A);"));
  CHECK (strstr (buf, "int64_t pA1_diag = ((int64_t *) A_diag)[i];"));
  CHECK (strstr (buf, "pA1_first = 0 <= pA1_diag ? pA1_diag : 0;"));
  CHECK (strstr (buf, "pA1_last = 0 <= pA1_diag ? pA1_diag + 1 : 0;"));
  CHECK (strstr (buf, "int64_t i_2_lo = i;"));
  CHECK (strstr (buf, "int64_t i_2_hi = i + 1;"));
  CHECK (strstr (buf, "pA1_first = pA1_from;"));
  CHECK (strstr (buf, "pA1_last = pA1_to;"));
  CHECK (strstr (buf, "for (pA1 = pA1_first;"));
  CHECK (strstr (buf, "int64_t pA1_end = pA1_last;"));

  /* The symmetric product of a lower triangle: y accumulated into at
     y[i] and at y[j], two statements of one output; with a plain = at
     one place, refused.  */
  for (int set = 0; set < 2; set++)
    {
      fresh ();
      int y = ARR ("y", 1, NULL, KN), L = ARR ("L", 2, "CSR", KN, KN);
      int x = ARR ("x", 1, NULL, KN);
      int i = LOOP ("i", KN), j = ranged_loop ("j");
      BEGIN (i);
      if (set)
        ASSIGN (y, IX_SET, CST (0), i);
      BEGIN (j);
      RANGE (j, OP (IX_LE, IDX (j), IDX (i)));
      ASSIGN (y, IX_ADD_SET, MUL (RD (L, i, j), RD (x, j)), i);
      nest_if (N, OP (IX_NE, IDX (j), IDX (i)), 0);
      ASSIGN (y, IX_ADD_SET, MUL (RD (L, i, j), RD (x, i)), j);
      ENDIF ();
      ENDIF ();
      END (j);
      END (i);
      if (set)
        REFUSED ("y is written both at y[i] and at y[j]: an output written "
                 "at two places is sparsified when both only accumulate");
      else
        OK ("y(i) += sum(j, j <= i ? L(i,j) * x(j) : 0); L: CSR",
            "y(j) += sum(i, j <= i && j != i ? L(i,j) * x(i) : 0); L: CSR");
    }

  /* A plain = under a range keeps the elements outside: refused.  */
  fresh ();
  int C = ARR ("C", 2, NULL, KN, KN), A = ARR ("A", 2, "CSR", KN, KN);
  int i = LOOP ("i", KN), j = ranged_loop ("j");
  BEGIN (i);
  BEGIN (j);
  RANGE (j, OP (IX_LE, IDX (j), IDX (i)));
  ASSIGN (C, IX_SET, RD (A, i, j), i, j);
  ENDIF ();
  END (j);
  END (i);
  REFUSED ("C[i][j] is set (=) in loop j, which runs over part of its "
           "extent: the elements outside keep their old values");
}

/* Print kernel WHICH as C, compile it and return its _args function.  */
static void (*compiled (int which)) (void **)
{
  lir_kernel *k = kernel_of (which);
  if (!k)
    return NULL;
  char tag[32];
  snprintf (tag, sizeof tag, "range%d", which);
  void (*fn) (void **) = kl_load (k, tag, "", 0, NULL);
  if (!fn)
    failures++;
  return fn;
}

enum { NMAX = 12 };

/* The three kernels on an N x N matrix with entries where (i*7 + j*5) %
   DEN < 3 (row N / 2 empty), against the dense loops.  */
static void
run (int n, int den)
{
  int64_t dims[2] = { n, n }, nn = n;
  double a[NMAX][NMAX], x[NMAX], y[NMAX], want[NMAX];
  for (int i = 0; i < n; i++)
    {
      x[i] = 1 + i * 0.5;
      for (int j = 0; j < n; j++)
        a[i][j] = (i * 7 + j * 5) % den < 3 && i != n / 2 ? i - j + 0.25 : 0;
    }
  double packed[NMAX * NMAX];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      packed[i * n + j] = a[i][j];
  sp_tensor *csr = sp_from_dense (packed, SP_F64, 2, dims, "CSR");
  sp_tensor *dd = sp_from_dense (packed, SP_F64, 2, dims, "D,D");
  CHECK (csr && dd);
  for (int which = 0; which < 3; which++)
    {
      void (*fn) (void **) = compiled (which);
      if (!fn)
        continue;
      double s = 0.5, want_s = 0.5;
      for (int i = 0; i < n; i++)
        {
          y[i] = want[i] = i;
          for (int j = 0; j < n; j++)
            if (which == 0 && j < i)
              want[i] += a[i][j] * x[j];
            else if (which == 1 && j >= i + 1)
              want[i] += a[i][j] + x[j];
            else if (which == 2 && j <= i)
              want_s += a[i][j];
        }
      if (which == 2)
        {
          void *args[] = { &s, dd };
          fn (args);
          if (s != want_s)
            {
              fprintf (stderr, "n %d kernel 2: %g, want %g\n", n, s, want_s);
              failures++;
            }
          continue;
        }
      void *args[] = { y, csr, x, &nn, &nn };
      fn (args);
      for (int i = 0; i < n; i++)
        if (y[i] != want[i])
          {
            fprintf (stderr, "n %d kernel %d: y[%d] = %g, want %g\n", n,
                     which, i, y[i], want[i]);
            failures++;
          }
    }
  sp_free (csr);
  sp_free (dd);
}

int
main (void)
{
  lowering ();
  run (1, 4);
  run (5, 4);
  run (NMAX, 7);
  nest_free (N);
  return failures != 0;
}
