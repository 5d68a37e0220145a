/* The largest magnitude of each row, as people write it to scale a
   matrix: m[i] = 0, then m[i] = fmax (m[i], fabs (A[i][j])) ("fmax"),
   or `if (fabs (A[i][j]) > m[i]) m[i] = fabs (A[i][j]);` ("if"), 5
   calls each.  */
#include "adopt.h"

enum { CALLS = 5 };

static void
rowmax_fmax (int n, double A[n][n] SPARSE (ADOPT_FMT), double m[n])
{
  for (int i = 0; i < n; i++)
    {
      m[i] = 0;
      for (int j = 0; j < n; j++)
        m[i] = fmax (m[i], fabs (A[i][j]));
    }
}

static void
rowmax_if (int n, double A[n][n] SPARSE (ADOPT_FMT), double m[n])
{
  for (int i = 0; i < n; i++)
    {
      m[i] = 0;
      for (int j = 0; j < n; j++)
        if (fabs (A[i][j]) > m[i])
          m[i] = fabs (A[i][j]);
    }
}

/* Sum of (i % 7 + 1) M[i].  */
static double
weighted (int n, const double *m)
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (i % 7 + 1) * m[i];
  return s;
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  double *m = malloc (n * sizeof *m), r = 0, q = 0;
  void *a = sp_array (t);
  double t0 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    {
      rowmax_fmax (n, a, m);
      r += weighted (n, m);
    }
  double t1 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    {
      rowmax_if (n, a, m);
      q += weighted (n, m);
    }
  double t2 = adopt_now ();
  printf ("fmax %.4f s if %.4f s checksum %.17g %.17g\n", t1 - t0, t2 - t1,
          r, q);
  free (m);
  sp_free (t);
  return 0;
}
