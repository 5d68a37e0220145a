/* loopgen-value.c -- the values of index expressions in generated code:
   folding absent operands, reading tensors and arrays, reduction registers
   and hoisted subexpressions (available expressions).  */

#include <string.h>
#include "loopgen-int.h"

/* The C type of index expression E.  */
lir_type
lg_ix_type (const gen *g, int e)
{
  const ix_expr *x = &g->s->expr[e];
  switch (x->op)
    {
    case IX_ACCESS:
      return lg_elem_type (g, g->s->acc[x->access].opd);
    case IX_CONST:
    case IX_INDEX:
      return (lir_type) x->num.type;
    default:
      {
        /* Element types number alike in both: ix_op_type types it.  */
        lir_type a = lg_ix_type (g, x->a);
        lir_type b = x->b >= 0 ? lg_ix_type (g, x->b) : a;
        return (lir_type) ix_op_type (x->op, (ix_type) a, (ix_type) b,
                                      x->num.type);
      }
    }
}

int
lg_absent (const state *st, int a)
{
  return (st->absent >> a) & 1;
}

/* ACC (-1: nothing yet) with the terms of E added (subtracted when NEG)
   one by one, as an accumulation's steps add them (ix_expr.seeded):
   (a + b) + c, not a + (b + c); -1 when all are zero.  */
static int
step_value (gen *g, int acc, int e, int neg, const state *st, int k)
{
  const ix_expr *x = &g->s->expr[e];
  if ((x->op == IX_ADD || x->op == IX_SUB) && x->seeded && !x->apart)
    {
      acc = step_value (g, acc, x->a, neg, st, k);
      return step_value (g, acc, x->b, neg != (x->op == IX_SUB), st, k);
    }
  /* A sum's register starts from zero, unless it is seeded as the
     right operand of a step itself (loopgen-output.c).  */
  if (x->op == IX_SUM && !x->apart && lg_scope_child (g, k, e) >= 0
      && lg_order_matters (g, e))
    {
      lg_fail_sum_order (g);
      return acc;
    }
  if (lat_is_zero (g->s, e, st->absent))
    return acc;
  int v = lg_value (g, e, st, k);
  if (acc < 0)
    return neg ? lir_unary (g->k, LIR_NEG, v) : v;
  return lg_bin (g, neg ? LIR_SUB : LIR_ADD, acc, v);
}

int
lg_order_matters (const gen *g, int e)
{
  lir_type t = lg_ix_type (g, e);
  return (t == LIR_F64 || t == LIR_F32) && !g->sc->reassoc;
}

void
lg_fail_sum_order (gen *g)
{
  lg_fail (g, "'%s' accumulates a loop's sum term by term after other "
           "terms, which the sparse loops would add in another order: sum "
           "that loop into a temporary of its own and add the temporary",
           g->s->opd[g->s->acc[g->s->out].opd].name);
}

/* The value of E where the accesses in ST's absent set are zero; the
   roots of scope K's children (none when K is -1) read their registers.  */
int
lg_value (gen *g, int e, const state *st, int k)
{
  const ix_expr *x = &g->s->expr[e];
  const ix_stmt *s = g->s;
  int c = lg_scope_child (g, k, e);
  if (st->hoist[e] >= 0 && !st->zeroed)
    return lg_ref (g, st->hoist[e]);
  if (c >= 0)
    return lg_ref (g, g->treg[c]);
  /* A seeded sum's register holds the whole value (loopgen-output.c);
     an argmax's index register the output's (loopgen-arg.c).  */
  if ((x->op == IX_ADD || x->op == IX_SUB) && x->seeded)
    {
      int sc = lg_scope_child (g, k, x->b);
      if (sc >= 0 && g->seed_node[sc] == e)
        return s->arg_var >= 0 && lg_pick_scope (g, sc) ? lg_arg_value (g)
               : lg_ref (g, g->treg[sc]);
    }
  if (!st->zeroed && lat_is_zero (s, e, st->absent))
    return lg_int (g, 0);
  if ((x->op == IX_ADD || x->op == IX_SUB) && x->seeded)
    {
      int a = step_value (g, -1, x->a, 0, st, k);
      a = step_value (g, a, x->b, x->op == IX_SUB, st, k);
      return a < 0 ? lg_int (g, 0) : a;
    }
  switch (x->op)
    {
    case IX_ACCESS:
      {
        int a = x->access, o = s->acc[a].opd;
        const ix_operand *op = &s->opd[o];
        if ((st->zeroed >> a) & 1)
          {
            lir_type t = lg_elem_type (g, o);
            if (t == LIR_F64 || t == LIR_F32)
              return lir_const_f (g->k, 0, t);
            int z = lg_int (g, 0);
            if (z >= 0)
              g->k->exprs[z].type = t;
            return z;
          }
        if (op->kind == IX_OPD_SCALAR)
          return lir_leaf (g->k, LIR_SCALAR, lg_elem_type (g, o), o, -1, 0);
        if (op->tagged)
          {
            int t2 = g->tensor_of[a];
            int last = g->k->tensors[t2].fmt.nlevels - 1;
            int arr = lir_add_array (g->k, LIR_ARR_VALS, lg_elem_type (g, o),
                                     t2, -1, -1);
            return lir_load (g->k, arr, lg_ref (g, st->pos[a][last]));
          }
        int arr = lir_add_array (g->k, LIR_ARR_DENSE, lg_elem_type (g, o), -1,
                                 -1, o);
        return lir_load (g->k, arr, lg_rowmajor (g, st, a));
      }
    case IX_CONST:
      if (!ix_type_is_float (x->num.type))
        {
          int c = lg_int (g, x->num.i);
          if (c >= 0)
            g->k->exprs[c].type = (lir_type) x->num.type;
          return c;
        }
      return lir_const_f (g->k, x->num.f, (lir_type) x->num.type);
    case IX_NEG:
      return lir_unary (g->k, LIR_NEG, lg_value (g, x->a, st, k));
    case IX_SUM:
      return lg_value (g, x->a, st, k);
    case IX_INDEX:
      {
        int v = st->ix_val[x->var];
        if (v < 0)
          {
            lg_fail (g, "index '%s' is used as a value where it is not "
                     "known", s->var[x->var].name);
            return -1;
          }
        return x->num.type == IX_I64 ? lg_ref (g, v)
               : lir_cast (g->k, lg_ref (g, v), (lir_type) x->num.type);
      }
    case IX_CAST:
      return lir_cast (g->k, lg_value (g, x->a, st, k),
                       (lir_type) x->num.type);
    case IX_CALL:
    case IX_CALLZ:
      /* On the operand's value; where it is absent, on the zero of the
         function's type (an unstored entry is +0).  */
      return lir_math (g->k, x->num.i, (lir_type) x->num.type,
                       lg_value (g, x->a, st, k));
    case IX_ABS:
    case IX_NOT:
      return lir_unary (g->k, x->op == IX_ABS ? LIR_ABS : LIR_NOT,
                        lg_value (g, x->a, st, k));
    case IX_GT:
    case IX_GE:
      /* B < A, B <= A.  */
      return lg_bin (g, x->op == IX_GT ? LIR_LT : LIR_LE,
                     lg_value (g, x->b, st, k),
                     lg_value (g, x->a, st, k));
    case IX_NE:
      return lir_unary (g->k, LIR_NOT,
                        lg_bin (g, LIR_EQ, lg_value (g, x->a, st, k),
                                lg_value (g, x->b, st, k)));
    default:
      break;
    }
  int za = !st->zeroed && lat_is_zero (s, x->a, st->absent);
  int zb = !st->zeroed && lat_is_zero (s, x->b, st->absent);
  if ((x->op == IX_ADD || x->op == IX_SUB) && zb)
    return lg_value (g, x->a, st, k);
  if (x->op == IX_ADD && za)
    return lg_value (g, x->b, st, k);
  if (x->op == IX_SUB && za)
    return lir_unary (g->k, LIR_NEG, lg_value (g, x->b, st, k));
  static const lir_op ops[] = { [IX_ADD] = LIR_ADD, [IX_SUB] = LIR_SUB,
                                [IX_MUL] = LIR_MUL, [IX_DIV] = LIR_DIV,
                                [IX_MOD] = LIR_MOD, [IX_EQ] = LIR_EQ,
                                [IX_LT] = LIR_LT, [IX_LE] = LIR_LE,
                                [IX_AND] = LIR_AND, [IX_OR] = LIR_OR,
                                [IX_WHERE] = LIR_SEL };
  return lg_bin (g, ops[x->op], lg_value (g, x->a, st, k),
                 lg_value (g, x->b, st, k));
}

/* Nonzero when every leaf of E is known in ST.  */
int
lg_available (const gen *g, int e, const state *st)
{
  const ix_expr *x = &g->s->expr[e];
  if (st->hoist[e] >= 0)
    return 1;
  if (x->op == IX_ACCESS)
    {
      int a = x->access;
      const ix_access *acc = &g->s->acc[a];
      if (lg_absent (st, a) || g->s->opd[acc->opd].kind == IX_OPD_SCALAR)
        return 1;
      if (g->s->opd[acc->opd].tagged)
        return st->pos[a][g->k->tensors[g->tensor_of[a]].fmt.nlevels - 1]
               >= 0;
      for (int k = 0; k < acc->nidx; k++)
        if (st->ix_val[acc->var[k]] < 0)
          return 0;
      return 1;
    }
  if (x->op == IX_INDEX)
    return st->ix_val[x->var] >= 0;
  return (x->a < 0 || lg_available (g, x->a, st))
         && (x->b < 0 || lg_available (g, x->b, st));
}

/* Nonzero when E reads an array (worth computing once).  */
static int
reads_array (const gen *g, int e)
{
  const ix_expr *x = &g->s->expr[e];
  if (x->op == IX_ACCESS)
    return g->s->opd[g->s->acc[x->access].opd].kind != IX_OPD_SCALAR;
  return (x->a >= 0 && reads_array (g, x->a))
         || (x->b >= 0 && reads_array (g, x->b));
}

/* Hoist the subexpressions of E, in scope K, that are known in ST and
   hold no child of K.  */
static void
hoist_walk (gen *g, int e, int k, state *st, block *b)
{
  const ix_expr *x = &g->s->expr[e];
  if (st->hoist[e] >= 0 || lg_scope_child (g, k, e) >= 0
      || lat_is_zero (g->s, e, st->absent))
    return;
  if (!lg_holds_child (g, k, e) && x->op != IX_SUM
      && reads_array (g, e) && lg_available (g, e, st))
    {
      int val = lg_value (g, e, st, -1);
      if (val >= 0)
        st->hoist[e] = lg_decl (g, b, g->k->exprs[val].type, "h", val);
      return;
    }
  if (x->a >= 0)
    hoist_walk (g, x->a, k, st, b);
  /* What a guard keeps from running (an integer division by zero, say)
     is not computed ahead of it.  */
  if (x->b >= 0 && x->op != IX_WHERE && x->op != IX_AND && x->op != IX_OR)
    hoist_walk (g, x->b, k, st, b);
}

/* The root of scope K's own expression (a reduction's body).  */
int
lg_scope_body (const gen *g, int k)
{
  int e = g->nest->scope[k].expr;
  if (k > 0 && g->s->expr[e].op == IX_SUM)
    return g->s->expr[e].a;
  return e;
}

int
lg_pick_scope (const gen *g, int k)
{
  return g->s->pick != IX_PICK_NONE
         && (k == 0 ? g->s->acc[g->s->out].nidx == 0
             : ix_is_pick_sum (g->s, g->nest->scope[k].expr));
}

int
lg_pick_body (const gen *g, int k)
{
  int body = lg_scope_body (g, k);
  while (ix_is_pick_sum (g->s, body) && lg_scope_child (g, k, body) < 0)
    body = g->s->expr[body].a;
  return body;
}

int
lg_scope_child (const gen *g, int k, int e)
{
  for (int c = k + 1; k >= 0 && c < g->nest->nscopes; c++)
    if (g->nest->scope[c].parent == k
        && (e < 0 || g->nest->scope[c].expr == e))
      return c;
  return -1;
}

int
lg_holds_child (const gen *g, int k, int e)
{
  for (int c = k + 1; k >= 0 && c < g->nest->nscopes; c++)
    if (g->nest->scope[c].parent == k
        && ix_expr_contains (g->s, e, g->nest->scope[c].expr))
      return 1;
  return 0;
}

/* Compute, at depth D, the subexpressions that become known there and are
   used deeper.  */
void
lg_hoist (gen *g, int d, state *st, block *b)
{
  for (int k = 0; k < g->nest->nscopes; k++)
    if (g->nest->scope[k].last > d)
      hoist_walk (g, lg_scope_body (g, k), k, st, b);
}

