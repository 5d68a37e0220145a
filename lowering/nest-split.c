/* nest-split.c -- an output a nest accumulates into at two places
   (y[i] += L[i][j] * x[j]; y[j] += L[i][j] * x[i]: the product of a
   symmetric matrix stored as its lower triangle) becomes two outputs of
   one storage, each its own statement.

   Sums commute: the element y[k] ends with its old value plus every term
   added to it, whichever statement adds which, so the two statements may
   run one after the other.  Only accumulations (+=, -=) are split: a
   plain = at one place would order the writes.  The second place's
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

/* Object O's two places, when it is a dense array written at exactly
   two and only accumulated into: the event of the first write at the
   second place, else -1.  */
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
  return second;
}

/* A copy of N in which each output accumulated into at two places has a
   twin for the second, BASE[o] the original of each object (itself when
   it is one); NULL when nothing is split.  */
nest *
ng_split_outputs (const nest *n, int *base)
{
  nest *c = NULL;
  for (int o = 0; o < NEST_MAX_OBJS; o++)
    base[o] = o;
  for (int o = 0; o < n->nobjs; o++)
    {
      int second = second_place (n, o);
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
