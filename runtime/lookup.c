/* lookup.c -- reading one element (sp_get) and counting entries: the
   conversion paper's locate over each level type, with binary search in
   compressed levels.  */

#include <math.h>
#include "storage.h"

/* Lower bound of coordinate C in CRD[LO, HI) of width W.  */
static int64_t
lower_bound (const void *crd, int w, int64_t lo, int64_t hi, int64_t c)
{
  while (lo < hi)
    {
      int64_t mid = lo + (hi - lo) / 2;
      if (sp__ix_get (crd, w, mid) < c)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Compare the CN position Q of level K (its coordinate and those of the
   S levels under it, down to level END - 1) with LC.  */
static int
cmp_tuple (const sp_tensor *t, int k, int end, int64_t q, const int64_t *lc)
{
  for (int m = k; m < end; m++)
    {
      int64_t c = sp__ix_get (t->lv[m].crd, t->fmt.crdw, q);
      if (c != lc[m])
        return c < lc[m] ? -1 : 1;
    }
  return 0;
}

/* Value position of the entry with level coordinates LC below position
   PARENT of level K-1, or -1.  */
static int64_t
find (const sp_tensor *t, int k, int64_t parent, int64_t *lc)
{
  const sp_level_store *ls = &t->lv[k];
  const sp_level_props *lp;
  int w = t->fmt.crdw, end = k + 1;
  int64_t lo, hi, q;

  if (k == t->fmt.nlevels)
    return parent;
  lp = sp_lvl_props (t->fmt.lv[k].type);
  if (lp->dense)
    {
      if (t->fmt.lv[k].kind != SP_LX_COUNT)
        return find (t, k + 1, parent * ls->size + lc[k], lc);
      /* A # coordinate is not known from the element: try each.  */
      for (lc[k] = 0; lc[k] < ls->size; lc[k]++)
        if ((q = find (t, k + 1, parent * ls->size + lc[k], lc)) >= 0)
          return q;
      return -1;
    }
  if (lp->has_pos)
    {
      lo = sp__ix_get (ls->pos, t->fmt.posw, parent);
      hi = sp__ix_get (ls->pos, t->fmt.posw, parent + 1);
      if (lp->unique)
        {
          q = lower_bound (ls->crd, w, lo, hi, lc[k]);
          if (q == hi || sp__ix_get (ls->crd, w, q) != lc[k])
            return -1;
          return find (t, k + 1, q, lc);
        }
      /* Coordinates repeat (CN): the S levels under it key a position
         too.  */
      while (end < t->fmt.nlevels
             && sp__lvl_singleton_crd (t->fmt.lv[end].type))
        end++;
      while (lo < hi)
        {
          int64_t mid = lo + (hi - lo) / 2;
          if (cmp_tuple (t, k, end, mid, lc) < 0)
            lo = mid + 1;
          else
            hi = mid;
        }
      if (lo == sp__ix_get (ls->pos, t->fmt.posw, parent + 1)
          || cmp_tuple (t, k, end, lo, lc))
        return -1;
      return find (t, k + 1, lo, lc);
    }
  /* The other levels share their parent's positions; an S level holds
     one coordinate at each.  */
  if (lp->has_crd && sp__ix_get (ls->crd, w, parent) != lc[k])
    return -1;
  return find (t, k + 1, parent, lc);
}

/* The stored value at COORDS of assembled storage, zero if none.  */
static sp_num
stored (const sp_tensor *t, const int64_t *coords)
{
  int64_t lc[SP_MAX_LEVELS], p;
  sp_num z = { 0 };

  sp__lcs (&t->fmt, t->dims, coords, lc);
  p = find (t, 0, 0, lc);
  return p < 0 ? z : sp__num_load (t->vals, t->type, p);
}

int
sp__element (const sp_tensor *t, const int64_t *coords, sp_num *v,
             const char *fn)
{
  sp_priv *pv;
  int64_t lc[SP_MAX_LEVELS];
  uint64_t key[SP_MAX_LEVELS];

  if (sp__check (t, fn))
    return -1;
  if (!coords)
    return sp__fail ("%s: no coordinates (NULL)", fn);
  for (int d = 0; d < t->fmt.rank; d++)
    if (coords[d] < 0 || coords[d] >= t->dims[d])
      return sp__fail ("%s: coordinate %lld is out of range [0, %lld) in "
                       "dimension %d", fn, (long long) coords[d],
                       (long long) t->dims[d], d);
  pv = t->priv;
  v->i = 0;
  if (pv && pv->dense)
    {
      *v = sp__num_load (pv->dense, t->type,
                         sp__rowmajor (t->fmt.rank, t->dims, coords));
      return 0;
    }
  if (!pv || pv->built)
    *v = stored (t, coords);
  if (pv && pv->pend.n)
    {
      /* Pending calls apply over the stored value; looking them up
         indexes them (the tensor's value does not change).  */
      sp__lcs (&t->fmt, t->dims, coords, lc);
      sp__key_pack (&pv->lo, lc, key);
      return sp__pend_apply (&pv->pend, key, t->type, v);
    }
  return 0;
}

double
sp_get (const sp_tensor *t, const int64_t *coords)
{
  sp_num v;
  return sp__element (t, coords, &v, "sp_get") ? NAN
                                               : sp__num_double (t->type, v);
}

int64_t
sp_get_i64 (const sp_tensor *t, const int64_t *coords)
{
  sp_num v;
  int64_t x = INT64_MIN;
  if (!sp__element (t, coords, &v, "sp_get_i64"))
    sp__num_i64 (t->type, v, &x);
  return x;
}

int64_t
sp_nnz (const sp_tensor *t)
{
  int64_t x[SP_BATCH * SP_MAX_RANK], p[SP_BATCH], n = 0;
  sp_layout lo;
  sp_iter it;
  int m;

  if (sp__ready (t, "sp_nnz") || sp__layout (&t->fmt, t->dims, &lo))
    return -1;
  if (!lo.filler)
    return t->lv[t->fmt.nlevels - 1].count;
  sp__iter_init (&it, t, &lo);
  while ((m = sp__iter_batch (&it, x, p)) > 0)
    n += m;
  return n;
}
