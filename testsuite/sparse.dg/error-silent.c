/* After an error that has nothing to do with sparse arrays, the plugin
   says nothing about sparsification, in the functions before the error
   as after it: the error is what to fix first.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

double f (double);

void
refused (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-bogus "sparsified" } */
    for (int j = 0; j < n; j++)
      y[i] += f (A[i][j]) * x[j];
}

int oops = "x";	/* { dg-error "initializer element is not computable at load time" } */
/* { dg-message "warning: initialization of .int. from .char \\*. makes integer from pointer" "" { target *-*-* } .-1 } */

void
spmv (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-bogus "sparsified" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  while (n-- > 0)	/* { dg-bogus "sparsified" } */
    y[n] = A[n][n];
}
