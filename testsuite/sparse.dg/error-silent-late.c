/* error-silent.c with the error in the last function: the nests before
   it, reported already as the front end went, are not said either.  */
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
  while (n-- > 0)	/* { dg-bogus "sparsified" } */
    y[n] = A[n][n];
}

int
broken (void)
{
  return undeclared;	/* { dg-error "'undeclared' undeclared|.undeclared. undeclared" } */
  /* { dg-message "reported only once" "" { target *-*-* } .-1 } */
}
