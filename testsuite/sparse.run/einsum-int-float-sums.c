/* Einsum statements whose sums are double into integer outputs: C's
   c += S adds c and S in double and converts once (a sum converted
   first, or term by term, would differ where S has a fraction).  */
#include "sparse-run.h"

enum { M = 9, N = 11 };

static int
sums (double A[M][N] SPARSE ("CSR"), const double x[N], int c, long z[M],
      int w[M])
{
#pragma sparse einsum c += A(i,j) * x(j)
#pragma sparse einsum z(i) += A(i,j) * x(j)
#pragma sparse einsum w(i) = A(i,j) * x(j)
#ifndef __SPARSE_PLUGIN__
  double s = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      s += A[i][j] * x[j];
  c += s;
  for (int i = 0; i < M; i++)
    {
      double r = 0;
      for (int j = 0; j < N; j++)
        r += A[i][j] * x[j];
      z[i] += r;
      w[i] = r;
    }
#endif
  return c;
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, N, 21, 3);
  double x[N];
  long z[M];
  int w[M];
  for (int j = 0; j < N; j++)
    x[j] = (j % 3) * 0.5 - 0.25;
  for (int start = -4; start <= 4; start++)
    {
      for (int i = 0; i < M; i++)
        z[i] = start - i;
      int c = sums (sp_array (a), x, start, z, w);
      printf ("from %d: c %d z", start, c);
      for (int i = 0; i < M; i++)
        printf (" %ld", z[i]);
      printf (" w");
      for (int i = 0; i < M; i++)
        printf (" %d", w[i]);
      printf ("\n");
    }
  sp_free (a);
  return 0;
}
