// kernels_eigen.cc -- the kernels through Eigen 3, mapping the same CSR
// arrays (no copy) so only the kernel is timed.  Compiled once serial
// (peer_eigen) and once with -fopenmp (peer_eigen_par), where Eigen runs
// row-major sparse times dense products on its OpenMP threads; its sparse
// products and sums are serial either way.

#include <Eigen/Sparse>
#include <Eigen/Dense>
#include "check.h"
#include "kernels.h"

typedef Eigen::SparseMatrix<double, Eigen::RowMajor, int32_t> csr_t;
typedef Eigen::Map<const csr_t> csr_map;
typedef Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>
    dense_t;

static csr_map
view (const base_csr *a)
{
  return csr_map (a->nrows, a->ncols, a->pos[a->nrows], a->pos, a->crd,
                  a->val);
}

static void *
run_spmv (void *, const bench_in *in, double *y)
{
  Eigen::Map<Eigen::VectorXd> yv (y, in->a.nrows);
  Eigen::Map<const Eigen::VectorXd> xv (in->x, in->a.ncols);
  yv.noalias () = view (&in->a) * xv;
  return NULL;
}

static void *
run_spmm (void *, const bench_in *in, double *Y)
{
  Eigen::Map<dense_t> ym (Y, in->a.nrows, in->nk);
  Eigen::Map<const dense_t> xm (in->X, in->a.ncols, in->nk);
  ym.noalias () = view (&in->a) * xm;
  return NULL;
}

#ifndef _OPENMP
static void *
run_spgemm (void *, const bench_in *in, double *)
{
  return new csr_t (view (&in->a) * view (&in->a));
}

static void *
run_spadd (void *, const bench_in *in, double *)
{
  return new csr_t (view (&in->a) + view (&in->at));
}
#endif

static void
fetch (void *res, const bench_in *, enum bench_kernel, double *,
       base_csr *sparse)
{
  csr_t *c = static_cast<csr_t *> (res);
  c->makeCompressed ();
  base_csr v = { (int32_t) c->rows (), (int32_t) c->cols (),
                 c->outerIndexPtr (), c->innerIndexPtr (), c->valuePtr () };
  csr_copy (&v, sparse);
}

static void
drop (void *res)
{
  delete static_cast<csr_t *> (res);
}

#ifdef _OPENMP
extern "C" const bench_peer peer_eigen_par = { "Eigen", 2, NULL, NULL,
  { run_spmv, run_spmm, NULL, NULL, NULL, NULL, NULL },
#else
extern "C" const bench_peer peer_eigen = { "Eigen", 1, NULL, NULL,
  { run_spmv, run_spmm, run_spgemm, run_spadd, NULL, NULL, NULL },
#endif
  fetch, drop };
