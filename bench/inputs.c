/* inputs.c -- the operands of one benchmark input.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sparse.h"
#include "sparse_abi.h"
#include "inputs.h"

/* N doubles in [-0.5, 0.5), the same for the same SEED.  */
static double *
random_dense (size_t n, unsigned seed)
{
  double *v = malloc ((n ? n : 1) * sizeof *v);
  if (!v)
    return NULL;
  for (size_t i = 0; i < n; i++)
    {
      seed = seed * 1103515245u + 12345u;
      v[i] = (double) (seed >> 16 & 0x7fff) / 32768.0 - 0.5;
    }
  return v;
}

/* The CSR arrays of level 1 of T (CSR, or CSC seen as its transpose).  */
static base_csr
level1_view (const sp_tensor *t)
{
  base_csr b = { (int32_t) t->lv[0].size, (int32_t) t->lv[1].size,
                 t->lv[1].pos, t->lv[1].crd, t->vals };
  return b;
}

static int
load_matrix (bench_in *in, const char *path)
{
  in->t = sp_read (path, "csr", SP_F64);
  in->tc = in->t ? sp_convert (in->t, "csc") : NULL;
  if (!in->tc)
    return -1;
  in->a = level1_view (in->t);
  in->at = level1_view (in->tc);
  int32_t nr = in->a.nrows, nc = in->a.ncols;
  in->x = random_dense (nc, 1);
  in->X = random_dense ((size_t) nc * in->nk, 2);
  in->U = random_dense ((size_t) nr * in->nk, 3);
  in->V = random_dense ((size_t) nc * in->nk, 4);
  return 0;
}

static int
load_tensor (bench_in *in, const char *path)
{
  in->t = sp_read (path, "csf", SP_F64);
  if (!in->t)
    return -1;
  const sp_tensor *t = in->t;
  base_csf *b = &in->b;
  for (int d = 0; d < 3; d++)
    b->dims[d] = (int32_t) t->dims[d];
  b->n0 = (int32_t) t->lv[0].count;
  b->nfib = (int32_t) t->lv[1].count;
  b->nnz = t->lv[2].count;
  b->crd0 = t->lv[0].crd;
  b->pos1 = t->lv[1].pos;
  b->crd1 = t->lv[1].crd;
  b->pos2 = t->lv[2].pos;
  b->crd2 = t->lv[2].crd;
  b->val = t->vals;
  in->x = random_dense (b->dims[2], 1);
  in->U = random_dense ((size_t) b->dims[1] * in->nk, 3);
  in->V = random_dense ((size_t) b->dims[2] * in->nk, 4);
  return 0;
}

int
input_load (bench_in *in, const char *name, const char *path, int nk)
{
  memset (in, 0, sizeof *in);
  in->name = name;
  in->nk = nk;
  const char *dot = strrchr (path, '.');
  in->rank = dot && !strcmp (dot, ".tns") ? 3 : 2;
  int rc = in->rank == 3 ? load_tensor (in, path) : load_matrix (in, path);
  if (rc == 0 && (!in->x || !in->U || !in->V || (in->rank == 2 && !in->X)))
    {
      fprintf (stderr, "%s: out of memory\n", name);
      rc = -1;
    }
  else if (rc)
    fprintf (stderr, "%s: %s\n", path, sp_error ());
  if (rc)
    input_free (in);
  return rc;
}

void
input_free (bench_in *in)
{
  sp_free (in->t);
  sp_free (in->tc);
  free (in->x);
  free (in->X);
  free (in->U);
  free (in->V);
  memset (in, 0, sizeof *in);
}

int64_t
input_nnz (const bench_in *in)
{
  return in->rank == 3 ? in->b.nnz : in->a.pos[in->a.nrows];
}

int
input_offers (const bench_in *in, enum bench_kernel k)
{
  if (in->rank == 3)
    return k == K_TTV || k == K_MTTKRP;
  if (k == K_TTV || k == K_MTTKRP)
    return 0;
  if (k == K_SPGEMM || k == K_SPADD)
    return in->a.nrows == in->a.ncols;
  return 1;
}

int64_t
input_spgemm_flops (const bench_in *in)
{
  const base_csr *a = &in->a;
  int64_t f = 0;
  for (int64_t p = 0; p < a->pos[a->nrows]; p++)
    f += a->pos[a->crd[p] + 1] - a->pos[a->crd[p]];
  return f;
}

size_t
input_dense_len (const bench_in *in, enum bench_kernel k)
{
  switch (k)
    {
    case K_SPMV:
      return in->a.nrows;
    case K_SPMM:
      return (size_t) in->a.nrows * in->nk;
    case K_MTTKRP:
      return (size_t) in->b.dims[0] * in->nk;
    default:
      return 0;
    }
}

double
input_bytes (const bench_in *in, enum bench_kernel k, int64_t out_nnz)
{
  double nr = in->a.nrows, nc = in->a.ncols, nk = in->nk;
  double nnz = input_nnz (in);
  double csr = 4 * (nr + 1) + 12 * nnz, out_csr = 4 * (nr + 1) + 12 * out_nnz;
  const base_csf *b = &in->b;
  double csf = 4.0 * b->n0 + 4 * (b->n0 + 1.0) + 4.0 * b->nfib
               + 4 * (b->nfib + 1.0) + 12 * nnz;
  switch (k)
    {
    case K_SPMV:
      return csr + 8 * nc + 8 * nr;
    case K_SPMM:
      return csr + 8 * nk * (nc + nr);
    case K_SPGEMM:
    case K_SPADD:
      return 2 * csr + out_csr;
    case K_SDDMM:
      return csr + 8 * nk * (nr + nc) + out_csr;
    case K_TTV:
      return csf + 8.0 * b->dims[2] + 8.0 * b->n0 + 4 + 12.0 * out_nnz;
    case K_MTTKRP:
      return csf + 8 * nk * ((double) b->dims[0] + b->dims[1] + b->dims[2]);
    default:
      return 0;
    }
}
