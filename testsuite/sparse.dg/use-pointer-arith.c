/* Pointer arithmetic on a tagged array.  */
/* { dg-do compile } */
#include <sparse.h>

double
f (int n, double A[n][4] SPARSE ("CSR"), double v[n] SPARSE ("CU"))
{
  double (*s)[4] = A + 1;	/* { dg-error "pointer arithmetic on sparse array .A." } */
  /* { dg-message "index every dimension" "" { target *-*-* } .-1 } */
  double *w = v + 2;	/* { dg-error "pointer arithmetic on sparse array .v." } */
  /* { dg-message "index every dimension" "" { target *-*-* } .-1 } */
  return s[0][0] + *w;
}
