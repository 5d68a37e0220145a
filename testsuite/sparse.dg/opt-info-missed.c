/* -fopt-info-missed=FILE: the nests left to element access are lines of
   FILE, the sparsified ones are not (they are "optimized"), and nothing
   of it goes to the diagnostics but the warning.  */
/* { dg-do compile } */
/* { dg-options "-O0 -fopt-info-missed=opt-info-missed.txt" } */
#include <sparse.h>

double f (double);

void
spmv (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
}

void
refused (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-warning "loop nest not sparsified: loop body calls f" } */
    for (int j = 0; j < n; j++)
      y[i] += f (A[i][j]) * x[j];
}

/* { dg-final { scan-file-count opt-info-missed.txt {opt-info-missed\.c:21:3: missed: loop nest not sparsified: loop body calls f, which is not defined before this function in the file; .A. accessed element by element} 1 } } */
/* { dg-final { scan-file-count opt-info-missed.txt {sparsified} 1 } } */
