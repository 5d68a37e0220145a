/* Maxima over a matrix as people write them: the infinity norm of a
   residual (a row's sum, then `if (fabs (s) > err) err = fabs (s);`)
   and the largest magnitude of an element (`if (fabs (A[i][j]) > m)`),
   each 5 calls.  */
#include "adopt.h"

enum { CALLS = 5 };

static double
residual_norm (int n, double A[n][n] SPARSE (ADOPT_FMT), const double x[n],
               const double b[n])
{
  double err = 0;
  for (int i = 0; i < n; i++)
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        s -= A[i][j] * x[j];
      if (fabs (s) > err)
        err = fabs (s);
    }
  return err;
}

static double
largest (int n, double A[n][n] SPARSE (ADOPT_FMT))
{
  double m = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (fabs (A[i][j]) > m)
        m = fabs (A[i][j]);
  return m;
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  double *b = malloc (n * sizeof *b), *x = malloc (n * sizeof *x);
  double r = 0, m = 0;
  for (int i = 0; i < n; i++)
    {
      b[i] = 1 + i % 5;
      x[i] = 1.0 / (1 + i % 3);
    }
  void *a = sp_array (t);
  double t0 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    r += residual_norm (n, a, x, b);
  double t1 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    m += largest (n, a);
  double t2 = adopt_now ();
  printf ("resid %.4f s absmax %.4f s checksum %.17g %.17g\n", t1 - t0,
          t2 - t1, r, m);
  free (b);
  free (x);
  sp_free (t);
  return 0;
}
