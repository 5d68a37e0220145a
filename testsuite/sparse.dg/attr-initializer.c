/* A tagged array starts all-zero: no initializer.  */
/* { dg-do compile } */
#include <sparse.h>

double g[2][2] SPARSE ("CSR") = { { 1, 0 }, { 0, 2 } };	/* { dg-error "cannot have an initializer" } */

void
f (void)
{
  double l[3] SPARSE ("CU") = { 1, 2, 3 };	/* { dg-error "cannot have an initializer" } */
  (void) l;
}
