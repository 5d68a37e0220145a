/* order_kernels.c -- Y(i,l) = A(i,j) B(j,k) C(k,l), A in CSR, as the
   pragma (two kernels: the order the compiler picks) and as one loop
   nest (the nest the plugin keeps as written).  Compiled with the
   plugin.  */

#include "order_kernels.h"

static void
pragma (int n, double Y[n][OK_R], double A[n][n] SPARSE ("CSR"),
        const double B[n][OK_R], const double C[OK_R][OK_R])
{
#pragma sparse einsum Y(i,l) = A(i,j) * B(j,k) * C(k,l)
}

static void
one_nest (int n, double Y[n][OK_R], double A[n][n] SPARSE ("CSR"),
          const double B[n][OK_R], const double C[OK_R][OK_R])
{
  for (int i = 0; i < n; i++)
    for (int l = 0; l < OK_R; l++)
      Y[i][l] = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < OK_R; k++)
        for (int l = 0; l < OK_R; l++)
          Y[i][l] += A[i][j] * B[j][k] * C[k][l];
}

void
ok_pragma (int n, double (*y)[OK_R], sp_tensor *a, const double (*b)[OK_R],
           const double (*c)[OK_R])
{
  pragma (n, y, sp_array (a), b, c);
}

void
ok_one_nest (int n, double (*y)[OK_R], sp_tensor *a, const double (*b)[OK_R],
             const double (*c)[OK_R])
{
  one_nest (n, y, sp_array (a), b, c);
}
