/* Operands are arrays and scalar variables.  */
/* { dg-do compile } */
#include <sparse.h>

struct st { int a; };

void
f (int n, double y[n], double x[n], double s, struct st q)
{
#pragma sparse einsum y(i) = q * x(i)	/* { dg-error "30: error: 'q' is neither an array nor a scalar variable" } */
#pragma sparse einsum y(i) = f * x(i)	/* { dg-error "30: error: 'f' is neither an array nor a scalar variable" } */
#pragma sparse einsum y(i) = s(i) * x(i)	/* { dg-error "30: error: 's' is a scalar and cannot be indexed" } */
}
