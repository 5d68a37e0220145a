/* With the plugin, <sparse.h> leaves -Wunknown-pragmas as the command
   line sets it (the pragma is the plugin's to read): a pragma of another
   tool says nothing.  */
/* { dg-do compile } */
#include <sparse.h>

#pragma some_tool option
void
spmv (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
}
