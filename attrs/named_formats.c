/* named_formats.c -- the named formats (named_formats.h); their spelled
   out forms are listed in sparse_format.h.  */

#include <stddef.h>
#include <string.h>
#include "named_formats.h"
#include "sparse_format.h"

/* In the order messages list them.  Where two names give the same
   format at some rank (csf and dcsr at rank 2), messages use the first:
   DCSR.  */
static const sp_named_format named[] = {
  { "dense", "dense", 0, 0, 0, { { SP_LVL_D, 0, 0, 0 },
                                 { SP_LVL_D, 0, 0, 0 } } },
  { "csr", "CSR", 0, 2, 2, { { SP_LVL_D, SP_LX_VAR, 0, 0 },
                             { SP_LVL_CU, SP_LX_VAR, 1, 0 } } },
  { "csc", "CSC", 0, 2, 2, { { SP_LVL_D, SP_LX_VAR, 1, 0 },
                             { SP_LVL_CU, SP_LX_VAR, 0, 0 } } },
  { "dcsr", "DCSR", 0, 2, 2, { { SP_LVL_CU, SP_LX_VAR, 0, 0 },
                               { SP_LVL_CU, SP_LX_VAR, 1, 0 } } },
  { "dcsc", "DCSC", 0, 2, 2, { { SP_LVL_CU, SP_LX_VAR, 1, 0 },
                               { SP_LVL_CU, SP_LX_VAR, 0, 0 } } },
  { "coo", "COO", 2, 0, 0, { { SP_LVL_CN, 0, 0, 0 },
                             { SP_LVL_S, 0, 0, 0 } } },
  { "csf", "CSF", 2, 0, 0, { { SP_LVL_CU, 0, 0, 0 },
                             { SP_LVL_CU, 0, 0, 0 } } },
  { "ell", "ELL", 0, 2, 3, { { SP_LVL_D, SP_LX_COUNT, 0, 0 },
                             { SP_LVL_D, SP_LX_VAR, 0, 0 },
                             { SP_LVL_S, SP_LX_VAR, 1, 0 } } },
  { "dia", "DIA", 0, 2, 3, { { SP_LVL_CU, SP_LX_DIFF, 1, 0 },
                             { SP_LVL_D, SP_LX_VAR, 0, 0 },
                             { SP_LVL_O, SP_LX_VAR, 1, 0 } } },
  { "bcsr", "BCSR", 0, 2, 4, { { SP_LVL_D, SP_LX_DIV, 0, 0 },
                               { SP_LVL_CU, SP_LX_DIV, 1, 0 },
                               { SP_LVL_D, SP_LX_MOD, 0, 0 },
                               { SP_LVL_D, SP_LX_MOD, 1, 0 } } },
};
#define N_NAMED ((int) (sizeof named / sizeof named[0]))

const sp_named_format *
sp_named_format_at (int i)
{
  return i >= 0 && i < N_NAMED ? &named[i] : NULL;
}

int
sp_named_format_blocked (const sp_named_format *nf)
{
  for (int l = 0; l < nf->nlevels; l++)
    if (nf->lv[l].kind == SP_LX_DIV)
      return 1;
  return 0;
}

void
sp_named_format_levels (const sp_named_format *nf, int rank,
                        const int64_t *bs, sp_format *f)
{
  f->rank = nf->rank ? nf->rank : rank;
  f->nlevels = nf->rank ? nf->nlevels : rank;
  for (int l = 0; l < f->nlevels; l++)
    {
      const sp_named_level *nl = &nf->lv[nf->rank ? l : l > 0];
      sp_level_fmt *lv = &f->lv[l];
      int blocked = nl->kind == SP_LX_DIV || nl->kind == SP_LX_MOD;

      lv->type = nl->type;
      lv->kind = nf->rank ? nl->kind : SP_LX_VAR;
      lv->dim = nf->rank ? nl->dim : (uint8_t) l;
      lv->dim2 = nf->rank ? nl->dim2 : 0;
      lv->k = nf->rank && blocked ? bs[nl->dim] : 0;
    }
}

/* The block sizes of F where NF's blocked levels are, into BS.  */
static void
block_sizes (const sp_named_format *nf, const sp_format *f, int64_t bs[2])
{
  bs[0] = bs[1] = 0;
  for (int l = 0; l < nf->nlevels && l < f->nlevels; l++)
    if (nf->lv[l].kind == SP_LX_DIV && nf->lv[l].dim < 2)
      bs[nf->lv[l].dim] = f->lv[l].k;
}

const sp_named_format *
sp_named_format_of (const sp_format *f)
{
  if (f->rank < 1 || f->rank > SP_MAX_RANK)
    return NULL;
  for (int i = 0; i < N_NAMED; i++)
    {
      const sp_named_format *nf = &named[i];
      sp_format g;
      int64_t bs[2];

      if (f->rank < nf->shown_from_rank || (nf->rank && nf->rank != f->rank))
        continue;
      block_sizes (nf, f, bs);
      memset (&g, 0, sizeof g);
      g.posw = f->posw;
      g.crdw = f->crdw;
      sp_named_format_levels (nf, f->rank, bs, &g);
      if (sp_format_equal (&g, f))
        return nf;
    }
  return NULL;
}
