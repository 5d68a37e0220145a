/* The report names loop nests left to the runtime fallback.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

double
f (int n, double A[n][n] SPARSE ("CSR"), double x[n])
{
  double s = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest not sparsified: 'A' accessed element by element|loop nest not sparsified: .A. accessed" } */
    for (int j = 0; j < n; j++)
      s += A[i][j] * x[j];
  return s + A[0][0];	/* { dg-message "not sparsified: this access to .A. is a runtime lookup" } */
}
