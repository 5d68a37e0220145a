/* hyper_kernels.c -- the kernels of bench_hyper as einsum pragmas; built
   twice with the plugin: as the plugin builds them (HK_SUFFIX empty),
   and with -fplugin-arg-sparse-merge-only (HK_SUFFIX _merge), whose
   intersections merge step by step, as before they could search.  */

#include <sparse.h>
#include "hyper_kernels.h"

#define HK_CAT2(a, b) a##b
#define HK_CAT(a, b) HK_CAT2 (a, b)
#define HK(name) HK_CAT (name, HK_SUFFIX)

static void
product_dcsr (int64_t n, double C[n][n] SPARSE ("DCSR"),
              double A[n][n] SPARSE ("DCSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * A(k,j)
}

static void
product_csr (int64_t n, double C[n][n] SPARSE ("CSR"),
             double A[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * A(k,j)
}

static void
spmv_dcsr (int64_t n, double y[n], double A[n][n] SPARSE ("DCSR"),
           const double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
}

static void
spmv_csr (int64_t n, double y[n], double A[n][n] SPARSE ("CSR"),
          const double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
}

void
HK (hk_product) (sp_tensor *c, sp_tensor *a, int csr)
{
  int64_t n = sp_dim (a, 0);
  if (csr)
    product_csr (n, sp_array (c), sp_array (a));
  else
    product_dcsr (n, sp_array (c), sp_array (a));
}

void
HK (hk_spmv) (double *y, sp_tensor *a, const double *x, int csr)
{
  int64_t n = sp_dim (a, 0);
  if (csr)
    spmv_csr (n, y, sp_array (a), x);
  else
    spmv_dcsr (n, y, sp_array (a), x);
}
