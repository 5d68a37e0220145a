/* Products with one triangle of a matrix, as dense code writes them:
   the strict lower triangle (for j < i) and the strict upper one (for
   j = i + 1 to n), each CALLS times (argv[2], default 20).  */
#include "adopt.h"

static void
lower (int n, double A[n][n] SPARSE (ADOPT_FMT), const double x[n],
       double y[n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      y[i] += A[i][j] * x[j];
}

static void
upper (int n, double A[n][n] SPARSE (ADOPT_FMT), const double x[n],
       double y[n])
{
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      y[i] += A[i][j] * x[j];
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0), calls = argc > 2 ? atoi (argv[2]) : 20;
  double *x = malloc (n * sizeof *x), *y = calloc (n, sizeof *y), s = 0;
  for (int i = 0; i < n; i++)
    x[i] = 1 + i % 5;
  void *a = sp_array (t);
  double t0 = adopt_now ();
  for (int c = 0; c < calls; c++)
    lower (n, a, x, y);
  double t1 = adopt_now ();
  for (int c = 0; c < calls; c++)
    upper (n, a, x, y);
  double t2 = adopt_now ();
  for (int i = 0; i < n; i++)
    s += (i % 7 + 1) * y[i];
  printf ("lower %.6f s upper %.6f s checksum %.17g\n", t1 - t0, t2 - t1, s);
  free (x);
  free (y);
  sp_free (t);
  return 0;
}
