/* A row of a tagged array is not an array.  */
/* { dg-do compile } */
#include <sparse.h>

double sum (int n, const double *row);

double
f (void)
{
  double L[4][4] SPARSE ("CSR");
  double *r = L[2];	/* { dg-error "a row of sparse array .L. cannot be used" } */
  /* { dg-message "copy the element" "" { target *-*-* } .-1 } */
  return *r + sum (4, L[1]);	/* { dg-error "a row of sparse array .L. cannot be used" } */
  /* { dg-message "copy the element" "" { target *-*-* } .-1 } */
}
