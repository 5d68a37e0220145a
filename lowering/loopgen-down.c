/* loopgen-down.c -- loops the program runs from the end of their range
   to its start (ix_var.down): which of them the generated code runs so
   too, and where it cannot.  A loop whose order cannot change the result
   (each iteration writes its own elements, integer sums, maxima of
   integers but not their indices) runs in increasing order like any
   other.  */

#include "loopgen-int.h"

/* Why the order of loop variable SV's iterations changes the result, for
   messages, or NULL when it does not.  */
static const char *
order_reason (const gen *g, int sv, char *buf, size_t len)
{
  const ix_stmt *s = g->s;
  const char *out = s->opd[s->acc[s->out].opd].name;
  if (sv >= s->nvars || !s->var[sv].down)
    return NULL;
  /* Rows reading what earlier rows wrote (ix_stmt.carried).  */
  if (s->carried && s->acc[s->out].var[0] == sv)
    {
      snprintf (buf, len, "each iteration reads the elements of '%s' the "
                "ones before wrote", out);
      return buf;
    }
  for (int e = 0; e < s->nexprs; e++)
    {
      const ix_expr *x = &s->expr[e];
      if (x->op != IX_SUM || x->var != sv)
        continue;
      lir_type t = lg_ix_type (g, e);
      /* A pick keeps the first or last of equal floating-point values
         (+0 and -0), whatever the program lets reassociate; an index,
         of equal values of any type.  */
      if (s->pick != IX_PICK_NONE && ix_is_pick_sum (s, e)
          && (t == LIR_F64 || t == LIR_F32 || s->arg_var >= 0))
        {
          snprintf (buf, len, "'%s' takes its %s in its order", out,
                    ix_stmt_picks (s));
          return buf;
        }
      if (lg_order_matters (g, e))
        {
          snprintf (buf, len, "'%s' adds floating-point terms in its order",
                    out);
          return buf;
        }
    }
  return NULL;
}

int
lg_runs_down (const gen *g, int sv)
{
  char buf[128];
  return order_reason (g, sv, buf, sizeof buf) != NULL;
}

void
lg_mark_down (gen *g, int d, int s)
{
  int down = lg_runs_down (g, g->nest->order[d]);
  g->k->stmts[s].down = down;
  if (down)
    g->k->down[g->n] |= 1u << d;
}

void
lg_fail_down (gen *g, int sv, const char *form)
{
  char buf[128];
  const char *why = order_reason (g, sv, buf, sizeof buf);
  lg_fail (g, "loop %s counts down and %s, but its sparse loop %s, which "
           "runs in increasing order only", g->s->var[sv].name,
           why ? why : "?", form);
}

/* Whether access A reads variable V.  */
static int
reads_var (const ix_stmt *s, int a, int v)
{
  for (int k = 0; k < s->acc[a].nidx; k++)
    if (s->acc[a].var[k] == v)
      return 1;
  return 0;
}

void
lg_check_down (gen *g)
{
  const ix_stmt *s = g->s;
  const sch_nest *nest = g->nest;
  for (int d = 0; d < nest->nloops; d++)
    {
      const sch_var *x = &g->sc->sv[nest->order[d]];
      if (nest->order[d] < s->nvars || x->access < 0)
        continue;
      /* A loop over an access's blocks, diagonals or slots (ELL): the
         variables it reads come out in that loop's order.  */
      for (int v = 0; v < s->nvars; v++)
        if (reads_var (s, x->access, v) && lg_runs_down (g, v))
          {
            char form[96];
            snprintf (form, sizeof form, "goes through the blocks, "
                      "diagonals or slots of %s",
                      s->opd[s->acc[x->access].opd].name);
            lg_fail_down (g, v, form);
            return;
          }
    }
}
