/* coo.c -- growing coordinate lists, what readers fill and assembly
   consumes (sp__from_coo).  */

#include <stdlib.h>
#include "storage.h"

/* Start C with room for CAP entries, narrow or not.  */
static int
coo_start (sp_coo *c, int rank, const int64_t *dims, int64_t cap, int narrow)
{
  if (!c)
    return sp__fail ("sp__coo_init: no list (NULL)");
  memset (c, 0, sizeof *c);
  if (rank < 1 || rank > SP_MAX_RANK)
    return sp__fail ("rank %d is not supported (1 to %d)", rank,
                     SP_MAX_RANK);
  if (!dims)
    return sp__fail ("sp__coo_init: no extents (NULL)");
  for (int d = 0; d < rank; d++)
    {
      if (dims[d] < 1)
        return sp__fail ("extent %lld of dimension %d is not positive",
                         (long long) dims[d], d);
      c->dims[d] = dims[d];
    }
  c->rank = rank;
  if (cap < 1)
    cap = 16;
  if (narrow)
    c->idx32 = sp__alloc_array (cap * rank, sizeof *c->idx32, -1,
                                "a coordinate list");
  else
    c->idx = sp__alloc_array (cap * rank, sizeof *c->idx, -1,
                              "a coordinate list");
  c->val = c->idx || c->idx32 ? sp__alloc_array (cap, sizeof *c->val, -1,
                                                 "a coordinate list") : NULL;
  if (!c->val)
    {
      sp__coo_free (c);
      return -1;
    }
  c->cap = cap;
  return 0;
}

int
sp__coo_init (sp_coo *c, int rank, const int64_t *dims, int64_t cap)
{
  return coo_start (c, rank, dims, cap, 0);
}

int
sp__coo_init_narrow (sp_coo *c, int rank, const int64_t *dims, int64_t cap)
{
  return coo_start (c, rank, dims, cap, 1);
}

int
sp__coo_init_2d (sp_coo *c, const int64_t *dims, int64_t cap)
{
  int narrow = dims && dims[0] <= INT32_MAX && dims[1] <= INT32_MAX;
  return coo_start (c, 2, dims, cap, narrow);
}

int
sp__coo_widen (sp_coo *c)
{
  int64_t *idx;
  if (!c->idx32)
    return 0;
  if (!(idx = sp__alloc_array (c->n * c->rank, sizeof *idx, -1,
                               "a coordinate list")))
    return -1;
  for (int64_t e = 0; e < c->rank * c->n; e++)
    idx[e] = c->idx32[e];
  sp__free_array (c->idx32);
  c->idx32 = NULL;
  c->idx = idx;
  c->cap = c->n ? c->n : 1;
  return 0;
}

int
sp__coo_grow (sp_coo *c)
{
  int64_t cap = 2 * c->cap, ci, cv = c->cap;
  /* VAL and IVAL are the same array of 8-byte slots.  */
  if (c->idx32)
    {
      ci = c->cap * c->rank;
      if (sp__grow ((void **) &c->idx32, &ci, cap * c->rank,
                    sizeof *c->idx32, -1, "a coordinate list"))
        return -1;
    }
  else
    {
      ci = c->cap * c->rank;
      if (sp__grow ((void **) &c->idx, &ci, cap * c->rank, sizeof *c->idx,
                    -1, "a coordinate list"))
        return -1;
    }
  if (sp__grow ((void **) &c->val, &cv, cap, sizeof *c->val, -1,
                "a coordinate list"))
    return -1;
  c->cap = cap;
  return 0;
}

int
sp__coo_push (sp_coo *c, const int64_t *coords, double v)
{
  if (c->n == c->cap && sp__coo_grow (c))
    return -1;
  if (c->idx32)
    for (int d = 0; d < c->rank; d++)
      c->idx32[c->n * c->rank + d] = (int32_t) coords[d];
  else
    memcpy (c->idx + c->n * c->rank, coords, c->rank * sizeof *coords);
  c->val[c->n++] = v;
  return 0;
}

void
sp__coo_release (sp_coo *c)
{
  free (c->idx);
  free (c->idx32);
  free (c->val);
  c->idx = NULL;
  c->idx32 = NULL;
  c->val = NULL;
  c->n = c->cap = 0;
}

void
sp__coo_free (sp_coo *c)
{
  if (!c)
    return;
  sp__free_array (c->idx);
  sp__free_array (c->idx32);
  sp__free_array (c->val);
  c->idx = NULL;
  c->idx32 = NULL;
  c->val = NULL;
  c->n = c->cap = 0;
}
