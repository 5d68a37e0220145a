/* kernels_ref.c -- the kernels as a C programmer writes them by hand over
   CSR arrays: the baseline the generated code must match.  */

#include <stdlib.h>
#include <string.h>
#include "kernels.h"

void
ref_spmv (const base_csr *a, double *y, const double *x)
{
  for (int32_t i = 0; i < a->nrows; i++)
    {
      double s = 0;
      for (int32_t p = a->pos[i]; p < a->pos[i + 1]; p++)
        s += a->val[p] * x[a->crd[p]];
      y[i] = s;
    }
}

void
ref_spmm (const base_csr *a, int nk, double *Y, const double *X)
{
  for (int32_t i = 0; i < a->nrows; i++)
    {
      double *yi = Y + (size_t) i * nk;
      memset (yi, 0, nk * sizeof *yi);
      for (int32_t p = a->pos[i]; p < a->pos[i + 1]; p++)
        {
          const double *xr = X + (size_t) a->crd[p] * nk;
          double v = a->val[p];
          for (int j = 0; j < nk; j++)
            yi[j] += v * xr[j];
        }
    }
}

/* Gustavson: a dense accumulator row and a list of its occupied columns;
   output capacity grown geometrically; rows left unsorted, as most
   hand-written codes (and Eigen's conservative product sorts).  */
int
ref_spgemm (const base_csr *a, const base_csr *b, base_csr *c)
{
  int32_t n = b->ncols;
  double *acc = calloc (n, sizeof *acc);
  int32_t *mark = malloc (n * sizeof *mark), *list = malloc (n * sizeof *list);
  size_t cap = (size_t) a->pos[a->nrows] + b->pos[b->nrows] + 1;
  c->nrows = a->nrows;
  c->ncols = n;
  c->pos = malloc ((a->nrows + 1) * sizeof *c->pos);
  c->crd = malloc (cap * sizeof *c->crd);
  c->val = malloc (cap * sizeof *c->val);
  if (!acc || !mark || !list || !c->pos || !c->crd || !c->val)
    return -1;
  for (int32_t j = 0; j < n; j++)
    mark[j] = -1;
  size_t nz = 0;
  c->pos[0] = 0;
  for (int32_t i = 0; i < a->nrows; i++)
    {
      int32_t len = 0;
      for (int32_t p = a->pos[i]; p < a->pos[i + 1]; p++)
        {
          int32_t k = a->crd[p];
          double av = a->val[p];
          for (int32_t q = b->pos[k]; q < b->pos[k + 1]; q++)
            {
              int32_t j = b->crd[q];
              if (mark[j] != i)
                {
                  mark[j] = i;
                  list[len++] = j;
                  acc[j] = av * b->val[q];
                }
              else
                acc[j] += av * b->val[q];
            }
        }
      if (nz + len > cap)
        {
          while (nz + len > cap)
            cap *= 2;
          c->crd = realloc (c->crd, cap * sizeof *c->crd);
          c->val = realloc (c->val, cap * sizeof *c->val);
          if (!c->crd || !c->val)
            return -1;
        }
      for (int32_t t = 0; t < len; t++)
        {
          c->crd[nz] = list[t];
          c->val[nz++] = acc[list[t]];
        }
      c->pos[i + 1] = (int32_t) nz;
    }
  free (acc);
  free (mark);
  free (list);
  return 0;
}

/* Row-by-row merge of two sorted rows.  */
int
ref_spadd (const base_csr *a, const base_csr *b, base_csr *c)
{
  size_t cap = (size_t) a->pos[a->nrows] + b->pos[b->nrows] + 1;
  c->nrows = a->nrows;
  c->ncols = a->ncols;
  c->pos = malloc ((a->nrows + 1) * sizeof *c->pos);
  c->crd = malloc (cap * sizeof *c->crd);
  c->val = malloc (cap * sizeof *c->val);
  if (!c->pos || !c->crd || !c->val)
    return -1;
  int32_t nz = 0;
  c->pos[0] = 0;
  for (int32_t i = 0; i < a->nrows; i++)
    {
      int32_t p = a->pos[i], pe = a->pos[i + 1];
      int32_t q = b->pos[i], qe = b->pos[i + 1];
      while (p < pe && q < qe)
        {
          int32_t ja = a->crd[p], jb = b->crd[q];
          if (ja == jb)
            c->crd[nz] = ja, c->val[nz++] = a->val[p++] + b->val[q++];
          else if (ja < jb)
            c->crd[nz] = ja, c->val[nz++] = a->val[p++];
          else
            c->crd[nz] = jb, c->val[nz++] = b->val[q++];
        }
      for (; p < pe; p++)
        c->crd[nz] = a->crd[p], c->val[nz++] = a->val[p];
      for (; q < qe; q++)
        c->crd[nz] = b->crd[q], c->val[nz++] = b->val[q];
      c->pos[i + 1] = nz;
    }
  return 0;
}

void
ref_sddmm (const base_csr *s, int nk, const double *U, const double *V,
           double *out_vals)
{
  /* V is nk x ncols row-major: the dot product strides by ncols.  */
  for (int32_t i = 0; i < s->nrows; i++)
    for (int32_t p = s->pos[i]; p < s->pos[i + 1]; p++)
      {
        int32_t j = s->crd[p];
        double d = 0;
        for (int l = 0; l < nk; l++)
          d += U[(size_t) i * nk + l] * V[(size_t) l * s->ncols + j];
        out_vals[p] = s->val[p] * d;
      }
}
