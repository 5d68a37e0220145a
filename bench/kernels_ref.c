/* kernels_ref.c -- the kernels as a C programmer writes them by hand over
   CSR and CSF arrays: the baseline the generated code must match, and the
   reference every result is checked against.  Compiled once serial
   (peer_c) and once with -fopenmp (peer_c_par): the row loops of the dense
   kernels then run schedule(static), those over power-law tensor slices
   schedule(dynamic,16); SpGEMM and SpAdd stay serial.  */

#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "kernels.h"

#ifdef _OPENMP
#define OMP_STATIC _Pragma ("omp parallel for schedule(static)")
#define OMP_DYNAMIC _Pragma ("omp parallel for schedule(dynamic,16)")
#else
#define OMP_STATIC
#define OMP_DYNAMIC
#endif

/* A sparse result: a CSR matrix, of which only the values may be ours
   (SDDMM keeps the pattern of S, TTV the fibres of B).  */
typedef struct ref_res
{
  base_csr c;
  int own_pattern;
} ref_res;

static void *
run_spmv (void *st, const bench_in *in, double *y)
{
  (void) st;
  const base_csr *a = &in->a;
  const double *x = in->x;
  OMP_STATIC
  for (int32_t i = 0; i < a->nrows; i++)
    {
      double s = 0;
      for (int32_t p = a->pos[i]; p < a->pos[i + 1]; p++)
        s += a->val[p] * x[a->crd[p]];
      y[i] = s;
    }
  return NULL;
}

static void *
run_spmm (void *st, const bench_in *in, double *Y)
{
  (void) st;
  const base_csr *a = &in->a;
  int nk = in->nk;
  OMP_STATIC
  for (int32_t i = 0; i < a->nrows; i++)
    {
      double *yi = Y + (size_t) i * nk;
      memset (yi, 0, nk * sizeof *yi);
      for (int32_t p = a->pos[i]; p < a->pos[i + 1]; p++)
        {
          const double *xr = in->X + (size_t) a->crd[p] * nk;
          double v = a->val[p];
          for (int j = 0; j < nk; j++)
            yi[j] += v * xr[j];
        }
    }
  return NULL;
}

static void
drop (void *res)
{
  ref_res *r = res;
  if (r->own_pattern)
    base_csr_free (&r->c);
  else
    free (r->c.val);
  free (r);
}

#ifndef _OPENMP
static ref_res *
res_new (int32_t nrows, int32_t ncols, size_t cap)
{
  ref_res *r = calloc (1, sizeof *r);
  if (!r)
    return NULL;
  r->own_pattern = 1;
  if (base_csr_alloc (&r->c, nrows, ncols, cap) == 0)
    return r;
  base_csr_free (&r->c);
  free (r);
  return NULL;
}

/* Gustavson: a dense accumulator row and a list of its occupied columns;
   output capacity grown geometrically; rows left unsorted, as most
   hand-written codes.  */
static void *
run_spgemm (void *st, const bench_in *in, double *out)
{
  (void) st, (void) out;
  const base_csr *a = &in->a, *b = &in->a;
  int32_t n = b->ncols;
  size_t cap = (size_t) a->pos[a->nrows] + b->pos[b->nrows] + 1, nz = 0;
  double *acc = malloc (n * sizeof *acc);
  int32_t *mark = malloc (n * sizeof *mark), *list = malloc (n * sizeof *list);
  ref_res *r = res_new (a->nrows, n, cap);
  if (!acc || !mark || !list || !r)
    abort ();
  base_csr *c = &r->c;
  for (int32_t j = 0; j < n; j++)
    mark[j] = -1;
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
            abort ();
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
  return r;
}

/* A + A^T: a row-by-row merge of two sorted rows.  */
static void *
run_spadd (void *st, const bench_in *in, double *out)
{
  (void) st, (void) out;
  const base_csr *a = &in->a, *b = &in->at;
  ref_res *r = res_new (a->nrows, a->ncols,
                        (size_t) a->pos[a->nrows] + b->pos[b->nrows] + 1);
  if (!r)
    abort ();
  base_csr *c = &r->c;
  int32_t nz = 0;
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
  return r;
}
#endif

/* A result with the pattern of P and values of its own.  */
static ref_res *
res_values (const base_csr *p, int64_t n)
{
  ref_res *r = malloc (sizeof *r);
  double *v = malloc ((n ? n : 1) * sizeof *v);
  if (!r || !v)
    abort ();
  r->c = *p;
  r->c.val = v;
  r->own_pattern = 0;
  return r;
}

static void *
run_sddmm (void *st, const bench_in *in, double *out)
{
  (void) st, (void) out;
  const base_csr *s = &in->a;
  int nk = in->nk;
  ref_res *r = res_values (s, s->pos[s->nrows]);
  double *cv = r->c.val;
  OMP_STATIC
  for (int32_t i = 0; i < s->nrows; i++)
    {
      const double *u = in->U + (size_t) i * nk;
      for (int32_t p = s->pos[i]; p < s->pos[i + 1]; p++)
        {
          const double *v = in->V + (size_t) s->crd[p] * nk;
          double d = 0;
          for (int l = 0; l < nk; l++)
            d += u[l] * v[l];
          cv[p] = s->val[p] * d;
        }
    }
  return r;
}

/* TTV keeps B's fibres: the result is a value per fibre, its pattern
   B's first two levels (expanded to CSR by fetch).  */
static void *
run_ttv (void *st, const bench_in *in, double *out)
{
  (void) st, (void) out;
  const base_csf *b = &in->b;
  base_csr fibres = { b->n0, b->dims[1], b->pos1, b->crd1, NULL };
  ref_res *r = res_values (&fibres, b->nfib);
  double *y = r->c.val;
  OMP_DYNAMIC
  for (int32_t s = 0; s < b->n0; s++)
    for (int32_t f = b->pos1[s]; f < b->pos1[s + 1]; f++)
      {
        double acc = 0;
        for (int32_t p = b->pos2[f]; p < b->pos2[f + 1]; p++)
          acc += b->val[p] * in->x[b->crd2[p]];
        y[f] = acc;
      }
  return r;
}

/* Y(i,:) = sum over fibres (i,j) of U(j,:) .* (sum over k of
   B(i,j,k) V(k,:)).  */
static void *
run_mttkrp (void *st, const bench_in *in, double *Y)
{
  (void) st;
  const base_csf *b = &in->b;
  int nk = in->nk;
  memset (Y, 0, (size_t) b->dims[0] * nk * sizeof *Y);
  OMP_DYNAMIC
  for (int32_t s = 0; s < b->n0; s++)
    {
      double *y = Y + (size_t) b->crd0[s] * nk;
      double t[nk];
      for (int32_t f = b->pos1[s]; f < b->pos1[s + 1]; f++)
        {
          memset (t, 0, sizeof t);
          for (int32_t p = b->pos2[f]; p < b->pos2[f + 1]; p++)
            {
              const double *v = in->V + (size_t) b->crd2[p] * nk;
              double bv = b->val[p];
              for (int r = 0; r < nk; r++)
                t[r] += bv * v[r];
            }
          const double *u = in->U + (size_t) b->crd1[f] * nk;
          for (int r = 0; r < nk; r++)
            y[r] += t[r] * u[r];
        }
    }
  return NULL;
}

static void
fetch (void *res, const bench_in *in, enum bench_kernel k, double *dense,
       base_csr *sparse)
{
  (void) dense;
  if (k == K_TTV)
    {
      const base_csf *b = &in->b;
      dcsr_expand (b->dims[0], b->dims[1], b->n0, b->crd0, b->pos1, b->crd1,
                   ((ref_res *) res)->c.val, sparse);
    }
  else
    csr_copy (&((ref_res *) res)->c, sparse);
}

#ifdef _OPENMP
const bench_peer peer_c_par = { "C", 2, NULL, NULL,
  { run_spmv, run_spmm, NULL, NULL, run_sddmm, run_ttv, run_mttkrp },
#else
const bench_peer peer_c = { "C", 1, NULL, NULL,
  { run_spmv, run_spmm, run_spgemm, run_spadd, run_sddmm, run_ttv,
    run_mttkrp },
#endif
  fetch, drop };
