/* float elements: SpMV with float operands and a float output.  */
#include <stdio.h>
#include <sparse.h>

static void
spmv (int m, int n, float y[m], float A[m][n] SPARSE ("CSR"), float x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < m; i++)
    {
      float s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
#endif
}

int
main (void)
{
  enum { M = 5, N = 9 };
  int64_t dims[2] = { M, N };
  sp_tensor *a = sp_new ("CSR", SP_F32, 2, dims);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      if ((i + 3 * j) % 5 < 2)
        sp_insert (a, (int64_t[]) { i, j }, 0.5f * i + 0.25f * j);
  float x[N], y[M];
  for (int j = 0; j < N; j++)
    x[j] = 1.0f + j;
  spmv (M, N, y, sp_array (a), x);
  for (int i = 0; i < M; i++)
    printf ("%.6g\n", (double) y[i]);
  sp_free (a);
  return 0;
}
