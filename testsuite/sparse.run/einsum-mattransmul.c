/* MATTRANSMUL: y = alpha A^T x + beta z over a CSR matrix, with scalars.  */
#include <stdio.h>
#include <sparse.h>

static void
mtm (int m, int n, double y[n], double alpha, double A[m][n] SPARSE ("CSR"),
     double x[m], double beta, double z[n])
{
#pragma sparse einsum y(j) = alpha * A(i,j) * x(i) + beta * z(j)
#ifndef __SPARSE_PLUGIN__
  for (int j = 0; j < n; j++)
    {
      double s = 0;
      for (int i = 0; i < m; i++)
        s += alpha * A[i][j] * x[i];
      y[j] = s + beta * z[j];
    }
#endif
}

int
main (void)
{
  enum { M = 7, N = 5 };
  int64_t dims[2] = { M, N };
  sp_tensor *a = sp_new ("CSR", SP_F64, 2, dims);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      if ((i * j + i) % 3 == 1)
        sp_insert (a, (int64_t[]) { i, j }, i - j + 0.5);
  double x[M], y[N], z[N];
  for (int i = 0; i < M; i++)
    x[i] = 1 + i * 0.5;
  for (int j = 0; j < N; j++)
    z[j] = 10 - j;
  mtm (M, N, y, 2.0, sp_array (a), x, -0.5, z);
  for (int j = 0; j < N; j++)
    printf ("%.12g\n", y[j]);
  sp_free (a);
  return 0;
}
