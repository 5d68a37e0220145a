/* SpMM through the pragma: C = A * B, A a tagged CSR parameter, B and C
   dense.  */
#include <stdio.h>
#include <sparse.h>

enum { M = 6, K = 5, N = 4 };

static void
spmm (double C[M][N], double A[M][K] SPARSE ("CSR"), double B[K][N])
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j)
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      {
        C[i][j] = 0;
        for (int k = 0; k < K; k++)
          C[i][j] += A[i][k] * B[k][j];
      }
#endif
}

int
main (void)
{
  int64_t dims[2] = { M, K };
  sp_tensor *a = sp_new ("CSR", SP_F64, 2, dims);
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++)
      if ((i * 7 + k * 3) % 4 == 0)
        sp_insert (a, (int64_t[]) { i, k }, 1.0 + i - 0.5 * k);
  double B[K][N], C[M][N];
  for (int k = 0; k < K; k++)
    for (int j = 0; j < N; j++)
      B[k][j] = (k + 1) * 0.25 - j;
  spmm (C, sp_array (a), B);
  for (int i = 0; i < M; i++)
    {
      for (int j = 0; j < N; j++)
        printf (" %g", C[i][j]);
      printf ("\n");
    }
  sp_free (a);
  return 0;
}
