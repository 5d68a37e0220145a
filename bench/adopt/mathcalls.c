/* Loop bodies that call the C library's functions, as people write
   them: a row sum of exp over the stored entries (`if (A[i][j] != 0)
   y[i] += exp (A[i][j]);`, "exprows") and the sum of the square roots
   of the elements' magnitudes (`s += sqrt (fabs (A[i][j]));`, sqrt
   keeps zeros, "sqrtsum"), each 5 calls.  */
#include "adopt.h"

enum { CALLS = 5 };

static void
exp_rows (int n, double A[n][n] SPARSE (ADOPT_FMT), double y[n])
{
  for (int i = 0; i < n; i++)
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
        if (A[i][j] != 0)
          y[i] += exp (A[i][j] * 1e-8);
    }
}

static double
sqrt_sum (int n, double A[n][n] SPARSE (ADOPT_FMT))
{
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += sqrt (fabs (A[i][j]));
  return s;
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  double *y = malloc (n * sizeof *y), r = 0, s = 0;
  void *a = sp_array (t);
  double t0 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    {
      exp_rows (n, a, y);
      for (int i = 0; i < n; i++)
        r += (i % 7 + 1) * y[i];
    }
  double t1 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    s += sqrt_sum (n, a);
  double t2 = adopt_now ();
  printf ("exprows %.4f s sqrtsum %.4f s checksum %.17g %.17g\n", t1 - t0,
          t2 - t1, r, s);
  free (y);
  sp_free (t);
  return 0;
}
