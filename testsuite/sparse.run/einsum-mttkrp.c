/* MTTKRP: A(i,j) = B(i,k,l) * C(k,j) * D(l,j) over a CSF tensor.  */
#include <stdio.h>
#include <sparse.h>

enum { I = 4, J = 3, K = 5, L = 2 };

static void
mttkrp (double A[I][J], double B[I][K][L] SPARSE ("CSF"), double C[K][J],
        double D[L][J])
{
#pragma sparse einsum A(i,j) = B(i,k,l) * C(k,j) * D(l,j)
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++)
      {
        double s = 0;
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            s += B[i][k][l] * C[k][j] * D[l][j];
        A[i][j] = s;
      }
#endif
}

int
main (void)
{
  int64_t dims[3] = { I, K, L };
  sp_tensor *b = sp_new ("CSF", SP_F64, 3, dims);
  for (int i = 0; i < I; i++)
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        if ((i * 2 + k + l * 3) % 4 == 0)
          sp_insert (b, (int64_t[]) { i, k, l }, 1 + i - k + 0.5 * l);
  double A[I][J], C[K][J], D[L][J];
  for (int k = 0; k < K; k++)
    for (int j = 0; j < J; j++)
      C[k][j] = k * 0.5 + j;
  for (int l = 0; l < L; l++)
    for (int j = 0; j < J; j++)
      D[l][j] = 1 - l + j * 0.25;
  mttkrp (A, sp_array (b), C, D);
  for (int i = 0; i < I; i++)
    printf ("%.12g %.12g %.12g\n", A[i][0], A[i][1], A[i][2]);
  sp_free (b);
  return 0;
}
