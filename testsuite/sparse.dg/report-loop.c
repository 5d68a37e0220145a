/* The report names loop nests left to the runtime fallback: a loop the
   nest recognizer does not read (while) gets the storage rewrite's note,
   a for nest it cannot read its own reason.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

double
f (int n, double A[n][n] SPARSE ("CSR"), double x[n])
{
  double s = 0;
  int i = 0;
  while (i < n)	/* { dg-message "loop nest not sparsified: 'A' accessed element by element|loop nest not sparsified: .A. accessed" } */
    {
      for (int j = 0; j < n; j++)	/* { dg-message "not sparsified: subscript i of A is not the variable of a loop of the nest" } */
	s += A[i][j] * x[j];
      i++;
    }
  return s + A[0][0];	/* { dg-message "not sparsified: this access to .A. is a runtime lookup" } */
}
