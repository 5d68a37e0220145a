/* Every element read in order, row by row, in a nest the plugin leaves
   to element access (the array declared in its body): most reads are
   of absent elements between a row's entries.  */
#include "adopt.h"

static double
walk (int n, double A[n][n] SPARSE (ADOPT_FMT))
{
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
        int w[1] = { j % 7 + 1 };
        s += w[0] * A[i][j];
      }
  return s;
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  void *a = sp_array (t);
  double t0 = adopt_now ();
  double s = walk (n, a);
  double t1 = adopt_now ();
  printf ("walk %.4f s checksum %.17g\n", t1 - t0, s);
  sp_free (t);
  return 0;
}
