/* Minimum and maximum reductions, conditions and comparisons on the
   values of a tagged array: each would see the unstored zeros that
   sparse loops skip (a row's maximum is 0 when the row has a gap and
   negative entries), so the nest is left to the fallback, saying so.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <math.h>
#include <sparse.h>

void
min_max (int n, double y[n], double A[n][n] SPARSE ("CSR"),
	 float yf[n], float B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has a minimum or maximum .fmax.: what it does at the unstored zeros of A, which sparse loops skip, would be lost" } */
    {
      double s = -INFINITY;
      for (int j = 0; j < n; j++)
	s = fmax (s, A[i][j]);
      y[i] = s;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has a minimum or maximum .fminf.: what it does at the unstored zeros of B" } */
    for (int j = 0; j < n; j++)
      yf[i] = fminf (yf[i], B[i][j]);
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has a conditional expression: what it does at the unstored zeros of A" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
	s = s > A[i][j] ? s : A[i][j];
      y[i] = s;
    }
}

void
conditions (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n],
	    int c[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has an if statement: what it does at the unstored zeros of A" } */
    for (int j = 0; j < n; j++)
      if (A[i][j] != 0)
	y[i] += x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has an if statement: what it does at the unstored zeros of A" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
	if (A[i][j] > s)
	  s = A[i][j];
      y[i] = s;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has a comparison: what it does at the unstored zeros of A" } */
    for (int j = 0; j < n; j++)
      c[i] += A[i][j] < 1;
  /* A condition on a dense array only: no zeros involved, still no
     index notation.  */
  for (int i = 0; i < n; i++)	/* { dg-bogus "unstored zeros" } */
    for (int j = 0; j < n; j++)	/* { dg-message "not sparsified: loop body has an if statement" "" { target *-*-* } .-1 } */
      if (x[j] > 0)
	y[i] += A[i][j];
}
