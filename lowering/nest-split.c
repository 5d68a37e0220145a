/* nest-split.c -- an output a nest accumulates into at two places
   (y[i] += L[i][j] * x[j]; y[j] += L[i][j] * x[i]: the product of a
   symmetric matrix stored as its lower triangle) becomes two outputs of
   one storage, each its own statement.

   The element y[k] ends with its old value plus every term added to it,
   whichever statement adds which; in floating point the order counts,
   and the two statements run one after the other only where each
   element takes all the first place's terms before the second's
   (splits_in_order).  Only accumulations (+=, -=) are split: a plain =
   at one place would order the writes.  The second place's
   writes, and its reads in `y[j] = y[j] + ...`, go to a twin object of
   the same name; the twin and its original are one object to the front
   end (nest_result speaks of the original only).  */

#include <stdlib.h>
#include <string.h>
#include "nest-int.h"

/* Whether loops A and B run one inside the other.  */
static int
nested (const nest *n, int a, int b)
{
  int open_a = 0, open_b = 0;
  for (int i = 0; i < n->nevents; i++)
    {
      const nest_event *ev = &n->ev[i];
      if (ev->kind != NEST_EV_BEGIN && ev->kind != NEST_EV_END)
        continue;
      int begin = ev->kind == NEST_EV_BEGIN;
      if (begin && ((ev->loop == a && open_b) || (ev->loop == b && open_a)))
        return 1;
      if (ev->loop == a)
        open_a = begin;
      if (ev->loop == b)
        open_b = begin;
    }
  return 0;
}

/* Whether subscripts A and B (N each) name the same elements: the same
   loops, or loops over the same range one after the other.  */
static int
same_map (const nest *n, const int *a, const int *b, int na, int nb)
{
  if (na != nb)
    return 0;
  for (int k = 0; k < na; k++)
    if (a[k] != b[k]
        && !(n->loop[a[k]].bound_key >= 0
             && n->loop[a[k]].bound_key == n->loop[b[k]].bound_key
             && !nested (n, a[k], b[k])))
      return 0;
  return 1;
}

/* Whether assignment EV adds to or subtracts from its element: +=, -=,
   or `y[i] = y[i] + t` (the C front end's spelling of +=).  */
static int
accumulates (const nest *n, const nest_event *ev)
{
  if (ev->op != IX_SET)
    return 1;
  const nest_expr *x = &n->expr[ev->rhs];
  if (x->op != IX_ADD && x->op != IX_SUB)
    return 0;
  for (int k = 0; k < 2; k++)
    {
      const nest_expr *y = &n->expr[k ? x->b : x->a];
      if (y->op == IX_ACCESS && y->obj == ev->obj && y->nidx == ev->nidx
          && memcmp (y->loop, ev->idx, ev->nidx * sizeof *ev->idx) == 0
          && (k == 0 || x->op == IX_ADD))
        return 1;
    }
  return 0;
}

/* The loop whose index E is, converted or not, plus or minus an integer
   constant (into *OFF), or -1.  */
static int
index_loop (const nest *n, int e, int64_t *off)
{
  *off = 0;
  while (n->expr[e].op == IX_CAST)
    e = n->expr[e].a;
  const nest_expr *x = &n->expr[e];
  if ((x->op == IX_ADD || x->op == IX_SUB) && n->expr[x->b].op == IX_CONST
      && !ix_type_is_float (n->expr[x->b].num.type))
    {
      int l = index_loop (n, x->a, off);
      *off += x->op == IX_ADD ? n->expr[x->b].num.i : -n->expr[x->b].num.i;
      return l;
    }
  return x->op == IX_INDEX ? x->loop[0] : -1;
}

enum { REL_LE = 1, REL_LT = 2, REL_NE = 4 };

/* What condition E (its conjunctions) says of loop variable A against
   B: REL_LE for a <= b, REL_LT for a < b (a + 1 <= b, say), REL_NE for
   a != b.  */
static int
relation (const nest *n, int e, int a, int b)
{
  const nest_expr *x = &n->expr[e];
  if (x->op == IX_AND)
    return relation (n, x->a, a, b) | relation (n, x->b, a, b);
  int64_t lo, ro;
  int l = index_loop (n, x->a, &lo), r = index_loop (n, x->b, &ro);
  ix_op op = x->op;
  /* As a - b OP C.  */
  int64_t c = ro - lo;
  if (l == b && r == a)
    {
      op = op == IX_GT ? IX_LT : op == IX_GE ? IX_LE : op == IX_LT ? IX_GT
           : op == IX_LE ? IX_GE : op;
      c = lo - ro;
    }
  else if (l != a || r != b)
    return 0;
  if (op == IX_NE)
    return c == 0 ? REL_NE : 0;
  if (op != IX_LT && op != IX_LE)
    return 0;
  /* a - b <= D.  */
  int64_t d = op == IX_LT ? c - 1 : c;
  return d < 0 ? REL_LT | REL_LE : d == 0 ? REL_LE : 0;
}

/* What the if statements around event EVI (their then branches, a
   loop's range among them) say of A against B: REL_LT when they keep
   a < b, else REL_LE when a <= b, else 0.  */
static int
guarded (const nest *n, int evi, int a, int b)
{
  int cond[NEST_MAX_GUARDS], depth = 0, rel = 0;
  for (int i = 0; i < evi; i++)
    {
      const nest_event *ev = &n->ev[i];
      if (ev->kind == NEST_EV_IF && depth < NEST_MAX_GUARDS)
        cond[depth++] = ev->rhs;
      else if (ev->kind == NEST_EV_ELSE && depth > 0)
        cond[depth - 1] = -1;
      else if (ev->kind == NEST_EV_ENDIF && depth > 0)
        depth--;
    }
  for (int k = 0; k < depth; k++)
    if (cond[k] >= 0)
      rel |= relation (n, cond[k], a, b);
  if ((rel & REL_LT) || ((rel & REL_LE) && (rel & REL_NE)))
    return REL_LT;
  return rel & REL_LE;
}

/* Whether the two statements the places of floating-point output O
   become, the first place's whole before the second's, add each
   element's terms as the loops do: every term of the first place before
   every term of the second in each element.  With P the first place's
   loop and Q the second's, one inside the other, that holds when the
   place at the inner loop adds only where Q < P (y[i] += L[i][j] * x[j];
   if (j < i) y[j] += L[i][j] * x[i]: the column's terms of y[k] come
   from the rows after k), or both add only where Q <= P (the diagonal's
   two terms in turn), the outer loop counting up: -1 when it counts
   down.  */
static int
splits_in_order (const nest *n, int o, int first, int second)
{
  const nest_event *e1 = &n->ev[first], *e2 = &n->ev[second];
  if (!ix_type_is_float (n->obj[o].opd.type))
    return 1;
  if (e1->nidx != 1 || e2->nidx != 1)
    return 0;
  int p = e1->idx[0], q = e2->idx[0];
  if (!nested (n, p, q))
    return 0;
  int p_outer = 0;
  for (int i = 0; i < n->nevents; i++)
    if (n->ev[i].kind == NEST_EV_BEGIN
        && (n->ev[i].loop == p || n->ev[i].loop == q))
      {
        p_outer = n->ev[i].loop == p;
        break;
      }
  /* Counting down, the outer loop meets each element's places the other
     way round.  */
  if (n->loop[p_outer ? p : q].down)
    return -1;
  int lt[2] = { 1, 1 }, le[2] = { 1, 1 };
  for (int i = 0; i < n->nevents; i++)
    {
      const nest_event *ev = &n->ev[i];
      if (ev->kind != NEST_EV_ASSIGN || ev->obj != o)
        continue;
      int place = same_map (n, ev->idx, e2->idx, ev->nidx, e2->nidx);
      int rel = guarded (n, i, q, p);
      lt[place] &= rel == REL_LT;
      le[place] &= rel != 0;
    }
  int inner = p_outer ? 1 : 0;
  return lt[inner] || (le[0] && le[1]);
}

/* Object O's two places, when it is a dense array written at exactly
   two and only accumulated into: the event of the first write at the
   second place, else -1; -2 when the two places' terms interleave in
   an element in a way two statements would not keep
   (splits_in_order), -3 when the outer loop counting down makes them
   so.  */
static int
second_place (const nest *n, int o)
{
  const nest_obj *ob = &n->obj[o];
  int first = -1, second = -1;
  if (ob->opd.tagged || ob->opd.kind == IX_OPD_SCALAR)
    return -1;
  for (int i = 0; i < n->nevents; i++)
    {
      const nest_event *ev = &n->ev[i];
      if (ev->kind != NEST_EV_ASSIGN || ev->obj != o)
        continue;
      if (!accumulates (n, ev))
        return -1;
      if (first < 0)
        first = i;
      else if (!same_map (n, ev->idx, n->ev[first].idx, ev->nidx,
                          n->ev[first].nidx))
        {
          if (second < 0)
            second = i;
          else if (!same_map (n, ev->idx, n->ev[second].idx, ev->nidx,
                              n->ev[second].nidx))
            return -1;
        }
    }
  int in_order = second >= 0 ? splits_in_order (n, o, first, second) : 1;
  return in_order > 0 ? second : in_order < 0 ? -3 : -2;
}

/* A copy of N in which each output accumulated into at two places has a
   twin for the second, BASE[o] the original of each object (itself when
   it is one); NULL when nothing is split.  *UNORDERED: an output not
   split because two statements would add its terms in another order,
   or -1; *DOWN set when that is because the outer loop counts down.  */
nest *
ng_split_outputs (const nest *n, int *base, int *unordered, int *down)
{
  nest *c = NULL;
  *unordered = -1;
  *down = 0;
  for (int o = 0; o < NEST_MAX_OBJS; o++)
    base[o] = o;
  for (int o = 0; o < n->nobjs; o++)
    {
      int second = second_place (n, o);
      if (second == -2 || second == -3)
        {
          *unordered = o;
          *down = second == -3;
        }
      if (second < 0)
        continue;
      if (!c)
        {
          /* Out of memory: the nest as it is (refused).  */
          if (!(c = malloc (sizeof *c)))
            return NULL;
          memcpy (c, n, sizeof *c);
        }
      if (c->nobjs == NEST_MAX_OBJS)
        break;
      int t = c->nobjs++;
      c->obj[t] = n->obj[o];
      base[t] = o;
      const nest_event *s2 = &n->ev[second];
      for (int i = 0; i < c->nevents; i++)
        {
          nest_event *ev = &c->ev[i];
          if (ev->kind == NEST_EV_ASSIGN && ev->obj == o
              && same_map (n, ev->idx, s2->idx, ev->nidx, s2->nidx))
            ev->obj = t;
        }
      for (int e = 0; e < c->nexprs; e++)
        {
          nest_expr *x = &c->expr[e];
          if (x->op == IX_ACCESS && x->obj == o
              && same_map (n, x->loop, s2->idx, x->nidx, s2->nidx))
            x->obj = t;
        }
    }
  return c;
}

/* Refuse output O, added into at two places that ng_split_outputs did
   not split: two statements would add its terms in another order (DOWN:
   because the outer loop counts down).  */
int
ng_refuse_unordered (engine *g, int o, int down)
{
  if (down)
    return ng_fail (g, "%s is added into at two places, which two passes "
                    "over the loops would add in another order: the outer "
                    "loop counts down, meeting each element's places the "
                    "other way round; write it counting up",
                    ng_objname (g, o));
  return ng_fail (g, "%s is added into at two places whose terms come in "
                  "turn in its elements, which two passes over the loops "
                  "would add in another order: add at the inner loop's "
                  "place only where its index is below the outer loop's "
                  "(the lower triangle: y[j] += ... where j < i)",
                  ng_objname (g, o));
}
