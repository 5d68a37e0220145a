/* kernels.h -- the benchmarked kernels: einsum pragmas (kernels_sparse.c),
   hand-written C over CSR arrays (kernels_ref.c) and Eigen
   (kernels_eigen.cc).  */

#ifndef BENCH_KERNELS_H
#define BENCH_KERNELS_H

#include <stdint.h>
#include "baseline.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Pragma kernels; tagged parameters take sp_array (t).  */
void k_spmv (int nr, int nc, double *y, void *A, const double *x);
void k_spmm (int nr, int nc, int nk, double *Y, void *A, const double *X);
void k_spgemm (int nr, int nm, int nc, void *C, void *A, void *B);
void k_spadd (int nr, int nc, void *C, void *A, void *B);
void k_sddmm (int nr, int nc, int nk, void *C, void *S, const double *U,
              const double *V);
void k_mttkrp (int ni, int nj, int nk, int nr, double *Y, void *B,
               const double *C, const double *D);

/* Hand-written C.  */
void ref_spmv (const base_csr *a, double *y, const double *x);
void ref_spmm (const base_csr *a, int nk, double *Y, const double *X);
/* Gustavson SpGEMM and row-merge SpAdd into freshly allocated CSR.  */
int ref_spgemm (const base_csr *a, const base_csr *b, base_csr *c);
int ref_spadd (const base_csr *a, const base_csr *b, base_csr *c);
void ref_sddmm (const base_csr *s, int nk, const double *U, const double *V,
                double *out_vals);

/* Eigen 3 on the same CSR arrays (mapped, not copied).  */
void eig_spmv (const base_csr *a, double *y, const double *x);
void eig_spmm (const base_csr *a, int nk, double *Y, const double *X);
/* Returns the product's nonzero count; the result is freed inside.  */
int64_t eig_spgemm (const base_csr *a, const base_csr *b);
int64_t eig_spadd (const base_csr *a, const base_csr *b);

#ifdef __cplusplus
}
#endif

#endif
