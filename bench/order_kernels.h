/* order_kernels.h -- the kernels of bench_order (order_kernels.c),
   built by the plugin: Y = A B C with A sparse n x n and B (n x OK_R), C
   (R x R) dense, written as the pragma (contracted in the order of least
   estimated work) and as one loop nest.  */

#ifndef BENCH_ORDER_KERNELS_H
#define BENCH_ORDER_KERNELS_H

#include <sparse.h>

#define OK_R 64

void ok_pragma (int n, double (*y)[OK_R], sp_tensor *a,
                const double (*b)[OK_R], const double (*c)[OK_R]);
void ok_one_nest (int n, double (*y)[OK_R], sp_tensor *a,
                  const double (*b)[OK_R], const double (*c)[OK_R]);

#endif
