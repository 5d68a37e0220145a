/* The diagonal of a matrix copied into a vector, d[i] = A[i][i], CALLS
   times (argv[2], default 20).  */
#include "adopt.h"

static void
diagonal (int n, double A[n][n] SPARSE (ADOPT_FMT), double d[n])
{
  for (int i = 0; i < n; i++)
    d[i] = A[i][i];
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0), calls = argc > 2 ? atoi (argv[2]) : 20;
  double *d = malloc (n * sizeof *d), s = 0;
  void *a = sp_array (t);
  double t0 = adopt_now ();
  for (int c = 0; c < calls; c++)
    diagonal (n, a, d);
  double t1 = adopt_now ();
  for (int i = 0; i < n; i++)
    s += (i % 7 + 1) * d[i];
  printf ("diagonal %.6f s checksum %.17g\n", t1 - t0, s);
  free (d);
  sp_free (t);
  return 0;
}
