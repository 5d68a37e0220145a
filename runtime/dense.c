/* dense.c -- tensors from and to row-major C arrays.  A dense array is
   read in place as a tensor of format D,...,D, so building from it is a
   conversion like any other (no copy of the array).  */

#include "storage.h"

sp_tensor *
sp_from_dense (const void *data, sp_type type, int rank, const int64_t *dims,
               const char *format)
{
  sp_tensor view;
  sp_format f;

  if (!data || !dims)
    {
      sp__fail ("sp_from_dense: no %s (NULL)", data ? "extents" : "data");
      return NULL;
    }
  if ((unsigned) type > SP_I32)
    {
      sp__fail ("sp_from_dense: unknown element type %d", (int) type);
      return NULL;
    }
  if (rank < 1 || rank > SP_MAX_RANK)
    {
      sp__fail ("sp_from_dense: rank %d is not supported (1 to %d)", rank,
                SP_MAX_RANK);
      return NULL;
    }
  for (int d = 0; d < rank; d++)
    if (dims[d] < 1)
      {
        sp__fail ("sp_from_dense: extent %lld of dimension %d is not "
                  "positive", (long long) dims[d], d);
        return NULL;
      }
  if (sp__parse_format (format, rank, &f)
      || sp__dense_size (rank, dims, sp__esize (type)) < 0)
    return NULL;
  sp__dense_view (&view, data, type, rank, dims);
  return sp__convert_fmt (&view, &f);
}

int
sp_to_dense (const sp_tensor *t, void *out)
{
  int64_t x[SP_BATCH * SP_MAX_RANK], p[SP_BATCH], q[SP_BATCH], size;
  size_t es;
  sp_layout lo;
  sp_walk it;
  int n;

  if (sp__ready (t, "sp_to_dense"))
    return -1;
  if (!out)
    return sp__fail ("sp_to_dense: no output array (NULL)");
  es = sp__esize (t->type);
  if ((size = sp__dense_size (t->fmt.rank, t->dims, es)) < 0
      || sp__layout (&t->fmt, t->dims, &lo))
    return -1;
  memset (out, 0, (size_t) size * es);
  sp__iter_init (&it, t, &lo);
  while ((n = sp__iter_batch (&it, x, p)) > 0)
    {
      /* The row-major positions of the batch, then the values.  */
      for (int e = 0; e < n; e++)
        q[e] = x[e];
      for (int d = 1; d < lo.rank; d++)
        for (int e = 0; e < n; e++)
          q[e] = q[e] * t->dims[d] + x[d * SP_BATCH + e];
      sp__copy_vals (out, t->vals, es, q, p, n);
    }
  return 0;
}
