/* { dg-do run } */
/* Guards and the operators that keep zero at zero in loop nests: what
   they lower to, which loops they iterate (a guard false at a zero
   iterates the stored entries only, one true there is refused, a
   comparison with a constant false at zero needs no dense loop), and a
   kernel with each new operator printed by cprint, compiled, run and
   compared with the dense loops computed here.  */

#include <math.h>
#include "nest-util.h"
#include "kernel-load.h"
#include "plan.h"
#include "report.h"
#include "sparse.h"

#define IF(c) nest_if (N, c, 0)
#define ELSE() nest_else (N, 0)
#define ENDIF() nest_endif (N, 0)
#define OP(op, a, b) nest_op2 (N, op, a, b, 0)
#define IDX(l) nest_index (N, l, IX_I32, 0)
#define CAST(a, t) nest_cast (N, a, t, 0)

/* The report of the plan of the nest's only statement contains WANT.  */
static void
plan_has (int line, const char *want)
{
  nest_result r;
  char buf[1024];
  ix_diag d;
  memset (&d, 0, sizeof d);
  if (nest_lower (N, &r) || r.nkernels != 1)
    {
      fprintf (stderr, "line %d: not one statement: %s\n", line, r.reason);
      failures++;
      return;
    }
  ix_sched_opts opts = { 1, 0, { { 0 } } };
  lir_kernel *k = ix_plan (r.kernel[0], &opts, &d);
  if (!k)
    {
      fprintf (stderr, "line %d: %s\n", line, d.msg);
      failures++;
    }
  else if (!strstr (lir_report (k, buf, sizeof buf), want))
    {
      fprintf (stderr, "line %d: '%s'\n  want '%s'\n", line, buf, want);
      failures++;
    }
  lir_free (k);
  nest_result_free (&r);
}
#define PLAN_HAS(want) plan_has (__LINE__, want)

static void
lowering (void)
{
  /* for i for j if (A[i][j] != 0) y[i] += x[j];  */
  fresh ();
  int y = ARR ("y", 1, NULL, KN), A = ARR ("A", 2, "CSR", KN, KM);
  int x = ARR ("x", 1, NULL, KM);
  int i = LOOP ("i", KN), j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  IF (OP (IX_NE, RD (A, i, j), CST (0)));
  ASSIGN (y, IX_ADD_SET, RD (x, j), i);
  ENDIF ();
  END (j);
  END (i);
  OK ("y(i) += sum(j, A(i,j) != 0 ? x(j) : 0); A: CSR");
  PLAN_HAS ("j for over A;");

  /* An index condition and its else: two outputs.  */
  fresh ();
  y = ARR ("y", 1, NULL, KN);
  int z = ARR ("z", 1, NULL, KN);
  A = ARR ("A", 2, "CSR", KN, KN);
  x = ARR ("x", 1, NULL, KN);
  i = LOOP ("i", KN);
  j = LOOP ("j", KN);
  BEGIN (i);
  BEGIN (j);
  IF (OP (IX_LT, IDX (j), IDX (i)));
  ASSIGN (y, IX_ADD_SET, MUL (RD (A, i, j), RD (x, j)), i);
  ELSE ();
  ASSIGN (z, IX_SUB_SET, MUL (RD (A, i, j), RD (x, j)), i);
  ENDIF ();
  END (j);
  END (i);
  OK ("y(i) += sum(j, j < i ? A(i,j) * x(j) : 0); A: CSR",
      "z(i) -= sum(j, !(j < i) ? A(i,j) * x(j) : 0); A: CSR");

  /* Nested ifs, a temporary declared inside, an int count into a long:
     the count converted, the guards conjoined.  */
  fresh ();
  int c = ARR_T ("c", IX_I64, 1, NULL, KN);
  A = ARR ("A", 2, "CSR", KN, KM);
  x = ARR ("x", 1, NULL, KM);
  int t = SCA ("t", 0);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  IF (OP (IX_GT, RD (x, j), CST (0)));
  DECL (t);
  ASSIGN0 (t, IX_SET, MUL (RD (A, i, j), RD (x, j)));
  IF (OP (IX_GT, RD0 (t), CST (1)));
  ASSIGN (c, IX_ADD_SET, CST (1), i);
  ENDIF ();
  ENDIF ();
  END (j);
  END (i);
  OK ("c(i) += sum(j, x(j) > 0 && A(i,j) * x(j) > 1 ? (long)1 : 0); A: CSR");
  PLAN_HAS ("j for over A;");

  /* A comparison with a constant false at zero: no dense loop.  */
  fresh ();
  y = ARR ("y", 1, NULL, KN);
  A = ARR ("A", 2, "CSR", KN, KM);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, CAST (OP (IX_GT, RD (A, i, j), CST (2)), IX_F64), i);
  END (j);
  END (i);
  PLAN_HAS ("j for over A;");

  /* True at zero but made zero by the value: A >= 0 ? B : 0 over
     sparse A and B iterates B (where A is absent, A >= 0 holds).  */
  fresh ();
  y = ARR ("y", 1, NULL, KN);
  A = ARR ("A", 2, "CSR", KN, KM);
  int B = ARR ("B", 2, "CSR", KN, KM);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  IF (OP (IX_GE, RD (A, i, j), CST (0)));
  ASSIGN (y, IX_ADD_SET, RD (B, i, j), i);
  ENDIF ();
  END (j);
  END (i);
  OK ("y(i) += sum(j, A(i,j) >= 0 ? B(i,j) : 0); A: CSR, B: CSR");
  PLAN_HAS ("j co-iterate A, B;");
}

static void
refusals (void)
{
  /* True at a zero: the count of zeros.  */
  fresh ();
  int c = ARR_T ("c", IX_I32, 1, NULL, KN);
  int A = ARR ("A", 2, "CSR", KN, KM), x = ARR ("x", 1, NULL, KM);
  int tol = SCA ("tol", 1);
  int i = LOOP ("i", KN), j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  IF (OP (IX_EQ, RD (A, i, j), CST (0)));
  ASSIGN (c, IX_ADD_SET, CST (1), i);
  ENDIF ();
  END (j);
  END (i);
  REFUSED ("at the unstored zeros of A the condition 'A[i][j] == 0' is true, "
           "and 'c[i] += 1' would run there");

  /* May be true at a zero: it depends on x[j], not known before the
     loops.  */
  fresh ();
  c = ARR_T ("c", IX_I32, 1, NULL, KN);
  A = ARR ("A", 2, "CSR", KN, KM);
  x = ARR ("x", 1, NULL, KM);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  IF (OP (IX_GT, RD (A, i, j), RD (x, j)));
  ASSIGN (c, IX_ADD_SET, CST (1), i);
  ENDIF ();
  END (j);
  END (i);
  REFUSED ("the condition 'A[i][j] > x[j]' may be true");

  /* ... it depends on tol: assumed false at zero, checked before the
     loops.  */
  fresh ();
  c = ARR_T ("c", IX_I32, 1, NULL, KN);
  A = ARR ("A", 2, "CSR", KN, KM);
  tol = SCA ("tol", 1);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  IF (OP (IX_GT, RD (A, i, j), RD0 (tol)));
  ASSIGN (c, IX_ADD_SET, CST (1), i);
  ENDIF ();
  END (j);
  END (i);
  {
    nest_result r = expect_ok (__LINE__, (const char *const[]) {
      "c(i) += sum(j, A(i,j) != 0 && A(i,j) > tol ? 1 : 0); A: CSR", NULL });
    CHECK (r.nassumes == 1 && r.assume[0].zero == 1u << A
           && !r.assume[0].neg && strcmp (r.assume[0].text,
                                          "'A[i][j] > tol'") == 0);
    nest_result_free (&r);
  }

  /* A plain assignment to an output under a condition.  */
  fresh ();
  int y = ARR ("y", 1, NULL, KN);
  A = ARR ("A", 2, "CSR", KN, KM);
  x = ARR ("x", 1, NULL, KM);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  IF (OP (IX_NE, RD (A, i, j), CST (0)));
  ASSIGN (y, IX_SET, RD (x, j), i);
  ENDIF ();
  END (j);
  END (i);
  REFUSED ("y[i] is set (=) inside an if statement");

  /* A temporary set under a condition, read after it.  */
  fresh ();
  y = ARR ("y", 1, NULL, KN);
  A = ARR ("A", 2, "CSR", KN, KM);
  x = ARR ("x", 1, NULL, KM);
  int t = SCA ("t", 0);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  DECL (t);
  ASSIGN0 (t, IX_SET, CST (1));
  IF (OP (IX_NE, RD (A, i, j), CST (0)));
  ASSIGN0 (t, IX_SET, RD (A, i, j));
  ENDIF ();
  ASSIGN (y, IX_ADD_SET, MUL (RD0 (t), RD (x, j)), i);
  END (j);
  END (i);
  REFUSED ("t is read after the if statement that sets it");

  /* A wider term into a narrower accumulator: C rounds at each step.  */
  fresh ();
  c = ARR_T ("c", IX_I32, 1, NULL, KN);
  A = ARR ("A", 2, "CSR", KN, KM);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  ASSIGN (c, IX_ADD_SET, RD (A, i, j), i);
  END (j);
  END (i);
  REFUSED ("c is int but accumulates double terms over loop j");
}

/* ------------------------------------------------------------------ */
/* A printed kernel with every new operator, run.  */

enum { R = 9, C = 11 };

/* y[i] += (j != i && !(A[i][j] < -1 || A[i][j] > 3)) ? fabs (A[i][j])
   + (double) (long) (A[i][j] * 2.5) : 0, and
   q[i] += (long) (B[i][j] % w[j]) over int B.  */
static lir_kernel *
kernel_of (int which)
{
  fresh ();
  nest_result r;
  ix_diag d;
  int i = LOOP ("i", KN), j = LOOP ("j", KM);
  if (which == 0)
    {
      int y = ARR ("y", 1, NULL, KN), A = ARR ("A", 2, "CSR", KN, KM);
      BEGIN (i);
      BEGIN (j);
      int out = OP (IX_OR, OP (IX_LT, RD (A, i, j), CST (-1)),
                    OP (IX_GT, RD (A, i, j), CST (3)));
      IF (OP (IX_AND, OP (IX_NE, IDX (j), IDX (i)), OP (IX_NOT, out, -1)));
      int v = ADD (OP (IX_ABS, RD (A, i, j), -1),
                   CAST (CAST (MUL (RD (A, i, j), CST (2.5)), IX_I64),
                         IX_F64));
      ASSIGN (y, IX_ADD_SET, v, i);
      ENDIF ();
      END (j);
      END (i);
    }
  else
    {
      int q = ARR_T ("q", IX_I64, 1, NULL, KN);
      int B = ARR_T ("B", IX_I32, 2, "DCSR", KN, KM);
      int w = ARR_T ("w", IX_I32, 1, NULL, KM);
      BEGIN (i);
      BEGIN (j);
      ASSIGN (q, IX_ADD_SET, OP (IX_MOD, RD (B, i, j), RD (w, j)), i);
      END (j);
      END (i);
    }
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

/* Print kernel WHICH as C, compile it and return its _args function.  */
static void (*compiled (int which)) (void **)
{
  lir_kernel *k = kernel_of (which);
  if (!k)
    return NULL;
  char tag[32];
  snprintf (tag, sizeof tag, "guard%d", which);
  void (*fn) (void **) = kl_load (k, tag, "", 0, NULL);
  if (!fn)
    failures++;
  return fn;
}

static void
printed (void)
{
  int64_t dims[2] = { R, C }, rr = R, cc = C;
  double a[R][C], y[R], want[R];
  int32_t b[R][C], w[C];
  int64_t q[R], wantq[R];
  for (int i = 0; i < R; i++)
    {
      y[i] = want[i] = i;
      q[i] = wantq[i] = -i;
      for (int j = 0; j < C; j++)
        {
          int h = (i * 7 + j * 13) % 10;
          a[i][j] = h < 4 ? (h - 1.5) * 1.25 : h == 9 ? 0 : 0;
          b[i][j] = h < 5 ? (i + 1) * (j + 2) * (h % 2 ? -1 : 1) : 0;
        }
    }
  for (int j = 0; j < C; j++)
    w[j] = 3 + j % 4;
  sp_tensor *ta = sp_from_dense (a, SP_F64, 2, dims, "CSR");
  sp_tensor *tb = sp_from_dense (b, SP_I32, 2, dims, "DCSR");
  /* Explicit zeros: skipped by the guard and the remainder alike.  */
  sp_insert (ta, (int64_t[]) { 2, 3 }, 0.0);
  sp_insert (tb, (int64_t[]) { 4, 5 }, 0.0);
  CHECK (ta && tb);
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      {
        double v = a[i][j];
        if (j != i && !(v < -1 || v > 3))
          want[i] += fabs (v) + (double) (long) (v * 2.5);
        wantq[i] += (long) (b[i][j] % w[j]);
      }
  void (*fn) (void **) = compiled (0);
  if (fn)
    {
      void *args[] = { y, ta, &rr };
      fn (args);
      for (int i = 0; i < R; i++)
        if (y[i] != want[i])
          {
            fprintf (stderr, "guard kernel: y[%d] = %g, want %g\n", i, y[i],
                     want[i]);
            failures++;
          }
    }
  fn = compiled (1);
  if (fn)
    {
      void *args[] = { q, tb, w, &rr, &cc };
      fn (args);
      for (int i = 0; i < R; i++)
        if (q[i] != wantq[i])
          {
            fprintf (stderr, "remainder kernel: q[%d] = %lld, want %lld\n",
                     i, (long long) q[i], (long long) wantq[i]);
            failures++;
          }
    }
  sp_free (ta);
  sp_free (tb);
}

int
main (void)
{
  lowering ();
  refusals ();
  printed ();
  nest_free (N);
  return failures != 0;
}
