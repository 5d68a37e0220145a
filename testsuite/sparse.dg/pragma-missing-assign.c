/* { dg-do compile } */
#include <sparse.h>

void
f (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) A(i,j) * x(j)	/* { dg-error "28: error: expected '=', '\\+=' or '-='" } */
#pragma sparse einsum y(i) *= A(i,j) * x(j)	/* { dg-error "expected '=', '\\+=' or '-='" } */
}
