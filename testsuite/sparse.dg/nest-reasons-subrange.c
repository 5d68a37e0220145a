/* Loops over part of an extent.  An inner loop that starts past 0 or is
   bounded by an enclosing loop's variable runs over its extent, kept to
   its range by a guard (the run tests in nest-triangular.c); an outer
   loop over part of an extent, a bound that matches no extent, a plain
   `=` into an output under such a range, and conditions of other forms
   are left to the fallback with their reasons.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

void
subranges (int n, int m, double y[n], double A[n][n] SPARSE ("CSR"),
	   double x[n], double D[n][n] SPARSE ("D,D"))
{
  for (int i = 1; i < n - 1; i++)	/* { dg-message "not sparsified: loop i starts at 1, not 0: a loop must run over a whole extent" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j >= 1 . A.i,j. . x.j. : 0.; A: CSR" } */
    for (int j = 1; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < 10; i++)	/* { dg-message "not sparsified: bound 10 does not match extent n of A: loop i must run over the whole extent" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < m; i++)	/* { dg-message "not sparsified: bound m does not match extent n of A: loop i must run over the whole extent" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n - 1; i++)	/* { dg-message "not sparsified: bound n - 1 does not match extent n of D: loop i must run over the whole extent" } */
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
}
