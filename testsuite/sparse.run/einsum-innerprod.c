/* INNERPROD into a scalar: s = B(i,j,k) * C(i,j,k), two rank-3 formats.  */
#include <stdio.h>
#include <sparse.h>

enum { I = 3, J = 4, K = 5 };

static double
inner (double B[I][J][K] SPARSE ("CSF"), double C[I][J][K] SPARSE ("COO"))
{
  double s = -1;
#pragma sparse einsum s = B(i,j,k) * C(i,j,k)
#ifndef __SPARSE_PLUGIN__
  s = 0;
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++)
      for (int k = 0; k < K; k++)
        s += B[i][j][k] * C[i][j][k];
#endif
  return s;
}

int
main (void)
{
  int64_t dims[3] = { I, J, K };
  sp_tensor *b = sp_new ("CSF", SP_F64, 3, dims);
  sp_tensor *c = sp_new ("COO", SP_F64, 3, dims);
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++)
      for (int k = 0; k < K; k++)
        {
          if ((i + j + k) % 2 == 0)
            sp_insert (b, (int64_t[]) { i, j, k }, i * 1.5 + k);
          if ((i * j + k) % 3 != 1)
            sp_insert (c, (int64_t[]) { i, j, k }, 0.25 * (j + 1));
        }
  printf ("%.12g\n", inner (sp_array (b), sp_array (c)));
  sp_free (b);
  sp_free (c);
  return 0;
}
