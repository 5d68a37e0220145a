/* convert.c -- sp_convert of a distributed tensor, collective: each rank
   converts its block; when the new format's first level stores another
   coordinate than the old one's, the entries then move to blocks of the
   new first level, cut by entries as sp_read_dist cuts them.  */

#include "mpi-int.h"

/* Whether formats A and B have the same first-level coordinate.  */
static int
same_first_level (const sp_format *a, const sp_format *b)
{
  const sp_level_fmt *x = &a->lv[0], *y = &b->lv[0];
  return x->kind == y->kind && x->dim == y->dim && x->dim2 == y->dim2
         && x->k == y->k;
}

sp_tensor *
sp__mpi_convert (const sp_tensor *t, const sp_format *f)
{
  const sp_mpi_dist *d = sp__mpi_state (t);
  sp_tensor *c = sp__convert_fmt (t, f);
  if (sp__mpi_agree (d->comm, c != NULL) >= 0)
    {
      sp_free (c);
      return NULL;
    }
  if (same_first_level (&t->fmt, f))
    {
      sp_mpi_dist *nd = sp__mpi_dist_new (d->comm, d->cuts);
      if (sp__mpi_agree (d->comm, nd != NULL) >= 0)
        {
          sp_free (c);
          sp__mpi_dist_free (nd);
          return NULL;
        }
      sp__mpi_attach (c, nd);
      return c;
    }
  uint64_t *rec;
  int64_t n;
  int ok = !sp__mpi_records (c, &rec, &n);
  sp_free (c);
  return sp__mpi_spread (d->comm, f, t->type, t->dims, rec, ok ? n : 0, ok, 0,
                         SP_MPI_RECUT);
}
