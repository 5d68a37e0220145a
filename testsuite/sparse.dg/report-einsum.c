/* The report says what became of each pragma: sparse loops, or the dense
   route when no tagged operand is stored sparsely, whose element accesses
   through the runtime are warned of.  */
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
#pragma sparse einsum y(i) = A(i,j) * x(j)	/* { dg-warning "23: warning: einsum not sparsified: y.i. = sum.j, A.i,j. . x.j..: no operand is stored sparsely ..A. is D,D.: the tagged ones are accessed element by element through the runtime; give one a sparse format" } */
}
