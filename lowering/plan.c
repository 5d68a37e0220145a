/* plan.c -- from a statement to its kernel, avoiding loops whose work is
   out of proportion to the nonzeros (see plan.h).  */

#include <stdlib.h>
#include <string.h>
#include "level_types.h"
#include "plan.h"

/* Whether access A of SC stores loop variables SV0 and SV1 densely
   together: a dense operand (or the dense output) indexed by both, or D
   levels of a tagged one.  */
static int
dense_pair (const ix_sched *sc, int a, int sv0, int sv1)
{
  const ix_stmt *s = &sc->st;
  const ix_operand *o = &s->opd[s->acc[a].opd];
  if (!o->tagged || sp_format_dense_upto (&sc->fmt[a], sc->fmt[a].nlevels))
    {
      /* A derived loop variable (a block row) is part of its index
         variable.  */
      int v0 = sv0 < s->nvars ? sv0 : sc->sv[sv0].var;
      int v1 = sv1 < s->nvars ? sv1 : sc->sv[sv1].var;
      int h0 = 0, h1 = 0;
      for (int d = 0; d < s->acc[a].nidx; d++)
        {
          h0 |= s->acc[a].var[d] == v0;
          h1 |= s->acc[a].var[d] == v1;
        }
      if (h0 && h1)
        return 1;
    }
  if (!o->tagged)
    return 0;
  int h0 = 0, h1 = 0;
  for (int l = 0; l < sc->fmt[a].nlevels; l++)
    if (sp_lvl_is_dense (sc->fmt[a].lv[l].type))
      {
        h0 |= sc->lvl_sv[a][l] == sv0;
        h1 |= sc->lvl_sv[a][l] == sv1;
      }
  return h0 && h1;
}

int
lir_dense_product (const ix_sched *sc, const lir_kernel *k, int *sv0,
                   int *sv1)
{
  for (int n = 0; n < sc->nnests; n++)
    {
      const sch_nest *nest = &sc->nest[n];
      /* A right-hand side of constants and scalars fills the output
         densely: the work is the output's size.  */
      int reads = 0;
      for (int a = 0; a < sc->st.naccs; a++)
        reads |= a != sc->st.out && nest->uses_acc[a]
                 && sc->st.opd[sc->st.acc[a].opd].kind != IX_OPD_SCALAR;
      for (int d = 0; reads && d + 1 < nest->nloops && d + 1 < SCH_MAX_VARS;
           d++)
        {
          if (k->loop_kind[n][d] != LIR_LOOP_DENSE
              || k->loop_kind[n][d + 1] != LIR_LOOP_DENSE)
            continue;
          int u = nest->order[d], w = nest->order[d + 1], ok = 0;
          for (int a = 0; a < sc->st.naccs && !ok; a++)
            ok = nest->uses_acc[a] && dense_pair (sc, a, u, w);
          if (ok)
            continue;
          *sv0 = u;
          *sv1 = w;
          return n;
        }
    }
  return -1;
}

/* IX scheduled with OPTS and built, the kernel owning its schedule;
   NULL with D filled.  */
static lir_kernel *
build (const ix_stmt *ix, const ix_sched_opts *opts, ix_diag *d)
{
  ix_sched *sc = calloc (1, sizeof *sc);
  if (!sc)
    {
      ix_fail (d, -1, 0, "out of memory");
      return NULL;
    }
  lir_kernel *k = ix_schedule (ix, opts, sc, d) ? NULL : lir_build (sc, d);
  if (!k)
    {
      free (sc);
      return NULL;
    }
  k->own_sc = sc;
  return k;
}

/* Whether K has a pair of dense loops no operand stores densely.  */
static int
dense_pairs (const lir_kernel *k)
{
  int u, w;
  return lir_dense_product (k->sc, k, &u, &w) >= 0;
}

/* K unless CANDIDATE, planned another way, has no such pair where K has:
   then CANDIDATE.  The other is freed.  */
static lir_kernel *
better (lir_kernel *k, lir_kernel *candidate)
{
  if (candidate && !dense_pairs (candidate))
    {
      lir_free (k);
      return candidate;
    }
  lir_free (candidate);
  return k;
}

/* ix_plan without the output written under dense rows.  */
static lir_kernel *
reorder (const ix_stmt *ix, const ix_sched_opts *opts, ix_diag *d)
{
  lir_kernel *k = build (ix, opts, d);
  int u, w, n;
  if (!k || !opts || !opts->allow_convert
      || opts->nbefore >= SCH_MAX_BEFORE
      || (n = lir_dense_product (k->sc, k, &u, &w)) < 0)
    return k;
  /* Some loop inside the pair that walks sparse storage, moved above the
     inner one of the pair (an inner-product SpGEMM becomes Gustavson's,
     the operand stored the other way converted).  Index variables only:
     derived loops follow theirs.  */
  const sch_nest *nest = &k->sc->nest[n];
  int depth = nest->depth[w], nloops = nest->nloops;
  int order[SCH_MAX_VARS];
  memcpy (order, nest->order, sizeof order);
  for (int inner = depth + 1; inner < nloops; inner++)
    {
      int x = order[inner];
      if (x >= k->sc->st.nvars || w >= k->sc->st.nvars
          || k->loop_kind[n][inner] == LIR_LOOP_DENSE)
        continue;
      ix_sched_opts moved = *opts;
      moved.before[moved.nbefore][0] = x;
      moved.before[moved.nbefore][1] = w;
      moved.nbefore++;
      ix_diag ignored;
      memset (&ignored, 0, sizeof ignored);
      lir_kernel *candidate = build (ix, &moved, &ignored);
      if (candidate && !dense_pairs (candidate))
        return better (k, candidate);
      lir_free (candidate);
    }
  return k;
}

lir_kernel *
ix_plan (const ix_stmt *ix, const ix_sched_opts *opts, ix_diag *d)
{
  lir_kernel *k = reorder (ix, opts, d);
  if (!k || !opts || !opts->allow_convert || opts->write_rows
      || !dense_pairs (k))
    return k;
  /* A sparse += keeps the old entries in Gustavson's order only under
     dense rows: an output whose first level is compressed (DCSR) is
     written as CSR then.  */
  ix_sched_opts rows = *opts;
  rows.write_rows = 1;
  ix_diag ignored;
  memset (&ignored, 0, sizeof ignored);
  return better (k, reorder (ix, &rows, &ignored));
}
