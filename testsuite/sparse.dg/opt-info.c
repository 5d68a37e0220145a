/* Through GCC's own channel: under -fopt-info (the loop group here) a
   sparsified nest or pragma is an "optimized:" line, a nest left to
   element access a "missed:" line, beside its warning.  At -O0 GCC's
   own loop passes say nothing.  */
/* { dg-do compile } */
/* { dg-options "-O0 -fopt-info-loop-optimized-missed" } */
#include <sparse.h>

double f (double);

void
spmv (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "3: optimized: loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
#pragma sparse einsum y(i) = A(i,j) * x(j)	/* { dg-message "23: optimized: einsum sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR" } */
}

void
refused (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-warning "3: warning: loop nest not sparsified: loop body calls f" } */
    for (int j = 0; j < n; j++)	/* { dg-message "3: missed: loop nest not sparsified: loop body calls f, which is not defined before this function in the file; .A. accessed element by element through the runtime" "" { target *-*-* } .-1 } */
      y[i] += f (A[i][j]) * x[j];
}

/* No loop over A (the same element at every iteration): no warning, and
   still a missed sparsification.  */
void
invariant (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "3: missed: loop nest not sparsified: a subscript of A is a constant" } */
    y[i] = A[0][0] * x[i];
}
