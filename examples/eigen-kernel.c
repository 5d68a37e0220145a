/* eigen-kernel.c -- the tagged SpMV that eigen-exchange.cpp calls: the
   plugin compiles C, so the kernel lives in a C file of its own, with the
   sp_array the C++ program passes a tensor through: a handle with the
   plugin, a dense copy without it, as this file is compiled.  */

#include <sparse.h>

void *spmv_arg (sp_tensor *t);
void spmv_csr (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"),
               const double x[n]);

void *
spmv_arg (sp_tensor *t)
{
  return sp_array (t);
}

void
spmv_csr (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"),
          const double x[n])
{
  for (int i = 0; i < m; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}
