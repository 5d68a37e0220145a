/* Reading or writing a row as a value.  */
/* { dg-do compile } */
#include <sparse.h>

struct row { double v[4]; };

double
f (double A[4][4] SPARSE ("CSR"))
{
  double x = 0;
  for (int i = 0; i < 4; i++)
    x += A[i];		/* { dg-error "invalid operands|row" } */
  return x;
}
