/* A function cannot be tagged; its array parameters can.  */
/* { dg-do compile } */
#include <sparse.h>

__attribute__ ((sparse ("D"))) double f (int);	/* { dg-error "cannot tag function" } */
double g (int n, double A[n][n] SPARSE ("CSR"));
