/* -fplugin-arg-sparse-merge-only: intersections merge step by step, the
   search is neither emitted nor reported.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report -fplugin-arg-sparse-merge-only" } */
#include <sparse.h>

void
square (long n, double C[n][n] SPARSE ("DCSR"),
        double A[n][n] SPARSE ("DCSR"))
{
/* { dg-bogus "searches" "" { target *-*-* } 12 } */
#pragma sparse einsum C(i,j) = A(i,k) * A(k,j)	/* { dg-message "loops: i for over A, k co-iterate A, A, j for over A; C: through a workspace" } */
}
