/* The report line of sparsified pragmas: the statement, the formats and
   conversions, each loop (a dense for, a for over one operand's
   positions, or co-iteration) and how the output is written.  Without
   -fopenmp no loop is parallel.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

void
spmv (int n, double y[n], double A[n][n] SPARSE ("DCSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)	/* { dg-message "note: einsum sparsified: y.i. = sum.j, A.i,j. . x.j..; A: DCSR; loops: i for over A, j for over A; y: dense" } */
}

void
spmm (int n, double C[n][n], double A[n][n] SPARSE ("CSR"), double B[n][n])
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j)	/* { dg-message "note: einsum sparsified: C.i,j. = sum.k, A.i,k. . B.k,j..; A: CSR; loops: i for, k for over A, j for; C: dense" } */
}

void
spgemm (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"),
        double B[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j)	/* { dg-message "C: CSR, A: CSR, B: CSR; loops: i for, k for over A, j for over B; C: through a workspace" } */
}

void
add (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"),
     double B[n][n] SPARSE ("CSC"))
{
#pragma sparse einsum C(i,j) = A(i,j) + B(i,j)	/* { dg-message "B: CSC converted to CSR; loops: i for, j co-iterate A, B; C: appended in order" } */
}

double
dot (int n, double x[n] SPARSE ("CU"), double y[n])
{
  double s;
#pragma sparse einsum s = x(i) * y(i)	/* { dg-message "s = sum.i, x.i. . y.i..; x: CU; loops: i for over x; s: scalar" } */
  return s;
}

/* A loop that is dense in some cases of its lattice (where A has the
   slice, every l) and walks storage in others says both.  */
void
ttm_add (int n, double C[n][n][n] SPARSE ("CSF"),
         double A[n][n][n] SPARSE ("CSF"), double B[n][n] SPARSE ("CSC"))
{
#pragma sparse einsum C(i,j,l) += A(i,j,k) * B(k,l)	/* { dg-message "loops: i co-iterate A, C, j co-iterate A, C, l for or for over C, k co-iterate A, B; C: appended in order" } */
}
