/* Loops over part of an extent: a subrange of a tagged dimension, or a
   triangular bound.  Index notation runs every index over its whole
   extent, so each is left to the fallback with its reason.  */
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
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop j starts at 1, not 0: a loop must run over a whole extent" } */
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
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop j starts at n - 2, not 0: a loop must run over a whole extent" } */
    for (int j = n - 2; j < n; j++)
      y[i] += A[i][j] * x[j];
}

void
triangular (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop j is bounded by i, the variable of an enclosing loop: triangular loops are not supported" } */
    for (int j = 0; j < i; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop j is bounded by i, the variable of an enclosing loop: triangular loops are not supported" } */
    for (int j = 0; j <= i; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop j starts at i, the variable of an enclosing loop: triangular loops are not supported" } */
    for (int j = i; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop j starts at i \\+ 1, the variable of an enclosing loop: triangular loops are not supported" } */
    for (int j = i + 1; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: the condition of loop j is not of the form 'j < bound'" } */
    for (int j = 0; j < n && j < i; j++)
      y[i] += A[i][j] * x[j];
}
