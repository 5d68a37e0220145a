/* Intersections of compressed levels search the longer ranges when one
   is much shorter, the report says where; unions and loops over one
   operand do not.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

void
square (long n, double C[n][n] SPARSE ("DCSR"),
        double A[n][n] SPARSE ("DCSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * A(k,j)	/* { dg-message "loops: i for over A, k co-iterate A, A, j for over A; C: through a workspace; k's intersection searches the longer ranges when one is much shorter" } */
}

void
times (long n, double C[n][n] SPARSE ("DCSR"), double A[n][n] SPARSE ("DCSR"),
       double B[n][n] SPARSE ("DCSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) * B(i,j)	/* { dg-message "i's intersection searches the longer ranges when one is much shorter; j's intersection searches the longer ranges when one is much shorter" } */
}

void
plus (long n, double C[n][n] SPARSE ("DCSR"), double A[n][n] SPARSE ("DCSR"),
      double B[n][n] SPARSE ("DCSR"))
{
/* { dg-bogus "searches" "" { target *-*-* } 27 } */
#pragma sparse einsum C(i,j) = A(i,j) + B(i,j)	/* { dg-message "loops: i co-iterate A, B, j co-iterate A, B; C: appended in order; j's merge with or without branches, chosen at run time" } */
}

void
spgemm (long n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"))
{
/* { dg-bogus "searches" "" { target *-*-* } 34 } */
#pragma sparse einsum C(i,j) = A(i,k) * A(k,j)	/* { dg-message "loops: i for, k for over A, j for over A; C: through a workspace" } */
}
