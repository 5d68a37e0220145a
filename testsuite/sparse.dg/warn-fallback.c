/* A loop over a tagged array that stays loops of element accesses
   through the runtime draws a warning, without the report and under no
   -W option: the reason, and the arrays accessed element by element.
   Sparsified nests, single accesses outside loops and elements a loop
   reads at every iteration (no loop over the array) say nothing.
   warn-fallback-off.c turns the warning off, warn-fallback-werror.c
   makes it an error.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
#include <sparse.h>

double f (double);

void
refused (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-warning "warning: loop nest not sparsified: loop body calls f, which is not defined before this function in the file; .A. accessed element by element through the runtime" } */
    for (int j = 0; j < n; j++)
      y[i] += f (A[i][j]) * x[j];
}

void
spmv (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-bogus "sparsified" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
}

double
diagonal (int n, double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSR"))
{
  double s = 0;
  int i = 0;
  while (i < n)	/* { dg-warning "warning: loop not sparsified: .A., .B. accessed element by element through the runtime: this .while. loop is not read as a counted .for. loop: i is stepped in its body, not by its last statement" } */
    {
      i++;
      s += A[i - 1][i - 1] * B[i - 1][i - 1];
    }
  return s + A[0][0];	/* { dg-bogus "runtime" } */
}

double
iterations (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  double s = 0;
  for (int it = 0; it < 10; it++)	/* { dg-bogus "sparsified" } */
    {
      for (int i = 0; i < n; i++)	/* { dg-bogus "sparsified" } */
	{
	  y[i] = 0;
	  for (int j = 0; j < n; j++)
	    y[i] += A[i][j] * x[j];
	}
      s += A[0][0];
    }
  for (int i = 0; i < n; i++)	/* { dg-bogus "sparsified" } */
    y[i] = A[0][0] * x[i];
  return s;
}
