/* Tagged VLA locals, created and freed on every pass through the loop.  */
#include <stdio.h>
#include <sparse.h>

static long
band (int n, int w)
{
  long B[n][n] SPARSE ("D,CU");
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      B[i][j] = (j >= i - w && j <= i + w) ? i * 100 + j : 0;
  long s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s = s * 3 % 1000003 + B[i][j];
  return s;
}

int
main (void)
{
  for (int n = 1; n <= 9; n += 2)
    {
      double v[n * 2] SPARSE ("CU");
      for (int k = 0; k < n * 2; k++)
        v[k] = k % 3 == 0 ? k * 0.5 : 0;
      double t = 0;
      for (int k = 0; k < n * 2; k++)
        t += v[k] * v[k];
      printf ("%d %ld %g\n", n, band (n, 1), t);
    }
  return 0;
}
