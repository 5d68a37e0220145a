/* report.c -- the report line of a kernel (see report.h).  */

#include <string.h>
#include "lattice.h"
#include "report.h"

/* The operands with a sparse level at loop variable SV in nest N.  */
/* Whether NEST adds the rows of access A whole (nws_rows).  */
static int
added_row (const sch_nest *nest, int a)
{
  for (int r = 0; r < nest->nws_rows; r++)
    if (nest->ws_row[r] == a)
      return 1;
  return 0;
}

static void
loop_operands (const ix_sched *sc, int n, int sv, char *buf, size_t len)
{
  const ix_stmt *s = &sc->st;
  int first = 1;
  for (int a = 0; a < s->naccs; a++)
    {
      int sparse;
      if (a == s->out || !sc->nest[n].uses_acc[a]
          || added_row (&sc->nest[n], a)
          || lat_iterator (sc, a, sv, &sparse) < 0 || !sparse)
        continue;
      ix_cat (buf, len, "%s%s", first ? " " : ", ", s->opd[s->acc[a].opd].name);
      first = 0;
    }
}

/* Whether a conversion before C of SC makes the same copy.  */
static int
converted_before (const ix_sched *sc, int c)
{
  for (int d = 0; d < c; d++)
    if (sch_same_copy (sc, c, d))
      return 1;
  return 0;
}

/* Whether E of S holds a sum (a product) of type T.  */
static int
sums_in (const ix_stmt *s, int e, ix_type t)
{
  const ix_expr *x = &s->expr[e];
  return (x->op == IX_SUM && ix_expr_type (s, e) == t)
         || (x->a >= 0 && sums_in (s, x->a, t))
         || (x->b >= 0 && sums_in (s, x->b, t));
}

char *
lir_report (const lir_kernel *k, char *buf, size_t len)
{
  static const char *const assign[] = { "=", "+=", "-=" };
  static const char *const out_mode[] = { "dense", "scalar",
                                          "appended in order",
                                          "through a workspace",
                                          "its stored values updated in "
                                          "place" };
  const ix_sched *sc = k->sc;
  const ix_stmt *s = &sc->st;
  char tmp[512];
  if (len)
    buf[0] = 0;
  ix_cat (buf, len, "%s", ix_print (s, tmp, sizeof tmp));

  /* Formats.  */
  int any = 0;
  for (int o = 0; o < s->nopds; o++)
    {
      /* A kernel of a split statement reads some of its operands.  */
      int read = 0;
      for (int a = 0; a < s->naccs; a++)
        read |= s->acc[a].opd == o;
      if (!s->opd[o].tagged || !read)
        continue;
      ix_cat (buf, len, "%s %s: %s", any ? "," : ";", s->opd[o].name,
           sch_format_name (&s->opd[o].fmt, tmp, sizeof tmp));
      any = 1;
      for (int c = 0; c < sc->nconv; c++)
        if (s->acc[sc->conv[c].access].opd == o && !converted_before (sc, c))
          ix_cat (buf, len, " %s %s",
                  sc->conv[c].access == s->out ? "written as"
                                                : "converted to",
                  sch_format_name (&sc->conv[c].fmt, tmp, sizeof tmp));
    }

  /* Loops.  */
  for (int n = 0; n < sc->nnests; n++)
    {
      const sch_nest *nest = &sc->nest[n];
      if (sc->nnests > 1)
        ix_cat (buf, len, "; nest %d (%s %s): ", n + 1, assign[nest->assign],
             ix_print_expr (s, nest->rhs, tmp, sizeof tmp));
      else
        ix_cat (buf, len, "; loops: ");
      for (int d = 0; d < nest->nloops; d++)
        {
          int sv = nest->order[d];
          ix_cat (buf, len, "%s%s ", d ? ", " : "", sc->sv[sv].name);
          /* Each form the loop takes in the cases of its lattice: "for or
             for over B" when it is dense where A is present.  The tails
             of a co-iteration (one operand left) are part of it.  */
          unsigned kinds = k->loop_kinds[n][d];
          if (kinds & (1u << LIR_LOOP_COITER))
            kinds &= ~(1u << LIR_LOOP_POS);
          if (!(kinds & ~(1u << LIR_LOOP_NONE)))
            ix_cat (buf, len, "(empty)");
          for (int kind = LIR_LOOP_DENSE, first = 1; kind <= LIR_LOOP_COITER;
               kind++)
            {
              if (!(kinds & (1u << kind)))
                continue;
              ix_cat (buf, len, "%s%s", first ? "" : " or ",
                      kind == LIR_LOOP_DENSE ? "for"
                      : kind == LIR_LOOP_POS ? "for over" : "co-iterate");
              if (kind != LIR_LOOP_DENSE)
                loop_operands (sc, n, sv, buf, len);
              first = 0;
            }
          if (k->down[n] & (1u << d))
            ix_cat (buf, len, " down");
          if (d == 0 && k->parallel[n])
            ix_cat (buf, len, " (parallel)");
        }
      if (nest->nloops == 0)
        ix_cat (buf, len, "none");
    }

  /* Output.  */
  const ix_access *out = &s->acc[s->out];
  ix_type st = ix_sum_type (s);
  ix_cat (buf, len, "; %s: %s", s->opd[out->opd].name,
          sc->nnests ? out_mode[sc->nest[0].out_mode] : "untouched");
  /* Sums (products) made in another type and converted once (an int's
     count of unsigned terms in unsigned int).  */
  if (sc->nnests && st != s->opd[out->opd].type && sums_in (s, s->rhs, st))
    ix_cat (buf, len, ", %s in %s",
            s->pick == IX_PICK_MUL ? "multiplied" : "summed",
            ix_type_name (st));
  for (int r = 0; sc->nnests && r < sc->nest[0].nws_rows; r++)
    {
      int a = sc->nest[0].ws_row[r];
      if (a == sc->old_out)
        ix_cat (buf, len, ", old entries added per row");
      else
        ix_cat (buf, len, ", %s added per row", s->opd[s->acc[a].opd].name);
    }
  for (int n = 0; n < sc->nnests; n++)
    for (int d = 0; d < sc->nest[n].nloops; d++)
      if (k->two_forms[n] & (1u << d))
        ix_cat (buf, len, "; %s's merge with or without branches, "
                "chosen at run time", sc->sv[sc->nest[n].order[d]].name);
  for (int n = 0; n < sc->nnests; n++)
    for (int d = 0; d < sc->nest[n].nloops; d++)
      if (k->gallop[n] & (1u << d))
        ix_cat (buf, len, "; %s's intersection searches the longer ranges "
                "when one is much shorter", sc->sv[sc->nest[n].order[d]].name);
  return buf;
}
