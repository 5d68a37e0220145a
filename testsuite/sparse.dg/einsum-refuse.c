/* A statement the generated loops cannot compute is an error naming a
   format that would work, never a silent dense loop.  */
/* { dg-do compile } */
#include <sparse.h>

void
f (int n, double C[n][n] SPARSE ("COO"), double A[n][n] SPARSE ("CSR"),
   double B[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) + B(i,j)	/* { dg-error "23: error: cannot sparsify .#pragma sparse einsum C.i,j. = A.i,j. . B.i,j..: 'C' is stored as COO, which generated loops cannot write: store it as CSR, DCSR, CSF or dense" } */
}
