/* Tensor-times-vector on a rank-3 CSF tensor: Y(i,j) = T(i,j,k) * v(k).  */
#include <stdio.h>
#include <sparse.h>

enum { I = 4, J = 3, K = 5 };

static void
ttv (double Y[I][J], double T[I][J][K] SPARSE ("CSF"), double v[K])
{
#pragma sparse einsum Y(i,j) = T(i,j,k) * v(k)
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++)
      {
        Y[i][j] = 0;
        for (int k = 0; k < K; k++)
          Y[i][j] += T[i][j][k] * v[k];
      }
#endif
}

int
main (void)
{
  int64_t dims[3] = { I, J, K };
  sp_tensor *t = sp_new ("CSF", SP_F64, 3, dims);
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++)
      for (int k = 0; k < K; k++)
        if ((i * 5 + j * 3 + k) % 4 == 0)
          sp_insert (t, (int64_t[]) { i, j, k }, 0.5 * (i + 1) - j + k);
  double v[K], Y[I][J];
  for (int k = 0; k < K; k++)
    v[k] = 1.0 / (k + 1);
  ttv (Y, sp_array (t), v);
  for (int i = 0; i < I; i++)
    printf ("%.12g %.12g %.12g\n", Y[i][0], Y[i][1], Y[i][2]);
  sp_free (t);
  return 0;
}
