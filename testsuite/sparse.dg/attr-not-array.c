/* The attribute tags arrays only.  */
/* { dg-do compile } */
#include <sparse.h>

double scalar SPARSE ("D");	/* { dg-error "which is not an array" } */

void
f (double s SPARSE ("D"))	/* { dg-error "which is not an array" } */
{
  int local SPARSE ("D");	/* { dg-error "which is not an array" } */
  (void) local;
  (void) s;
}
