/* loopgen-gallop.c -- intersections that skip: the search that moves a
   position of a compressed level to the first coordinate at or past a
   target (exponential, then binary), and the run-time test choosing it.

   Merging two ranges step by step costs the sum of their lengths; when
   one is much shorter (a row of one entry against the nonempty rows of
   a hypersparse matrix), each of its coordinates is searched in the
   longer one instead, at a cost of the logarithm of the distance moved.
   Unions must visit every entry of both and keep the plain merge.  */

#include "level_types.h"
#include "loopgen-int.h"

/* One range must be this many times shorter than another before the
   search pays: below it, a step-by-step merge moves by fewer positions
   than a search costs.  */
#define GALLOP_RATIO 8

int
lg_can_gallop (const gen *g, int a, int l)
{
  const sp_format *f = &g->k->tensors[g->tensor_of[a]].fmt;
  int type = f->lv[l].type;
  /* ELL padding reads as a coordinate out of order.  */
  for (int m = 0; m < f->nlevels; m++)
    if (f->lv[m].kind == SP_LX_COUNT)
      return 0;
  return sp_lvl_is_sparse (type) && sp_lvl_has_pos (type)
         && sp_lvl_is_unique (type) && !sp_lvl_is_singleton (type);
}

int
lg_skewed (gen *g, block *b, const int *p, const int *end, int n,
           int *shortest)
{
  int len = -1, cond = -1;
  for (int i = 0; i < n; i++)
    {
      int li = lg_bin (g, LIR_SUB, lg_ref (g, end[i]), lg_ref (g, p[i]));
      len = i ? lg_bin (g, LIR_MIN, len, li) : li;
    }
  *shortest = lg_decl (g, b, LIR_I64, "shortest", len);
  for (int i = 0; i < n; i++)
    {
      int c = lg_bin (g, LIR_LE,
                      lg_bin (g, LIR_MUL, lg_int (g, GALLOP_RATIO),
                              lg_ref (g, *shortest)),
                      lg_bin (g, LIR_SUB, lg_ref (g, end[i]),
                              lg_ref (g, p[i])));
      cond = i ? lg_bin (g, LIR_OR, cond, c) : c;
    }
  return cond;
}

int
lg_gap (gen *g, block *b, int p, int end, int shortest)
{
  return lg_decl (g, b, LIR_I64, "gap",
                  lg_bin (g, LIR_ADD,
                          lg_bin (g, LIR_DIV,
                                  lg_bin (g, LIR_SUB, lg_ref (g, end),
                                          lg_ref (g, p)),
                                  lg_bin (g, LIR_ADD, lg_ref (g, shortest),
                                          lg_int (g, 1))),
                          lg_int (g, 1)));
}

/* VAR + WHAT, a new expression.  */
static int
plus (gen *g, int var, int what)
{
  return lg_bin (g, LIR_ADD, lg_ref (g, var), what);
}

/* Variable V halved, a new expression.  */
static int
halve_of (gen *g, int v)
{
  return lg_bin (g, LIR_DIV, lg_ref (g, v), lg_int (g, 2));
}

/* A hint that CRD[AT] is read soon.  */
static void
prefetch (gen *g, block *b, int crd, int at)
{
  int s = lir_stmt_new (g->k, LIR_PREFETCH);
  if (s < 0)
    return;
  g->k->stmts[s].array = crd;
  g->k->stmts[s].a = at;
  lg_emit (g, b, s);
}

void
lg_seek (gen *g, block *b, int p, int end, int crd, int target, int gap)
{
  /* Known: crd[p] < target.  Steps from GAP on, doubling, until one
     lands at or past the target (or the end) ...  */
  int step = lg_decl (g, b, LIR_I64, "step", lg_ref (g, gap));
  int more = lg_bin (g, LIR_AND,
                     lg_bin (g, LIR_LT, plus (g, p, lg_ref (g, step)),
                             lg_ref (g, end)),
                     lg_bin (g, LIR_LT,
                             lir_load (g->k, crd,
                                       plus (g, p, lg_ref (g, step))),
                             lg_ref (g, target)));
  int w = lg_compound (g, b, LIR_WHILE, more);
  block jump = lg_block ();
  lg_assign (g, &jump, p, plus (g, p, lg_ref (g, step)));
  lg_assign (g, &jump, step, plus (g, step, lg_ref (g, step)));
  /* ... then halving (p, p + len]: crd[p] < target, and p + len is the
     end or crd[p + len] >= target.  P moves by the half times the
     probe's comparison, no branch on it, and the range shrinks the same
     either way; the next probe's two places (at the middle of either
     half) are loaded while this one is: the search then waits on loads
     in parallel, not one after the other.  */
  int len = lg_decl (g, b, LIR_I64, "len",
                     lg_bin (g, LIR_SUB,
                             lg_bin (g, LIR_MIN,
                                     plus (g, p, lg_ref (g, step)),
                                     lg_ref (g, end)),
                             lg_ref (g, p)));
  int w2 = lg_compound (g, b, LIR_WHILE,
                        lg_bin (g, LIR_LT, lg_int (g, 1), lg_ref (g, len)));
  block halve = lg_block ();
  int half = lg_decl (g, &halve, LIR_I64, "half",
                      lg_bin (g, LIR_DIV, lg_ref (g, len), lg_int (g, 2)));
  prefetch (g, &halve, crd, plus (g, p, halve_of (g, half)));
  prefetch (g, &halve, crd, plus (g, p, lg_bin (g, LIR_ADD, lg_ref (g, half),
                                                 halve_of (g, half))));
  int below = lg_bin (g, LIR_LT,
                      lir_load (g->k, crd, plus (g, p, lg_ref (g, half))),
                      lg_ref (g, target));
  lg_assign (g, &halve, p,
             plus (g, p, lg_bin (g, LIR_MUL, lir_cast (g->k, below, LIR_I64),
                                 lg_ref (g, half))));
  lg_assign (g, &halve, len, lg_bin (g, LIR_SUB, lg_ref (g, len),
                                     lg_ref (g, half)));
  lg_assign (g, b, p, plus (g, p, lg_int (g, 1)));
  if (w < 0 || w2 < 0)
    return;
  g->k->stmts[w].body = jump.first;
  g->k->stmts[w2].body = halve.first;
}
