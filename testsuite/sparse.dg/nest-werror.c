/* Loop nests the plugin sparsifies or leaves to the fallback compile
   cleanly with -O2 -Wall -Wextra -Werror: the code the plugin makes draws
   no warnings, and with the warning of nests left to the fallback off
   (warn-fallback.c has it on) the report gives notes only.
   nest-werror-quiet.c compiles this file without the report, with
   -fopenmp.  */
/* { dg-do compile } */
/* { dg-options "-O2 -Wall -Wextra -Werror -fplugin-arg-sparse-report -fplugin-arg-sparse-no-warn-fallback" } */
#include <sparse.h>

void
spmv (int n, int m, double y[n], double A[n][m] SPARSE ("CSR"), double x[m])
{
  for (int i = 0; i < n; i++)	/* { dg-message "note: loop nest sparsified" } */
    {
      double s = 0;
      for (int j = 0; j < m; j++)
	s += A[i][j] * x[j];
      y[i] = s;
    }
}

void
transposed (int n, int m, double y[m], double A[n][m] SPARSE ("CSR"),
	    double x[n])
{
  for (int j = 0; j < m; j++)
    y[j] = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "note: loop nest sparsified" } */
    for (int j = 0; j < m; j++)
      y[j] += A[i][j] * x[i];
}

void
spmm (int n, int m, int k, float Y[n][k], float A[n][m] SPARSE ("CSR"),
      float X[m][k])
{
  for (int i = 0; i < n; i++)	/* { dg-message "note: loop nest sparsified" } */
    for (int c = 0; c < k; c++)
      {
	float s = 0;
	for (int j = 0; j < m; j++)
	  s += A[i][j] * X[j][c];
	Y[i][c] = 2 * s;
      }
}

void
spgemm (int n, double C[restrict n][n] SPARSE ("CSR"),
	double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "note: loop nest sparsified" } */
    {
      for (int j = 0; j < n; j++)
	C[i][j] = 0;
      for (int k = 0; k < n; k++)
	for (int j = 0; j < n; j++)
	  C[i][j] += A[i][k] * B[k][j];
    }
}

long
total (int n, long A[n][n] SPARSE ("DCSR"), int *last)
{
  long s = 0;
  int i, j = 0;
  for (i = 0; i < n; i++)	/* { dg-message "note: loop nest sparsified" } */
    for (j = 0; j < n; j++)
      s += A[i][j];
  *last = i + j;
  return s;
}

void
refused (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i += 2)	/* { dg-message "note: loop nest not sparsified: loop i does not step by 1" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "note: loop nest not sparsified: at the unstored zeros of A the condition" } */
    for (int j = 0; j < n; j++)
      if (A[i][j] >= 0)
	y[i] += x[j];
}
