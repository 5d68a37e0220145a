/* Elements of a tagged array have no addresses.  */
/* { dg-do compile } */
#include <sparse.h>

double
f (int n, double A[n][n] SPARSE ("CSR"))
{
  double L[4][4] SPARSE ("CSR");
  double *p = &A[1][2];	/* { dg-error "cannot take the address of an element of sparse array .A." } */
  /* { dg-message "copy the element into a variable" "" { target *-*-* } .-1 } */
  double *q = &L[0][0];	/* { dg-error "cannot take the address of an element of sparse array .L." } */
  /* { dg-message "copy the element into a variable" "" { target *-*-* } .-1 } */
  return *p + *q;
}
