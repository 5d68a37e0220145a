/* -Werror makes the warning of a loop left to element access an error,
   as any warning.  */
/* { dg-do compile } */
/* { dg-options "-O2 -Werror" } */
/* { dg-message "all warnings being treated as errors" "" { target *-*-* } 0 } */
#include <sparse.h>

double f (double);

void
refused (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-error "error: loop nest not sparsified: loop body calls f, which is not defined before this function in the file; .A. accessed element by element through the runtime" } */
    for (int j = 0; j < n; j++)
      y[i] += f (A[i][j]) * x[j];
}
