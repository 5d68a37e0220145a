/* wrap.c -- tensors over arrays the caller owns (sp_wrap), and the
   arrays of any tensor (sp_pos, sp_crd, sp_values), both without a copy.

   sp_wrap checks the arrays once, level by level from the top, as
   assembly would have left them (sparse_abi.h): a level with pos starts
   at 0 and never decreases; every stored coordinate lies in the level's
   range (an S level under a D level may hold the all-ones padding);
   under each parent position, the coordinates of a level with pos,
   together with those of the singleton levels right below it, increase
   strictly (a CN level's own coordinates may repeat, the tuple may not).
   Then the tensor is assembled storage whose arrays are the caller's
   (sp_priv.wrapped, see sp__take_arrays for what changes end it).  */

#include "storage.h"

/* Index array A (width W) as a value at I.  */
#define IX(a, w, i) sp__ix_get ((a), (w), (i))

/* The array of level K in ARRAYS (NULL as a whole: none).  */
static void *
level_array (void *const *arrays, int k)
{
  return arrays ? arrays[k] : NULL;
}

/* Check the pos array of level K (LT its type's name) over PARENTS
   parent positions; its last entry into *COUNT.  */
static int
check_pos (const sp_tensor *t, int k, const char *lt, int64_t parents,
           int64_t *count)
{
  const void *pos = t->lv[k].pos;
  int w = t->fmt.posw;
  int64_t prev = IX (pos, w, 0);
  if (prev != 0)
    return sp__fail ("sp_wrap: level %d (%s): pos[0] is %lld, not 0", k, lt,
                     (long long) prev);
  for (int64_t q = 1; q <= parents; q++)
    {
      int64_t p = IX (pos, w, q);
      if (p < prev)
        return sp__fail ("sp_wrap: level %d (%s): pos[%lld] = %lld is below "
                         "pos[%lld] = %lld (pos must not decrease)", k, lt,
                         (long long) q, (long long) p, (long long) q - 1,
                         (long long) prev);
      prev = p;
    }
  *count = prev;
  return 0;
}

/* Check that the COUNT coordinates of level K lie in its range.  */
static int
check_crd_range (const sp_tensor *t, const sp_layout *lo, int k,
                 const char *lt, int64_t count)
{
  const void *crd = t->lv[k].crd;
  int w = t->fmt.crdw;
  int64_t size = t->lv[k].size;
  for (int64_t p = 0; p < count; p++)
    {
      int64_t c = IX (crd, w, p);
      if ((c < 0 || c >= size) && !(lo->padded[k] && c == -1))
        return sp__fail ("sp_wrap: level %d (%s): crd[%lld] = %lld is out of "
                         "range [0, %lld)", k, lt, (long long) p,
                         (long long) c, (long long) size);
    }
  return 0;
}

/* Check the order of the entries under level K, a level with pos, and the
   singleton levels K+1 .. LAST below it: under each parent position the
   tuples of their coordinates increase strictly, and level K's alone does
   when it is unique.  */
static int
check_order (const sp_tensor *t, int k, int last)
{
  int pw = t->fmt.posw, cw = t->fmt.crdw;
  int unique = sp_lvl_is_unique (t->fmt.lv[k].type);
  int64_t parents = t->lv[k].npos - 1;
  for (int64_t q = 0; q < parents; q++)
    {
      int64_t end = IX (t->lv[k].pos, pw, q + 1);
      for (int64_t p = IX (t->lv[k].pos, pw, q) + 1; p < end; p++)
        {
          /* The first level whose coordinates differ (AT), or the last
             compared when none do.  */
          int at = k;
          int64_t a = 0, b = 0;
          for (int l = k; l <= last; l++)
            if (t->lv[l].crd)
              {
                at = l;
                a = IX (t->lv[l].crd, cw, p - 1);
                b = IX (t->lv[l].crd, cw, p);
                if (a != b || (l == k && unique))
                  break;
              }
          if (b > a)
            continue;
          return sp__fail ("sp_wrap: level %d (%s): crd[%lld] = %lld %s "
                           "crd[%lld] = %lld under one parent (coordinates "
                           "must be sorted%s)", at,
                           sp_lvl_props (t->fmt.lv[at].type)->name,
                           (long long) p, (long long) b,
                           a == b ? "repeats" : "follows",
                           (long long) p - 1, (long long) a,
                           a == b ? " and unique" : "");
        }
    }
  return 0;
}

/* Set level K of T (sizes set) to the caller's arrays POS and CRD over
   *PARENTS parent positions, checked; its positions into *PARENTS.  */
static int
wrap_level (sp_tensor *t, const sp_layout *lo, int k, void *pos, void *crd,
            int64_t *parents)
{
  const sp_level_props *lp = &lo->props[k];
  sp_level_store *ls = &t->lv[k];
  int64_t count = *parents;

  if (t->fmt.lv[k].kind == SP_LX_COUNT)
    return sp__fail ("sp_wrap: level %d is a # level, whose extent the "
                     "arrays do not tell; build such a tensor with sp_new "
                     "and sp_insert", k);
  if (pos && !lp->has_pos)
    return sp__fail ("sp_wrap: level %d (%s) stores no pos array: pass NULL",
                     k, lp->name);
  if (crd && !lp->has_crd)
    return sp__fail ("sp_wrap: level %d (%s) stores no crd array: pass NULL",
                     k, lp->name);
  if (lp->has_pos && !pos)
    return sp__fail ("sp_wrap: level %d (%s) needs a pos array (NULL)", k,
                     lp->name);
  if (lp->has_crd && !crd)
    return sp__fail ("sp_wrap: level %d (%s) needs a crd array (NULL)", k,
                     lp->name);
  ls->pos = pos;
  ls->crd = crd;
  if (lp->dense)
    {
      if (ls->size && count > INT64_MAX / ls->size)
        return sp__fail ("sp_wrap: level %d would have more than 2^63 "
                         "positions", k);
      count *= ls->size;
    }
  else if (lp->has_pos)
    {
      ls->npos = count + 1;
      if (check_pos (t, k, lp->name, count, &count))
        return -1;
    }
  if (lp->has_crd)
    {
      ls->ncrd = count;
      if (check_crd_range (t, lo, k, lp->name, count))
        return -1;
    }
  ls->count = count;
  *parents = count;
  return 0;
}

/* Check the order of every level with pos of T (all levels set).  */
static int
check_orders (const sp_tensor *t, const sp_layout *lo)
{
  for (int k = 0; k < lo->nlv; k++)
    {
      int last = k;
      if (!lo->props[k].has_pos)
        continue;
      while (last + 1 < lo->nlv && lo->props[last + 1].singleton)
        last++;
      if (check_order (t, k, last))
        return -1;
    }
  return 0;
}

sp_tensor *
sp_wrap (const char *format, sp_type type, int rank, const int64_t *dims,
         void *const *pos, void *const *crd, void *values)
{
  sp_tensor *t;
  sp_priv *pv;
  int64_t n = 1;

  /* Parsing and layout check the type, rank and extents; the arrays are
     checked below with the tensor's level stores set to them.  */
  if (!(t = sp__new ("sp_wrap", format, type, rank, dims)))
    return NULL;
  pv = t->priv;
  pv->wrapped = 1;
  for (int k = 0; k < t->fmt.nlevels; k++)
    if (wrap_level (t, &pv->lo, k, level_array (pos, k),
                    level_array (crd, k), &n))
      goto fail;
  if (!values)
    {
      sp__fail ("sp_wrap: no values array (NULL)");
      goto fail;
    }
  t->vals = values;
  t->nvals = n;
  if (check_orders (t, &pv->lo))
    goto fail;
  pv->built = 1;
  t->dirty = 0;
  return t;
fail:
  sp_free (t);
  return NULL;
}

/* T assembled with its level K in range, for FN; -1 with a message.  */
static int
level_ready (const sp_tensor *t, int k, const char *fn)
{
  if (sp__ready (t, fn))
    return -1;
  if (k < 0 || k >= t->fmt.nlevels)
    return sp__fail ("%s: level %d out of range for %d levels", fn, k,
                     (int) t->fmt.nlevels);
  return 0;
}

void *
sp_pos (const sp_tensor *t, int level)
{
  return level_ready (t, level, "sp_pos") ? NULL : t->lv[level].pos;
}

void *
sp_crd (const sp_tensor *t, int level)
{
  return level_ready (t, level, "sp_crd") ? NULL : t->lv[level].crd;
}

void *
sp_values (const sp_tensor *t)
{
  return sp__ready (t, "sp_values") ? NULL : t->vals;
}
