/* The function GCC outlines for a kernel's OpenMP region aligns its loop
   heads to 64-byte lines, as the function holding the kernel does.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp" } */
#include <sparse.h>

void
spmv (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
}

/* { dg-final { scan-loop-heads align-loops-openmp.s spmv._omp_fn.0 6 3 } } */
