/* Products over the rows as people write them: p[i] = 1, then p[i] *=
   A[i][j] * 1e-9 + 1 ("shift": the factor 1 at the unstored zeros) or
   p[i] *= A[i][j] ("entries": the factor 0 there), 5 calls each.  */
#include "adopt.h"

enum { CALLS = 5 };

static void
shift (int n, double A[n][n] SPARSE (ADOPT_FMT), double p[n])
{
  for (int i = 0; i < n; i++)
    {
      p[i] = 1;
      for (int j = 0; j < n; j++)
        p[i] *= A[i][j] * 1e-9 + 1;
    }
}

static void
entries (int n, double A[n][n] SPARSE (ADOPT_FMT), double p[n])
{
  for (int i = 0; i < n; i++)
    {
      p[i] = 1;
      for (int j = 0; j < n; j++)
        p[i] *= A[i][j];
    }
}

/* Sum of (i % 7 + 1) P[i], and how many P[i] are -0.0.  */
static double
weighted (int n, const double *p, int *negzero)
{
  double s = 0;
  for (int i = 0; i < n; i++)
    {
      s += (i % 7 + 1) * p[i];
      *negzero += p[i] == 0 && signbit (p[i]);
    }
  return s;
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0), nz = 0;
  double *p = malloc (n * sizeof *p), r = 0, q = 0;
  void *a = sp_array (t);
  double t0 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    {
      shift (n, a, p);
      r += weighted (n, p, &nz);
    }
  double t1 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    {
      entries (n, a, p);
      q += weighted (n, p, &nz);
    }
  double t2 = adopt_now ();
  printf ("shift %.4f s entries %.4f s checksum %.17g %.17g %d\n", t1 - t0,
          t2 - t1, r, q, nz);
  free (p);
  sp_free (t);
  return 0;
}
