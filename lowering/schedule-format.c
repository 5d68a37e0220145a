/* schedule-format.c -- formats: their names in messages, the format an
   operand would need to follow a loop order, the output formats generated
   loops can write.  */

#include <stdio.h>
#include <string.h>
#include "schedule-int.h"
#include "sparse_format.h"

char *
sch_format_name (const sp_format *f, char *buf, size_t len)
{
  static const char *const names[] = { "csr", "csc", "dcsr", "dcsc", "coo",
                                       "csf", "dense", "ell", "dia" };
  static const char *const upper[] = { "CSR", "CSC", "DCSR", "DCSC", "COO",
                                       "CSF", "dense", "ELL", "DIA" };
  for (size_t k = 0; k < sizeof names / sizeof *names; k++)
    {
      sp_format g;
      sp_format_error e;
      /* A compressed vector is "CU", not a rank-1 CSF or COO.  */
      if ((f->rank < 2 && k >= 4 && k <= 5)
          || sp_format_parse (names[k], f->rank, &g, &e))
        continue;
      g.posw = f->posw;
      g.crdw = f->crdw;
      /* CSF and COO of rank 2 are DCSR and COO: first name wins.  */
      if (sp_format_equal (&g, f))
        {
          snprintf (buf, len, "%s", upper[k]);
          return buf;
        }
    }
  return sp_format_print (f, buf, len);
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
    plain &= f->lv[l].kind == SP_LX_VAR && f->lv[l].type != SP_LVL_O;
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
   dimensions: dense levels, then compressed unique ones.  */
int
sch_output_writable (const ix_sched *sc)
{
  const sp_format *f = &sc->fmt[sc->st.out];
  int compressed = 0, ok = 1;
  if (!sch_output_sparse (sc))
    return 1;
  for (int l = 0; l < f->nlevels; l++)
    {
      ok &= f->lv[l].kind == SP_LX_VAR;
      ok &= f->lv[l].type == SP_LVL_CU
            || (f->lv[l].type == SP_LVL_D && !compressed);
      compressed |= f->lv[l].type == SP_LVL_CU;
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
    plain &= f->lv[l].kind == SP_LX_VAR && f->lv[l].type != SP_LVL_O;
  memset (out, 0, sizeof *out);
  out->rank = out->nlevels = f->rank;
  out->posw = f->posw;
  out->crdw = f->crdw;
  for (int l = 0; l < f->rank; l++)
    {
      out->lv[l].kind = SP_LX_VAR;
      out->lv[l].dim = plain ? f->lv[l].dim : l;
      out->lv[l].type = l == 0 && f->rank > 1
                        && (dense_first || f->lv[0].type == SP_LVL_D)
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
