/* baseline.c -- straightforward C baselines for the runtime benchmark.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "baseline.h"

int
base_read_mtx (const char *path, int64_t *nrows, int64_t *ncols, int64_t *n,
               int64_t **row, int64_t **col, double **val)
{
  char line[1024];
  FILE *f = fopen (path, "r");
  if (!f)
    return -1;
  int pattern = 0;
  long long m = 0, k = 0, nz = 0;
  while (fgets (line, sizeof line, f))
    {
      if (line[0] == '%')
        {
          if (strstr (line, "pattern"))
            pattern = 1;
          continue;
        }
      if (sscanf (line, "%lld %lld %lld", &m, &k, &nz) == 3)
        break;
    }
  *row = malloc (nz * sizeof **row);
  *col = malloc (nz * sizeof **col);
  *val = malloc (nz * sizeof **val);
  int64_t e = 0;
  while (e < nz && fgets (line, sizeof line, f))
    {
      char *p = line, *q;
      (*row)[e] = strtol (p, &q, 10) - 1;
      (*col)[e] = strtol (q, &p, 10) - 1;
      (*val)[e] = pattern ? 1.0 : strtod (p, &q);
      e++;
    }
  fclose (f);
  *nrows = m;
  *ncols = k;
  *n = e;
  return e == nz ? 0 : -1;
}

int
base_csr_alloc (base_csr *a, int32_t nrows, int32_t ncols, int64_t nnz)
{
  a->nrows = nrows;
  a->ncols = ncols;
  a->pos = calloc ((size_t) nrows + 1, sizeof *a->pos);
  a->crd = malloc ((size_t) (nnz ? nnz : 1) * sizeof *a->crd);
  a->val = malloc ((size_t) (nnz ? nnz : 1) * sizeof *a->val);
  return a->pos && a->crd && a->val ? 0 : -1;
}

int
base_coo_to_csr (int64_t nrows, int64_t ncols, int64_t n, const int64_t *row,
                 const int64_t *col, const double *val, base_csr *out)
{
  if (base_csr_alloc (out, nrows, ncols, n))
    return -1;
  int32_t *pos = out->pos;
  for (int64_t e = 0; e < n; e++)
    pos[row[e] + 1]++;
  for (int64_t i = 0; i < nrows; i++)
    pos[i + 1] += pos[i];
  for (int64_t e = 0; e < n; e++)
    {
      int32_t p = pos[row[e]]++;
      out->crd[p] = col[e];
      out->val[p] = val[e];
    }
  memmove (pos + 1, pos, nrows * sizeof *pos);
  pos[0] = 0;
  return 0;
}

int
base_transpose (const base_csr *a, base_csr *out)
{
  int64_t nnz = a->pos[a->nrows];
  if (base_csr_alloc (out, a->ncols, a->nrows, nnz))
    return -1;
  int32_t *pos = out->pos;
  for (int64_t p = 0; p < nnz; p++)
    pos[a->crd[p] + 1]++;
  for (int64_t j = 0; j < a->ncols; j++)
    pos[j + 1] += pos[j];
  for (int32_t i = 0; i < a->nrows; i++)
    for (int32_t p = a->pos[i]; p < a->pos[i + 1]; p++)
      {
        int32_t q = pos[a->crd[p]]++;
        out->crd[q] = i;
        out->val[q] = a->val[p];
      }
  memmove (pos + 1, pos, a->ncols * sizeof *pos);
  pos[0] = 0;
  return 0;
}

int
base_csr_to_dia (const base_csr *a, int32_t *ndiag, int32_t **offsets,
                 double **vals)
{
  int64_t span = (int64_t) a->nrows + a->ncols - 1;
  int32_t *slot = malloc (span * sizeof *slot);
  if (!slot)
    return -1;
  for (int64_t d = 0; d < span; d++)
    slot[d] = -1;
  int32_t nd = 0;
  for (int32_t i = 0; i < a->nrows; i++)
    for (int32_t p = a->pos[i]; p < a->pos[i + 1]; p++)
      {
        int64_t d = (int64_t) a->crd[p] - i + a->nrows - 1;
        if (slot[d] < 0)
          slot[d] = nd++;
      }
  *offsets = malloc ((nd ? nd : 1) * sizeof **offsets);
  *vals = calloc ((size_t) nd * a->nrows + 1, sizeof **vals);
  if (!*offsets || !*vals)
    {
      free (slot);
      return -1;
    }
  /* Number the diagonals in increasing offset order.  */
  nd = 0;
  for (int64_t d = 0; d < span; d++)
    if (slot[d] >= 0)
      {
        (*offsets)[nd] = (int32_t) (d - (a->nrows - 1));
        slot[d] = nd++;
      }
  for (int32_t i = 0; i < a->nrows; i++)
    for (int32_t p = a->pos[i]; p < a->pos[i + 1]; p++)
      {
        int64_t d = (int64_t) a->crd[p] - i + a->nrows - 1;
        (*vals)[(int64_t) slot[d] * a->nrows + i] = a->val[p];
      }
  *ndiag = nd;
  free (slot);
  return 0;
}

int
base_csr_to_ell (const base_csr *a, int32_t *k, int32_t **crd, double **vals)
{
  int32_t kmax = 0;
  for (int32_t i = 0; i < a->nrows; i++)
    if (a->pos[i + 1] - a->pos[i] > kmax)
      kmax = a->pos[i + 1] - a->pos[i];
  size_t slots = (size_t) kmax * a->nrows;
  *crd = malloc ((slots ? slots : 1) * sizeof **crd);
  *vals = calloc (slots ? slots : 1, sizeof **vals);
  if (!*crd || !*vals)
    return -1;
  for (int32_t i = 0; i < a->nrows; i++)
    {
      int32_t len = a->pos[i + 1] - a->pos[i];
      for (int32_t s = 0; s < kmax; s++)
        {
          size_t q = (size_t) s * a->nrows + i;
          if (s < len)
            {
              (*crd)[q] = a->crd[a->pos[i] + s];
              (*vals)[q] = a->val[a->pos[i] + s];
            }
          else
            (*crd)[q] = -1;
        }
    }
  *k = kmax;
  return 0;
}

void
base_csr_free (base_csr *a)
{
  free (a->pos);
  free (a->crd);
  free (a->val);
}
