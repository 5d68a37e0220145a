/* loopgen-diag.c -- a diagonal read through the positions the runtime
   keeps with its matrix.

   A(i,i) reaches the index notation as a locate, sum(j, j == i ? A(i,j) :
   0), whose loop over row i's entries a binary search cuts to the one
   coordinate i (loopgen-range.c): some six dependent steps a row, where
   the dense program makes one load.  The runtime keeps, with a matrix
   whose last level is compressed, the position of each row's diagonal
   entry (sp_kdiag, runtime/diag.c), made once and kept until the arrays
   change; the kernel asks for it once, before its loops, and reads the
   row's range from it: [p, p + 1) where p = diag[i] >= 0, else empty.
   Where the runtime keeps none (a hypersparse matrix), the search
   runs.  Either way every position of the range holds coordinate i,
   which the loop then takes without loading it (loopgen.c, iter.known),
   and the locate's register takes its one entry (loopgen-output.c,
   takes_alone).  */

#include "level_types.h"
#include "loopgen-int.h"

/* Whether level L of access A, iterated over loop SV's variable under
   expression E, is the second level of a matrix read at one coordinate,
   the first level's: A(i,j) where j == i.  */
static int
is_diagonal (gen *g, int e, int a, int l, int sv, const state *st)
{
  int t = g->tensor_of[a];
  if (t < 0 || t == g->k->out_tensor || l != 1 || !g->pre)
    return 0;
  const sp_format *f = &g->k->tensors[t].fmt;
  int v = g->sc->lvl_sv[a][0];
  return f->nlevels == 2 && f->lv[0].kind == SP_LX_VAR
         && f->lv[1].kind == SP_LX_VAR && sp_lvl_is_unique (f->lv[0].type)
         && !sp_lvl_is_singleton (f->lv[0].type)
         && sp_lvl_is_unique (f->lv[1].type)
         && lg_searchable (g, a, 1) && v < g->s->nvars && st->ix_val[v] >= 0
         && lg_range_key (g, e, a, sv, st) == v;
}

block *
lg_diag_open (gen *g, int e, int a, int l, int sv, const state *st,
              block *b, lg_diag *dg)
{
  lir_kernel *k = g->k;
  dg->choice = -1;
  if (!is_diagonal (g, e, a, l, sv, st))
    return b;
  int t = g->tensor_of[a];
  char name[64];
  if (g->diag[t] < 0)
    {
      int h = lir_leaf (k, LIR_HANDLE, LIR_PTR, -1, t, -1);
      snprintf (name, sizeof name, "%s_diag", k->tensors[t].name);
      g->diag[t] = lg_decl (g, g->pre, LIR_PTR, name,
                            lir_rtcall (k, LIR_RT_KDIAG, 1, &h));
    }
  snprintf (name, sizeof name, "p%s%d_first", k->tensors[t].name, l);
  dg->from = lg_decl (g, b, LIR_I64, name, -1);
  snprintf (name, sizeof name, "p%s%d_last", k->tensors[t].name, l);
  dg->to = lg_decl (g, b, LIR_I64, name, -1);
  dg->choice = lg_compound (g, b, LIR_IF, lg_ref (g, g->diag[t]));
  dg->kept = lg_block ();
  dg->search = lg_block ();
  snprintf (name, sizeof name, "p%s%d_diag", k->tensors[t].name, l);
  dg->key = st->ix_val[g->sc->lvl_sv[a][0]];
  int at = lg_decl (g, &dg->kept, LIR_I64, name,
                    lir_load (k, lir_add_array_at (k, LIR_I64, g->diag[t]),
                              lg_ref (g, dg->key)));
  int stored = lg_bin (g, LIR_LE, lg_int (g, 0), lg_ref (g, at));
  lg_assign (g, &dg->kept, dg->from, lg_bin (g, LIR_SEL, stored,
                                             lg_ref (g, at)));
  lg_assign (g, &dg->kept, dg->to,
             lg_bin (g, LIR_SEL, stored,
                     lg_bin (g, LIR_ADD, lg_ref (g, at), lg_int (g, 1))));
  return &dg->search;
}

int
lg_diag_close (gen *g, lg_diag *dg, int *from, int *to)
{
  if (dg->choice < 0 || *from < 0 || *to < 0)
    return -1;
  lg_assign (g, &dg->search, dg->from, lg_ref (g, *from));
  lg_assign (g, &dg->search, dg->to, lg_ref (g, *to));
  g->k->stmts[dg->choice].body = dg->kept.first;
  g->k->stmts[dg->choice].else_ = dg->search.first;
  *from = dg->from;
  *to = dg->to;
  /* Either way the range holds the key's entry only.  */
  return dg->key;
}
