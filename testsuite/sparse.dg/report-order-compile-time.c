/* -fplugin-arg-sparse-compile-time-order: the contraction order comes
   from the estimate alone, an extent known only at run time taken as
   1000, and is never chosen at run time.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report -fplugin-arg-sparse-compile-time-order" } */
#include <sparse.h>

void
g (int n, double y[n], double A[n][n] SPARSE ("CSR"),
   double B[n][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * B(j,k) * x(k)	/* { dg-message "einsum sparsified: split into 2 kernels .contracted in the order of least estimated work, 1.6e.04 against 6.4e.04 in one loop nest. over temporaries 't0' dense: t0.j. = sum.k, B.j,k. . x.k..; y.i. = sum.j, A.i,j. . t0.j..;" } */
}
