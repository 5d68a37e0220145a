/* A floating sum into an integer output is converted once, as C's
   c += S is: where the loops would add it in parts (term by term into
   the elements of a column sum), the pragma is refused and says what to
   write; a scalar's or a row's sum is made in double and converted once
   (run test einsum-int-float-sums.c).  */
/* { dg-do compile } */
#include <sparse.h>

void
parts (int n, double A[n][n] SPARSE ("CSR"), const double *x, int *y)
{
  int c = 0;
#pragma sparse einsum y(j) += A(i,j) * x(i)	/* { dg-error "a double sum into int output y would be converted in parts: sum into a double array, then convert it" } */
#pragma sparse einsum c += A(i,j) * x(j)
  y[0] = c;
}
