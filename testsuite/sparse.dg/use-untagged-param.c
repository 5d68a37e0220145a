/* Passing a tagged array to a parameter that is not tagged.  */
/* { dg-do compile } */
#include <sparse.h>

void untagged (double (*p)[4]);
void tagged (double p[4][4] SPARSE ("CSR"));

void
f (double A[4][4] SPARSE ("CSR"))
{
  double L[4][4] SPARSE ("CSR");
  untagged (L);		/* { dg-error "passing sparse array .L. to parameter 1 of .untagged., which is not tagged" } */
  /* { dg-message "declare the parameter as an array tagged" "" { target *-*-* } .-1 } */
  untagged (A);		/* { dg-error "passing sparse array .A. to parameter 1 of .untagged." } */
  /* { dg-message "declare the parameter" "" { target *-*-* } .-1 } */
  tagged (L);
  tagged (A);
}
