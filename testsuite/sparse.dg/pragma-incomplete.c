/* { dg-do compile } */
#include <sparse.h>

void
f (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j) +	/* { dg-error "expected an operand at the end of line" } */
#pragma sparse einsum y(i) = (A(i,j) * x(j)	/* { dg-error "expected '\\)'" } */
#pragma sparse einsum	/* { dg-error "needs a statement" } */
}
