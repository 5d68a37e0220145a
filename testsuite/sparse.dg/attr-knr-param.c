/* An old-style definition keeps no array type for its parameters: the
   message says so and shows the prototype to write.  */
/* { dg-do compile } */
/* { dg-options "-Wno-old-style-definition" } */
#include <sparse.h>

double
f (n, A)
     int n;
     double A[n][n] SPARSE ("CSR");	/* { dg-error "parameter .A. of an old-style definition, where C keeps no array type for it, only a pointer; define .f. with a prototype" } */
{
  return A[0][0];
}
