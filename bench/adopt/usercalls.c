/* Calls of the program's own small functions in loop bodies, as people
   write helpers, 5 calls each: the sum of squares through `sq`
   ("sqsum") and a product through a two-argument helper ("helperspmv",
   y[i] += times (A[i][j], x[j])).  */
#include "adopt.h"

enum { CALLS = 5 };

static double sq (double v) { return v * v; }
static double times (double a, double b) { return a * b; }

static double
sum_squares (int n, double A[n][n] SPARSE (ADOPT_FMT))
{
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += sq (A[i][j]);
  return s;
}

static void
helper_spmv (int n, double A[n][n] SPARSE (ADOPT_FMT), const double x[n],
             double y[n])
{
  for (int i = 0; i < n; i++)
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
        y[i] += times (A[i][j], x[j]);
    }
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  double *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  double s = 0, c = 0;
  for (int i = 0; i < n; i++)
    x[i] = 1.0 / (1 + i % 3);
  void *a = sp_array (t);
  double t0 = adopt_now ();
  for (int k = 0; k < CALLS; k++)
    s += sum_squares (n, a);
  double t1 = adopt_now ();
  for (int k = 0; k < CALLS; k++)
    helper_spmv (n, a, x, y);
  double t2 = adopt_now ();
  for (int i = 0; i < n; i++)
    c += (i % 7 + 1) * y[i];
  printf ("sqsum %.4f s helperspmv %.4f s checksum %.17g %.17g\n", t1 - t0,
          t2 - t1, s, c);
  free (x);
  free (y);
  sp_free (t);
  return 0;
}
