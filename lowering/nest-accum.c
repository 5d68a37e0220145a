/* nest-accum.c -- an accumulator of one type taking terms of another
   (nest.c's assign and end_loop): the type each term is converted to
   before the loops sum it, and the refusal where no sum of the terms
   gives what C's steps give.

   C adds a term t into an object x of type X as x = (X) (x + t), the
   addition in the usual arithmetic conversions' type R.  The sum the
   loops make is of the terms in ix_accum_type (X, T): X where R is X
   (each term converted to X first, as C converts it: a long sum of int
   products); for integers of a wider or unsigned R the unsigned type of
   R's width, whose sums modulo 2^N the conversion to X on store
   reduces, in any order, to what the conversions at each step leave
   (an int count of unsigned terms, a short sum of ints).  */

#include "nest-int.h"

int
ng_term_type (const engine *g, int o, ix_pick pk, ix_type tt)
{
  ix_type to = g->n->obj[o].opd.type;
  /* A maximum or a minimum compares in R: only O's own type keeps the
     comparison (pick_term refuses another).  */
  if (pk != IX_PICK_NONE && pk != IX_PICK_MUL)
    return ix_arith_type (to, tt) == to ? (int) to : -1;
  return ix_accum_type (to, tt);
}

/* O's element written, with its subscripts: "y[i]", "c".  */
static const char *
element (const engine *g, int o, char *buf, size_t len)
{
  const state *s = &g->st[o];
  return ng_spell_access (g, o, s->nmap, s->map, buf, len);
}

int
ng_accum_refused (engine *g, int o, ix_type tt, int l)
{
  ix_type to = g->n->obj[o].opd.type;
  if (tt == to || (int) tt == ix_accum_type (to, tt))
    return 0;
  char buf[128];
  const char *name = ng_objname (g, o), *ton = ix_type_name (to);
  if (to == IX_BOOL)
    return ng_fail (g, "%s is %s but accumulates %s terms over loop %s: C "
                    "keeps only whether each step's sum is nonzero; count "
                    "into an integer and test it after the loops", name,
                    ton, ix_type_name (tt), ng_loopname (g, l));
  /* A floating sum converted at each step: truncated to an integer,
     rounded to a narrower floating type.  */
  return ng_fail (g, "%s is %s but accumulates %s terms over loop %s: C %s "
                  "each step's sum to %s; accumulate into a %s and convert "
                  "after the loops, or convert each term, %s += (%s) (...)",
                  name, ton, ix_type_name (tt), ng_loopname (g, l),
                  ix_type_is_float (to) ? "rounds" : "truncates", ton,
                  ix_type_name (tt), element (g, o, buf, sizeof buf), ton);
}

int
ng_product_refused (engine *g, int o, ix_type tt)
{
  ix_type to = g->n->obj[o].opd.type;
  if (ix_accum_type (to, tt) >= 0)
    return 0;
  char buf[128];
  const char *ton = ix_type_name (to);
  return ng_fail (g, "%s is %s but takes %s values, each multiplied in that "
                  "type before it is converted: multiply into a %s and "
                  "convert after the loops, or convert each value, "
                  "%s *= (%s) (...)", ng_objname (g, o), ton,
                  ix_type_name (tt), ix_type_name (tt),
                  element (g, o, buf, sizeof buf), ton);
}
