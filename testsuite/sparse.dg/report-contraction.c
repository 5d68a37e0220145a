/* A product of three or more tensors is contracted in the order of least
   estimated work; the report says so, with the estimates, and lists the
   kernels, or, where the cheapest order depends on extents only the run
   time knows, the candidates it chooses between.  Where one loop nest
   is cheapest (SDDMM) it stays one.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

enum { N = 1000, R = 32 };

void
f (double Y[N][R], double A[N][N] SPARSE ("CSR"), double B[N][R],
   double C[R][R])
{
#pragma sparse einsum Y(i,l) = A(i,j) * B(j,k) * C(k,l)	/* { dg-message "23: note: einsum sparsified: split into 2 kernels .contracted in the order of least estimated work, 1.28e.06 against 8.19e.06 in one loop nest. over temporaries 't0' dense: t0.i,k. = sum.j, A.i,j. . B.j,k..; Y.i,l. = sum.k, t0.i,k. . C.k,l..; kernel 1, t0.i,k. = sum.j, A.i,j. . B.j,k..; A: CSR, t0: dense; loops: i for, j for over A, k for; t0: dense; kernel 2, Y.i,l. = sum.k, t0.i,k. . C.k,l..; t0: dense; loops: i for, l for, k for; Y: dense" } */
}

/* With extents known only at run time, the order that is cheapest
   depends on them: the candidates are planned and the report lists
   them.  */
void
g (int n, double y[n], double A[n][n] SPARSE ("CSR"),
   double B[n][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * B(j,k) * x(k)	/* { dg-message "einsum sparsified: contraction order chosen at run time by the work estimated from the operands' extents and nonzeros, among 2 candidates; candidate 1, one loop nest: y.i. = sum.k, sum.j, A.i,j. . B.j,k.. . x.k..; A: CSR, B: CSR; loops: i for, j for over A, k for over B; y: dense; candidate 2, split into 2 kernels over temporaries 't0' dense: t0.j. = sum.k, B.j,k. . x.k..; y.i. = sum.j, A.i,j. . t0.j..; kernel 1, " } */
}

void
h (double Y[N][N] SPARSE ("CSR"), double A[N][N] SPARSE ("CSR"),
   double U[N][R], double W[R][N])
{
#pragma sparse einsum Y(i,j) = A(i,j) * U(i,k) * W(k,j)	/* { dg-message "einsum sparsified: Y.i,j. = sum.k, A.i,j. . U.i,k. . W.k,j..; Y: CSR, A: CSR; loops: i for, j for over A, k for; Y: appended in order" } */
}
