/* Storage classes a tagged array cannot have.  */
/* { dg-do compile } */
#include <sparse.h>

_Thread_local double t[3] SPARSE ("D");	/* { dg-error "thread-local sparse array" } */

void
f (void)
{
  register double r[3] SPARSE ("D");	/* { dg-error "cannot be .register." } */
  volatile double v[3] SPARSE ("D");	/* { dg-error "volatile" } */
  (void) v;
}
