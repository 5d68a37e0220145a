/* { dg-do compile } */
#include <sparse.h>

void
f (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i) * x(i)	/* { dg-error "30: error: 'A' has rank 2 but is indexed with 1 index" } */
#pragma sparse einsum y(i,j) = A(i,j)	/* { dg-error "23: error: 'y' has rank 1" } */
}
