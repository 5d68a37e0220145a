/* nest-zeros.c -- the if statements of a nest (nest.h): guards, what a
   value is where the sparse objects are zero, the messages of the
   guards refused, the conditions assumed at run time.  */

#include <string.h>
#include "nest-int.h"
#include "mathfn.h"
#include "level_types.h"

int
ng_guard_of (engine *g, int o)
{
  int c = -1;
  for (int k = g->st[o].base_guard; k < g->nguards; k++)
    {
      c = c < 0 ? g->gcond[k] : ng_new_sym (g, IX_AND, c, g->gcond[k]);
      if (c < 0)
        return -2;
    }
  return c;
}

/* Is object O stored with unstored zeros, which sparse loops skip?  */
static int
sparse_obj (const engine *g, int o)
{
  const ix_operand *op = &g->n->obj[o].opd;
  return op->tagged && !sp_format_dense_upto (&op->fmt, op->fmt.nlevels);
}

/* A sparse object symbol S reads, or -1.  */
static int
sparse_read (const engine *g, int s)
{
  const sym *x = &g->syms[s];
  if (x->op == IX_ACCESS)
    return sparse_obj (g, x->obj) ? x->obj : -1;
  int a = x->a >= 0 ? sparse_read (g, x->a) : -1;
  return a >= 0 || x->b < 0 ? a : sparse_read (g, x->b);
}

/* Does symbol S decide anything: a guard, a comparison, a logical
   operator?  */
static int
has_cond (const engine *g, int s)
{
  const sym *x = &g->syms[s];
  if (x->op == IX_WHERE || x->op == IX_NOT || x->op == IX_AND
      || x->op == IX_OR || (x->op >= IX_EQ && x->op <= IX_GE))
    return 1;
  return (x->a >= 0 && has_cond (g, x->a))
         || (x->b >= 0 && has_cond (g, x->b));
}

/* What a value is where every sparse object is zero.  */
typedef enum { ZV_ZERO, ZV_NONZERO, ZV_ANY } zval;

static zval
zero_value (const engine *g, int s)
{
  const sym *x = &g->syms[s];
  zval a = x->a >= 0 ? zero_value (g, x->a) : ZV_ANY;
  zval b = x->b >= 0 ? zero_value (g, x->b) : ZV_ANY;
  int za = a == ZV_ZERO, zb = b == ZV_ZERO;
  int na = a == ZV_NONZERO, nb = b == ZV_NONZERO;
  switch (x->op)
    {
    case IX_ACCESS:
      return sparse_obj (g, x->obj) ? ZV_ZERO : ZV_ANY;
    case IX_CONST:
      return ix_num_is_zero (x->num) ? ZV_ZERO : ZV_NONZERO;
    case IX_NEG:
    case IX_ABS:
      return a;
    case IX_CALL:
    case IX_CALLZ:
      /* At a zero, the library's value there (a NaN is not zero).  */
      if (!za)
        return ZV_ANY;
      return mathfn_eval (x->num, 0.0) == 0 ? ZV_ZERO : ZV_NONZERO;
    case IX_CAST:
    case IX_SUM:
    case IX_DIV:
    case IX_MOD:
      return za ? ZV_ZERO : ZV_ANY;
    case IX_MUL:
      return za || zb ? ZV_ZERO : ZV_ANY;
    case IX_ADD:
    case IX_SUB:
      return za && zb ? ZV_ZERO : (za && nb) || (na && zb) ? ZV_NONZERO
             : ZV_ANY;
    default:
      break;
    }
  /* A comparison of a zero with a constant: decided.  */
  if (x->op >= IX_EQ && x->op <= IX_GE
      && ((za && g->syms[x->b].op == IX_CONST)
          || (zb && g->syms[x->a].op == IX_CONST)))
    {
      ix_num c = g->syms[za ? x->b : x->a].num;
      double v = ix_type_is_float (c.type) ? c.f : ix_int_value (c.i, c.type);
      /* Compared in the operands' common type (-1 as an unsigned).  */
      if (!ix_fold_value (ix_arith_type (ng_sym_type (g, x->a),
                                         ng_sym_type (g, x->b)), &v))
        return ZV_ANY;
      double l = za ? 0 : v, r = za ? v : 0;
      int t = x->op == IX_EQ ? l == r : x->op == IX_NE ? l != r
              : x->op == IX_LT ? l < r : x->op == IX_LE ? l <= r
              : x->op == IX_GT ? l > r : l >= r;
      return t ? ZV_NONZERO : ZV_ZERO;
    }
  switch (x->op)
    {
    case IX_EQ:
    case IX_LE:
    case IX_GE:
      return za && zb ? ZV_NONZERO
             : x->op == IX_EQ && ((za && nb) || (na && zb)) ? ZV_ZERO
             : ZV_ANY;
    case IX_NE:
    case IX_LT:
    case IX_GT:
      return za && zb ? ZV_ZERO
             : x->op == IX_NE && ((za && nb) || (na && zb)) ? ZV_NONZERO
             : ZV_ANY;
    case IX_NOT:
      return za ? ZV_NONZERO : na ? ZV_ZERO : ZV_ANY;
    case IX_AND:
      return za || zb ? ZV_ZERO : na && nb ? ZV_NONZERO : ZV_ANY;
    case IX_OR:
      return za && zb ? ZV_ZERO : na || nb ? ZV_NONZERO : ZV_ANY;
    case IX_WHERE:
      return za || zb ? ZV_ZERO : na ? b : ZV_ANY;
    default:
      return ZV_ANY;
    }
}

/* Expression E of the nest as C, into BUF.  */
static void
spell_expr (const engine *g, int e, int ctx, char *buf, size_t len)
{
  const nest_expr *x = &g->n->expr[e];
  const ix_op_info *info = &ix_ops[x->op];
  char tmp[128];
  int paren = info->prec < ctx;
  ix_cat (buf, len, "%s", paren ? "(" : "");
  switch (x->op)
    {
    case IX_ACCESS:
      ix_cat (buf, len, "%s", ng_spell_access (g, x->obj, x->nidx, x->loop, tmp,
                                           sizeof tmp));
      break;
    case IX_CONST:
      ix_num_print (x->num, tmp, sizeof tmp);
      ix_cat (buf, len, "%s", tmp);
      break;
    case IX_INDEX:
      ix_cat (buf, len, "%s", ng_loopname (g, x->loop[0]));
      break;
    case IX_CAST:
      ix_cat (buf, len, "(%s) ", ix_type_name (x->num.type));
      spell_expr (g, x->a, info->prec, buf, len);
      break;
    case IX_ABS:
      {
        static const char *const fn[] = { "fabs", "fabsf", "labs", "abs" };
        ix_cat (buf, len, "%s (", fn[nest_expr_type (g->n, x->a)]);
      }
      spell_expr (g, x->a, 0, buf, len);
      ix_cat (buf, len, ")");
      break;
    case IX_CALL:
    case IX_CALLZ:
      ix_cat (buf, len, "%s (", mathfn_name (x->num, tmp, sizeof tmp));
      spell_expr (g, x->a, 0, buf, len);
      ix_cat (buf, len, ")");
      break;
    case IX_WHERE:
      spell_expr (g, x->a, info->prec + 1, buf, len);
      ix_cat (buf, len, " ? ");
      spell_expr (g, x->b, info->prec, buf, len);
      ix_cat (buf, len, " : 0");
      break;
    default:
      if (info->arity == 1)
        {
          ix_cat (buf, len, "%s", info->spell);
          spell_expr (g, x->a, info->prec, buf, len);
        }
      else
        {
          spell_expr (g, x->a, info->prec, buf, len);
          ix_cat (buf, len, " %s ", info->spell);
          spell_expr (g, x->b, info->prec + 1, buf, len);
        }
      break;
    }
  ix_cat (buf, len, "%s", paren ? ")" : "");
}

/* "'A[i][j] == 0'", shortened to fit a message.  */
static char *
quote_expr (const engine *g, int e, int negate, char *buf, size_t len)
{
  char tmp[256] = "";
  spell_expr (g, e, negate ? ix_ops[IX_NOT].prec : 0, tmp, sizeof tmp);
  if (strlen (tmp) > 60)
    strcpy (tmp + 56, " ...");
  snprintf (buf, len, "'%s%s'", negate ? "!" : "", tmp);
  return buf;
}

/* Assignment EVI as OP RHS (`x = x + t` read as `x += t`), as C.  */
static char *
quote_assign (const engine *g, int evi, ix_assign op, int rhs, char *buf,
              size_t len)
{
  static const char *const ops[] = { "=", "+=", "-=" };
  const nest_event *ev = &g->n->ev[evi];
  char tmp[256], lhs[128];
  ng_spell_access (g, ev->obj, ev->nidx, ev->idx, lhs, sizeof lhs);
  snprintf (tmp, sizeof tmp, "%s %s ", lhs, ops[op]);
  spell_expr (g, rhs, 0, tmp, sizeof tmp);
  if (strlen (tmp) > 60)
    strcpy (tmp + 56, " ...");
  snprintf (buf, len, "'%s'", tmp);
  return buf;
}

/* Can expression E be computed before the loops, once the reads of
   sparse objects are zeros: constants, and scalars the nest does not
   write?  */
static int
invariant_at_zero (const engine *g, int e)
{
  const nest_expr *x = &g->n->expr[e];
  if (x->op == IX_ACCESS)
    return sparse_obj (g, x->obj)
           || (g->n->obj[x->obj].opd.kind == IX_OPD_SCALAR
               && !g->written[x->obj]);
  if (x->op == IX_INDEX || x->op == IX_DIV || x->op == IX_MOD)
    return 0;   /* (a quotient: no division the loops would not make) */
  return (x->a < 0 || invariant_at_zero (g, x->a))
         && (x->b < 0 || invariant_at_zero (g, x->b));
}

/* The disjunction of `s != 0` over the reads S of sparse objects in
   symbol E, into *OR (-1 when none yet).  */
static int
any_stored (engine *g, int e, int *or)
{
  const sym *x = &g->syms[e];
  if (x->op == IX_ACCESS)
    {
      if (!sparse_obj (g, x->obj))
        return 0;
      int z = ng_const (g, ix_num_int (0));
      int ne = z < 0 ? -1 : ng_new_sym (g, IX_NE, e, z);
      *or = ne < 0 || *or < 0 ? ne : ng_new_sym (g, IX_OR, *or, ne);
      return *or < 0 ? -1 : 0;
    }
  if (x->a >= 0 && any_stored (g, x->a, or))
    return -1;
  return x->b >= 0 ? any_stored (g, x->b, or) : 0;
}

/* Assume the condition of if statement K false where the sparse objects
   are zero (checked at run time, nest_result.assume): its guard becomes
   `(s1 != 0 || ...) && c`, the same where the assumption holds, which
   sparse loops can follow.  0, 1 when K's condition cannot be checked
   before the loops, -1 on failure.  */
static int
assume_false_at_zero (engine *g, int k)
{
  const nest_event *ev = &g->n->ev[g->gev[k]];
  nest_result *r = g->r;
  if (g->gassumed[k] || !invariant_at_zero (g, ev->rhs)
      || r->nassumes == NEST_MAX_GUARDS)
    return 1;
  /* A condition and its negation are never both false.  */
  for (int b = 0; b < r->nassumes; b++)
    if (r->assume[b].expr == ev->rhs && r->assume[b].neg != g->gelse[k])
      return 1;
  nest_assume *a = &r->assume[r->nassumes];
  a->expr = ev->rhs;
  a->neg = g->gelse[k];
  a->zero = 0;
  for (int o = 0; o < g->n->nobjs; o++)
    if (sparse_obj (g, o))
      a->zero |= (uint32_t) 1 << o;
  quote_expr (g, ev->rhs, a->neg, a->text, sizeof a->text);
  int or = -1;
  if (any_stored (g, g->gcond[k], &or) || or < 0)
    return or < 0 ? 1 : -1;
  g->gcond[k] = ng_new_sym (g, IX_AND, or, g->gcond[k]);
  if (g->gcond[k] < 0)
    return -1;
  g->gassumed[k] = 1;
  r->nassumes++;
  return 0;
}

/* The outermost part of value S that decides something (a guard, a
   comparison, a logical operator) over a sparse object and is not zero
   where the sparse objects are, unless an enclosing part is zero there
   anyway (a product with a zero, a guard false at zero); -1 when none
   is.  */
static int
nonzero_decision (const engine *g, int s)
{
  const sym *x = &g->syms[s];
  if (zero_value (g, s) == ZV_ZERO || !has_cond (g, s))
    return -1;
  /* A guard that reads no sparse object (j < i, x[j] > 0) decides
     nothing at their zeros: the value guarded does.  */
  if (x->op == IX_WHERE && sparse_read (g, x->a) < 0)
    return nonzero_decision (g, x->b);
  if (x->op == IX_WHERE || x->op == IX_NOT || x->op == IX_AND
      || x->op == IX_OR || (x->op >= IX_EQ && x->op <= IX_GE))
    return sparse_read (g, s) >= 0 ? s : -1;
  int a = x->a >= 0 ? nonzero_decision (g, x->a) : -1;
  return a >= 0 || x->b < 0 ? a : nonzero_decision (g, x->b);
}

/* Refuse value T, which assignment EVI writes into an output (under
   guard GS, when >= 0, the guard of T's top), when a decision in it is
   not zero where the sparse objects are: sparse loops skip those
   entries, and the dense loops would do something there.  */
int
ng_check_zeros (engine *g, int evi, ix_assign op, int rhs, int t, int gs)
{
  int bad = nonzero_decision (g, t);
  if (bad < 0)
    return 0;
  char what[160], act[128];
  const char *name = ng_objname (g, sparse_read (g, bad));
  quote_assign (g, evi, op, rhs, act, sizeof act);
  if (gs >= 0 && bad == t && zero_value (g, gs) != ZV_ZERO)
    {
      /* The innermost condition not false at a zero.  */
      int k = g->nguards - 1;
      while (k > g->st[g->n->ev[evi].obj].base_guard
             && zero_value (g, g->gcond[k]) == ZV_ZERO)
        k--;
      quote_expr (g, g->n->ev[g->gev[k]].rhs, g->gelse[k], what,
                  sizeof what);
      return ng_fail (g, "at the unstored zeros of %s the condition %s %s "
                   "true, and %s would run there, but sparse loops visit "
                   "only the stored entries (a condition false at zero, "
                   "such as '%s[...] != 0 && ...', keeps to them)", name,
                   what,
                   zero_value (g, g->gcond[k]) == ZV_NONZERO ? "is"
                                                             : "may be",
                   act, name);
    }
  return ng_fail (g, "at the unstored zeros of %s a condition in %s %s true, "
               "so that it %s a value that is not zero there, but sparse "
               "loops visit only the stored entries", name, act,
               zero_value (g, bad) == ZV_NONZERO ? "is" : "may be",
               op == IX_SET ? "stores" : "adds");
}

int
ng_guard_term (engine *g, int evi, ix_assign op, int rhs, int gs, int *t)
{
  int o = g->n->ev[evi].obj, t0 = *t;
  if (gs >= 0 && (*t = ng_new_sym (g, IX_WHERE, gs, t0)) < 0)
    return -1;
  if (ng_is_temp (g, o) && !g->assume_temps)
    {
      g->skipped |= gs >= 0 && nonzero_decision (g, *t) == *t;
      return 0;
    }
  /* A guard that may be true at a zero, as scalars say: assumed false
     there (checked at run time) when that makes the value zero.  */
  for (int k = g->nguards - 1;
       k >= g->st[o].base_guard && nonzero_decision (g, *t) == *t; k--)
    if (zero_value (g, g->gcond[k]) == ZV_ANY)
      {
        int rc = assume_false_at_zero (g, k);
        if (rc < 0)
          return -1;
        if (rc == 0 && ((gs = ng_guard_of (g, o)) < 0
                        || (*t = ng_new_sym (g, IX_WHERE, gs, t0)) < 0))
          return -1;
      }
  return ng_is_temp (g, o) ? 0 : ng_check_zeros (g, evi, op, rhs, *t, gs);
}

void
ng_leave_branch (engine *g, int k)
{
  for (int o = 0; o < g->n->nobjs; o++)
    {
      state *s = &g->st[o];
      if (ng_is_temp (g, o) && s->base_guard > k
          && (s->kind == ST_DEF || s->kind == ST_ACC))
        {
          s->kind = ST_COND;
          s->cond_ev = g->gev[k];
        }
    }
}
