/* Whole-array copies need dense storage.  */
/* { dg-do compile } */
#include <string.h>
#include <sparse.h>

void
f (double B[4][4], double A[4][4] SPARSE ("CSR"))
{
  double L[4][4] SPARSE ("CSR");
  memcpy (B, L, sizeof L);	/* { dg-error "sparse array .L. cannot be passed to .memcpy." } */
  /* { dg-message "copy it element by element" "" { target *-*-* } .-1 } */
  memset (A, 0, sizeof (double) * 16);	/* { dg-error "sparse array .A. cannot be passed to .memset." } */
  /* { dg-message "copy it element by element" "" { target *-*-* } .-1 } */
}
