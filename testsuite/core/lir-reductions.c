/* { dg-do run } */
/* lir_reductions, on loops built by hand: the outer variables a loop's
   body only adds to or subtracts from are its sums (a parallel build
   gives each thread its own); a body that reads a sum, assigns an outer
   variable or multiplies into one has none to offer (-1).  */

#include <stdio.h>
#include "loops.h"

static int failures;
static ix_sched sc;   /* no operands: the variables' names clash with none */

/* A loop over i whose body declares u = INIT (an expression of I, or of
   T when READ_T) and then updates t (declared outside) with KIND/OP.  */
static int
reductions (int read_t, lir_kind kind, lir_op op)
{
  lir_kernel *k = lir_new (&sc);
  int t = lir_add_var (k, LIR_I64, "t"), i = lir_add_var (k, LIR_I64, "i");
  int u = lir_add_var (k, LIR_I64, "u");
  int loop = lir_stmt_new (k, LIR_FOR), du = lir_stmt_new (k, LIR_DECL);
  int up = lir_stmt_new (k, kind);
  k->stmts[loop].var = i;
  k->stmts[loop].a = lir_const_i (k, 0);
  k->stmts[loop].b = lir_const_i (k, 10);
  k->stmts[loop].body = du;
  k->stmts[du].var = u;
  k->stmts[du].a = lir_binary (k, LIR_ADD, lir_ref (k, read_t ? t : i),
                               lir_const_i (k, 1));
  k->stmts[du].next = up;
  k->stmts[up].to = (lir_target) { t, -1, -1, -1 };
  k->stmts[up].op = op;
  k->stmts[up].a = lir_ref (k, u);
  int vars[8];
  int n = lir_reductions (k, &k->stmts[loop], vars, 8);
  if (n == 1 && vars[0] != t)
    n = -2;
  lir_free (k);
  return n;
}

static void
expect (int got, int want, const char *what)
{
  if (got != want)
    {
      printf ("FAIL %s: %d, expected %d\n", what, got, want);
      failures++;
    }
}

int
main (void)
{
  expect (reductions (0, LIR_ACCUM, LIR_ADD), 1, "t += u");
  expect (reductions (0, LIR_ACCUM, LIR_SUB), 1, "t -= u");
  expect (reductions (1, LIR_ACCUM, LIR_ADD), -1, "u = t + 1; t += u");
  expect (reductions (0, LIR_ASSIGN, LIR_ADD), -1, "t = u");
  expect (reductions (0, LIR_ACCUM, LIR_MUL), -1, "t *= u");
  return failures != 0;
}
