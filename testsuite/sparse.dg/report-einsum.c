/* The report says what became of each pragma.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

void
f (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)	/* { dg-message "23: note: einsum y.i. = sum.j, A.i,j. . x.j..: dense fallback .A is D,CU." } */
}
