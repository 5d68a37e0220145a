/* Row normalisation: each row divided by the sum of its magnitudes.  */
#include "adopt.h"

static void
rownorm (int n, double A[n][n] SPARSE (ADOPT_FMT), double r[n])
{
  for (int i = 0; i < n; i++)
    {
      r[i] = 0;
      for (int j = 0; j < n; j++)
        r[i] += fabs (A[i][j]);
    }
  for (int i = 0; i < n; i++)
    if (r[i] == 0)
      r[i] = 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] /= r[i];
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  double *r = malloc (n * sizeof *r);
  void *a = sp_array (t);
  double t0 = adopt_now ();
  rownorm (n, a, r);
  double t1 = adopt_now ();
  printf ("rownorm %.4f s checksum %.17g\n", t1 - t0, adopt_checksum (n, a));
  free (r);
  sp_free (t);
  return 0;
}
