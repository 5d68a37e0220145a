/* order_kernels.h -- the kernels of bench_order (order_kernels.c),
   built by the plugin: Y = A B C with A sparse n x n and B (n x OK_R), C
   (OK_R x OK_R) dense, written as the pragma (contracted in the order of least
   estimated work) and as one loop nest; and the same product with A n x
   m and B, C of OK_RC columns, n and m known only at run time, built twice: as the plugin builds
   it (the order chosen at run time) and with
   -fplugin-arg-sparse-compile-time-order (_static); and y = A (B x) over
   a dense or a compressed vector temporary.  */

#ifndef BENCH_ORDER_KERNELS_H
#define BENCH_ORDER_KERNELS_H

#include <sparse.h>

#define OK_R 64
#define OK_RC 128   /* the columns of B and C in ok_chain */

void ok_pragma (int n, double (*y)[OK_R], sp_tensor *a,
                const double (*b)[OK_R], const double (*c)[OK_R]);
void ok_one_nest (int n, double (*y)[OK_R], sp_tensor *a,
                  const double (*b)[OK_R], const double (*c)[OK_R]);
void ok_chain (int n, int m, double (*y)[OK_RC], sp_tensor *a,
               const double (*b)[OK_RC], const double (*c)[OK_RC]);
void ok_chain_static (int n, int m, double (*y)[OK_RC], sp_tensor *a,
                      const double (*b)[OK_RC], const double (*c)[OK_RC]);

/* y = A (B x), A and B in DCSR (DCSR nonzero) or CSR, x and y CU
   vectors, over a dense temporary T of N elements or a CU one.  */
void ok_vec_dense (int dcsr, int n, sp_tensor *y, sp_tensor *a, sp_tensor *b,
                   sp_tensor *x, double *t);
void ok_vec_sparse (int dcsr, int n, sp_tensor *y, sp_tensor *a,
                    sp_tensor *b, sp_tensor *x, sp_tensor *t);

#endif
