// kernels_eigen.cc -- the kernels through Eigen 3, mapping the same CSR
// arrays (no copy) so only the kernel is timed.

#include <Eigen/Sparse>
#include <Eigen/Dense>
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

void
eig_spmv (const base_csr *a, double *y, const double *x)
{
  Eigen::Map<Eigen::VectorXd> yv (y, a->nrows);
  Eigen::Map<const Eigen::VectorXd> xv (x, a->ncols);
  yv.noalias () = view (a) * xv;
}

void
eig_spmm (const base_csr *a, int nk, double *Y, const double *X)
{
  Eigen::Map<dense_t> ym (Y, a->nrows, nk);
  Eigen::Map<const dense_t> xm (X, a->ncols, nk);
  ym.noalias () = view (a) * xm;
}

int64_t
eig_spgemm (const base_csr *a, const base_csr *b)
{
  csr_t c = view (a) * view (b);
  return c.nonZeros ();
}

int64_t
eig_spadd (const base_csr *a, const base_csr *b)
{
  csr_t c = view (a) + view (b);
  return c.nonZeros ();
}
