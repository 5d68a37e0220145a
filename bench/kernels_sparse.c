/* kernels_sparse.c -- the benchmarked kernels as einsum pragmas over tagged
   parameters; compiled with the plugin, once serial (peer_pragma) and once
   with -fopenmp (peer_pragma_par).  */

#include <sparse.h>
#include "sparse_abi.h"
#include "check.h"
#include "kernels.h"

static void
k_spmv (int nr, int nc, double y[nr], double A[nr][nc] SPARSE ("CSR"),
        double x[nc])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
}

static void
k_spmm (int nr, int nc, int nk, double Y[nr][nk],
        double A[nr][nc] SPARSE ("CSR"), double X[nc][nk])
{
#pragma sparse einsum Y(i,j) = A(i,l) * X(l,j)
}

static void
k_spgemm (int nr, int nm, int nc, double C[nr][nc] SPARSE ("CSR"),
          double A[nr][nm] SPARSE ("CSR"), double B[nm][nc] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,l) * B(l,j)
}

/* B is A stored by columns: B(j,i) walks A^T by rows.  */
static void
k_spadd (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"),
         double B[n][n] SPARSE ("CSC"))
{
#pragma sparse einsum C(i,j) = A(i,j) + B(j,i)
}

static void
k_sddmm (int nr, int nc, int nk, double C[nr][nc] SPARSE ("CSR"),
         double S[nr][nc] SPARSE ("CSR"), double U[nr][nk], double V[nc][nk])
{
#pragma sparse einsum C(i,j) = S(i,j) * U(i,l) * V(j,l)
}

static void
k_ttv (int ni, int nj, int nk, double Y[ni][nj] SPARSE ("DCSR"),
       double B[ni][nj][nk] SPARSE ("CSF"), double x[nk])
{
#pragma sparse einsum Y(i,j) = B(i,j,k) * x(k)
}

static void
k_mttkrp (int ni, int nj, int nk, int nr, double Y[ni][nr],
          double B[ni][nj][nk] SPARSE ("CSF"), double C[nj][nr],
          double D[nk][nr])
{
#pragma sparse einsum Y(i,r) = B(i,j,k) * C(j,r) * D(k,r)
}

/* The runners: dense results into OUT, sparse ones as new tensors.  */

static void *
run_spmv (void *st, const bench_in *in, double *out)
{
  (void) st;
  k_spmv (in->a.nrows, in->a.ncols, out, sp_array (in->t), in->x);
  return NULL;
}

static void *
run_spmm (void *st, const bench_in *in, double *out)
{
  (void) st;
  k_spmm (in->a.nrows, in->a.ncols, in->nk, (double (*)[in->nk]) out,
          sp_array (in->t), (double (*)[in->nk]) in->X);
  return NULL;
}

static sp_tensor *
new_output (const char *format, int rank, int64_t d0, int64_t d1)
{
  int64_t dims[2] = { d0, d1 };
  return sp_new (format, SP_F64, rank, dims);
}

static void *
run_spgemm (void *st, const bench_in *in, double *out)
{
  (void) st, (void) out;
  int n = in->a.nrows;
  sp_tensor *c = new_output ("csr", 2, n, n);
  k_spgemm (n, n, n, sp_array (c), sp_array (in->t), sp_array (in->t));
  return c;
}

static void *
run_spadd (void *st, const bench_in *in, double *out)
{
  (void) st, (void) out;
  int n = in->a.nrows;
  sp_tensor *c = new_output ("csr", 2, n, n);
  k_spadd (n, sp_array (c), sp_array (in->t), sp_array (in->tc));
  return c;
}

static void *
run_sddmm (void *st, const bench_in *in, double *out)
{
  (void) st, (void) out;
  int nr = in->a.nrows, nc = in->a.ncols, nk = in->nk;
  sp_tensor *c = new_output ("csr", 2, nr, nc);
  k_sddmm (nr, nc, nk, sp_array (c), sp_array (in->t),
           (double (*)[nk]) in->U, (double (*)[nk]) in->V);
  return c;
}

static void *
run_ttv (void *st, const bench_in *in, double *out)
{
  (void) st, (void) out;
  const int32_t *d = in->b.dims;
  sp_tensor *y = new_output ("dcsr", 2, d[0], d[1]);
  k_ttv (d[0], d[1], d[2], sp_array (y), sp_array (in->t), in->x);
  return y;
}

static void *
run_mttkrp (void *st, const bench_in *in, double *out)
{
  (void) st;
  const int32_t *d = in->b.dims;
  int nk = in->nk;
  k_mttkrp (d[0], d[1], d[2], nk, (double (*)[nk]) out, sp_array (in->t),
            (double (*)[nk]) in->U, (double (*)[nk]) in->V);
  return NULL;
}

/* A CSR or DCSR result as CSR.  */
static void
fetch (void *res, const bench_in *in, enum bench_kernel k, double *dense,
       base_csr *sparse)
{
  (void) in, (void) k, (void) dense;
  sp_tensor *t = res;
  sp_nnz (t);  /* assembles whatever is pending */
  if (t->fmt.lv[0].type == SP_LVL_D)
    {
      base_csr v = { (int32_t) t->dims[0], (int32_t) t->dims[1],
                     t->lv[1].pos, t->lv[1].crd, t->vals };
      csr_copy (&v, sparse);
    }
  else
    {
      const int32_t *pos0 = t->lv[0].pos;
      dcsr_expand ((int32_t) t->dims[0], (int32_t) t->dims[1], pos0[1],
                   t->lv[0].crd, t->lv[1].pos, t->lv[1].crd, t->vals,
                   sparse);
    }
}

static void
drop (void *res)
{
  sp_free (res);
}

#ifdef _OPENMP
const bench_peer peer_pragma_par = { "pragma", 2,
#else
const bench_peer peer_pragma = { "pragma", 1,
#endif
  NULL, NULL,
  { run_spmv, run_spmm, run_spgemm, run_spadd, run_sddmm, run_ttv,
    run_mttkrp },
  fetch, drop };

#ifndef _OPENMP
/* SpMV, SpMM and SpGEMM once more, as the dense loop nests people write:
   the plugin recognises them, and they must run as fast as the pragmas
   (the "loops" rows; ratio = loops time / pragma time).  */

static void
l_spmv (int nr, int nc, double y[nr], double A[nr][nc] SPARSE ("CSR"),
        double x[nc])
{
  for (int i = 0; i < nr; i++)
    {
      double s = 0;
      for (int j = 0; j < nc; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}

static void
l_spmm (int nr, int nc, int nk, double Y[nr][nk],
        double A[nr][nc] SPARSE ("CSR"), double X[nc][nk])
{
  for (int i = 0; i < nr; i++)
    for (int k = 0; k < nk; k++)
      {
        double s = 0;
        for (int j = 0; j < nc; j++)
          s += A[i][j] * X[j][k];
        Y[i][k] = s;
      }
}

static void
l_spgemm (int nr, int nm, int nc, double C[restrict nr][nc] SPARSE ("CSR"),
          double A[nr][nm] SPARSE ("CSR"), double B[nm][nc] SPARSE ("CSR"))
{
  for (int i = 0; i < nr; i++)
    for (int j = 0; j < nc; j++)
      {
        double s = 0;
        for (int k = 0; k < nm; k++)
          s += A[i][k] * B[k][j];
        C[i][j] = s;
      }
}

static void *
run_loops_spmv (void *st, const bench_in *in, double *out)
{
  (void) st;
  l_spmv (in->a.nrows, in->a.ncols, out, sp_array (in->t), in->x);
  return NULL;
}

static void *
run_loops_spmm (void *st, const bench_in *in, double *out)
{
  (void) st;
  l_spmm (in->a.nrows, in->a.ncols, in->nk, (double (*)[in->nk]) out,
          sp_array (in->t), (double (*)[in->nk]) in->X);
  return NULL;
}

static void *
run_loops_spgemm (void *st, const bench_in *in, double *out)
{
  (void) st, (void) out;
  int n = in->a.nrows;
  sp_tensor *c = new_output ("csr", 2, n, n);
  l_spgemm (n, n, n, sp_array (c), sp_array (in->t), sp_array (in->t));
  return c;
}

const bench_peer peer_loops = { "loops", 1, NULL, NULL,
  { run_loops_spmv, run_loops_spmm, run_loops_spgemm, NULL, NULL, NULL,
    NULL },
  fetch, drop };
#endif
