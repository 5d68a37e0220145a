/* An output read at an inner loop's index where earlier iterations of
   the outer loop wrote it (Gauss-Seidel): sparsified with the rows in
   order, on one thread, each element written after its sums; refused
   where the loops cannot be so (a column-major matrix, two sums the
   statement splits into two nests, a read after the row's write, a
   write inside the inner loop, another output's statement reading it).  */
/* { dg-do compile } */
/* { dg-options "-fopenmp -fplugin-arg-sparse-report" } */
#include <sparse.h>

void
gauss_seidel (int n, double A[n][n] SPARSE ("CSR"), const double b[n],
	      double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: x.i. = .b.i. - sum.j, j != i . A.i,j. . x.j. : 0.. / sum.i_2, i_2 == i . A.i,i_2. : 0.; A: CSR; loops: i for, j for over A, i_2 for over A; x: dense" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
	if (j != i)
	  s -= A[i][j] * x[j];
      x[i] = s / A[i][i];
    }
}

void
columns (int n, double A[n][n] SPARSE ("CSC"), const double b[n],
	 double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: output x is read at an inner loop's index, as earlier iterations left it: the sparse loops would need its index outermost, in order, each element written after its sums, which the formats or the sums here do not allow; compute into another array" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
	s -= A[i][j] * x[j];
      x[i] = s;
    }
}

void
two_sums (int n, double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSR"),
	  const double b[n], double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: output x is read at an inner loop's index" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
	s -= A[i][j] * x[j];
      for (int k = 0; k < n; k++)
	s -= B[i][k] * x[k];
      x[i] = s;
    }
}

void
read_after (int n, double A[n][n] SPARSE ("CSR"), const double b[n],
	    double x[n], double y[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: output x is also read at x\\\[j\\\]" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
	s -= A[i][j] * x[j];
      x[i] = s;
      for (int j = 0; j < n; j++)
	y[i] += x[j];
    }
}

void
write_inside (int n, double A[n][n] SPARSE ("CSR"), const double b[n],
	      double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: output x is also read at x\\\[j\\\]" } */
    for (int j = 0; j < n; j++)
      x[i] = b[i] - A[i][j] * x[j];
}

/* y's statement would run before x's whole: it would read old x.  */
void
other_output (int n, double A[n][n] SPARSE ("CSR"), const double b[n],
	      double x[n], double y[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: output x is also read at x\\\[j\\\]" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
	{
	  y[i] += A[i][j] * x[j];
	  s -= A[i][j] * x[j];
	}
      x[i] = s;
    }
}
