/* hyper_kernels.h -- the kernels of bench_hyper (hyper_kernels.c) over
   square matrices in DCSR or (CSR nonzero) CSR: as the plugin builds
   them, and merging step by step (_merge).  */

#ifndef BENCH_HYPER_KERNELS_H
#define BENCH_HYPER_KERNELS_H

#include <sparse.h>

/* C = A A, C in A's format.  */
void hk_product (sp_tensor *c, sp_tensor *a, int csr);
void hk_product_merge (sp_tensor *c, sp_tensor *a, int csr);
/* y = A x.  */
void hk_spmv (double *y, sp_tensor *a, const double *x, int csr);
void hk_spmv_merge (double *y, sp_tensor *a, const double *x, int csr);

#endif
