/* PolyBench's atax, y = A^T (A x), as PolyBench writes it: the row's
   sum into tmp[i], then tmp[i] spread over y, CALLS times (argv[2],
   default 5).  */
#include "adopt.h"

static void
atax (int m, int n, double A[m][n] SPARSE (ADOPT_FMT), double x[n],
      double y[n], double tmp[m])
{
  for (int i = 0; i < n; i++)
    y[i] = 0;
  for (int i = 0; i < m; i++)
    {
      tmp[i] = 0.0;
      for (int j = 0; j < n; j++)
        tmp[i] = tmp[i] + A[i][j] * x[j];
      for (int j = 0; j < n; j++)
        y[j] = y[j] + A[i][j] * tmp[i];
    }
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0), calls = argc > 2 ? atoi (argv[2]) : 5;
  double *x = malloc (3 * n * sizeof *x), *y = x + n, *tmp = y + n, s = 0;
  for (int i = 0; i < n; i++)
    x[i] = 1 + i % 3;
  void *a = sp_array (t);
  double t0 = adopt_now ();
  for (int c = 0; c < calls; c++)
    atax (n, n, a, x, y, tmp);
  double t1 = adopt_now ();
  for (int i = 0; i < n; i++)
    s += (i % 7 + 1) * y[i];
  printf ("atax %.6f s checksum %.17g\n", t1 - t0, s);
  free (x);
  sp_free (t);
  return 0;
}
