/* iter.c -- the public iterator over a tensor's stored entries
   (sparse.h's sp_iter): the storage walk of walk.c, a batch at a time,
   handed out one entry per call.  */

#include <stdlib.h>
#include "storage.h"

struct sp_iter
{
  const sp_tensor *t;
  uint64_t gen;  /* the storage walked (sp_priv.gen) */
  sp_walk walk;
  int n, e;      /* entries in the batch, the next one */
  int64_t x[SP_BATCH * SP_MAX_RANK], p[SP_BATCH];
};

sp_iter *
sp_iter_new (const sp_tensor *t)
{
  sp_layout lo;
  sp_iter *it;
  if (sp__ready (t, "sp_iter_new") || sp__layout (&t->fmt, t->dims, &lo))
    return NULL;
  if (!(it = calloc (1, sizeof *it)))
    {
      sp__fail ("sp_iter_new: out of memory");
      return NULL;
    }
  it->t = t;
  it->gen = ((const sp_priv *) t->priv)->gen;
  sp__iter_init (&it->walk, t, &lo);
  return it;
}

/* Move IT to its next entry: its value's position, coordinates into
   COORDS (if not NULL).  1, 0 at the end, -1 when the tensor changed.  */
static int
step (sp_iter *it, int64_t *coords, int64_t *p, const char *fn)
{
  const sp_tensor *t = it ? it->t : NULL;
  if (!it)
    return sp__fail ("%s: no iterator (NULL)", fn);
  if (sp__check (t, fn))
    return -1;
  const sp_priv *pv = t->priv;
  /* Inserts pending, or arrays replaced (the dense copy of sp_array
     keeps T dirty but changes nothing until a read rebuilds them).  */
  if (pv->pend.n || pv->gen != it->gen)
    return sp__fail ("%s: the tensor changed since sp_iter_new", fn);
  if (it->e == it->n)
    {
      it->n = sp__iter_batch (&it->walk, it->x, it->p);
      it->e = 0;
      if (it->n == 0)
        return 0;
    }
  if (coords)
    for (int d = 0; d < t->fmt.rank; d++)
      coords[d] = it->x[d * SP_BATCH + it->e];
  *p = it->p[it->e++];
  return 1;
}

int
sp_iter_next (sp_iter *it, int64_t *coords, double *value)
{
  int64_t p;
  int rc = step (it, coords, &p, "sp_iter_next");
  if (rc == 1 && value)
    *value = sp__num_double (it->t->type,
                             sp__num_load (it->t->vals, it->t->type, p));
  return rc;
}

int
sp_iter_next_i64 (sp_iter *it, int64_t *coords, int64_t *value)
{
  int64_t p, v;
  int rc = step (it, coords, &p, "sp_iter_next_i64");
  if (rc != 1)
    return rc;
  if (sp__num_i64 (it->t->type, sp__num_load (it->t->vals, it->t->type, p),
                   &v))
    rc = -1;
  if (value)
    *value = v;
  return rc;
}

void
sp_iter_free (sp_iter *it)
{
  free (it);
}
