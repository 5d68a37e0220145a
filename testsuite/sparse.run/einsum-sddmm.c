/* SDDMM: C(i,j) = S(i,j) * A(i,k) * B(k,j), S a tagged sampling matrix.  */
#include <stdio.h>
#include <sparse.h>

enum { M = 5, N = 4, K = 3 };

static void
sddmm (double C[M][N], double S[M][N] SPARSE ("CSR"), double A[M][K],
       double B[K][N])
{
#pragma sparse einsum C(i,j) = S(i,j) * A(i,k) * B(k,j)
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      {
        double s = 0;
        for (int k = 0; k < K; k++)
          s += S[i][j] * A[i][k] * B[k][j];
        C[i][j] = s;
      }
#endif
}

int
main (void)
{
  int64_t dims[2] = { M, N };
  sp_tensor *s = sp_new ("CSR", SP_F64, 2, dims);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      if ((i + j) % 3 == 0)
        sp_insert (s, (int64_t[]) { i, j }, 1 + i);
  double A[M][K], B[K][N], C[M][N];
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++)
      A[i][k] = i - k * 0.5;
  for (int k = 0; k < K; k++)
    for (int j = 0; j < N; j++)
      B[k][j] = 0.25 * (k + j);
  sddmm (C, sp_array (s), A, B);
  for (int i = 0; i < M; i++)
    printf ("%g %g %g %g\n", C[i][0], C[i][1], C[i][2], C[i][3]);
  sp_free (s);
  return 0;
}
