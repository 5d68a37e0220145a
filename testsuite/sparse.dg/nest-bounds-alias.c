/* Under -fno-strict-aliasing a write of any type may change a bound
   read through a pointer.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report -fno-strict-aliasing" } */
#include <sparse.h>

void
typed (const int *np, int n, double y[n], double A[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < *np; i++)	/* { dg-message "not sparsified: the bound \\*np of loop i may change when the loops write y" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j];
}
