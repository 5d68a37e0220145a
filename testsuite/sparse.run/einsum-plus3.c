/* PLUS3 with tagged locals of three formats: A = B + C + D, then a
   scaled copy into a tagged output.  */
#include <stdio.h>
#include <sparse.h>

enum { M = 6, N = 5 };

int
main (void)
{
  double A[M][N], B[M][N] SPARSE ("CSR"), C[M][N] SPARSE ("CSC"),
    D[M][N] SPARSE ("COO"), E[M][N] SPARSE ("DCSR");
  double alpha = -1.5;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      {
        B[i][j] = (i + j) % 3 == 0 ? i + 0.5 : 0;
        C[i][j] = (2 * i + j) % 4 == 1 ? -j : 0;
        D[i][j] = i == j ? 10 : 0;
        E[i][j] = 0;
      }
#pragma sparse einsum A(i,j) = B(i,j) + C(i,j) + D(i,j)
#pragma sparse einsum E(i,j) = alpha * A(i,j) - B(i,j)
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = B[i][j] + C[i][j] + D[i][j];
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      E[i][j] = alpha * A[i][j] - B[i][j];
#endif
  for (int i = 0; i < M; i++)
    {
      for (int j = 0; j < N; j++)
        printf (" %g/%g", A[i][j], E[i][j]);
      printf ("\n");
    }
  return 0;
}
