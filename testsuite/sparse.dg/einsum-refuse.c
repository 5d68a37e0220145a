/* A statement the generated loops cannot compute is an error naming a
   format that would work, never a silent dense loop.  */
/* { dg-do compile } */
#include <sparse.h>

void
f (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"),
   double B[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j) + A(i,l) * A(l,j)	/* { dg-error "23: error: cannot sparsify .#pragma sparse einsum C.i,j. = sum.k, A.i,k. . B.k,j.. . sum.l, A.i,l. . A.l,j...: the sums of this expression cannot share one loop nest and 'C' is sparse: write them as separate einsums or use a dense output" } */
}

/* Every refused statement is reported, not only the first.  */
void
g (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"),
   double B[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * A(k,j) + B(i,l) * A(l,j)	/* { dg-error "the sums of this expression cannot share one loop nest" } */
#pragma sparse einsum C(i,j) = B(i,k) * A(k,j) + A(i,l) * B(l,j)	/* { dg-error "the sums of this expression cannot share one loop nest" } */
}
