/* Diagonals that are not sparsified, each with what to write instead:
   the diagonal beside another sum of the same statement (Jacobi's
   division, written in one statement), a division by the diagonal of a
   format that does not store every row, and a write of an output's
   diagonal.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

void
jacobi (int n, double A[n][n] SPARSE ("CSR"), const double b[n],
	const double x[n], double xn[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: the diagonal of 'A' is read in a statement that also sums over j: read the diagonal into a vector in a loop of its own first \\(d\\\[i\\\] = A\\\[i\\\]\\\[i\\\], which is sparsified\\) and use that" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
	if (j != i)
	  s -= A[i][j] * x[j];
      xn[i] = s / A[i][i];
    }
}

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
