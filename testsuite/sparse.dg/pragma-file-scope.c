/* The pragma is a statement.  */
/* { dg-do compile } */
#include <sparse.h>

double y[4], x[4];
#pragma sparse einsum y(i) = x(i)	/* { dg-error "must be inside a function body" } */
