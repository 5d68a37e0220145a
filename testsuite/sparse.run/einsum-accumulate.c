/* += and -= accumulate into the output.  */
#include <stdio.h>
#include <sparse.h>

static void
acc (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) += A(i,j) * x(j)
#pragma sparse einsum y(i) -= 2 * x(i)
#pragma sparse einsum y(i) += -A(i,j) * x(j) / 4
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < n; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] += s;
    }
  for (int i = 0; i < n; i++)
    y[i] -= 2 * x[i];
  for (int i = 0; i < n; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += -A[i][j] * x[j] / 4;
      y[i] += s;
    }
#endif
}

int
main (void)
{
  enum { N = 6 };
  int64_t dims[2] = { N, N };
  sp_tensor *a = sp_new ("CSR", SP_F64, 2, dims);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if ((i + j) % 4 == 1)
        sp_insert (a, (int64_t[]) { i, j }, i * 2 - j);
  double x[N], y[N];
  for (int i = 0; i < N; i++)
    {
      x[i] = i + 0.5;
      y[i] = 100 + i;
    }
  acc (N, y, sp_array (a), x);
  for (int i = 0; i < N; i++)
    printf ("%.12g\n", y[i]);
  sp_free (a);
  return 0;
}
