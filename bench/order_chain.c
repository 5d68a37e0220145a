/* order_chain.c -- Y(i,l) = A(i,j) B(j,k) C(k,l), A in CSR n x m with n
   and m known only at run time: built as ok_chain by the plugin (the
   order chosen at run time) and as ok_chain_static with
   -fplugin-arg-sparse-compile-time-order (OK_CHAIN names it).  */

#include "order_kernels.h"

static void
chain (int n, int m, double Y[n][OK_RC], double A[n][m] SPARSE ("CSR"),
       const double B[m][OK_RC], const double C[OK_RC][OK_RC])
{
#pragma sparse einsum Y(i,l) = A(i,j) * B(j,k) * C(k,l)
}

void
OK_CHAIN (int n, int m, double (*y)[OK_RC], sp_tensor *a,
          const double (*b)[OK_RC], const double (*c)[OK_RC])
{
  chain (n, m, y, sp_array (a), b, c);
}
