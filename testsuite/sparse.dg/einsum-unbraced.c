/* GCC runs a pragma handler where the pragma stands and parses on: as
   the whole body of an if, else or loop, the pragma would pull the next
   statement into that body.  That is an error; in braces, after a
   statement, a label or a macro call it is not.  */
/* { dg-do compile } */
#include <sparse.h>

#define STEP(v) (v)[0] += 1;

void
f (int n, int c, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  if (c)
#pragma sparse einsum y(i) = A(i,j) * x(j)	/* { dg-error "cannot be the whole body of an .if., .else. or loop" } */
  y[0] = 5;	/* { dg-message "put the pragma in braces" "" { target *-*-* } .-1 } */
  if (c)
    y[1] = 2;
  else /* a comment */
#pragma sparse einsum y(i) = A(i,j) * x(j)	/* { dg-error "cannot be the whole body" } */
  y[0] = 4;	/* { dg-message "put the pragma in braces" "" { target *-*-* } .-1 } */
  for (int k = 0; k < (c ? 2 : 3); k++)	// (k)
#pragma sparse einsum y(i) += A(i,j) * x(j)	/* { dg-error "cannot be the whole body" } */
  y[0] = 3;	/* { dg-message "put the pragma in braces" "" { target *-*-* } .-1 } */
  while (c-- > 0
	 && n > 1)
#pragma sparse einsum y(i) += A(i,j) * x(j)	/* { dg-error "cannot be the whole body" } */
  y[0] = 3;	/* { dg-message "put the pragma in braces" "" { target *-*-* } .-1 } */
}

void
g (int n, int c, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  if (c)
    {
#pragma sparse einsum y(i) = A(i,j) * x(j)
    }
  y[0] = (c);
#pragma sparse einsum y(i) += A(i,j) * x(j)
  STEP (y)
#pragma sparse einsum y(i) += A(i,j) * x(j)
 done:
#pragma sparse einsum y(i) += A(i,j) * x(j)
  if (c > 3)
    goto done;
}
