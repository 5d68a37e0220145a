/* Loops that visit every pair of coordinates no operand stores densely
   (inner products into a sparse output) are not silent: a warning says
   so.  A dense right-hand side, a dense output or a constant fill are
   work in proportion to the data and say nothing.  */
/* { dg-do compile } */
#include <sparse.h>

void
inner (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"),
       double B[n][n] SPARSE ("CSC"))
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j)	/* { dg-warning "the loops over .i. and .j. visit every pair of coordinates" } */
}	/* { dg-message "a format whose level order follows the loop order" "" { target *-*-* } .-1 } */

void
quiet (int n, double C[n][n], double D[n][n] SPARSE ("CSR"),
       double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSC"),
       double E[n][n])
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j)
#pragma sparse einsum D(i,j) = 2
#pragma sparse einsum C(i,j) = A(i,j) + E(i,j)
}
