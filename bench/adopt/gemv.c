/* BLAS's update y = alpha A x + beta y as people write it, the row's sum
   in a scalar and the old y[i] read where it is set, 20 calls (a
   Krylov solver's matrix products).  */
#include "adopt.h"

enum { CALLS = 20 };

static void
gemv (int n, double A[n][n] SPARSE (ADOPT_FMT), const double x[n],
      double y[n], double alpha, double beta)
{
  for (int i = 0; i < n; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = alpha * s + beta * y[i];
    }
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  double *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y), s = 0;
  for (int i = 0; i < n; i++)
    {
      x[i] = 1.0 / (1 + i % 3);
      y[i] = 1 + i % 5;
    }
  void *a = sp_array (t);
  double t0 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    gemv (n, a, x, y, 1e-6, -0.5);
  double t1 = adopt_now ();
  for (int i = 0; i < n; i++)
    s += (i % 7 + 1) * y[i];
  printf ("gemv %.4f s checksum %.17g\n", t1 - t0, s);
  free (x);
  free (y);
  sp_free (t);
  return 0;
}
