/* A nest under the program's '#pragma omp parallel for' is sparsified
   and the construct replaced by the plugin's parallel loops; its
   reduction(+:...) clause lets a floating-point sum run on threads, as
   -fassociative-math does (report-openmp-assoc.c).  */
/* { dg-do compile } */
/* { dg-options "-fopenmp -fplugin-arg-sparse-report" } */
#include <sparse.h>

double
total (int n, double A[n][n] SPARSE ("CSR"), double x[n])
{
  double s = 0;
#pragma omp parallel for reduction(+:s) schedule(static)
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, A.i,j. . x.j...; A: CSR; loops: i for .parallel., j for over A; s: scalar" } */
    for (int j = 0; j < n; j++)
      s += A[i][j] * x[j];
  return s;
}

void
at_x (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
#pragma omp parallel for reduction(+:y[:n])
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: the .#pragma omp parallel for. has a reduction clause other than \\+ on a variable, which the sparse loops cannot honour" } */
    for (int j = 0; j < n; j++)
      y[j] += A[i][j] * x[i];
}

/* Without the clause the sum stays serial; the other loops run on
   threads all the same.  */
void
spmv (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  int j;
#pragma omp parallel for private(j) schedule(dynamic)
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR; loops: i for .parallel., j for over A; y: dense" } */
    {
      y[i] = 0;
      for (j = 0; j < n; j++)
        y[i] += A[i][j] * x[j];
    }
}
