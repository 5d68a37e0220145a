/* Thresholding: entries of magnitude below TOL become zero.  */
#include "adopt.h"

static void
threshold (int n, double A[n][n] SPARSE (ADOPT_FMT), double tol)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (fabs (A[i][j]) < tol)
        A[i][j] = 0;
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  void *a = sp_array (t);
  double t0 = adopt_now ();
  threshold (n, a, 1.7e7);
  double t1 = adopt_now ();
  printf ("threshold %.4f s checksum %.17g\n", t1 - t0,
          adopt_checksum (n, a));
  sp_free (t);
  return 0;
}
