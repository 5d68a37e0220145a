/* Loops that visit every pair of coordinates no operand stores densely
   are work out of proportion to the nonzeros.  Where converting an
   operand avoids them, the compiler converts it: CSR x CSC into a sparse
   output becomes Gustavson's SpGEMM over B converted to CSR, not an
   inner product whose j loop runs over every column of every row; a
   sparse += into DCSR is written as CSR, where the old entries (and more
   terms stored like C, where the sum adds them after the product) join
   each row's workspace.  Where nothing avoids them (such terms added
   before the product, or among themselves first, whose sum the workspace
   would round differently), a warning says so.  A dense right-hand
   side, a dense output or a constant fill are work in proportion to the
   data and say nothing.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

void
inner (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"),
       double B[n][n] SPARSE ("CSC"))
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j)	/* { dg-message "B: CSC converted to CSR; loops: i for, k for over A, j for over B; C: through a workspace" } */
}

void
by_columns (int n, double C[n][n] SPARSE ("CSC"),
	    double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j)	/* { dg-message "loops: j for, k for over B, i for over A; C: through a workspace" } */
}

void
merged (int n, double C[n][n] SPARSE ("DCSR"), double A[n][n] SPARSE ("CSR"),
	double B[n][n] SPARSE ("CSC"))
{
#pragma sparse einsum C(i,j) += A(i,k) * B(k,j)	/* { dg-message "C: DCSR written as CSR, A: CSR, B: CSC converted to CSR; loops: i for, k for over A, j for over B; C: through a workspace, old entries added per row" } */
}

void
merged_sum (int n, double C[n][n] SPARSE ("DCSR"),
	    double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSC"),
	    double D[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) += A(i,k) * B(k,j) + D(i,j)	/* { dg-message "loops: i for, k for over A, j for over B; C: through a workspace, D added per row, old entries added per row" } */
}

void
two_sums (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"),
	  double B[n][n] SPARSE ("CSC"), double D[n][n] SPARSE ("CSR"),
	  double E[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) += A(i,k) * B(k,j) + D(i,j) + E(i,j)	/* { dg-message "C: through a workspace, D added per row, E added per row, old entries added per row" } */
#pragma sparse einsum C(i,j) = D(i,j) - A(i,k) * B(k,j) - E(i,j)	/* { dg-message "C: through a workspace, D added per row, E added per row" } */
}

void
sums_first (int n, double C[n][n] SPARSE ("CSR"),
	    double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSC"),
	    double D[n][n] SPARSE ("CSR"), double E[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = D(i,j) + E(i,j) + A(i,k) * B(k,j)	/* { dg-warning "the loops over .i. and .j. visit every pair of coordinates" } */
}	/* { dg-message "a format whose level order follows the loop order" "" { target *-*-* } .-1 } */
/* { dg-message "loops: i for, j for, k co-iterate A, B" "" { target *-*-* } .-2 } */

void
sum_grouped (int n, double C[n][n] SPARSE ("CSR"),
	     double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSC"),
	     double D[n][n] SPARSE ("CSR"), double E[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j) + (D(i,j) + E(i,j))	/* { dg-warning "the loops over .i. and .j. visit every pair of coordinates" } */
}	/* { dg-message "a format whose level order follows the loop order" "" { target *-*-* } .-1 } */
/* { dg-message "loops: i for, j for, k co-iterate A, B" "" { target *-*-* } .-2 } */

void
quiet (int n, double C[n][n], double D[n][n] SPARSE ("CSR"),
       double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSC"),
       double E[n][n])
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j)	/* { dg-message "einsum sparsified" } */
#pragma sparse einsum D(i,j) = 2	/* { dg-message "einsum sparsified" } */
#pragma sparse einsum C(i,j) = A(i,j) + E(i,j)	/* { dg-message "einsum sparsified" } */
}
