/* Loop bounds that are expressions, left to the fallback when the loops
   may change them or they are not values the loops can take once.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

int len (const int *);

void
bounds (int n, const int *np, int deg[n], int A[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < *np; i++)	/* { dg-message "not sparsified: the bound \\*np of loop i may change when the loops write deg: copy it into a local variable before the loops" } */
    for (int j = 0; j < n; j++)
      deg[i] += A[i][j];
  for (int i = 0; i < len (np); i++)	/* { dg-message "not sparsified: the bound of loop i, len \\(np\\), has side effects" } */
    for (int j = 0; j < n; j++)
      deg[i] += A[i][j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop j is bounded by n / 2 \\+ i, which reads i, the variable of an enclosing loop: triangular loops are not supported" } */
    for (int j = 0; j < i + n / 2; j++)
      deg[i] += A[i][j];
  for (int i = 0; i < A[0][0]; i++)	/* { dg-message "not sparsified: the bound of loop i reads sparse array A" } */
    for (int j = 0; j < n; j++)
      deg[i] += A[i][j];
  volatile int vn = n;
  for (int i = 0; i < vn; i++)	/* { dg-message "not sparsified: bound vn is volatile" } */
    for (int j = 0; j < n; j++)
      deg[i] += A[i][j];
}

long
self (int n, long A[n][n] SPARSE ("CSR"))
{
  long t = n;
  for (long i = 0; i < t; i++)	/* { dg-message "not sparsified: the bound t of loop i may change when the loops write t: copy it into a local variable before the loops" } */
    for (int j = 0; j < n; j++)
      t += A[i][j];
  return t;
}

/* The bound through a pointer to int, the output an array of double:
   C's aliasing rules keep the bound.  */
void
typed (const int *np, int n, double y[n], double A[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < *np; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j.." } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j];
}
