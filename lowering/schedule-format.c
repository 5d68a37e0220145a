/* schedule-format.c -- formats: their names in messages, the format an
   operand would need to follow a loop order, the output formats generated
   loops can write, the conversions that make one copy.  */

#include <stdio.h>
#include <string.h>
#include "level_types.h"
#include "named_formats.h"
#include "schedule-int.h"
#include "sparse_format.h"

/* A blocked format is spelled out: its name would not say its block
   sizes.  */
char *
sch_format_name (const sp_format *f, char *buf, size_t len)
{
  const sp_named_format *nf = sp_named_format_of (f);
  if (!nf || sp_named_format_blocked (nf))
    return sp_format_print (f, buf, len);
  snprintf (buf, len, "%s", nf->shown);
  return buf;
}

/* The format access A would need to be read in ORDER (loop variable ->
   depth, DEPTH): its dimensions stored in loop order, with the level types
   of its format when that stores plain dimensions, else dense then
   compressed.  */
void
sch_format_in_order (const ix_sched *sc, int a, const int *depth,
                     sp_format *out)
{
  const ix_access *acc = &sc->st.acc[a];
  const sp_format *f = &sc->fmt[a];
  int dims[SP_MAX_RANK], n = acc->nidx;
  int plain = f->nlevels == n;
  for (int l = 0; l < f->nlevels; l++)
    plain &= f->lv[l].kind == SP_LX_VAR
             && !sp_lvl_is_computed (f->lv[l].type);
  for (int k = 0; k < n; k++)
    dims[k] = k;
  /* Insertion sort by depth (variables without a loop keep their place
     at the end).  */
  for (int k = 1; k < n; k++)
    for (int m = k; m > 0; m--)
      {
        int dm = depth[acc->var[dims[m]]], dp = depth[acc->var[dims[m - 1]]];
        if (dm < 0 || (dp >= 0 && dp <= dm))
          break;
        int t = dims[m];
        dims[m] = dims[m - 1];
        dims[m - 1] = t;
      }
  memset (out, 0, sizeof *out);
  out->rank = n;
  out->nlevels = n;
  out->posw = f->posw;
  out->crdw = f->crdw;
  for (int l = 0; l < n; l++)
    {
      out->lv[l].kind = SP_LX_VAR;
      out->lv[l].dim = dims[l];
      out->lv[l].type = plain ? f->lv[l].type
                        : l == 0 && n > 1 ? SP_LVL_D : SP_LVL_CU;
    }
}

/* Generated loops write sparse outputs whose levels store plain
   dimensions: dense levels, then appendable ones.  */
int
sch_output_writable (const ix_sched *sc)
{
  const sp_format *f = &sc->fmt[sc->st.out];
  int appended = 0, ok = 1;
  if (!sch_output_sparse (sc))
    return 1;
  for (int l = 0; l < f->nlevels; l++)
    {
      int type = f->lv[l].type;
      ok &= f->lv[l].kind == SP_LX_VAR;
      ok &= sp_lvl_is_appendable (type)
            || (sp_lvl_is_dense (type) && !appended);
      appended |= sp_lvl_is_appendable (type);
    }
  return ok;
}

/* The format an output stored as F is written in before its conversion
   to F: its dimensions in F's order when F stores plain ones (else in
   order), the first level dense when F's is or DENSE_FIRST asks, all
   others compressed (COO becomes DCSR, ELL, DIA and BCSR become CSR).  */
void
sch_writable_format (const sp_format *f, int dense_first, sp_format *out)
{
  int plain = f->nlevels == f->rank;
  for (int l = 0; l < f->nlevels; l++)
    plain &= f->lv[l].kind == SP_LX_VAR
             && !sp_lvl_is_computed (f->lv[l].type);
  memset (out, 0, sizeof *out);
  out->rank = out->nlevels = f->rank;
  out->posw = f->posw;
  out->crdw = f->crdw;
  for (int l = 0; l < f->rank; l++)
    {
      out->lv[l].kind = SP_LX_VAR;
      out->lv[l].dim = plain ? f->lv[l].dim : l;
      out->lv[l].type = l == 0 && f->rank > 1
                        && (dense_first || sp_lvl_is_dense (f->lv[0].type))
                        ? SP_LVL_D : SP_LVL_CU;
    }
}

int
sch_check_output_format (const ix_sched *sc, ix_diag *d)
{
  const ix_stmt *s = &sc->st;
  const ix_access *out = &s->acc[s->out];
  char buf[96];
  if (sch_output_writable (sc))
    return 0;
  return ix_fail (d, out->tok, out->loc, "'%s' is stored as %s, which "
                   "generated loops cannot write: store it as CSR, DCSR, CSF "
                   "or dense", s->opd[out->opd].name,
                   sch_format_name (&sc->fmt[s->out], buf, sizeof buf));
}

int
sch_same_copy (const ix_sched *sc, int c, int d)
{
  if (c < 0 || d < 0)
    return 0;
  const sch_conv *x = &sc->conv[c], *y = &sc->conv[d];
  return x->access != sc->st.out && y->access != sc->st.out
         && sc->st.acc[x->access].opd == sc->st.acc[y->access].opd
         && strcmp (x->spelling, y->spelling) == 0;
}
