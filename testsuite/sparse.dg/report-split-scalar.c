/* A sum over all its indices below loops is computed once, before them,
   into a scalar temporary; the report names it 'scalar'.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

enum { N = 1000 };

void
f (double y[N], double A[N][N] SPARSE ("CSR"), double x[N],
   double B[N][N] SPARSE ("CSR"), double C[N][N] SPARSE ("CSR"))
{
#pragma sparse einsum y(i) = A(i,j) * x(j) * B(k,l) * C(k,l)	/* { dg-message "einsum sparsified: split into 2 kernels .contracted in the order of least estimated work, 8.06e.03 against 5.12e.05 in one loop nest. over temporaries 't0' scalar: t0 = sum.k, sum.l, B.k,l. . C.k,l...; y.i. = sum.j, A.i,j. . x.j.. . t0; kernel 1, t0 = sum.k, sum.l, B.k,l. . C.k,l...; B: CSR, C: CSR; loops: k for, l co-iterate B, C; t0: scalar; l's intersection searches the longer ranges when one is much shorter; kernel 2, y.i. = sum.j, A.i,j. . x.j.. . t0; A: CSR; loops: i for, j for over A; y: dense" } */
}

void
g (double y[N], double A[N][N] SPARSE ("CSR"), double x[N])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: split into 2 kernels over temporaries 't0' scalar: t0 = sum.k, sum.l, A.k,l...; y.i. = sum.j, A.i,j. . x.j.. . t0; kernel 1, t0 = sum.k, sum.l, A.k,l...; A: CSR; loops: k for, l for over A; t0: scalar; kernel 2, y.i. = sum.j, A.i,j. . x.j.. . t0; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double t = 0, s = 0;
      for (int k = 0; k < N; k++)
	for (int l = 0; l < N; l++)
	  t += A[k][l];
      for (int j = 0; j < N; j++)
	s += A[i][j] * x[j];
      y[i] = s * t;
    }
}
