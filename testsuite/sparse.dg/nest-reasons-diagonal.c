/* Diagonals that are not sparsified, each with what to write instead:
   a division by the diagonal of a format that does not store every row,
   and a write of an output's diagonal.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

void
divide (int n, double A[n][n] SPARSE ("DCSR"), const double b[n],
	double y[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: division by the diagonal of 'A', whose format does not store every row: a row without entries divides by zero, and its loops would skip it; store it as CSR" } */
    y[i] = b[i] / A[i][i];
}

void
shift (int n, double A[n][n] SPARSE ("CSR"), const double d[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: index 'i' is used twice in output 'A': its diagonal is written from loops over both of its indices, a guard keeping them equal" } */
    A[i][i] += d[i];
}
