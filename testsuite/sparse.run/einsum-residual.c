/* RESIDUAL: y = b - A x; the sum covers the product only.  */
#include <stdio.h>
#include <sparse.h>

static void
residual (int n, double y[n], double b[n], double A[n][n] SPARSE ("CSC"),
          double x[n])
{
#pragma sparse einsum y(i) = b(i) - A(i,j) * x(j)
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < n; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = b[i] - s;
    }
#endif
}

int
main (void)
{
  enum { N = 8 };
  int64_t dims[2] = { N, N };
  sp_tensor *a = sp_new ("CSC", SP_F64, 2, dims);
  for (int i = 0; i < N; i++)
    {
      sp_insert (a, (int64_t[]) { i, i }, 4.0);
      if (i + 1 < N)
        sp_insert (a, (int64_t[]) { i, i + 1 }, -1.0);
      if (i > 1)
        sp_insert (a, (int64_t[]) { i, i - 2 }, -0.5);
    }
  double b[N], x[N], y[N];
  for (int i = 0; i < N; i++)
    {
      b[i] = i % 3;
      x[i] = 0.1 * i;
    }
  residual (N, y, b, sp_array (a), x);
  for (int i = 0; i < N; i++)
    printf ("%.12g\n", y[i]);
  sp_free (a);
  return 0;
}
