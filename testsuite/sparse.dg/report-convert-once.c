/* An operand several kernels of a split statement would each convert to
   one format is converted once, into a temporary the report lists with
   the operand it copies; the kernels read the copy, converting nothing.
   One kernel that reads an operand twice in another format names the
   conversion once.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

enum { N = 100 };

void
f (double Y[N][N] SPARSE ("CSR"), double A[N][N] SPARSE ("CSC"),
   double B[N][N] SPARSE ("CSR"))
{
#pragma sparse einsum Y(i,k) += A(i,j) * B(j,k) + A(i,l) * B(l,k)	/* { dg-message "einsum sparsified: split into 3 kernels over temporaries 't0' CSR, 't1' CSR, 'A_CSR' CSR .A converted once.: t1.i,k. = sum.j, A_CSR.i,j. . B.j,k..; t0.i,k. = t1.i,k. . sum.l, A_CSR.i,l. . B.l,k..; Y.i,k. .= t0.i,k.; kernel 1, t1.i,k. = sum.j, A_CSR.i,j. . B.j,k..; B: CSR, t1: CSR, A_CSR: CSR; loops: i for, j for over A_CSR, k for over B; t1: through a workspace; kernel 2, t0.i,k. = t1.i,k. . sum.l, A_CSR.i,l. . B.l,k..; B: CSR, t0: CSR, t1: CSR, A_CSR: CSR; loops" } */
}

void
g (double Y[N][N] SPARSE ("CSR"), double G[N][N], double A[N][N] SPARSE ("CSC"),
   double H[N][N] SPARSE ("CSC"))
{
#pragma sparse einsum Y(i,k) += -G(i,k) * A(i,j) * H(i,k) + A(i,k) * G(i,k)	/* { dg-message "einsum sparsified: Y.i,k. = Y.i,k. . .-G.i,k. . sum.j, A.i,j.. . H.i,k. . A.i,k. . G.i,k..; Y: CSR, A: CSC converted to CSR, H: CSC converted to CSR; loops" } */
}
