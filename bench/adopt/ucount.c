/* An int accumulator of unsigned terms, as people write it: a weighted
   count of the stored entries, `int c; ... c += (A[i][j] != 0) * w[j];`
   with `unsigned w[]` ("count"), and each row's into an int array
   (`y[i] += ...`, "rows"), 5 calls each.  C adds in unsigned int and
   converts back to int at each step; the weights are near UINT_MAX, so
   the sums wrap.  */
#include <limits.h>
#include "adopt.h"

enum { CALLS = 5 };

static int
count (int n, double A[n][n] SPARSE (ADOPT_FMT), const unsigned w[n])
{
  int c = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      c += (A[i][j] != 0) * w[j];
  return c;
}

static void
rows (int n, double A[n][n] SPARSE (ADOPT_FMT), const unsigned w[n],
      int y[n])
{
  for (int i = 0; i < n; i++)
    {
      y[i] = INT_MAX - i;
      for (int j = 0; j < n; j++)
        y[i] += (A[i][j] != 0) * w[j];
    }
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  unsigned *w = malloc (n * sizeof *w);
  int *y = malloc (n * sizeof *y);
  for (int j = 0; j < n; j++)
    w[j] = UINT_MAX - 7u * (unsigned) j;
  unsigned long r = 0, q = 0;
  void *a = sp_array (t);
  double t0 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    r = r * 31 + (unsigned) count (n, a, w);
  double t1 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    {
      rows (n, a, w, y);
      for (int i = 0; i < n; i++)
        q += (unsigned long) (i % 7 + 1) * (unsigned) y[i];
    }
  double t2 = adopt_now ();
  printf ("count %.4f s rows %.4f s checksum %lu %lu\n", t1 - t0, t2 - t1,
          r, q);
  free (w);
  free (y);
  sp_free (t);
  return 0;
}
