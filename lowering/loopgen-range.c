/* loopgen-range.c -- the range a loop variable's guards keep it to, and
   the positions where a sorted level enters and leaves that range.

   A loop over part of an extent (`for (j = i + 1; j < n; j++)`, `j <= i`)
   reaches the index notation as a guard on its variable: sum(j, j <= i ?
   A(i,j) * x(j) : 0).  The guard alone is correct but visits the whole
   row.  Where a value is zero outside a range of the loop variable
   bounded by values known before the loop, the loop need not go there: a
   dense loop runs over the range only, and a sorted compressed level
   starts and stops at the positions a binary search finds in its
   segment.  The guard stays in the body, so a range found for some of
   the conditions only (the others still tested) is as correct.  */

#include "level_types.h"
#include "loopgen-int.h"

/* The bound expression E, known before the loop, as an int64_t plus
   ADD.  */
static int
bound_value (gen *g, int e, const state *st, int add)
{
  int v = lg_value (g, e, st, -1);
  if (v < 0)
    return -1;
  if (g->k->exprs[v].type != LIR_I64)
    v = lir_cast (g->k, v, LIR_I64);
  return add ? lg_bin (g, LIR_ADD, v, lg_int (g, add)) : v;
}

/* Whether E is the value of index variable V (converted or not).  */
static int
is_index (const ix_stmt *s, int e, int v)
{
  while (s->expr[e].op == IX_CAST)
    e = s->expr[e].a;
  return s->expr[e].op == IX_INDEX && s->expr[e].var == v;
}

/* Where the ends of a variable's range come from: the index expressions
   (known before its loop) it is compared with, -1 where nothing bounds
   it, and what each end adds to its expression (1 past a strict lower
   bound; the upper end is one past the last value).  */
typedef struct bounds
{
  int lo, hi;
  int lo_add, hi_add;
} bounds;

/* The range of V that condition C holds in, into R, from the comparisons
   of V with values known in ST that C's conjunctions make.  */
static void
cond_range (gen *g, int c, int v, const state *st, bounds *r)
{
  const ix_expr *x = &g->s->expr[c];
  if (x->op == IX_AND)
    {
      cond_range (g, x->a, v, st, r);
      cond_range (g, x->b, v, st, r);
      return;
    }
  if (x->op < IX_EQ || x->op > IX_GE || x->op == IX_NE)
    return;
  ix_op op = x->op;
  int other;
  if (is_index (g->s, x->a, v))
    other = x->b;
  else if (is_index (g->s, x->b, v))
    {
      /* e < v is v > e.  */
      other = x->a;
      op = op == IX_LT ? IX_GT : op == IX_LE ? IX_GE : op == IX_GT ? IX_LT
           : op == IX_GE ? IX_LE : op;
    }
  else
    return;
  /* An integer bound (j < 2.5 holds at j = 2: a floating one is no
     integer range).  */
  lir_type t = lg_ix_type (g, other);
  if ((t != LIR_I32 && t != LIR_I64) || ix_expr_uses (g->s, other, v)
      || !lg_available (g, other, st))
    return;
  if (r->lo < 0 && (op == IX_GT || op == IX_GE || op == IX_EQ))
    {
      r->lo = other;
      r->lo_add = op == IX_GT;
    }
  if (r->hi < 0 && (op == IX_LT || op == IX_LE || op == IX_EQ))
    {
      r->hi = other;
      r->hi_add = op != IX_LT;
    }
}

/* Whether E reads access A.  */
static int
has_access (const ix_stmt *s, int e, int a)
{
  const ix_expr *x = &s->expr[e];
  if (x->op == IX_ACCESS)
    return x->access == a;
  return (x->a >= 0 && has_access (s, x->a, a))
         || (x->b >= 0 && has_access (s, x->b, a));
}

/* The range of V outside which E is zero, into R; with A >= 0, outside
   which the part of E that access A contributes is.  */
static void
zero_outside (gen *g, int e, int a, int v, const state *st, bounds *r)
{
  const ix_stmt *s = g->s;
  const ix_expr *x = &s->expr[e];
  int in_a = x->a >= 0 && (a < 0 || has_access (s, x->a, a));
  int in_b = x->b >= 0 && (a < 0 || has_access (s, x->b, a));
  switch (x->op)
    {
    case IX_WHERE:
      cond_range (g, x->a, v, st, r);
      zero_outside (g, x->b, a, v, st, r);
      return;
    case IX_MUL:
    case IX_AND:
      /* Zero where either operand is.  */
      zero_outside (g, x->a, -1, v, st, r);
      zero_outside (g, x->b, -1, v, st, r);
      return;
    case IX_NEG:
    case IX_CAST:
    case IX_SUM:
    case IX_DIV:
    case IX_MOD:
      zero_outside (g, x->a, a, v, st, r);
      return;
    case IX_ADD:
    case IX_SUB:
      /* A sum is zero where both terms are: the term holding access A
         alone says where A's part is.  */
      if (a >= 0 && in_a != in_b)
        zero_outside (g, in_a ? x->a : x->b, a, v, st, r);
      return;
    default:
      return;
    }
}

/* The range of E over the variable of loop SV, as variables declared in
   B (-1 where unbounded); nonzero when it has one.  With A >= 0, the
   range of access A's part of E.  */
int
lg_range (gen *g, int e, int a, int sv, const state *st, block *b, int *lo,
          int *hi)
{
  *lo = *hi = -1;
  if (sv >= g->s->nvars || g->s->expr[e].op == IX_ACCESS)
    return 0;
  bounds r = { -1, -1, 0, 0 };
  zero_outside (g, e, a, sv, st, &r);
  int l = r.lo >= 0 ? bound_value (g, r.lo, st, r.lo_add) : -1;
  int h = r.hi >= 0 ? bound_value (g, r.hi, st, r.hi_add) : -1;
  char name[64];
  if (l >= 0)
    {
      snprintf (name, sizeof name, "%s_lo", g->sc->sv[sv].name);
      *lo = lg_decl (g, b, LIR_I64, name, l);
    }
  if (h >= 0)
    {
      snprintf (name, sizeof name, "%s_hi", g->sc->sv[sv].name);
      *hi = lg_decl (g, b, LIR_I64, name, h);
    }
  return *lo >= 0 || *hi >= 0;
}

/* The index variable at whose value alone the part of E that access A
   contributes may be nonzero, over the variable of loop SV (a guard sv ==
   v: A(v,sv) reads a diagonal), or -1.  */
int
lg_range_key (gen *g, int e, int a, int sv, const state *st)
{
  const ix_stmt *s = g->s;
  if (sv >= s->nvars || s->expr[e].op == IX_ACCESS)
    return -1;
  bounds r = { -1, -1, 0, 0 };
  zero_outside (g, e, a, sv, st, &r);
  if (r.lo < 0 || r.hi < 0 || r.lo_add != 0 || r.hi_add != 1
      || s->expr[r.lo].op != IX_INDEX || s->expr[r.hi].op != IX_INDEX
      || s->expr[r.lo].var != s->expr[r.hi].var)
    return -1;
  return s->expr[r.lo].var;
}

/* Whether level L of access A is a sorted level with a segment per
   parent (pos) storing A's coordinate of loop SV itself, so that a
   binary search finds where a range of it starts.  */
int
lg_searchable (const gen *g, int a, int l)
{
  const sp_format *f = &g->k->tensors[g->tensor_of[a]].fmt;
  for (int m = 0; m < f->nlevels; m++)
    if (f->lv[m].kind == SP_LX_COUNT)
      return 0;
  return sp_lvl_has_pos (f->lv[l].type) && sp_lvl_is_sparse (f->lv[l].type)
         && f->lv[l].kind == SP_LX_VAR;
}

/* The first position in [FROM, TO) of level L of access A whose
   coordinate is KEY or more (TO when none is), found by binary search
   (coordinates are sorted within a segment), in a variable declared in
   B and named NAME.  */
int
lg_lower_bound (gen *g, block *b, const char *name, int a, int l, int from,
                int to, int key)
{
  char hn[64];
  int crd = lg_crd_array (g, a, l);
  int lo = lg_decl (g, b, LIR_I64, name, from);
  snprintf (hn, sizeof hn, "%s_top", name);
  int hi = lg_decl (g, b, LIR_I64, hn, to);
  /* The range's ends often lie at the segment's (a row wholly within
     a triangle): a look at its first and last coordinates spares the
     search.  */
  for (int end = 0; end < 2; end++)
    {
      int at = end ? lg_bin (g, LIR_SUB, lg_ref (g, hi), lg_int (g, 1))
               : lg_ref (g, lo);
      int c = lg_bin (g, LIR_LT, lir_load (g->k, crd, at), lg_ref (g, key));
      int s = lg_compound (g, b, LIR_IF,
                           lg_bin (g, LIR_AND, lg_bin (g, LIR_LT,
                                                       lg_ref (g, lo),
                                                       lg_ref (g, hi)),
                                   end ? c : lir_unary (g->k, LIR_NOT, c)));
      block then = lg_block ();
      lg_assign (g, &then, end ? lo : hi, lg_ref (g, end ? hi : lo));
      if (s >= 0)
        g->k->stmts[s].body = then.first;
    }
  int w = lg_compound (g, b, LIR_WHILE,
                       lg_bin (g, LIR_LT, lg_ref (g, lo), lg_ref (g, hi)));
  block body = lg_block ();
  int half = lg_bin (g, LIR_DIV, lg_bin (g, LIR_SUB, lg_ref (g, hi),
                                         lg_ref (g, lo)),
                     lg_int (g, 2));
  snprintf (hn, sizeof hn, "%s_mid", name);
  int m = lg_decl (g, &body, LIR_I64, hn,
                   lg_bin (g, LIR_ADD, lg_ref (g, lo), half));
  snprintf (hn, sizeof hn, "%s_below", name);
  int c = lg_decl (g, &body, LIR_I64, hn,
                   lg_bin (g, LIR_LT, lir_load (g->k, crd, lg_ref (g, m)),
                           lg_ref (g, key)));
  /* Without a branch (its direction is a coin toss): below the key, LO
     moves past the middle; else HI comes down to it.  */
  lg_assign (g, &body, lo,
             lg_bin (g, LIR_ADD, lg_ref (g, lo),
                     lg_bin (g, LIR_SEL, lg_ref (g, c),
                             lg_bin (g, LIR_SUB,
                                     lg_bin (g, LIR_ADD, lg_ref (g, m),
                                             lg_int (g, 1)),
                                     lg_ref (g, lo)))));
  lg_assign (g, &body, hi,
             lg_bin (g, LIR_ADD, lg_ref (g, m),
                     lg_bin (g, LIR_SEL, lg_ref (g, c),
                             lg_bin (g, LIR_SUB, lg_ref (g, hi),
                                     lg_ref (g, m)))));
  if (w >= 0)
    g->k->stmts[w].body = body.first;
  return lo;
}
