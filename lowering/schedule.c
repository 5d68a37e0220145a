/* schedule.c -- iteration graph, loop order, output modes, conversions.
   The rules are described in schedule.h.  */

#include <string.h>
#include "level_types.h"
#include "schedule-int.h"
#include "sparse_format.h"

/* Formats set aside while trying an order without them.  */
typedef struct ix_sched_saved
{
  int n;
  int acc[IX_MAX_ACCESSES];
  sp_format fmt[IX_MAX_ACCESSES];
} ix_sched_saved;

/* Why a nest could not be scheduled.  */
typedef enum
{
  WHY_NONE,
  WHY_FORMAT,   /* operand storage orders conflict: CONVERT should change */
  WHY_SUMS,     /* the expression's sums cannot nest in one order */
  WHY_OUTPUT,   /* a sparse output cannot be produced in its order */
  WHY_HARD      /* something else; the message is in the diag */
} why_kind;

typedef struct why
{
  why_kind kind;
  int convert;  /* WHY_FORMAT: the access to convert, or -1 */
  int other;    /* WHY_FORMAT: an access it conflicts with, or -1 */
  sp_format target;  /* WHY_FORMAT: the format CONVERT should be read in;
                        WHY_OUTPUT: the format the output would need */
  int have_target;
  int rhs;      /* the right-hand side of the nest that failed */
} why;

/* -------------------------------------------------------------------- */
/* Expression walks.  */

/* Mark in USES the accesses read below E.  */
static void
mark_accesses (const ix_stmt *s, int e, int *uses)
{
  const ix_expr *x = &s->expr[e];
  if (x->op == IX_ACCESS)
    uses[x->access] = 1;
  if (x->a >= 0)
    mark_accesses (s, x->a, uses);
  if (x->b >= 0)
    mark_accesses (s, x->b, uses);
}

/* -------------------------------------------------------------------- */
/* Queries.  */

/* The loop variables index variable V is made of in NEST: itself, or the
   parts of its composition.  Returns how many were written to OUT.  */
int
sch_var_loops (const sch_nest *nest, int v, int *out)
{
  const sch_compose *c = &nest->comp[v];
  if (c->kind == SCH_LOOPED)
    {
      out[0] = v;
      return 1;
    }
  out[0] = c->part_a;
  out[1] = c->part_b;
  return 2;
}

int
sch_var_depth (const ix_sched *sc, int n, int v)
{
  const sch_nest *nest = &sc->nest[n];
  int parts[2], np = sch_var_loops (nest, v, parts), d = -1;
  for (int k = 0; k < np; k++)
    {
      int pd = nest->depth[parts[k]];
      if (pd < 0)
        return -1;
      if (pd > d)
        d = pd;
    }
  return d;
}

/* -------------------------------------------------------------------- */
/* Loop variables.  */

static int
add_derived (ix_sched *sc, sch_var_kind kind, int var, int var2, int64_t k,
             int a, int l, const char *tag, ix_diag *d)
{
  if (sc->nsv == SCH_MAX_VARS)
    return ix_fail (d, sc->st.acc[a].tok, sc->st.acc[a].loc,
                     "too many loop variables (at most %d)", SCH_MAX_VARS);
  sch_var *x = &sc->sv[sc->nsv];
  x->kind = kind;
  x->var = var;
  x->var2 = var2;
  x->k = k;
  x->access = a;
  x->level = l;
  char base[IX_NAME_MAX];
  memcpy (base, sc->st.var[var].name, sizeof base);
  snprintf (x->name, sizeof x->name, "%s_%s%d", base, tag, a);
  return sc->nsv++;
}

/* Fill sv, lvl_sv and structured for the formats the accesses are read
   in.  */
static int
build_vars (ix_sched *sc, ix_diag *d)
{
  const ix_stmt *s = &sc->st;
  sc->nsv = s->nvars;
  for (int v = 0; v < s->nvars; v++)
    {
      sch_var *x = &sc->sv[v];
      memset (x, 0, sizeof *x);
      x->kind = SCH_VAR;
      x->var = v;
      x->var2 = -1;
      x->access = -1;
      x->level = -1;
      snprintf (x->name, sizeof x->name, "%s", s->var[v].name);
    }
  for (int a = 0; a < s->naccs; a++)
    {
      const ix_access *acc = &s->acc[a];
      const sp_format *f = &sc->fmt[a];
      sc->structured[a] = 0;
      if (!s->opd[acc->opd].tagged)
        continue;
      for (int l = 0; l < f->nlevels; l++)
        {
          const sp_level_fmt *lv = &f->lv[l];
          int v = acc->var[lv->dim], id;
          switch (lv->kind)
            {
            case SP_LX_VAR:
              id = v;
              if (sp_lvl_is_computed (lv->type))
                sc->structured[a] = 1;
              break;
            case SP_LX_DIV:
              id = add_derived (sc, SCH_BLOCK, v, -1, lv->k, a, l, "b", d);
              break;
            case SP_LX_MOD:
              id = add_derived (sc, SCH_INNER, v, -1, lv->k, a, l, "r", d);
              break;
            case SP_LX_DIFF:
              id = add_derived (sc, SCH_DIAG, v, acc->var[lv->dim2], 0, a, l,
                                "d", d);
              break;
            default:
              id = add_derived (sc, SCH_SLOT, v, -1, 0, a, l, "s", d);
              break;
            }
          if (id < 0)
            return -1;
          if (id >= s->nvars)
            sc->structured[a] = 1;
          sc->lvl_sv[a][l] = id;
        }
    }
  return 0;
}

/* -------------------------------------------------------------------- */
/* Formats.  */

/* -------------------------------------------------------------------- */
/* Graphs.  */

void
sch_edge (sch_graph *g, int u, int w)
{
  if (u != w)
    g->e[u][w] = 1;
}

/* Edges from every loop of index variable U to every loop of W.  */
static void
edge_vars (sch_graph *g, const sch_nest *nest, int u, int w)
{
  int pu[2], pw[2];
  int nu = sch_var_loops (nest, u, pu), nw = sch_var_loops (nest, w, pw);
  for (int a = 0; a < nu; a++)
    for (int b = 0; b < nw; b++)
      sch_edge (g, pu[a], pw[b]);
}

/* The level-order edges of access A over levels [0, NLEV): a sparse level
   (one that stores coordinates) after every level above it, a dense
   level after every sparse level above it.  Computed levels (O) have no
   loop and are skipped.  */
static void
format_edges (const ix_sched *sc, const sch_nest *nest, int a, int nlev,
              sch_graph *g)
{
  const sp_format *f = &sc->fmt[a];
  for (int l2 = 0; l2 < nlev; l2++)
    for (int l1 = 0; l1 < l2; l1++)
      {
        int t1 = f->lv[l1].type, t2 = f->lv[l2].type;
        if (sp_lvl_is_computed (t1) || sp_lvl_is_computed (t2))
          continue;
        if (sp_lvl_is_sparse (t2)
            || (sp_lvl_is_dense (t2) && sp_lvl_is_sparse (t1)))
          {
            int u = sc->lvl_sv[a][l1], w = sc->lvl_sv[a][l2];
            if (u < sc->st.nvars && w < sc->st.nvars)
              edge_vars (g, nest, u, w);
            else
              sch_edge (g, u, w);
          }
      }
}

/* Topological order of the loop variables IN[] under G, choosing among the
   ready ones the smallest KEY (then the smallest id).  Returns the number
   of loops, or -1 when G has a cycle.  */
static int
topo (int nsv, const int *in, const sch_graph *g, const int *key,
      int *order)
{
  int placed[SCH_MAX_VARS] = { 0 }, n = 0, total = 0;
  for (int v = 0; v < nsv; v++)
    total += in[v] != 0;
  while (n < total)
    {
      int best = -1;
      for (int v = 0; v < nsv; v++)
        {
          if (!in[v] || placed[v])
            continue;
          int ready = 1;
          for (int u = 0; u < nsv && ready; u++)
            ready = !(in[u] && g->e[u][v] && !placed[u]);
          if (ready && (best < 0 || key[v] < key[best]))
            best = v;
        }
      if (best < 0)
        return -1;
      placed[best] = 1;
      order[n++] = best;
    }
  return n;
}

/* -------------------------------------------------------------------- */
/* One nest.  */

/* Nonzero when the output is stored sparsely (as the schedule writes it).  */
int
sch_output_sparse (const ix_sched *sc)
{
  return ix_access_sparse (&sc->st, sc->st.out, &sc->fmt[sc->st.out]);
}

/* Compose the index variables covered by structured levels of the
   accesses NEST uses; check that structured operands meet only dense ones
   on their variables.  0, or -1 with W filled (WHY_FORMAT) or D (other
   trouble).  */
static int
compose (const ix_sched *sc, sch_nest *nest, why *w, ix_diag *d)
{
  const ix_stmt *s = &sc->st;
  int owner[IX_MAX_VARS];
  for (int v = 0; v < s->nvars; v++)
    {
      nest->comp[v].kind = SCH_LOOPED;
      nest->comp[v].part_a = nest->comp[v].part_b = -1;
      nest->comp[v].k = 0;
      owner[v] = -1;
    }
  for (int a = 0; a < s->naccs; a++)
    {
      if (!nest->uses_acc[a] || !sc->structured[a])
        continue;
      const sp_format *f = &sc->fmt[a];
      const ix_access *acc = &s->acc[a];
      const char *name = s->opd[acc->opd].name;
      for (int l = 0; l < f->nlevels; l++)
        {
          const sp_level_fmt *lv = &f->lv[l];
          int v = acc->var[lv->dim], sv = sc->lvl_sv[a][l];
          sch_compose *c = &nest->comp[v];
          if (lv->kind != SP_LX_DIV && lv->kind != SP_LX_MOD
              && !(lv->kind == SP_LX_VAR && sp_lvl_is_computed (lv->type)))
            continue;
          if (owner[v] >= 0 && owner[v] != a)
            {
              w->kind = WHY_FORMAT;
              w->convert = a;
              w->other = owner[v];
              return -1;
            }
          owner[v] = a;
          if (lv->kind == SP_LX_DIV)
            {
              c->kind = SCH_SPLIT;
              c->part_a = sv;
              c->k = lv->k;
            }
          else if (lv->kind == SP_LX_MOD)
            {
              c->kind = SCH_SPLIT;
              c->part_b = sv;
            }
          else
            {
              /* The O level follows from the DIFF level on the same
                 dimension and the variable that level subtracts.  */
              int m;
              for (m = 0; m < l; m++)
                if (f->lv[m].kind == SP_LX_DIFF && f->lv[m].dim == lv->dim)
                  break;
              if (m == l)
                return ix_fail (d, acc->tok, acc->loc, "the format of '%s' "
                                 "has an O level without a diagonal level "
                                 "above it", name);
              c->kind = SCH_SHIFTED;
              c->part_a = sc->lvl_sv[a][m];
              c->part_b = acc->var[f->lv[m].dim2];
            }
        }
      for (int v = 0; v < s->nvars; v++)
        if (owner[v] == a && (nest->comp[v].part_a < 0
                              || nest->comp[v].part_b < 0))
          return ix_fail (d, acc->tok, acc->loc, "the format of '%s' splits "
                           "index '%s' without both its block and its "
                           "remainder level", name, s->var[v].name);
      /* A structured operand only meets dense ones on its variables.  */
      for (int b = 0; b < s->naccs; b++)
        {
          if (b == a || !nest->uses_acc[b]
              || !ix_access_sparse (s, b, &sc->fmt[b]))
            continue;
          int shares = 0;
          for (int k = 0; k < acc->nidx; k++)
            for (int m = 0; m < s->acc[b].nidx; m++)
              shares |= acc->var[k] == s->acc[b].var[m];
          if (shares)
            {
              w->kind = WHY_FORMAT;
              w->convert = a;
              w->other = b;
              return -1;
            }
        }
    }
  return 0;
}

/* Loop variables of NEST into IN[].  */
static void
nest_loops (const ix_sched *sc, const sch_nest *nest, int *in)
{
  const ix_stmt *s = &sc->st;
  memset (in, 0, SCH_MAX_VARS * sizeof *in);
  for (int a = 0; a < s->naccs; a++)
    {
      if (!nest->uses_acc[a])
        continue;
      for (int k = 0; k < s->acc[a].nidx; k++)
        {
          int parts[2], np = sch_var_loops (nest, s->acc[a].var[k], parts);
          for (int m = 0; m < np; m++)
            in[parts[m]] = 1;
        }
      for (int sv = s->nvars; sv < sc->nsv; sv++)
        if (sc->sv[sv].access == a)
          in[sv] = 1;
    }
}

/* Priority of each loop variable among the ready ones: loops that walk a
   sparse operand first (dense-only loops innermost, where they are
   contiguous and vectorisable), then output variables before reductions,
   then the derived loops of structured formats (their storage order).  */
static void
loop_keys (const ix_sched *sc, const sch_nest *nest, int *key)
{
  const ix_stmt *s = &sc->st;
  for (int sv = 0; sv < sc->nsv; sv++)
    {
      int derived = sv >= s->nvars, driven = derived;
      int v = sc->sv[sv].var;
      for (int a = 0; a < s->naccs && !driven; a++)
        {
          if (!nest->uses_acc[a] || a == s->out
              || !ix_access_sparse (s, a, &sc->fmt[a]))
            continue;
          for (int l = 0; l < sc->fmt[a].nlevels; l++)
            driven |= sc->lvl_sv[a][l] == sv;
        }
      key[sv] = (driven ? 0 : 4) + (s->var[v].in_output ? 0 : 2)
                + (derived ? 0 : 1);
    }
}

static void
set_order (sch_nest *nest, const int *order, int n)
{
  nest->nloops = n;
  for (int k = 0; k < SCH_MAX_VARS; k++)
    nest->depth[k] = -1;
  for (int k = 0; k < n; k++)
    {
      nest->order[k] = order[k];
      nest->depth[order[k]] = k;
    }
}

/* Schedule NEST computing RHS with ASSIGN, ignoring the storage order of
   access SKIP (-1: none; a candidate for conversion).  0, or -1 with W
   (and D for WHY_HARD) filled.  */
static int
schedule_nest (ix_sched *sc, sch_nest *nest, int rhs, ix_assign assign,
               int skip, why *w, ix_diag *d)
{
  const ix_stmt *s = &sc->st;
  int in[SCH_MAX_VARS], key[SCH_MAX_VARS], order[SCH_MAX_VARS], nl;
  sch_graph fmt, hard, g;

  memset (nest, 0, sizeof *nest);
  memset (w, 0, sizeof *w);
  w->convert = w->other = -1;
  w->rhs = rhs;
  nest->rhs = rhs;
  nest->assign = assign;
  nest->ws_level = -1;
  mark_accesses (s, rhs, nest->uses_acc);
  nest->uses_acc[s->out] = 1;
  if (compose (sc, nest, w, d))
    {
      if (w->kind == WHY_NONE)
        w->kind = WHY_HARD;
      return -1;
    }
  nest_loops (sc, nest, in);
  loop_keys (sc, nest, key);

  memset (&fmt, 0, sizeof fmt);
  for (int a = 0; a < s->naccs; a++)
    if (nest->uses_acc[a] && a != s->out && a != skip
        && ix_access_sparse (s, a, &sc->fmt[a]))
      format_edges (sc, nest, a, sc->fmt[a].nlevels, &fmt);
  for (int k = 0; k < sc->nbefore; k++)
    edge_vars (&fmt, nest, sc->before[k][0], sc->before[k][1]);
  if (topo (sc->nsv, in, &fmt, key, order) < 0)
    {
      w->kind = WHY_FORMAT;
      return -1;
    }
  hard = fmt;
  if (sch_reduction_edges (sc, nest, &hard))
    return ix_fail (d, s->tok, s->loc, "too many nested reductions (at most "
                     "%d)", SCH_MAX_SCOPES);
  if ((nl = topo (sc->nsv, in, &hard, key, order)) < 0)
    {
      w->kind = WHY_SUMS;
      return -1;
    }

  if (s->acc[s->out].nidx == 0)
    nest->out_mode = SCH_OUT_SCALAR;
  else if (s->inplace >= 0)
    nest->out_mode = SCH_OUT_INPLACE;
  else if (!sch_output_sparse (sc))
    nest->out_mode = SCH_OUT_DENSE;
  else
    {
      const sp_format *of = &sc->fmt[s->out];
      int last = of->nlevels - 1;
      /* In storage order, every reduction inside the output's loops.  */
      g = hard;
      format_edges (sc, nest, s->out, of->nlevels, &g);
      sch_register_edges (sc, nest, &g);
      nl = topo (sc->nsv, in, &g, key, order);
      if (nl >= 0)
        nest->out_mode = SCH_OUT_APPEND;
      else if (sp_lvl_is_appendable (of->lv[last].type))
        {
          /* The levels above the last in order, all other loops inside
             them; the last level scattered into a workspace.  */
          g = hard;
          format_edges (sc, nest, s->out, last, &g);
          for (int l = 0; l < last; l++)
            for (int sv = 0; sv < sc->nsv; sv++)
              if (in[sv])
                {
                  int pre = 0;
                  for (int m = 0; m < last; m++)
                    pre |= sc->lvl_sv[s->out][m] == sv;
                  if (!pre)
                    edge_vars (&g, nest, sc->lvl_sv[s->out][l], sv);
                }
          nl = topo (sc->nsv, in, &g, key, order);
          nest->out_mode = SCH_OUT_WORKSPACE;
          nest->ws_level = last;
        }
      if (nl < 0)
        {
          nl = topo (sc->nsv, in, &hard, key, order);
          set_order (nest, order, nl);
          w->kind = WHY_OUTPUT;
          sch_format_in_order (sc, s->out, nest->depth, &w->target);
          w->have_target = 1;
          return -1;
        }
    }
  set_order (nest, order, nl);
  if (sch_make_scopes (sc, nest)
      || (nest->out_mode == SCH_OUT_APPEND && nest->mode != SCH_REGISTER))
    {
      w->kind = WHY_SUMS;
      return -1;
    }
  return 0;
}

/* Schedule the nest computing W->RHS without the storage orders of all
   its plain sparse operands; convert the last one whose format does not
   follow the order found.  */
static void
convert_to_free_order (ix_sched *sc, ix_assign assign, why *w, ix_diag *d,
                  const int *uses)
{
  const ix_stmt *s = &sc->st;
  ix_sched_saved saved;
  sch_nest tmp;
  why w2;
  saved.n = 0;
  for (int c = 0; c < s->naccs; c++)
    if (uses[c] && c != s->out && c != sc->old_out && !sc->structured[c]
        && ix_access_sparse (s, c, &sc->fmt[c]))
      {
        saved.acc[saved.n] = c;
        saved.fmt[saved.n++] = sc->fmt[c];
        /* Dense for the trial: all levels D.  */
        for (int l = 0; l < sc->fmt[c].nlevels; l++)
          sc->fmt[c].lv[l].type = SP_LVL_D;
      }
  int rc = schedule_nest (sc, &tmp, w->rhs, assign, -1, &w2, d);
  for (int k = 0; k < saved.n; k++)
    sc->fmt[saved.acc[k]] = saved.fmt[k];
  if (rc)
    return;
  for (int k = saved.n - 1; k >= 0; k--)
    {
      int c = saved.acc[k];
      sp_format f;
      sch_format_in_order (sc, c, tmp.depth, &f);
      if (sp_format_equal (&f, &sc->fmt[c]))
        continue;
      w->kind = WHY_FORMAT;
      w->convert = c;
      w->target = f;
      w->have_target = 1;
      w->other = -1;
      for (int a = 0; a < s->naccs && w->other < 0; a++)
        if (a != c && (uses[a] || a == s->out)
            && ix_access_sparse (s, a, &sc->fmt[a]))
          w->other = a;
      return;
    }
}

static int rows_in_workspace (ix_sched *sc, sch_nest *nest, int skip,
                              ix_diag *d);

/* Find an access whose storage order blocks the nest computing W->RHS
   with ASSIGN: the last sparse operand (not a structured one, not the old
   output) without which the nest schedules.  Fill W with it, the format it
   would need and an access it conflicts with.  */
static void
find_conversion (ix_sched *sc, ix_assign assign, int allow, why *w,
                 ix_diag *d)
{
  const ix_stmt *s = &sc->st;
  sch_nest tmp;
  int uses[IX_MAX_ACCESSES] = { 0 };
  mark_accesses (s, w->rhs, uses);
  for (int c = s->naccs - 1; c >= 0; c--)
    {
      why w2;
      if (!uses[c] || c == s->out || c == sc->old_out || sc->structured[c]
          || !ix_access_sparse (s, c, &sc->fmt[c]))
        continue;
      if (schedule_nest (sc, &tmp, w->rhs, assign, c, &w2, d)
          && (w2.kind != WHY_SUMS || rows_in_workspace (sc, &tmp, c, d)))
        continue;
      w->kind = WHY_FORMAT;
      w->convert = c;
      sch_format_in_order (sc, c, tmp.depth, &w->target);
      w->have_target = 1;
      w->other = -1;
      /* Name a sparse operand (or the output) it shares an index with.  */
      for (int a = 0; a < s->naccs && w->other < 0; a++)
        if (a != c && (uses[a] || a == s->out)
            && ix_access_sparse (s, a, &sc->fmt[a]))
          for (int k = 0; k < s->acc[a].nidx; k++)
            for (int m = 0; m < s->acc[c].nidx; m++)
              if (s->acc[a].var[k] == s->acc[c].var[m])
                w->other = a;
      return;
    }
  /* No single one: read every sparse operand that disagrees with the
     order found without any of them in that order, starting with the
     last (the caller asks again for the others).  When only the output's
     order is in the way, its format is the better advice: not for
     refusals.  */
  if (allow || w->kind != WHY_OUTPUT)
    convert_to_free_order (sc, assign, w, d, uses);
}

/* The terms of the additive top of E with their signs.  */
static int
collect_terms (const ix_stmt *s, int e, int sign, int *terms, int *signs,
               int n)
{
  const ix_expr *x = &s->expr[e];
  if (n < 0)
    return n;
  if (x->op == IX_ADD || x->op == IX_SUB)
    {
      n = collect_terms (s, x->a, sign, terms, signs, n);
      return collect_terms (s, x->b, x->op == IX_SUB ? -sign : sign, terms,
                            signs, n);
    }
  if (x->op == IX_NEG)
    return collect_terms (s, x->a, -sign, terms, signs, n);
  if (n == SCH_MAX_NESTS)
    return -1;
  terms[n] = e;
  signs[n] = sign;
  return n + 1;
}

/* E without the negations on top of it (exact: they do not change
   rounding).  */
static int
unnegated (const ix_stmt *s, int e)
{
  while (s->expr[e].op == IX_NEG)
    e = s->expr[e].a;
  return e;
}

/* Whether the sum E adds its terms one at a time from the left,
   ((t0 + t1) + t2) + ..., with term REST (as collect_terms gives it) t0
   or t1: a workspace that holds REST, then adds the other terms in order,
   rounds as E does (negations aside, which are exact).  */
static int
adds_in_order (const ix_stmt *s, int e, int rest)
{
  int lowest = -1;  /* the right term of the lowest sum so far: t1 */
  for (e = unnegated (s, e);
       s->expr[e].op == IX_ADD || s->expr[e].op == IX_SUB;
       e = unnegated (s, s->expr[e].a))
    {
      lowest = unnegated (s, s->expr[e].b);
      if (s->expr[lowest].op == IX_ADD || s->expr[lowest].op == IX_SUB)
        return 0;
    }
  return rest == e || rest == lowest;
}

/* Whether access A stores the output's rows as the output does: the same
   levels over the same loop variables, all dense but the last,
   compressed.  */
static int
row_like (const ix_sched *sc, int a)
{
  const ix_stmt *s = &sc->st;
  const sp_format *f = &sc->fmt[s->out], *g = &sc->fmt[a];
  if (a == s->out || !s->opd[s->acc[a].opd].tagged
      || g->nlevels != f->nlevels || sc->structured[a])
    return 0;
  for (int l = 0; l < f->nlevels; l++)
    if (g->lv[l].type != f->lv[l].type
        || sc->lvl_sv[a][l] != sc->lvl_sv[s->out][l])
      return 0;
  return 1;
}

/* A sum into a sparse C whose levels above the last are dense, when its
   terms cannot share loops (C += A B, C = A B + D in Gustavson's
   order): the one term that is not a plain access stored like C goes
   into NEST with a workspace (ignoring the order of access SKIP, as
   schedule_nest); the rows of the others are added to it after that
   term's products, in the order of the sum, the old C last, which rounds
   as the dense program does (so more than one besides the old C only
   where the sum adds its terms in that order: adds_in_order).  0 when
   that schedules; 1 or -1 with D filled otherwise.  */
static int
rows_in_workspace (ix_sched *sc, sch_nest *nest, int skip, ix_diag *d)
{
  ix_stmt *s = &sc->st;
  const sp_format *f = &sc->fmt[s->out];
  if (!sch_output_sparse (sc)
      || !sp_lvl_is_appendable (f->lv[f->nlevels - 1].type)
      || !sp_format_dense_upto (f, f->nlevels - 1))
    return 1;
  int terms[SCH_MAX_NESTS], signs[SCH_MAX_NESTS];
  int n = collect_terms (s, s->rhs, 1, terms, signs, 0);
  int rows[SCH_MAX_NESTS], rsign[SCH_MAX_NESTS], nrows = 0, rest = -1;
  int others = 0;
  for (int t = 0; t < n; t++)
    {
      const ix_expr *x = &s->expr[terms[t]];
      if (x->op == IX_ACCESS && row_like (sc, x->access))
        {
          others += x->access != sc->old_out;
          rows[nrows] = x->access;
          rsign[nrows++] = signs[t];
        }
      else if (rest >= 0)
        return 1;
      else
        rest = t;
    }
  /* More than one term besides the old entries: only where the
     workspace adds them in the order of the sum (the old entries, put in
     front by C +=, go last: addition commutes exactly).  */
  int sum = sc->old_out >= 0 ? s->expr[s->rhs].b : s->rhs;
  if (n < 2 || rest < 0 || nrows == 0
      || (others > 1 && !adds_in_order (s, sum, terms[rest])))
    return 1;
  int e = terms[rest];
  if (signs[rest] < 0)
    {
      e = ix_add_op (s, IX_NEG, e, -1, s->tok, s->loc, d);
      if (e < 0)
        return -1;
    }
  why w;
  if (schedule_nest (sc, nest, e, IX_SET, skip, &w, d)
      || nest->out_mode != SCH_OUT_WORKSPACE || nest->ws_level < 1)
    return 1;
  /* The old C last; a row first where the program adds a
     floating-point sum's terms into it one by one (C[i][j] += A[i][k] *
     B[k][j], a step of its accumulation, ix_expr.seeded).  */
  const ix_expr *top = &s->expr[s->rhs], *tx = &s->expr[terms[rest]];
  ix_type t = ix_expr_type (s, terms[rest]);
  nest->ws_row_first = nrows == 1 && (top->op == IX_ADD || top->op == IX_SUB)
                       && top->seeded && top->b == terms[rest]
                       && tx->op == IX_SUM && !tx->apart && !sc->reassoc
                       && ix_type_is_float (t);
  nest->nws_rows = 0;
  for (int pass = 0; pass < 2; pass++)
    for (int r = 0; r < nrows; r++)
      if ((rows[r] == sc->old_out) == pass)
        {
          nest->ws_row[nest->nws_rows] = rows[r];
          nest->ws_sign[nest->nws_rows++] = rsign[r];
          nest->uses_acc[rows[r]] = 1;
        }
  return 0;
}

/* Whether one nest per additive term of E (collect_terms) adds the
   terms as the program does, each into what the nests before it left:
   a step of an accumulation (ix_expr.seeded, not apart) adds its terms
   so; another sum only at the top of a value set (SET), and when its
   right operand is one term, ((a + b) - c) as y = a; y += b; y -= c.  */
static int
splits_in_order (const ix_stmt *s, int e, int set)
{
  const ix_expr *x = &s->expr[e];
  if (x->op == IX_NEG)
    {
      int a = unnegated (s, x->a);
      return s->expr[a].op != IX_ADD && s->expr[a].op != IX_SUB;
    }
  if (x->op != IX_ADD && x->op != IX_SUB)
    return 1;
  if (x->seeded && !x->apart)
    return splits_in_order (s, x->a, set) && splits_in_order (s, x->b, 0);
  int b = unnegated (s, x->b);
  return set && splits_in_order (s, x->a, 1)
         && s->expr[b].op != IX_ADD && s->expr[b].op != IX_SUB;
}

/* Split a dense output's statement into one nest per additive term,
   where that keeps the order of a loop nest's floating-point sum
   (splits_in_order) or the order is not the program's (a pragma's sum)
   or does not matter.  */
static int
split_terms (ix_sched *sc, why *w, ix_diag *d)
{
  ix_stmt *s = &sc->st;
  int terms[SCH_MAX_NESTS], signs[SCH_MAX_NESTS];
  int n = collect_terms (s, s->rhs, 1, terms, signs, 0);
  ix_type t = ix_expr_type (s, s->rhs);
  if (n < 2
      || (ix_type_is_float (t) && !sc->reassoc && s->from_loops
          && !splits_in_order (s, s->rhs, s->assign == IX_SET)))
    return 1;
  int outsign = s->assign == IX_SUB_SET ? -1 : 1;
  for (int t = 0; t < n; t++)
    {
      int sign = outsign * signs[t], rhs = terms[t];
      ix_assign assign;
      if (t == 0 && s->assign == IX_SET)
        {
          assign = IX_SET;
          if (sign < 0)
            {
              rhs = ix_add_op (s, IX_NEG, rhs, -1, s->expr[rhs].tok,
                               s->expr[rhs].loc, d);
              if (rhs < 0)
                return -1;
            }
        }
      else
        assign = sign < 0 ? IX_SUB_SET : IX_ADD_SET;
      if (schedule_nest (sc, &sc->nest[t], rhs, assign, -1, w, d))
        {
          sc->nnests = 0;
          return -1;
        }
    }
  sc->nnests = n;
  return 0;
}

/* Name access A for messages: "'B'", or "'A' (as A(j,i))" when its
   operand is read more than once.  */
static char *
access_name (const ix_sched *sc, int a, char *buf, size_t len)
{
  const ix_stmt *s = &sc->st;
  int count = 0;
  for (int b = 0; b < s->naccs; b++)
    count += s->acc[b].opd == s->acc[a].opd && b != sc->old_out;
  if (count < 2)
    snprintf (buf, len, "'%s'", s->opd[s->acc[a].opd].name);
  else
    {
      char idx[64] = "";
      for (int k = 0; k < s->acc[a].nidx; k++)
        {
          size_t m = strlen (idx);
          snprintf (idx + m, sizeof idx - m, "%s%s", k ? "," : "",
                    s->var[s->acc[a].var[k]].name);
        }
      snprintf (buf, len, "'%s' (as %s(%s))", s->opd[s->acc[a].opd].name,
                s->opd[s->acc[a].opd].name, idx);
    }
  return buf;
}

/* Explain W as a refusal into D.  */
static int
refuse (const ix_sched *sc, const why *w, ix_diag *d)
{
  const ix_stmt *s = &sc->st;
  char f1[96], f2[96], ft[96], n1[96], n2[96];
  const ix_access *out = &s->acc[s->out];
  const char *oname = s->opd[out->opd].name;
  int tok = s->tok;
  unsigned loc = s->loc;
  switch (w->kind)
    {
    case WHY_FORMAT:
      /* Parts of the statement may each need a conversion of their
         own.  */
      if (w->convert < 0 && d)
        d->split = 1;
      if (w->convert < 0)
        return ix_fail (d, tok, loc, "no loop order follows the storage "
                         "order of every sparse operand, and no single "
                         "conversion fixes it: store the operands in "
                         "compatible formats");
      tok = s->acc[w->convert].tok;
      loc = s->acc[w->convert].loc;
      access_name (sc, w->convert, n2, sizeof n2);
      sch_format_name (&sc->fmt[w->convert], f2, sizeof f2);
      sch_format_name (&w->target, ft, sizeof ft);
      if (sc->structured[w->convert] && w->other < 0)
        return ix_fail (d, tok, loc, "%s is stored as %s, whose loops "
                         "cannot be ordered for this expression; store %s "
                         "as %s", n2, f2, n2, ft);
      if (sc->structured[w->convert])
        return ix_fail (d, tok, loc, "%s is stored as %s, which combines "
                         "with dense operands only (it meets the sparse %s); "
                         "store %s as %s", n2, f2,
                         access_name (sc, w->other, n1, sizeof n1), n2, ft);
      if (w->other < 0)
        return ix_fail (d, tok, loc, "the loops this expression needs do "
                         "not follow the storage of %s (%s); store it as %s",
                         n2, f2, ft);
      access_name (sc, w->other, n1, sizeof n1);
      sch_format_name (&sc->fmt[w->other], f1, sizeof f1);
      return ix_fail (d, tok, loc, "%s is %s and %s is %s: no loop order "
                       "follows both; store %s as %s", n1, f1, n2, f2, n2,
                       ft);
    case WHY_SUMS:
      if (d)
        d->split = 1;
      if (sc->old_out >= 0)
        return ix_fail (d, tok, loc, "'%s' is sparse and its old entries "
                         "cannot be merged with these sums in one loop nest: "
                         "compute the sums into another sparse array and add "
                         "it, or use a dense output", oname);
      if (sch_output_sparse (sc) && s->from_loops)
        return ix_fail (d, tok, loc, "the sums of this statement cannot "
                         "share one loop order and '%s' is sparse: compute "
                         "each sum in a loop nest of its own, or make '%s' "
                         "dense", oname, oname);
      if (sch_output_sparse (sc))
        return ix_fail (d, tok, loc, "the sums of this expression cannot "
                         "share one loop nest and '%s' is sparse: write them "
                         "as separate einsums or use a dense output", oname);
      if (s->from_loops)
        return ix_fail (d, tok, loc, "the sums of this statement cannot "
                         "share one loop order that follows the storage of "
                         "its operands: compute each sum in a loop nest of "
                         "its own");
      return ix_fail (d, tok, loc, "the sums of this expression cannot "
                       "share one loop nest in the storage order of its "
                       "operands: write them as separate einsums");
    case WHY_OUTPUT:
      if (d)
        d->split = 1;
      sch_format_name (&sc->fmt[s->out], f1, sizeof f1);
      sch_format_name (&w->target, ft, sizeof ft);
      return ix_fail (d, out->tok, out->loc, "the loops produce '%s' out of "
                       "its storage order (%s) and no workspace fits: store "
                       "it as %s, or make it dense", oname, f1, ft);
    default:
      return -1;
    }
}

/* Plan all nests for the current formats (ALLOW: conversions will be
   made, not merely advised).  0; 1 when W asks for a
   conversion; -1 with D filled.  */
static int
plan (ix_sched *sc, int allow, why *w, ix_diag *d)
{
  ix_stmt *s = &sc->st;
  if (build_vars (sc, d))
    return -1;
  if (schedule_nest (sc, &sc->nest[0], s->rhs, s->assign, -1, w, d) == 0)
    {
      sc->nnests = 1;
      return 0;
    }
  if (w->kind == WHY_SUMS && !sch_output_sparse (sc))
    {
      /* One nest per additive term; a term may fail in its own way.  */
      if (split_terms (sc, w, d) == 0)
        return 0;
    }
  if (w->kind == WHY_HARD)
    return -1;
  if (w->kind == WHY_SUMS && rows_in_workspace (sc, &sc->nest[0], -1, d) == 0)
    {
      sc->nnests = 1;
      return 0;
    }
  if (w->kind == WHY_FORMAT && w->convert >= 0)
    {
      /* A structured operand: read it in a plain format.  */
      int depth[SCH_MAX_VARS];
      for (int k = 0; k < SCH_MAX_VARS; k++)
        depth[k] = k;
      sch_format_in_order (sc, w->convert, depth, &w->target);
      w->have_target = 1;
      return 1;
    }
  why w2 = *w;
  find_conversion (sc, s->assign, allow, &w2, d);
  if (w2.convert >= 0)
    {
      *w = w2;
      return 1;
    }
  /* Last, a structured operand's own loops may be what cannot be
     ordered: read it in a plain format.  */
  int uses[IX_MAX_ACCESSES] = { 0 };
  mark_accesses (s, w->rhs, uses);
  for (int c = s->naccs - 1; c >= 0; c--)
    if (uses[c] && sc->structured[c])
      {
        int depth[SCH_MAX_VARS];
        for (int k = 0; k < SCH_MAX_VARS; k++)
          depth[k] = k;
        w->kind = WHY_FORMAT;
        w->convert = c;
        w->other = -1;
        sch_format_in_order (sc, c, depth, &w->target);
        w->have_target = 1;
        return 1;
      }
  return refuse (sc, w, d);
}

/* An output read where earlier rows wrote it (ix_stmt.carried) needs its
   rows in order, each written after its sums: one nest, the output's
   loop outermost, its sums in registers.  */
static int
check_carried (const ix_sched *sc, ix_diag *d)
{
  const ix_stmt *s = &sc->st;
  const ix_access *o = &s->acc[s->out];
  if (!s->carried || (sc->nnests == 1 && sc->nest[0].order[0] == o->var[0]
                      && sc->nest[0].mode == SCH_REGISTER
                      && sc->nest[0].out_mode == SCH_OUT_DENSE))
    return 0;
  return ix_fail (d, o->tok, o->loc, "output %s is read at an inner loop's "
                  "index, as earlier iterations left it: the sparse loops "
                  "would need its index outermost, in order, each element "
                  "written after its sums, which the formats or the sums "
                  "here do not allow; compute into another array",
                  s->opd[o->opd].name);
}

/* An output read at the element it writes (ix_stmt.own_read), or an
   array whose elements take a maximum or a minimum (ix_stmt.pick),
   needs each element written once, after its sums: one nest, its sums
   in registers, written densely.  */
static int
check_own_read (const ix_sched *sc, ix_diag *d)
{
  const ix_stmt *s = &sc->st;
  const ix_access *o = &s->acc[s->out];
  int picks = s->pick != IX_PICK_NONE && o->nidx > 0;
  if ((s->own_read < 0 && !picks)
      || (sc->nnests == 1 && sc->nest[0].mode == SCH_REGISTER
          && sc->nest[0].out_mode == SCH_OUT_DENSE))
    return 0;
  if (picks)
    return ix_fail (d, o->tok, o->loc, "%s takes a %s at each element, "
                    "whose values the sparse loops would need element "
                    "after element, each in the dense loops' order, "
                    "which the formats here do not allow: store "
                    "the matrix in the order of the loops (CSC for the "
                    "maxima of its columns)", s->opd[o->opd].name,
                    ix_pick_what (s->pick));
  return ix_fail (d, o->tok, o->loc, "output %s is also read at the element "
                  "it is set to: the sparse loops would need each element "
                  "written once, after its sums, which the formats or the "
                  "sums here do not allow; compute the sums into another "
                  "array first", s->opd[o->opd].name);
}

int
ix_schedule (const ix_stmt *s, const ix_sched_opts *opts, ix_sched *out,
             ix_diag *d)
{
  memset (out, 0, sizeof *out);
  out->st = *s;
  out->old_out = -1;
  if (opts)
    {
      out->nbefore = opts->nbefore;
      memcpy (out->before, opts->before, sizeof out->before);
      out->reassoc = opts->reassoc;
      out->merge_only = opts->merge_only;
    }
  ix_stmt *st = &out->st;
  for (int a = 0; a < st->naccs; a++)
    {
      out->conv_of[a] = -1;
      if (st->opd[st->acc[a].opd].tagged)
        out->fmt[a] = st->opd[st->acc[a].opd].fmt;
    }
  if (sch_output_sparse (out) && st->assign != IX_SET)
    {
      /* C += e reads the old C: C = C_old + e, into fresh arrays.  */
      const ix_access *o = &st->acc[st->out];
      int old = ix_add_access (st, o->opd, o->nidx, o->var, o->tok, o->loc,
                               d);
      int leaf = old < 0 ? -1 : ix_add_leaf (st, old, d);
      int rhs = leaf < 0 ? -1
                : ix_add_op (st, st->assign == IX_ADD_SET ? IX_ADD : IX_SUB,
                             leaf, st->rhs, st->tok, st->loc, d);
      if (rhs < 0)
        return -1;
      /* E goes into C_old as += adds it (a step, ix_expr.seeded).  */
      st->expr[rhs].seeded = 1;
      out->fmt[old] = out->fmt[st->out];
      out->conv_of[old] = -1;
      out->old_out = old;
      st->rhs = rhs;
      st->assign = IX_SET;
    }
  /* An output updated in place keeps its format and pattern.  */
  int inplace = st->inplace >= 0;
  int rows = opts && opts->write_rows && sch_output_sparse (out)
             && st->acc[st->out].nidx > 1 && !inplace
             && !sp_lvl_is_dense (out->fmt[st->out].lv[0].type);
  if ((!sch_output_writable (out) || rows) && !inplace && opts
      && opts->allow_convert)
    {
      /* Written in a format the loops can write, converted at the end;
         a += reads the old entries from that copy.  */
      sch_conv *c = &out->conv[out->nconv];
      c->access = st->out;
      sch_writable_format (&out->fmt[st->out], rows, &c->fmt);
      sp_format_print (&c->fmt, c->spelling, sizeof c->spelling);
      out->conv_of[st->out] = out->nconv;
      out->fmt[st->out] = c->fmt;
      if (out->old_out >= 0)
        {
          out->conv_of[out->old_out] = out->nconv;
          out->fmt[out->old_out] = c->fmt;
        }
      out->nconv++;
    }
  if (!inplace && sch_check_output_format (out, d))
    return -1;
  int derived = 0;
  const sp_format *of = &out->fmt[st->out];
  for (int l = 0; l < of->nlevels; l++)
    derived |= of->lv[l].kind != SP_LX_VAR
               || sp_lvl_is_computed (of->lv[l].type);
  if (inplace && derived)
    {
      const ix_access *o = &st->acc[st->out];
      char buf[96];
      return ix_fail (d, o->tok, o->loc, "'%s' is stored as %s, whose values "
                      "the loops update in place only in a format without "
                      "derived levels (CSR, CSC, DCSR, COO, CSF ...)",
                      st->opd[o->opd].name,
                      sch_format_name (&out->fmt[st->out], buf, sizeof buf));
    }
  /* Each operand may be converted twice: a structured one first into a
     plain format, then into the order the others need.  */
  for (int attempt = 0; attempt <= 2 * st->naccs; attempt++)
    {
      why w;
      memset (&w, 0, sizeof w);
      w.convert = w.other = -1;
      int rc = plan (out, opts && opts->allow_convert, &w, d);
      if (rc <= 0)
        return rc < 0 ? rc : check_carried (out, d) ? -1
               : check_own_read (out, d);
      if (!opts || !opts->allow_convert || w.convert == st->out
          || w.convert == st->inplace)
        return refuse (out, &w, d);
      /* An operand converted already (a structured one read in a plain
         format) is converted straight into the format now asked for.  */
      int ci = out->conv_of[w.convert];
      char spelling[sizeof out->conv[0].spelling];
      sp_format_print (&w.target, spelling, sizeof spelling);
      if (ci >= 0 && strcmp (out->conv[ci].spelling, spelling) == 0)
        return refuse (out, &w, d);
      sch_conv *c = &out->conv[ci >= 0 ? ci : out->nconv];
      c->access = w.convert;
      c->fmt = w.target;
      memcpy (c->spelling, spelling, sizeof spelling);
      if (ci < 0)
        out->conv_of[w.convert] = out->nconv++;
      out->fmt[w.convert] = w.target;
    }
  return ix_fail (d, s->tok, s->loc, "no loop order found");
}

/* -------------------------------------------------------------------- */
/* Printing.  */

char *
sch_print_order (const ix_sched *sc, int n, char *buf, size_t len)
{
  const sch_nest *nest = &sc->nest[n];
  size_t m = 0;
  if (len)
    buf[0] = 0;
  for (int k = 0; k < nest->nloops && m < len; k++)
    {
      snprintf (buf + m, len - m, "%s%s", k ? ", " : "",
                sc->sv[nest->order[k]].name);
      m = strlen (buf);
    }
  return buf;
}

void
sch_dump (const ix_sched *sc, FILE *f)
{
  static const char *const out_mode[] = { "dense", "scalar", "append",
                                          "workspace", "in place" };
  static const char *const kind[] = { "var", "block", "inner", "diag",
                                      "slot" };
  char buf[256];
  fprintf (f, "schedule: %s\n", ix_print (&sc->st, buf, sizeof buf));
  for (int sv = 0; sv < sc->nsv; sv++)
    fprintf (f, "  loopvar %d %s: %s of %s\n", sv, sc->sv[sv].name,
             kind[sc->sv[sv].kind], sc->st.var[sc->sv[sv].var].name);
  for (int c = 0; c < sc->nconv; c++)
    fprintf (f, "  convert acc %d to %s\n", sc->conv[c].access,
             sc->conv[c].spelling);
  for (int n = 0; n < sc->nnests; n++)
    {
      const sch_nest *nest = &sc->nest[n];
      static const char *const assign[] = { "=", "+=", "-=" };
      fprintf (f, "  nest %d: %s %s  order %s  out %s  %s\n", n,
               assign[nest->assign],
               ix_print_expr (&sc->st, nest->rhs, buf, sizeof buf),
               sch_print_order (sc, n, buf + 128, sizeof buf - 128),
               out_mode[nest->out_mode],
               nest->mode == SCH_REGISTER ? "register" : "scatter");
    }
}
