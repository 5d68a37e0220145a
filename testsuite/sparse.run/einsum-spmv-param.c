/* SpMV through the einsum pragma on a tagged CSR parameter.  */
#include <stdio.h>
#include <sparse.h>

static void
spmv (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < m; i++)
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
        y[i] += A[i][j] * x[j];
    }
#endif
}

int
main (void)
{
  enum { M = 5, N = 4 };
  int64_t dims[2] = { M, N };
  sp_tensor *t = sp_new ("CSR", SP_F64, 2, dims);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      if ((i + j) % 3 == 0)
        sp_insert (t, (int64_t[]) { i, j }, i * 10 + j + 0.5);
  double x[N], y[M];
  for (int j = 0; j < N; j++)
    x[j] = j + 1;
  spmv (M, N, y, sp_array (t), x);
  for (int i = 0; i < M; i++)
    printf ("%g\n", y[i]);
  sp_free (t);
  return 0;
}
