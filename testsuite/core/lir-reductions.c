/* { dg-do run } */
/* lir_reductions and lir_array_sum, on loops built by hand: the outer
   variables a loop's body only adds to or subtracts from are its sums (a
   parallel build gives each thread its own), and so is the one array it
   only adds into; a body that reads a sum, assigns an outer variable or
   multiplies into one has none to offer (-1), nor one that reads or
   assigns the array it adds into, or adds into two (-2).  */

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

/* A loop over i whose body adds u into y[min (i, 3)] (KIND/OP), then into
   z[i] when TWO, after reading y[i] into u when READ.  */
static int
array_sum (int read, int two, lir_kind kind, lir_op op)
{
  lir_kernel *k = lir_new (&sc);
  int i = lir_add_var (k, LIR_I64, "i"), u = lir_add_var (k, LIR_I64, "u");
  int y = lir_add_array (k, LIR_ARR_DENSE, LIR_I64, -1, -1, 0);
  int z = lir_add_array (k, LIR_ARR_DENSE, LIR_I64, -1, -1, 1);
  int loop = lir_stmt_new (k, LIR_FOR), du = lir_stmt_new (k, LIR_DECL);
  int up = lir_stmt_new (k, kind), up2 = lir_stmt_new (k, LIR_ACCUM);
  k->stmts[loop].var = i;
  k->stmts[loop].a = lir_const_i (k, 0);
  k->stmts[loop].b = lir_const_i (k, 10);
  k->stmts[loop].body = du;
  k->stmts[du].var = u;
  k->stmts[du].a = read ? lir_load (k, y, lir_ref (k, i)) : lir_ref (k, i);
  k->stmts[du].next = up;
  k->stmts[up].to = (lir_target) { -1, y, lir_binary (k, LIR_MIN,
                                                      lir_ref (k, i),
                                                      lir_const_i (k, 3)),
                                   -1 };
  k->stmts[up].op = op;
  k->stmts[up].a = lir_ref (k, u);
  if (two)
    {
      k->stmts[up].next = up2;
      k->stmts[up2].to = (lir_target) { -1, z, lir_ref (k, i), -1 };
      k->stmts[up2].op = LIR_ADD;
      k->stmts[up2].a = lir_ref (k, u);
    }
  int a = lir_array_sum (k, &k->stmts[loop]);
  if (a >= 0)
    a = a == y ? 1 : -3;
  lir_free (k);
  return a;
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
  expect (array_sum (0, 0, LIR_ACCUM, LIR_ADD), 1, "y[min (i, 3)] += u");
  expect (array_sum (0, 0, LIR_ACCUM, LIR_SUB), 1, "y[min (i, 3)] -= u");
  expect (array_sum (1, 0, LIR_ACCUM, LIR_ADD), -2, "u = y[i]; y[min (i, 3)] += u");
  expect (array_sum (0, 0, LIR_ASSIGN, LIR_ADD), -2, "y[min (i, 3)] = u");
  expect (array_sum (0, 1, LIR_ACCUM, LIR_ADD), -2, "y[min (i, 3)] += u; z[i] += u");
  return failures != 0;
}
