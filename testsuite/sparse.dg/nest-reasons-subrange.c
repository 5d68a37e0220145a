/* Loops over part of an extent.  A loop that starts past 0, stops below
   its extent's bound (n - 1) or is bounded by an enclosing loop's
   variable, or is a constant below a constant extent, runs over its
   extent, kept to its range by a guard (the run tests in
   nest-triangular.c and nest-loop-ends.c); a bound another variable
   than the extent's, a plain `=` into an output under such a range, and
   conditions of other forms are left to the fallback with their
   reasons.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

void
subranges (int n, int m, double y[n], double A[n][n] SPARSE ("CSR"),
	   double x[n], double D[n][n] SPARSE ("D,D"))
{
  for (int i = 1; i < n - 1; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, i >= 1 && i < n . -1 . A.i,j. . x.j. : 0.; A: CSR; loops: i for, j for over A" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j >= 1 . A.i,j. . x.j. : 0.; A: CSR" } */
    for (int j = 1; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < 10; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, i <= 9 . A.i,j. . x.j. : 0.; A: CSR" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < m; i++)	/* { dg-message "not sparsified: bound m does not match extent n of A: loop i must run over the whole extent" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n - 1; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, i < n . -1 . D.i,j. . x.j. : 0.; D: dense" } */
    for (int j = 0; j < n; j++)
      y[i] += D[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j >= n . -2 . A.i,j. . x.j. : 0.; A: CSR" } */
    for (int j = n - 2; j < n; j++)
      y[i] += A[i][j] * x[j];
}

void
triangular (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n],
	    double C[n][n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j < i . A.i,j. . x.j. : 0.; A: CSR" } */
    for (int j = 0; j < i; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: C.i..j. is set .=. in loop j, which runs over part of its extent: the elements outside keep their old values; accumulate .\\+=. into it, or set it in a loop over the whole extent" } */
    for (int j = 0; j <= i; j++)
      C[i][j] = A[i][j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop j runs over part of an extent and its variable is not a signed int or long" } */
    for (unsigned j = 0; j < i; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop j is bounded by n / 2 \\+ i, which reads i, the variable of an enclosing loop: triangular loops are not supported" } */
    for (int j = 0; j < i + n / 2; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop j does not start at 0, nor at a sum or product of enclosing loops' variables, constants and variables the function does not modify" } */
    for (int j = i - 2 < 0 ? 0 : i - 2; j < i; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: the condition of loop j is not of the form 'j < bound'" } */
    for (int j = 0; j < n && j < i; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 1; i < n - 1; i++)	/* { dg-message "not sparsified: y.i. is set .=. in loop i, which runs over part of its extent: the elements outside keep their old values" } */
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
	y[i] += A[i][j] * x[j];
    }
}

/* Variables declared outside the loops end with the values the dense
   loops leave (run tests in nest-loop-ends.c), unless the last
   iteration of a loop around is not known before the loops run.  */
double
ends (int n, double A[n][n] SPARSE ("CSR"), int *last)
{
  double s = 0;
  int i, j, k;
  for (i = 0; i < n; i++)	/* { dg-message "not sparsified: the variable of loop j outlives the loops and its last value depends on an enclosing loop's range: declare it in the for statement .'for .int j = ...'." } */
    for (k = i + 1; k < n; k++)
      for (j = k; j < n; j++)
	s += A[i][j];
  *last = i + j + k;
  for (i = 1; i < n - 1; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, i >= 1 && i < n . -1 && j >= i . 2 . A.i,j. : 0.." } */
    for (j = i + 2; j < n; j++)
      s += A[i][j];
  *last += i + j;
  return s;
}
