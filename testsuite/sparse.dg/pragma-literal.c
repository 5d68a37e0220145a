/* { dg-do compile } */
#include <sparse.h>

void
f (int n, double y[n], double A[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum y(i) = A(i,j) * "x"	/* { dg-error "39: error: unexpected literal" } */
}
