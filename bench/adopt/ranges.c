/* Outer loops over part of the rows and a count kept in a local: the
   strict lower triangle's squared norm from row 1 ("lower1"), the
   product over the interior rows 1 .. n - 2 ("interior"), and the
   entries above a threshold counted per row in a local that the row's
   store takes ("count"), 5 calls each.  */
#include "adopt.h"

enum { CALLS = 5 };

static double
lower1 (int n, double A[n][n] SPARSE (ADOPT_FMT))
{
  double s = 0;
  for (int i = 1; i < n; i++)
    for (int j = 0; j < i; j++)
      s += A[i][j] * A[i][j];
  return s;
}

static void
interior (int n, double A[n][n] SPARSE (ADOPT_FMT), const double *x,
          double *y)
{
  for (int i = 1; i < n - 1; i++)
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
}

static void
count (int n, double A[n][n] SPARSE (ADOPT_FMT), double tol, int *cnt)
{
  for (int i = 0; i < n; i++)
    {
      int c = 0;
      for (int j = 0; j < n; j++)
        if (fabs (A[i][j]) > tol)
          c++;
      cnt[i] = c;
    }
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  double *x = malloc (n * sizeof *x), *y = calloc (n, sizeof *y);
  int *cnt = malloc (n * sizeof *cnt);
  double r = 0, q = 0, e = 0;
  void *a = sp_array (t);
  for (int i = 0; i < n; i++)
    x[i] = i % 3 + 1;
  double t0 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    r += lower1 (n, a);
  double t1 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    interior (n, a, x, y);
  double t2 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    {
      count (n, a, 1e3 * c, cnt);
      for (int i = 0; i < n; i++)
        e += (i % 7 + 1) * cnt[i];
    }
  double t3 = adopt_now ();
  for (int i = 0; i < n; i++)
    q += (i % 7 + 1) * y[i];
  printf ("lower1 %.4f s interior %.4f s count %.4f s checksum %.17g %.17g "
          "%.17g\n", t1 - t0, t2 - t1, t3 - t2, r, q, e);
  free (x);
  free (y);
  free (cnt);
  sp_free (t);
  return 0;
}
