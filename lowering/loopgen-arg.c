/* loopgen-arg.c -- an argmax's index (ix_stmt.arg_var): a register of
   the index's type (the seed's) beside the pick's, starting from the
   seed; set wherever the pick takes a value (loopgen-pick.c), to the
   coordinate of the index's loop; written into the output in place of
   the value picked.

   At a run of unstored entries the pick compares the one value Z there
   once: where it takes Z at the run's first coordinate, the dense loop
   compares Z with Z at each coordinate after, which > and < never take
   (the index stays at the first) and >= and <= always take (Z is not a
   NaN, or the first comparison would have failed: the index ends at the
   last).  The register then holds what the dense loop's index holds,
   rows without stored entries (whole runs) included.  */

#include "loopgen-int.h"

/* A constant of the seed's type.  */
static int
seed_value (gen *g)
{
  ix_num n = g->s->arg_seed;
  int c = lg_int (g, n.i);
  if (c >= 0)
    g->k->exprs[c].type = (lir_type) n.type;
  return c;
}

void
lg_arg_open (gen *g, block *b)
{
  g->arg_reg = -1;
  if (g->s->arg_var < 0)
    return;
  g->arg_reg = lg_decl (g, b, (lir_type) g->s->arg_seed.type, "arg",
                        seed_value (g));
}

void
lg_arg_take (gen *g, const state *st, int at, block *b)
{
  if (g->arg_reg < 0)
    return;
  if (at < 0)
    {
      int v = st->ix_val[g->s->arg_var];
      if (v < 0)
        {
          lg_fail (g, "internal: index '%s' not known where the %s takes "
                   "a value", g->s->var[g->s->arg_var].name,
                   ix_pick_what (g->s->pick));
          return;
        }
      at = lg_ref (g, v);
    }
  lir_type t = g->k->vars[g->arg_reg].type;
  lg_assign (g, b, g->arg_reg, t == LIR_I64 ? at : lir_cast (g->k, at, t));
}

int
lg_arg_at (gen *g, int from, int end)
{
  if (g->arg_reg < 0)
    return -1;
  if (g->s->pick == IX_PICK_GT || g->s->pick == IX_PICK_LT)
    return from < 0 ? lg_int (g, 0) : lg_ref (g, from);
  return lg_bin (g, LIR_SUB, lg_ref (g, end), lg_int (g, 1));
}

int
lg_arg_value (gen *g)
{
  if (g->arg_reg < 0)
    {
      lg_fail (g, "internal: the index of a %s without its register",
               ix_pick_what (g->s->pick));
      return -1;
    }
  lir_type t = lg_elem_type (g, g->s->acc[g->s->out].opd);
  int v = lg_ref (g, g->arg_reg);
  return g->k->vars[g->arg_reg].type == t ? v : lir_cast (g->k, v, t);
}
