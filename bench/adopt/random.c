/* Reads at random coordinates, drawn before the timed loop.  */
#include "adopt.h"

enum { READS = 1 << 22 };

static double
gather (int n, double A[n][n] SPARSE (ADOPT_FMT), int m, const int *r,
        const int *c)
{
  double s = 0;
  for (int k = 0; k < m; k++)
    s += A[r[k]][c[k]];
  return s;
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  int *r = malloc (READS * sizeof *r), *c = malloc (READS * sizeof *c);
  uint64_t h = 88172645463325252u;
  for (int k = 0; k < READS; k++)
    {
      h ^= h << 13, h ^= h >> 7, h ^= h << 17;
      r[k] = (int) (h % n);
      /* Half the reads near the diagonal, where the entries are.  */
      c[k] = k % 2 ? (int) ((h >> 32) % n)
                   : (r[k] + (int) ((h >> 40) % 64) - 32 + n) % n;
    }
  void *a = sp_array (t);
  double t0 = adopt_now ();
  double s = gather (n, a, READS, r, c);
  double t1 = adopt_now ();
  printf ("random %.4f s checksum %.17g\n", t1 - t0, s);
  free (r);
  free (c);
  sp_free (t);
  return 0;
}
