/* { dg-do compile } */
#include <sparse.h>

void
f (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = B(i,j) * x(j)	/* { dg-error "30: error: unknown name 'B'" } */
}
