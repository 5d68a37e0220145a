/* Loop nests whose plain operands' types C's rules make the sparse
   loops unable to follow, left to the fallback with their reasons.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

int
types (int n, double A[n][n] SPARSE ("CSR"), int B[n][n] SPARSE ("CSR"),
       const unsigned u[n], double y[n], long double ld[n], _Bool b[n])
{
  int s = 0;
  /* Each step truncates the double sum to int (an unsigned sum converted
     back to int at each step is sparsified: nest-accum-types.c).  */
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: s is int but accumulates double terms over loop j: C truncates each step's sum to int; accumulate into a double and convert after the loops, or convert each term, s .= .int. ...." } */
    for (int j = 0; j < n; j++)
      s += B[i][j] * u[j] * 0.5;
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: ld is not an array, a tagged array or a scalar of type double, float or an integer type" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * ld[j];
  /* A _Bool accumulator keeps whether each step's sum is not zero, not
     whether the whole sum is.  */
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: output b is also read at b.i." } */
    for (int j = 0; j < n; j++)
      b[i] += A[i][j];
  return s;
}
