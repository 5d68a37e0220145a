/* A tagged array cannot be dereferenced or used as a pointer.  */
/* { dg-do compile } */
#include <sparse.h>

double *keep;

double
f (int n, double v[n] SPARSE ("CU"))
{
  double L[8] SPARSE ("CU");
  keep = L;		/* { dg-error "sparse array .L. cannot be used as a pointer" } */
  /* { dg-message "index every dimension, as in .L.i.." "" { target *-*-* } .-1 } */
  keep = v;		/* { dg-error "sparse array .v. cannot be used as a pointer" } */
  /* { dg-message "index every dimension" "" { target *-*-* } .-1 } */
  return *v;		/* the same as v[0] */
}
