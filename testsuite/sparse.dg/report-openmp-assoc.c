/* Under -fassociative-math a floating-point sum into a scalar, or into a
   vector along rows it is not indexed by, may be reassociated, and its
   outer loop is made parallel with -fopenmp: each thread sums its rows
   into its own register or copy of the vector, the threads' sums are
   added at the end.  */
/* { dg-do compile } */
/* { dg-options "-fopenmp -fassociative-math -fno-signed-zeros -fno-trapping-math -fplugin-arg-sparse-report" } */
#include <sparse.h>

double
total (int n, double A[n][n] SPARSE ("CSR"))
{
  double s = 0;
#pragma sparse einsum s = A(i,j)	/* { dg-message "loops: i for .parallel., j for over A; s: scalar" } */
  return s;
}

float
quad (int n, float y[n], float A[n][n] SPARSE ("DCSR"), float x[n])
{
  float s = 0;
#pragma sparse einsum s = y(i) * A(i,j) * x(j)	/* { dg-message "loops: i for over A .parallel., j for over A; s: scalar" } */
  return s;
}

void
at_x (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(j) = A(i,j) * x(i)	/* { dg-message "loops: i for .parallel., j for over A; y: dense" } */
}
