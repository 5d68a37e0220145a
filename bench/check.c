/* check.c -- results compared with the hand-written C's.  */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

/* |A - B| relative to the larger of the two, or to FLOOR near zero.  */
static double
reldiff (double a, double b, double floor)
{
  double d = fabs (a - b);
  double m = fmax (fmax (fabs (a), fabs (b)), floor);
  return m > 0 ? d / m : 0;
}

double
check_dense (const double *ref, const double *got, size_t n)
{
  double scale = 0, worst = 0;
  for (size_t i = 0; i < n; i++)
    scale = fmax (scale, fabs (ref[i]));
  for (size_t i = 0; i < n; i++)
    {
      double d = reldiff (ref[i], got[i], 1e-6 * scale);
      if (!(d <= worst))
        worst = d;  /* also catches NaN */
    }
  return worst;
}

/* Row I of REF is scattered into W with MARK[j] = 2 I; an entry of GOT
   that finds it sets MARK[j] = 2 I + 1.  */
double
check_csr (const base_csr *ref, const base_csr *got, int64_t *pattern)
{
  *pattern = 0;
  if (ref->nrows != got->nrows || ref->ncols != got->ncols)
    {
      *pattern = -1;
      return INFINITY;
    }
  int32_t n = ref->ncols;
  double *w = malloc ((n ? n : 1) * sizeof *w);
  int64_t *mark = malloc ((n ? n : 1) * sizeof *mark);
  double scale = 0, worst = 0;
  if (!w || !mark)
    {
      free (w);
      free (mark);
      *pattern = -1;
      return INFINITY;
    }
  for (int32_t j = 0; j < n; j++)
    mark[j] = -1;
  for (int64_t p = 0; p < ref->pos[ref->nrows]; p++)
    scale = fmax (scale, fabs (ref->val[p]));
  double floor = 1e-6 * scale;
  for (int32_t i = 0; i < ref->nrows; i++)
    {
      int64_t in = 2 * (int64_t) i, seen = in + 1;
      for (int32_t p = ref->pos[i]; p < ref->pos[i + 1]; p++)
        {
          int32_t j = ref->crd[p];
          w[j] = mark[j] == in ? w[j] + ref->val[p] : ref->val[p];
          mark[j] = in;
        }
      for (int32_t p = got->pos[i]; p < got->pos[i + 1]; p++)
        {
          int32_t j = got->crd[p];
          double v = got->val[p], d;
          if (mark[j] == in)
            d = reldiff (w[j], v, floor), mark[j] = seen;
          else
            {
              /* Only in GOT, or stored twice there.  */
              d = reldiff (0, v, floor);
              *pattern += v != 0;
            }
          if (!(d <= worst))
            worst = d;
        }
      for (int32_t p = ref->pos[i]; p < ref->pos[i + 1]; p++)
        {
          int32_t j = ref->crd[p];
          if (mark[j] != in)
            continue;
          mark[j] = seen;
          double d = reldiff (w[j], 0, floor);
          *pattern += w[j] != 0;
          if (!(d <= worst))
            worst = d;
        }
    }
  free (w);
  free (mark);
  return worst;
}

int
csr_copy (const base_csr *a, base_csr *out)
{
  int64_t nnz = a->pos[a->nrows];
  if (base_csr_alloc (out, a->nrows, a->ncols, nnz))
    {
      base_csr_free (out);
      return -1;
    }
  memcpy (out->pos, a->pos, ((size_t) a->nrows + 1) * sizeof *a->pos);
  memcpy (out->crd, a->crd, nnz * sizeof *a->crd);
  memcpy (out->val, a->val, nnz * sizeof *a->val);
  return 0;
}

int
dcsr_expand (int32_t nrows, int32_t ncols, int32_t n0, const int32_t *rows,
             const int32_t *pos, const int32_t *crd, const double *val,
             base_csr *out)
{
  int64_t nnz = n0 ? pos[n0] - pos[0] : 0;
  if (base_csr_alloc (out, nrows, ncols, nnz))
    {
      base_csr_free (out);
      return -1;
    }
  for (int32_t s = 0; s < n0; s++)
    out->pos[rows[s] + 1] = pos[s + 1] - pos[s];
  for (int32_t i = 0; i < nrows; i++)
    out->pos[i + 1] += out->pos[i];
  /* Stored rows come in increasing order: the entries stay in place.  */
  memcpy (out->crd, crd + (n0 ? pos[0] : 0), nnz * sizeof *crd);
  memcpy (out->val, val + (n0 ? pos[0] : 0), nnz * sizeof *val);
  return 0;
}
