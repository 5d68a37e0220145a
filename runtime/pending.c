/* pending.c -- inserts and assignments waiting for assembly: a hash map
   from coordinates to a value and whether it adds or replaces, so that a
   lookup sees them without assembling.  Open addressing, linear probing,
   at most half full.  */

#include <stdlib.h>
#include "storage.h"

static uint64_t
hash (const int64_t *x, int rank)
{
  uint64_t h = 0x9e3779b97f4a7c15u;
  for (int d = 0; d < rank; d++)
    {
      h ^= (uint64_t) x[d];
      h *= 0xbf58476d1ce4e5b9u;
      h ^= h >> 31;
    }
  return h;
}

static int
same (const int64_t *a, const int64_t *b, int rank)
{
  for (int d = 0; d < rank; d++)
    if (a[d] != b[d])
      return 0;
  return 1;
}

/* The slot holding X, or the free slot where X would go.  */
static int64_t
probe (const sp_pending *pd, const int64_t *x)
{
  int64_t mask = pd->nslot - 1, s = (int64_t) (hash (x, pd->rank) & mask);
  while (pd->slot[s] && !same (pd->x + (pd->slot[s] - 1) * pd->rank, x,
                               pd->rank))
    s = (s + 1) & mask;
  return s;
}

int64_t
sp__pend_find (const sp_pending *pd, const int64_t *x)
{
  if (!pd->n)
    return -1;
  return pd->slot[probe (pd, x)] - 1;
}

static int
rehash (sp_pending *pd, int64_t nslot)
{
  int64_t *slot = sp__alloc_array (nslot, sizeof *slot, 0,
                                   "the pending-insert table");
  if (!slot)
    return -1;
  free (pd->slot);
  pd->slot = slot;
  pd->nslot = nslot;
  for (int64_t e = 0; e < pd->n; e++)
    pd->slot[probe (pd, pd->x + e * pd->rank)] = e + 1;
  return 0;
}

/* Room for one more entry.  */
static int
reserve (sp_pending *pd)
{
  if (pd->n == pd->cap)
    {
      /* The three arrays grow together; each keeps what it got, so a
         failure leaves them all usable at the old capacity.  */
      int64_t cap = pd->cap ? 2 * pd->cap : 16, c;
      c = pd->cap * pd->rank;
      if (sp__grow ((void **) &pd->x, &c, cap * pd->rank, sizeof *pd->x, -1,
                    "pending inserts"))
        return -1;
      c = pd->cap;
      if (sp__grow ((void **) &pd->v, &c, cap, sizeof *pd->v, -1,
                    "pending inserts"))
        return -1;
      c = pd->cap;
      if (sp__grow ((void **) &pd->set, &c, cap, 1, -1, "pending inserts"))
        return -1;
      pd->cap = cap;
    }
  if (2 * (pd->n + 1) > pd->nslot)
    return rehash (pd, pd->nslot ? 2 * pd->nslot : 16);
  return 0;
}

int
sp__pend_add (sp_pending *pd, const int64_t *x, sp_num v, int set, int type)
{
  if (reserve (pd))
    return -1;
  int64_t s = probe (pd, x);
  if (pd->slot[s])
    {
      int64_t e = pd->slot[s] - 1;
      if (set)
        {
          pd->v[e] = v;
          pd->set[e] = 1;
        }
      else
        pd->v[e] = sp__num_add (type, pd->v[e], v);
      return 0;
    }
  memcpy (pd->x + pd->n * pd->rank, x, pd->rank * sizeof *x);
  pd->v[pd->n] = v;
  pd->set[pd->n] = (uint8_t) set;
  pd->slot[s] = ++pd->n;
  return 0;
}

void
sp__pend_clear (sp_pending *pd)
{
  if (pd->n)
    memset (pd->slot, 0, pd->nslot * sizeof *pd->slot);
  pd->n = 0;
}

void
sp__pend_free (sp_pending *pd)
{
  free (pd->x);
  free (pd->v);
  free (pd->set);
  free (pd->slot);
  memset (pd, 0, sizeof *pd);
}

size_t
sp__pend_memory (const sp_pending *pd)
{
  return (size_t) pd->cap * (pd->rank * sizeof *pd->x + sizeof *pd->v + 1)
         + (size_t) pd->nslot * sizeof *pd->slot;
}

/* Check that COORDS address an element of T that its format can store.  */
static int
check_coords (const sp_tensor *t, const int64_t *coords, const char *fn)
{
  if (!coords)
    return sp__fail ("%s: no coordinates (NULL)", fn);
  for (int d = 0; d < t->fmt.rank; d++)
    if (coords[d] < 0 || coords[d] >= t->dims[d])
      return sp__fail ("%s: coordinate %lld is out of range [0, %lld) in "
                       "dimension %d", fn, (long long) coords[d],
                       (long long) t->dims[d], d);
  for (int k = 0; k < t->fmt.nlevels; k++)
    if (t->fmt.lv[k].type != SP_LVL_D && t->fmt.lv[k].type != SP_LVL_O
        && sp__check_crd (t, k, sp__lc (&t->fmt, t->dims, k, coords)))
      return -1;
  return 0;
}

/* sp_insert (SET 0) and sp_put (SET 1).  */
static int
update (sp_tensor *t, const int64_t *coords, double value, int set,
        const char *fn)
{
  sp_priv *pv;
  sp_num v;

  if (sp__check (t, fn) || check_coords (t, coords, fn)
      || sp__num_of_double (t->type, value, &v))
    return -1;
  pv = t->priv;
  if (pv->dense)
    {
      /* sp_array's copy is the tensor: write through.  */
      int64_t p = sp__rowmajor (t->fmt.rank, t->dims, coords);
      if (!set)
        v = sp__num_add (t->type, sp__num_load (pv->dense, t->type, p), v);
      sp__num_store (pv->dense, t->type, p, v);
      return 0;
    }
  if (sp__pend_add (&pv->pend, coords, v, set, t->type))
    return -1;
  t->dirty = 1;
  return 0;
}

int
sp_insert (sp_tensor *t, const int64_t *coords, double value)
{
  return update (t, coords, value, 0, "sp_insert");
}

int
sp_put (sp_tensor *t, const int64_t *coords, double value)
{
  return update (t, coords, value, 1, "sp_put");
}
