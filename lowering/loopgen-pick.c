/* loopgen-pick.c -- the values a pick (ix_stmt.pick) takes into its
   register (G->pick_reg): a maximum's or a minimum's compared as the
   dense loop's `if (v > m) m = v;` and its kin compare them (an
   argmax's index taken beside: loopgen-arg.c), a product's multiplied
   in, and at a run of unstored entries a product's value at a zero as
   many times as the run is long; the lattice a pick runs over and its
   values at the gaps between stored entries.  */

#include <string.h>
#include "loopgen-int.h"

/* Value E of scope K, the accesses absent at ST read as zeros, computed
   on as the dense loop computes (-A[i][j] is -0.0 there), in the
   register's type: a variable declared in B.  */
static int
pick_operand (gen *g, int e, const state *st, int k, block *b)
{
  state z = *st;
  z.zeroed |= z.absent;
  lir_type t = g->k->vars[g->pick_reg].type;
  int val = lg_value (g, e, &z, k);
  if (val >= 0 && g->k->exprs[val].type != t)
    val = lir_cast (g->k, val, t);
  return lg_decl (g, b, t, "pv", val);
}

/* The register times variable V.  */
static void
multiply (gen *g, int v, block *b)
{
  lg_assign (g, b, g->pick_reg, lg_bin (g, LIR_MUL, lg_ref (g, g->pick_reg),
                                        lg_ref (g, v)));
}

/* Value E of scope K into the register, as the pick compares it; an
   argmax's index then takes coordinate AT (an expression; -1: the
   current one of its loop).  */
static void
take (gen *g, int e, const state *st, int k, int at, block *b)
{
  int v = pick_operand (g, e, st, k, b);
  int m = lg_ref (g, g->pick_reg), x = lg_ref (g, v), c;
  switch (g->s->pick)
    {
    case IX_PICK_MUL:
      multiply (g, v, b);
      return;
    case IX_PICK_GT: c = lg_bin (g, LIR_LT, m, x); break;
    case IX_PICK_GE: c = lg_bin (g, LIR_LE, m, x); break;
    case IX_PICK_LT: c = lg_bin (g, LIR_LT, x, m); break;
    case IX_PICK_LE: c = lg_bin (g, LIR_LE, x, m); break;
    default:
      /* fmax (m, v) as the C library defines it: m where m >= v, v
         where m < v, and where they are unordered the one that is not a
         NaN, m if both are (fmin likewise): v where !(m >= v) and v is
         not a NaN.  */
      c = lg_bin (g, LIR_AND,
                  lir_unary (g->k, LIR_NOT,
                             g->s->pick == IX_PICK_FMAX
                             ? lg_bin (g, LIR_LE, x, m)
                             : lg_bin (g, LIR_LE, m, x)),
                  lg_bin (g, LIR_EQ, lg_ref (g, v), lg_ref (g, v)));
      break;
    }
  int s = lg_compound (g, b, LIR_IF, c);
  block then = lg_block ();
  lg_assign (g, &then, g->pick_reg, lg_ref (g, v));
  lg_arg_take (g, st, at, &then);
  if (s >= 0)
    g->k->stmts[s].body = then.first;
}

void
lg_pick_value (gen *g, int e, const state *st, int k, block *b)
{
  take (g, e, st, k, -1, b);
}

/* The constant C of type T.  */
static int
typed (gen *g, lir_type t, int c)
{
  if (t == LIR_F64 || t == LIR_F32)
    return lir_const_f (g->k, c, t);
  int z = lg_int (g, c);
  if (z >= 0)
    g->k->exprs[z].type = t;
  return z;
}

/* Value E at the run of unstored entries from coordinate variable FROM
   (-1: 0) to variable END (past it; at least one entry).  A maximum or
   a minimum takes a value again to no effect: once, an argmax's index
   then the run's first coordinate or its last (lg_arg_at).  A product
   multiplies it in as many times, as the dense loop multiplies: where
   the value Z is +-0, +-1, infinite or a NaN, x * Z * Z is x for every
   x that a product with Z leaves (a zero, an infinity, a NaN, or x *
   +-1): the register takes Z once, and again where the count is even.
   Any other value takes the factors one by one (their rounding differs
   from one power's).  */
static void
pick_run (gen *g, int e, const state *st, int k, int from, int end,
          block *b)
{
  if (g->s->pick != IX_PICK_MUL)
    {
      take (g, e, st, k, lg_arg_at (g, from, end), b);
      return;
    }
  int count = from < 0 ? lg_ref (g, end)
              : lg_bin (g, LIR_SUB, lg_ref (g, end), lg_ref (g, from));
  int v = pick_operand (g, e, st, k, b);
  lir_type t = g->k->vars[v].type;
  int n = lg_decl (g, b, LIR_I64, "run", count);
  int z = lg_ref (g, v);
  int few = lg_bin (g, LIR_OR,
                    lg_bin (g, LIR_OR, lg_bin (g, LIR_EQ, z, typed (g, t, 0)),
                            lg_bin (g, LIR_EQ, lg_ref (g, v),
                                    typed (g, t, 1))),
                    lg_bin (g, LIR_OR,
                            lg_bin (g, LIR_EQ, lg_ref (g, v),
                                    typed (g, t, -1)),
                            lir_unary (g->k, LIR_NOT,
                                       lg_bin (g, LIR_EQ,
                                               lg_bin (g, LIR_SUB,
                                                       lg_ref (g, v),
                                                       lg_ref (g, v)),
                                               typed (g, t, 0)))));
  int s = lg_compound (g, b, LIR_IF, few);
  block once = lg_block (), each = lg_block (), again = lg_block ();
  multiply (g, v, &once);
  int even = lg_compound (g, &once, LIR_IF,
                          lg_bin (g, LIR_EQ,
                                  lg_bin (g, LIR_MOD, lg_ref (g, n),
                                          lg_int (g, 2)),
                                  lg_int (g, 0)));
  multiply (g, v, &again);
  int q = lg_decl (g, &each, LIR_I64, "q", -1);
  int loop = lir_stmt_new (g->k, LIR_FOR);
  block body = lg_block ();
  multiply (g, v, &body);
  if (loop >= 0)
    {
      g->k->stmts[loop].var = q;
      g->k->stmts[loop].a = lg_int (g, 0);
      g->k->stmts[loop].b = lg_ref (g, n);
      g->k->stmts[loop].body = body.first;
      lg_emit (g, &each, loop);
    }
  if (even >= 0)
    g->k->stmts[even].body = again.first;
  if (s >= 0)
    {
      g->k->stmts[s].body = once.first;
      g->k->stmts[s].else_ = each.first;
    }
}

/* Whether E reads index variable V other than through the accesses in
   ABSENT (a bit per access).  */
static int
uses_present (const gen *g, int e, int v, uint32_t absent)
{
  const ix_expr *x = &g->s->expr[e];
  if (x->op == IX_ACCESS)
    return !((absent >> x->access) & 1)
           && ix_expr_uses_apart (g->s, e, v, -1);
  if (x->op == IX_INDEX)
    return x->var == v;
  return (x->a >= 0 && uses_present (g, x->a, v, absent))
         || (x->b >= 0 && uses_present (g, x->b, v, absent));
}

void
lg_pick_empty (gen *g, int d, int k, const state *st, block *b)
{
  int sv = g->nest->order[d], body = lg_pick_body (g, k);
  if (d != g->nest->scope[k].last || sv >= g->s->nvars
      || lg_holds_child (g, k, body)
      || uses_present (g, body, sv, st->absent))
    {
      lg_fail (g, "%s takes its %s over loop %s, whose range may hold no "
               "stored entry, where the value at a zero is not one value",
               g->s->opd[g->s->acc[g->s->out].opd].name,
               ix_stmt_picks (g->s), g->s->var[sv].name);
      return;
    }
  int n = lg_decl (g, b, LIR_I64, "gap_end", lg_loop_extent (g, sv));
  int s = lg_compound (g, b, LIR_IF, lg_bin (g, LIR_LT, lg_int (g, 0),
                                             lg_ref (g, n)));
  block then = lg_block ();
  pick_run (g, body, st, k, -1, n, &then);
  if (s >= 0)
    g->k->stmts[s].body = then.first;
}

/* Where coordinate variable FROM is below TO, the value of scope K's
   pick at the unstored entries of access A from FROM to TO (loopgen.c
   pick_gaps, pick_run).  */
void
lg_pick_gap (gen *g, int k, const state *st, int a, int from, int to,
          block *b)
{
  state z = *st;
  z.absent |= (uint32_t) 1 << a;
  int end = lg_decl (g, b, LIR_I64, "gap_end", to);
  int s = lg_compound (g, b, LIR_IF, lg_bin (g, LIR_LT, lg_ref (g, from),
                                             lg_ref (g, end)));
  block then = lg_block ();
  pick_run (g, lg_pick_body (g, k), &z, k, from, end, &then);
  if (s >= 0)
    g->k->stmts[s].body = then.first;
}

/* Lattice L of a loop of scope K as a pick runs it.  An array's
   element that takes a pick is set at every coordinate of its own loops
   (scope 0's), rows without stored entries too (lg_pick_empty): they
   run over the whole range.  A pick whose value is not zero where its
   one sparse access is absent (m = fmax (m, A[i][j] + b[i]), p *=
   A[i][j] + 1) runs over that access's stored entries, taking the value
   at a zero at the gaps they leave, where loopgen.c's pick_gaps allows (gaps_of):
   L without its universe point, and 1 returned.  */
int
lg_pick_lattice (const gen *g, int k, lattice *l)
{
  if (k == 0 && g->s->pick != IX_PICK_NONE && g->s->acc[g->s->out].nidx > 0
      && !lat_has_universe (l) && l->n < LAT_MAX_POINTS)
    {
      lat_point *u = &l->p[l->n];
      memset (u, 0, sizeof *u);
      u->absent = l->absent;
      for (int p = 0; p < l->n; p++)
        u->absent |= lat_sparse (l, p);
      l->n++;
    }
  if (!lg_pick_scope (g, k) || l->n != 2 || !lat_sparse (l, 0)
      || lat_sparse (l, 1))
    return 0;
  l->n = 1;
  return 1;
}
