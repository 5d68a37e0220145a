/* Loops counting down, as dense code writes them: back substitution
   with the upper triangle of the matrix and its diagonal (for i from
   n - 1 down, j from i + 1 to n), CALLS times (argv[2], default 20); and
   symmetric Gauss-Seidel, a forward sweep then a backward one (i from
   n - 1 down), SWEEPS times.  */
#include "adopt.h"

enum { SWEEPS = 5 };

static void
backsub (int n, double U[n][n] SPARSE (ADOPT_FMT), const double b[n],
         double x[n])
{
  for (int i = n - 1; i >= 0; i--)
    {
      double s = b[i];
      for (int j = i + 1; j < n; j++)
        s -= U[i][j] * x[j];
      x[i] = s / U[i][i];
    }
}

static void
symgs (int n, double A[n][n] SPARSE (ADOPT_FMT), const double b[n],
       double x[n])
{
  for (int it = 0; it < SWEEPS; it++)
    {
      for (int i = 0; i < n; i++)
        {
          double s = b[i];
          for (int j = 0; j < n; j++)
            if (j != i)
              s -= A[i][j] * x[j];
          x[i] = s / A[i][i];
        }
      for (int i = n - 1; i >= 0; i--)
        {
          double s = b[i];
          for (int j = 0; j < n; j++)
            if (j != i)
              s -= A[i][j] * x[j];
          x[i] = s / A[i][i];
        }
    }
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0), calls = argc > 2 ? atoi (argv[2]) : 20;
  double *b = malloc (n * sizeof *b), *x = calloc (n, sizeof *x);
  double *z = calloc (n, sizeof *z), s = 0;
  for (int i = 0; i < n; i++)
    b[i] = 1 + i % 5;
  void *a = sp_array (t);
  double t0 = adopt_now ();
  for (int c = 0; c < calls; c++)
    backsub (n, a, b, x);
  double t1 = adopt_now ();
  symgs (n, a, b, z);
  double t2 = adopt_now ();
  for (int i = 0; i < n; i++)
    s += (i % 7 + 1) * (x[i] + z[i]);
  printf ("backsub %.6f s symgs %.6f s checksum %.17g\n", t1 - t0, t2 - t1,
          s);
  free (b);
  free (x);
  free (z);
  sp_free (t);
  return 0;
}
