/* Under -w the warning of a loop left to element access is suppressed as
   any warning; the report still names the loop, as a note.  */
/* { dg-do compile } */
/* { dg-options "-w -fplugin-arg-sparse-report" } */
#include <sparse.h>

double f (double);

void
refused (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "note: loop nest not sparsified: loop body calls f, which is not defined before this function in the file; .A. accessed element by element through the runtime" } */
    for (int j = 0; j < n; j++)
      y[i] += f (A[i][j]) * x[j];
}
