/* The loop heads GCC aligns in a function holding a generated kernel
   start on 64-byte lines (.p2align 6): where the pragma is, where the
   loop nest is, and where a kernel's function is inlined; a function
   without a kernel keeps the command line's alignment.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
#include <sparse.h>

void
spmv_pragma (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"),
	     double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
}

void
spmv_nest (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"),
	   double x[n])
{
  for (int i = 0; i < m; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
	s += A[i][j] * x[j];
      y[i] = s;
    }
}

static void
spmm (int m, int n, int k, double Y[m][k], double A[m][n] SPARSE ("CSR"),
      double X[n][k])
{
#pragma sparse einsum Y(i,l) = A(i,j) * X(j,l)
}

/* spmm, called once, is inlined here.  spmv_nest aligns the loops of
   the dense copy it keeps for arrays that overlap too, and those of the
   searches that copy's element reads make.  */
void
calls_spmm (int m, int n, double Y[m][4], double A[m][n] SPARSE ("CSR"),
	    double X[n][4])
{
  spmm (m, n, 4, Y, A, X);
}

void
dense (int m, int n, double y[m], double a[m][n], double x[n])
{
  for (int i = 0; i < m; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
	s += a[i][j] * x[j];
      y[i] = s;
    }
}

/* { dg-final { scan-loop-heads align-loops.s spmv_pragma 6 2 } } */
/* { dg-final { scan-loop-heads align-loops.s spmv_nest 6 4 } } */
/* { dg-final { scan-loop-heads align-loops.s calls_spmm 6 2 } } */
/* { dg-final { scan-loop-heads align-loops.s dense 6 0 } } */
