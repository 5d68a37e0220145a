/* Counting with unsigned integers, as people write it: each row's degree
   into a uint32_t array (`if (A[i][j] != 0) deg[i]++;`, "degrees") and
   the count of the edges below the diagonal into an unsigned
   (`if (j < i && A[i][j] != 0) edges++;`, "edges"), each 5 calls.  */
#include <stdint.h>
#include "adopt.h"

enum { CALLS = 5 };

static void
degrees (int n, double A[n][n] SPARSE (ADOPT_FMT), uint32_t deg[n])
{
  for (int i = 0; i < n; i++)
    deg[i] = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (A[i][j] != 0)
        deg[i]++;
}

static unsigned
edges (int n, double A[n][n] SPARSE (ADOPT_FMT))
{
  unsigned e = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (j < i && A[i][j] != 0)
        e++;
  return e;
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  uint32_t *deg = malloc (n * sizeof *deg);
  uint64_t r = 0;
  unsigned e = 0;
  void *a = sp_array (t);
  double t0 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    {
      degrees (n, a, deg);
      for (int i = 0; i < n; i++)
        r += (uint64_t) (i % 7 + 1) * deg[i];
    }
  double t1 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    e += edges (n, a);
  double t2 = adopt_now ();
  printf ("degrees %.4f s edges %.4f s checksum %llu %u\n", t1 - t0,
          t2 - t1, (unsigned long long) r, e);
  free (deg);
  sp_free (t);
  return 0;
}
