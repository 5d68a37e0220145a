/* Without the plugin GCC would ignore #pragma sparse in silence, leaving
   the output unset; <sparse.h> makes it a warning, with no option.  */
/* { dg-do compile } */
#include <sparse.h>

void
spmv (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j) /* { dg-warning "ignoring .#pragma sparse einsum." } */
}

#pragma sparse /* { dg-warning "ignoring .#pragma sparse" } */
