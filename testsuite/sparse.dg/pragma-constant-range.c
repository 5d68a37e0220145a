/* Integer constants in the pragma: one beyond long is refused (it used to
   crash the compiler), and a diagnostic quotes a constant as written, not
   as the front end cut it short.  */
/* { dg-do compile } */
/* { dg-options "-w" } */
#include <sparse.h>

void
f (int n, double y[n], double A[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum y(i) = 18446744073709551615u * A(i,j)	/* { dg-error "integer constant .18446744073709551615u. does not fit .long." } */
#pragma sparse einsum y(i) = A(i, 99999999999999999999999)	/* { dg-error "found .99999999999999999999999." } */
#pragma sparse einsum y(i) = A(i, 0x7f)	/* { dg-error "found .0x7f." } */
}
