/* Statements the notation does not allow.  */
/* { dg-do compile } */
#include <sparse.h>

void
f (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = x(j) / A(i,j)	/* { dg-error "division by 'A', a sparse operand" } */
#pragma sparse einsum A(i,i) = x(i)	/* { dg-error "error: index 'i' is used twice in output 'A'" } */
#pragma sparse einsum y(i) = A(i,j) * y(j)	/* { dg-error "'y' is the output and is also read" } */
}
