/* With -fopenmp the report marks the loops made parallel: the outer loop
   of a nest writing disjoint parts of a dense output, or the rows of a
   sparse output whose first level is dense (not a DCSR output), or the
   outer loop of a sum into an integer scalar, or into an integer vector
   along rows it is not indexed by (not into doubles: the threads'
   partial sums would round differently, unless -fassociative-math,
   report-openmp-assoc.c), unless the pragma is already inside a parallel
   region.  */
/* { dg-do compile } */
/* { dg-options "-fopenmp -fplugin-arg-sparse-report" } */
#include <sparse.h>

void
spmv (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)	/* { dg-message "A: CSR; loops: i for .parallel., j for over A; y: dense" } */
}

void
spmv_dcsr (int n, double y[n], double A[n][n] SPARSE ("DCSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)	/* { dg-message "loops: i for over A .parallel., j for over A; y: dense" } */
}

void
add (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"),
     double B[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) + B(i,j)	/* { dg-message "loops: i for .parallel., j co-iterate A, B; C: appended in order" } */
}

void
add_dcsr (int n, double C[n][n] SPARSE ("DCSR"), double A[n][n] SPARSE ("CSR"),
          double B[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) + B(i,j)	/* { dg-message "C: DCSR, A: CSR, B: CSR; loops: i for .parallel., j co-iterate A, B; C: appended in order" } */
}

void
nested (int n, int m, double Y[m][n], double A[n][n] SPARSE ("CSR"),
        double X[m][n])
{
#pragma omp parallel for
  for (int c = 0; c < m; c++)
    {
      double *y = Y[c], *x = X[c];
#pragma sparse einsum y(i) = A(i,j) * x(j)	/* { dg-message "loops: i for, j for over A; y: dense" } */
    }
}

long
dot (int n, long A[n][n] SPARSE ("CSR"), long B[n][n] SPARSE ("CSR"))
{
  long s = 0;
#pragma sparse einsum s = A(i,j) * B(i,j)	/* { dg-message "loops: i for .parallel., j co-iterate A, B; s: scalar" } */
  return s;
}

double
total (int n, double A[n][n] SPARSE ("CSR"))
{
  double s = 0;
#pragma sparse einsum s = A(i,j)	/* { dg-message "loops: i for, j for over A; s: scalar" } */
  return s;
}

void
at_x (int n, long y[n], long A[n][n] SPARSE ("CSR"), long x[n])
{
#pragma sparse einsum y(j) = A(i,j) * x(i)	/* { dg-message "loops: i for .parallel., j for over A; y: dense" } */
}

void
at_x_double (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(j) = A(i,j) * x(i)	/* { dg-message "loops: i for, j for over A; y: dense" } */
}
