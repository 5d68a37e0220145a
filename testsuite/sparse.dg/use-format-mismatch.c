/* A tagged array passed to a parameter of another format.  */
/* { dg-do compile } */
#include <sparse.h>

void takes_csc (double p[4][4] SPARSE ("CSC"));
void takes_csr (double p[4][4] SPARSE ("D,CU"));

void
f (void)
{
  double L[4][4] SPARSE ("CSR");
  takes_csc (L);	/* { dg-error "sparse array .L. is stored as .CSR. but parameter 1 of .takes_csc. expects .CSC." } */
  /* { dg-message "convert the tensor with .sp_convert." "" { target *-*-* } .-1 } */
  takes_csr (L);	/* the same format, spelt differently */
}
