/* The pragma over VLA locals, tagged and dense, with run-time extents,
   and a pointer operand whose extent comes from the arrays.  */
#include <stdio.h>
#include <sparse.h>

static double
run (int m, int n, double *out)
{
  double A[m][n] SPARSE ("CSR");
  double x[n], y[m];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = (i * n + j) % 5 == 0 ? i + j : 0;
  for (int j = 0; j < n; j++)
    x[j] = j - 1.5;
#pragma sparse einsum y(i) = A(i,j) * x(j)
#pragma sparse einsum out(i) = 2 * y(i)
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < m; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
  for (int i = 0; i < m; i++)
    out[i] = 2 * y[i];
#endif
  double s = 0;
  for (int i = 0; i < m; i++)
    s += out[i] * (i + 1);
  return s;
}

int
main (void)
{
  double out[32];
  for (int m = 1; m < 8; m += 3)
    printf ("%d %.12g\n", m, run (m, m + 2, out));
  return 0;
}
