/* Jacobi sweeps with the diagonal skipped by a guard on the indices.  */
#include "adopt.h"

enum { SWEEPS = 5 };

static void
jacobi (int n, double A[n][n] SPARSE (ADOPT_FMT), const double b[n],
        double x[n], double xn[n])
{
  for (int it = 0; it < SWEEPS; it++)
    {
      for (int i = 0; i < n; i++)
        {
          double s = b[i];
          for (int j = 0; j < n; j++)
            if (j != i)
              s -= A[i][j] * x[j];
          xn[i] = s / A[i][i];
        }
      for (int i = 0; i < n; i++)
        x[i] = xn[i];
    }
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  double *b = malloc (n * sizeof *b), *x = calloc (n, sizeof *x);
  double *xn = malloc (n * sizeof *xn), s = 0;
  for (int i = 0; i < n; i++)
    b[i] = 1 + i % 5;
  void *a = sp_array (t);
  double t0 = adopt_now ();
  jacobi (n, a, b, x, xn);
  double t1 = adopt_now ();
  for (int i = 0; i < n; i++)
    s += (i % 7 + 1) * x[i];
  printf ("jacobi %.6f s checksum %.17g\n", t1 - t0, s);
  free (b);
  free (x);
  free (xn);
  sp_free (t);
  return 0;
}
