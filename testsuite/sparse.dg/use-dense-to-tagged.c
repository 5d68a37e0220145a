/* A tagged parameter takes a tensor handle, not dense storage.  */
/* { dg-do compile } */
#include <sparse.h>

void tagged (int n, double p[n][n] SPARSE ("CSR"));

void
f (int n, double B[n][n], sp_tensor *t)
{
  double D[4][4];
  tagged (n, B);	/* { dg-error "passing dense array .B. to parameter 2 of .tagged." } */
  /* { dg-message "pass a tensor with .sp_array" "" { target *-*-* } .-1 } */
  tagged (4, D);	/* { dg-error "passing dense array .D. to parameter 2 of .tagged." } */
  /* { dg-message "pass a tensor with .sp_array" "" { target *-*-* } .-1 } */
  tagged (n, sp_array (t));
}
