/* walk.c -- visiting the stored entries of a tensor in storage order: the
   conversion paper's level iteration (pos_bounds / pos_access per level
   type), handing out entries a batch at a time so that consumers run
   tight loops; and sp__foreach on top of it.  */

#include "storage.h"

/* Set the position range of level K under parent position PARENT.  */
static inline void
descend (sp_iter *it, int k, int64_t parent)
{
  const sp_tensor *t = it->t;
  switch (t->fmt.lv[k].type)
    {
    case SP_LVL_D:
      it->base[k] = it->cur[k] = parent * t->lv[k].size;
      it->end[k] = it->cur[k] + t->lv[k].size;
      break;
    case SP_LVL_CU:
    case SP_LVL_CN:
      it->cur[k] = sp__ix_get (t->lv[k].pos, t->fmt.posw, parent);
      it->end[k] = sp__ix_get (t->lv[k].pos, t->fmt.posw, parent + 1);
      break;
    default:
      it->cur[k] = parent;
      it->end[k] = parent + 1;
      break;
    }
}

/* Level coordinate of level K at its current position.  */
static inline int64_t
coord (const sp_iter *it, int k)
{
  const sp_tensor *t = it->t;
  switch (t->fmt.lv[k].type)
    {
    case SP_LVL_D: return it->cur[k] - it->base[k];
    case SP_LVL_O: return 0;
    default: return sp__ix_get (t->lv[k].crd, t->fmt.crdw, it->cur[k]);
    }
}

void
sp__iter_init (sp_iter *it, const sp_tensor *t, const sp_layout *lo)
{
  it->t = t;
  it->lo = *lo;
  it->k = 0;
  it->done = 0;
  descend (it, 0, 0);
}

int
sp__iter_batch (sp_iter *it, int64_t *x, int64_t *p)
{
  const sp_tensor *t = it->t;
  const sp_layout *lo = &it->lo;
  int rank = lo->rank, leaf = lo->nlv - 1, n = 0;

  while (!it->done && n < SP_BATCH)
    {
      int k = it->k;
      if (it->cur[k] == it->end[k])
        {
          if (k == 0)
            it->done = 1;
          else
            it->cur[--it->k]++;
          continue;
        }
      if (k < leaf)
        {
          it->lc[k] = coord (it, k);
          descend (it, k + 1, it->cur[k]);
          it->k++;
          continue;
        }
      /* The leaf level: the run of positions under one parent.  */
      for (; it->cur[k] < it->end[k] && n < SP_BATCH; it->cur[k]++)
        {
          int64_t q = it->cur[k], *xe = x + (int64_t) n * rank;
          if (lo->filler && sp__num_zero (t->type,
                                          sp__num_load (t->vals, t->type, q)))
            continue;
          it->lc[k] = coord (it, k);
          if (lo->plain)
            for (int l = 0; l <= leaf; l++)
              xe[t->fmt.lv[l].dim] = it->lc[l];
          else if (!sp__recover (lo, it->lc, xe))
            continue;
          p[n++] = q;
        }
    }
  return n;
}

int
sp__foreach (const sp_tensor *t,
             int (*fn) (void *ctx, const int64_t *coords, double v),
             void *ctx)
{
  int64_t x[SP_BATCH * SP_MAX_RANK], p[SP_BATCH];
  sp_layout lo;
  sp_iter it;
  int n, rc;

  if (sp__ready (t, "sp__foreach") || sp__layout (&t->fmt, t->dims, &lo))
    return -1;
  sp__iter_init (&it, t, &lo);
  while ((n = sp__iter_batch (&it, x, p)) > 0)
    for (int e = 0; e < n; e++)
      {
        double v = sp__num_double (t->type, sp__num_load (t->vals, t->type,
                                                          p[e]));
        if ((rc = fn (ctx, x + (int64_t) e * t->fmt.rank, v)))
          return rc;
      }
  return 0;
}
