/* nest-steps.c -- an integer output's accumulation step written in an
   order integers allow, as the step X = X + t it is (nest_assign):
   GCC's folding writes `s += i + j` as s = (i + s) + j, and the sum of a
   type narrower than int, uc[i] += t, as (unsigned char) (uc[i] + t)
   computed in the narrow type.  */

#include "nest.h"

/* Whether X converts an integer to an integer type at least as wide as
   T (modulo T's width, the value is the same).  */
static int
wide_cast (const nest *n, const nest_expr *x, ix_type t)
{
  return x->op == IX_CAST && !ix_type_is_float (x->num.type)
         && ix_types[x->num.type].bits >= ix_types[t].bits
         && !ix_type_is_float (nest_expr_type (n, x->a));
}

/* Whether expression E reads the element of OBJ at LOOPS (NIDX of them),
   or converts it to an integer type at least as wide (WIDE: when
   allowed).  */
static int
is_target (const nest *n, int e, int obj, int nidx, const int *loops,
           int wide)
{
  const nest_expr *x = &n->expr[e];
  while (wide && wide_cast (n, x, n->obj[obj].opd.type))
    x = &n->expr[x->a];
  if (x->op != IX_ACCESS || x->obj != obj || x->nidx != nidx)
    return 0;
  for (int k = 0; k < nidx; k++)
    if (x->loop[k] != loops[k])
      return 0;
  return 1;
}

/* Whether E reads OBJ anywhere.  */
static int
reads (const nest *n, int e, int obj)
{
  const nest_expr *x = &n->expr[e];
  return (x->op == IX_ACCESS && x->obj == obj)
         || (x->a >= 0 && reads (n, x->a, obj))
         || (x->b >= 0 && reads (n, x->b, obj));
}

/* E, a sum whose terms include X once, added (the read of OBJ at LOOPS),
   as X + t: (t + X) + u as X + (t + u).  E itself when it is not one,
   -1 when the nest is full.  */
static int
target_first (nest *n, int e, int obj, int nidx, const int *loops)
{
  const nest_expr *x = &n->expr[e];
  unsigned loc = x->loc;
  if (x->op != IX_ADD && x->op != IX_SUB)
    return e;
  if (x->op == IX_ADD && is_target (n, x->b, obj, nidx, loops, 0)
      && !reads (n, x->a, obj))
    return nest_op2 (n, IX_ADD, x->b, x->a, loc);
  if (reads (n, x->b, obj))
    return e;
  ix_op op = x->op;
  int b = x->b, a = target_first (n, x->a, obj, nidx, loops);
  if (a < 0 || a == x->a || n->expr[a].op != IX_ADD
      || !is_target (n, n->expr[a].a, obj, nidx, loops, 0))
    return a < 0 ? -1 : e;
  /* X + t +- u == X + (t +- u).  */
  int t = nest_op2 (n, op, n->expr[a].b, b, loc);
  return nest_op2 (n, IX_ADD, n->expr[a].a, t, loc);
}

int
nest_integer_step (nest *n, int obj, int nidx, const int *loops, int rhs)
{
  ix_type t = n->obj[obj].opd.type;
  if (ix_type_is_float (t) || t == IX_BOOL
      || ix_type_is_float (nest_expr_type (n, rhs)))
    return rhs;
  /* (T) (X +- u) computed in a type at least as wide as T, the output's
     (the store converts to T): X +- (T) u, the same modulo T's width,
     when sums in T wrap without overflowing (T unsigned, or promoted to
     int: an int's sum could overflow where C's unsigned one does not).  */
  const nest_expr *y = &n->expr[rhs];
  while (wide_cast (n, y, t))
    y = &n->expr[y->a];
  ix_op op = y->op;
  unsigned loc = y->loc;
  if (y == &n->expr[rhs] || (op != IX_ADD && op != IX_SUB)
      || (ix_types[t].is_signed && ix_promote (t) == t)
      || ix_types[nest_expr_type (n, y - n->expr)].bits < ix_types[t].bits)
    return target_first (n, rhs, obj, nidx, loops);
  int target = is_target (n, y->a, obj, nidx, loops, 1) ? y->a
               : op == IX_ADD && is_target (n, y->b, obj, nidx, loops, 1)
               ? y->b : -1;
  int u = target == y->a ? y->b : y->a;
  if (target < 0 || reads (n, u, obj))
    return rhs;
  while (n->expr[target].op == IX_CAST)
    target = n->expr[target].a;
  if (nest_expr_type (n, u) != t)
    u = nest_cast (n, u, t, loc);
  return nest_op2 (n, op, target, u, loc);
}
