/* An alignment of loops the command line asks for wins over the
   plugin's.  */
/* { dg-do compile } */
/* { dg-options "-O2 -falign-loops=32" } */
#include <sparse.h>

void
spmv (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
}

/* { dg-final { scan-loop-heads align-loops-user.s spmv 6 0 } } */
/* { dg-final { scan-loop-heads align-loops-user.s spmv 5 2 } } */
