/* Loop nests over tagged arrays left to the fallback because of their
   loops, each with its reason.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report -fopenmp" } */
#include <sparse.h>

int gn;

void
loops (int n, int m, double y[n], double A[n][m] SPARSE ("CSR"), double x[m],
       unsigned un)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: bound n does not match extent m of A" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 1; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, i >= 1 . A.i,j. . x.j. : 0.; A: CSR" } */
    for (int j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n; i += 2)	/* { dg-message "not sparsified: loop i does not step by 1" } */
    for (int j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i * 2 < n; i++)	/* { dg-message "not sparsified: the condition of loop i is not of the form 'i < bound'" } */
    for (int j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i != n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR" } */
    for (int j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < gn; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR" } */
    for (int j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
  for (char i = 0; i < n; i++)	/* { dg-message "not sparsified: loop variable i is narrower than its bound n" } */
    for (int j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
  for (unsigned i = 0; i <= un - 1; i++)	/* { dg-message "not sparsified: loop i is unsigned and tests '<=': it never ends when the bound is 0" } */
    for (int j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n - 1; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, i < n . -1 . A.i,j. . x.j. : 0.; A: CSR" } */
    for (int j = 0; j < m; j++)
      y[i] += A[i][j] * x[j];
}

void
moved (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  n = 3;
}

void
inomp (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
#pragma omp parallel
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: the loops are inside an OpenMP construct" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
}
