/* { dg-do run } */
/* The index of a row's maximum in a loop nest (nest-arg.c): what
   `best = 0; k = -1; for j if (v > best) { best = v; k = j; } arg[i] =
   k;` and its kin lower to (ix_stmt.arg_var, arg_seed), a variable's
   maximum stored as it is, the forms refused with their reasons, and
   the plan of one (loopgen-arg.c), printed as C and run.  */

#include <math.h>
#include "nest-util.h"
#include "kernel-load.h"
#include "plan.h"
#include "report.h"
#include "sparse.h"

#define IF(c) nest_if (N, c, 0)
#define ENDIF() nest_endif (N, 0)
#define OP(op, a, b) nest_op2 (N, op, a, b, 0)
#define IDX(l) nest_index (N, l, IX_I32, 0)

enum { PLAIN, K_FIRST, STORE_BEST, GE, PLUS_ONE, UNSET, THREE, K_DOUBLE };

/* for i { best = 0; k = -1; for j if (|A[i][j]| > best) { best = |A[i][j]|;
   k = j; } arg[i] = k; } as FORM changes it.  */
static void
argmax_nest (int form)
{
  fresh ();
  int A = ARR ("A", 2, "CSR", KN, KM);
  int arg = ARR_T ("arg", IX_I32, 1, NULL, KN);
  int m = ARR ("m", 1, NULL, KN);
  int best = SCA ("best", 0);
  int k = SCA_T ("k", 0, form == K_DOUBLE ? IX_F64 : IX_I32);
  int c = SCA_T ("c", 0, IX_I32);
  int i = LOOP ("i", KN), j = LOOP ("j", KM);
  BEGIN (i);
  DECL (best);
  ASSIGN0 (best, IX_SET, CST (0));
  DECL (k);
  if (form != UNSET)
    ASSIGN0 (k, IX_SET, CST (-1));
  DECL (c);
  ASSIGN0 (c, IX_SET, CST (0));
  BEGIN (j);
  IF (OP (form == GE ? IX_GE : IX_GT, OP (IX_ABS, RD (A, i, j), -1),
          RD0 (best)));
  if (form == K_FIRST)
    ASSIGN0 (k, IX_SET, IDX (j));
  ASSIGN0 (best, IX_SET, OP (IX_ABS, RD (A, i, j), -1));
  if (form == PLUS_ONE)
    ASSIGN0 (k, IX_SET, ADD (IDX (j), CST (1)));
  else if (form != K_FIRST)
    ASSIGN0 (k, IX_SET, form == K_DOUBLE ? nest_cast (N, IDX (j), IX_F64, 0)
                                         : IDX (j));
  if (form == THREE)
    ASSIGN0 (c, IX_SET, CST (1));
  ENDIF ();
  END (j);
  ASSIGN (arg, IX_SET, RD0 (k), i);
  if (form == STORE_BEST)
    ASSIGN (m, IX_SET, RD0 (best), i);
  END (i);
}

static void
lowering (void)
{
  argmax_nest (PLAIN);
  nest_result r = expect_ok (__LINE__, (const char *const[]) {
    "arg(i) = argmax(-1, max(0, max(j, abs(A(i,j))))); A: CSR", NULL });
  if (r.nkernels == 1)
    {
      const ix_stmt *s = r.kernel[0];
      CHECK (s->pick == IX_PICK_GT && s->pick_sums == 1);
      CHECK (s->arg_var >= 0 && strcmp (s->var[s->arg_var].name, "j") == 0);
      CHECK (s->arg_seed.type == IX_I32 && s->arg_seed.i == -1);
    }
  nest_result_free (&r);

  argmax_nest (K_FIRST);
  OK ("arg(i) = argmax(-1, max(0, max(j, abs(A(i,j))))); A: CSR");
  argmax_nest (GE);
  OK ("arg(i) = last_argmax(-1, max(0, max(j, abs(A(i,j))))); A: CSR");
  /* The maximum stored too: its own statement, a pick of m.  */
  argmax_nest (STORE_BEST);
  OK ("arg(i) = argmax(-1, max(0, max(j, abs(A(i,j))))); A: CSR",
      "m(i) = max(0, max(j, abs(A(i,j)))); A: CSR");

  argmax_nest (PLUS_ONE);
  REFUSED ("k is set beside best's maximum to a value other than the "
           "index of loop j: set it to the index (k = j)");
  argmax_nest (UNSET);
  REFUSED ("k takes the index of best's maximum over loop j but is not "
           "set before that loop");
  argmax_nest (THREE);
  REFUSED ("best takes its maximum in an if statement that sets more than "
           "one other variable");
  argmax_nest (K_DOUBLE);
  REFUSED ("k takes the index of best's maximum but is double");
}

/* The plan of the argmax: one kernel over A's stored entries, its rows
   on threads (each row's index its own), its report the statement's.  */
static void
plan (void)
{
  argmax_nest (PLAIN);
  nest_result r;
  ix_diag d;
  char buf[1024];
  memset (&d, 0, sizeof d);
  if (nest_lower (N, &r) || r.nkernels != 1)
    {
      fprintf (stderr, "plan: not one statement: %s\n", r.reason);
      failures++;
      return;
    }
  ix_sched_opts opts = { 1, 0, { { 0 } } };
  lir_kernel *k = ix_plan (r.kernel[0], &opts, &d);
  if (!k)
    {
      fprintf (stderr, "plan: %s\n", d.msg);
      failures++;
    }
  else if (!strstr (lir_report (k, buf, sizeof buf),
                    "arg(i) = argmax(-1, max(0, max(j, abs(A(i,j))))); A: "
                    "CSR; loops: i for (parallel), j for over A; arg: dense"))
    {
      fprintf (stderr, "plan: '%s'\n", buf);
      failures++;
    }
  lir_free (k);
  nest_result_free (&r);
}

/* for i { best = -INFINITY; k = -1; for j if (A[i][j] >= best) { best
   = A[i][j]; k = j; } arg[i] = k; }, planned, printed as C (its start
   an infinity: cprint's __builtin_inf), compiled and run over a matrix
   whose rows show the corners: empty, all negative and stored, a NaN,
   -0.0 after +0.0, equal maxima; the index as the dense loop finds it.  */
static void
printed (void)
{
  enum { R = 6, C = 5 };
  static const double a[R][C] = {
    { 0, 0, 0, 0, 0 },
    { -1, -2, -1, -3, -1 },
    { 0, NAN, -1, 0, 0 },
    { 1, 0, 2, 2, 0 },
    { -2, 0, -1, 0, -0.5 },
    { 0, 0, -0.0, 0, 0 },
  };
  /* Stored: every entry of row 1, the NaN, the -0.0 and the nonzeros;
     an explicit +0.0 at (4, 1) before the -0.0 at (5, 2).  */
  sp_tensor *t = sp_new ("CSR", SP_F64, 2, (int64_t[]) { R, C });
  for (int64_t i = 0; i < R; i++)
    for (int64_t j = 0; j < C; j++)
      if (a[i][j] != 0 || a[i][j] != a[i][j] || i == 1
          || (i == 5 && j == 2) || (i == 4 && j == 1))
        sp_insert (t, (int64_t[]) { i, j }, a[i][j]);
  fresh ();
  int A = ARR ("A", 2, "CSR", KN, KM);
  int arg = ARR_T ("arg", IX_I32, 1, NULL, KN);
  int best = SCA ("best", 0), k = SCA_T ("k", 0, IX_I32);
  int i = LOOP ("i", KN), j = LOOP ("j", KM);
  BEGIN (i);
  DECL (best);
  ASSIGN0 (best, IX_SET, nest_const (N, ix_num_real (-INFINITY, IX_F64), 0));
  DECL (k);
  ASSIGN0 (k, IX_SET, CST (-1));
  BEGIN (j);
  IF (OP (IX_GE, RD (A, i, j), RD0 (best)));
  ASSIGN0 (best, IX_SET, RD (A, i, j));
  ASSIGN0 (k, IX_SET, IDX (j));
  ENDIF ();
  END (j);
  ASSIGN (arg, IX_SET, RD0 (k), i);
  END (i);
  nest_result r;
  ix_diag d;
  memset (&d, 0, sizeof d);
  lir_kernel *kern = NULL;
  ix_sched_opts opts = { 1, 0, { { 0 } } };
  if (nest_lower (N, &r) == 0 && r.nkernels == 1)
    kern = ix_plan (r.kernel[0], &opts, &d);
  if (!kern)
    {
      fprintf (stderr, "printed: %s%s\n", r.reason, d.msg);
      failures++;
      nest_result_free (&r);
      sp_free (t);
      return;
    }
  nest_result_free (&r);
  void (*fn) (void **) = kl_load (kern, "argmax", "", 0, NULL);
  int32_t got[R];
  int64_t rr = R;
  void *args[] = { got, t, &rr };
  if (!fn)
    failures++;
  else
    fn (args);
  for (int ii = 0; ii < R && fn; ii++)
    {
      double bv = -INFINITY;
      int want = -1;
      for (int jj = 0; jj < C; jj++)
        if (a[ii][jj] >= bv)
          {
            bv = a[ii][jj];
            want = jj;
          }
      if (got[ii] != want)
        {
          fprintf (stderr, "printed: arg[%d] = %d, want %d\n", ii, got[ii],
                   want);
          failures++;
        }
    }
  sp_free (t);
}

int
main (void)
{
  lowering ();
  plan ();
  printed ();
  nest_free (N);
  if (failures)
    fprintf (stderr, "%d failures\n", failures);
  return failures != 0;
}
