/* The report says what became of each pragma: loops over the tagged
   operands' storage, also when each is stored densely.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

void
f (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)	/* { dg-message "23: note: einsum sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
}

void
g (int n, double y[n], double A[n][n] SPARSE ("D,D"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)	/* { dg-message "23: note: einsum sparsified: y.i. = sum.j, A.i,j. . x.j..; A: dense; loops: i for, j for; y: dense" } */
}
