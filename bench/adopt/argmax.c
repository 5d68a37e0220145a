/* The column of each row's largest entry, as people write a pivot
   search: best = 0, k = -1, then `if (fabs (A[i][j]) > best) { best =
   fabs (A[i][j]); k = j; }` and arg[i] = k ("abs"); or the largest
   entry itself from -INFINITY, the last of equal maxima (>=), its value
   stored too, m[i] = best ("signed"), 5 calls each.  */
#include "adopt.h"

enum { CALLS = 5 };

static void
argmax_abs (int n, double A[n][n] SPARSE (ADOPT_FMT), int arg[n])
{
  for (int i = 0; i < n; i++)
    {
      double best = 0;
      int k = -1;
      for (int j = 0; j < n; j++)
        if (fabs (A[i][j]) > best)
          {
            best = fabs (A[i][j]);
            k = j;
          }
      arg[i] = k;
    }
}

static void
argmax_signed (int n, double A[n][n] SPARSE (ADOPT_FMT), int arg[n],
               double m[n])
{
  for (int i = 0; i < n; i++)
    {
      double best = -INFINITY;
      int k = -1;
      for (int j = 0; j < n; j++)
        if (A[i][j] >= best)
          {
            best = A[i][j];
            k = j;
          }
      arg[i] = k;
      m[i] = best;
    }
}

/* Sum of (i % 7 + 1) (ARG[i] + 1), and of (i % 5 + 1) M[i] when M.  */
static double
weighted (int n, const int *arg, const double *m)
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (i % 7 + 1) * (double) (arg[i] + 1) + (m ? (i % 5 + 1) * m[i] : 0);
  return s;
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  int *arg = malloc (n * sizeof *arg);
  double *m = malloc (n * sizeof *m), r = 0, q = 0;
  void *a = sp_array (t);
  double t0 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    {
      argmax_abs (n, a, arg);
      r += weighted (n, arg, NULL);
    }
  double t1 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    {
      argmax_signed (n, a, arg, m);
      q += weighted (n, arg, m);
    }
  double t2 = adopt_now ();
  printf ("abs %.4f s signed %.4f s checksum %.17g %.17g\n", t1 - t0,
          t2 - t1, r, q);
  free (arg);
  free (m);
  sp_free (t);
  return 0;
}
