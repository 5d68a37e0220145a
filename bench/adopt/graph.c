/* Graph algorithms over an adjacency matrix as people write them with
   dense loops: a breadth-first search by levels from vertex 0 ("bfs",
   `if (A[i][j] != 0 && level[j] < 0)` over the rows of the current
   level) and 5 rounds of Bellman-Ford's relaxations ("bellman", `if
   (A[i][j] != 0 && d[i] + fabs (A[i][j]) < d[j])`), each 5 calls.  */
#include "adopt.h"

enum { CALLS = 5 };

static int
bfs (int n, double A[n][n] SPARSE (ADOPT_FMT), int level[n])
{
  for (int i = 0; i < n; i++)
    level[i] = -1;
  level[0] = 0;
  int changed = 1, depth = 0;
  for (; changed; depth++)
    {
      changed = 0;
      for (int i = 0; i < n; i++)
        if (level[i] == depth)
          for (int j = 0; j < n; j++)
            if (A[i][j] != 0 && level[j] < 0)
              {
                level[j] = depth + 1;
                changed = 1;
              }
    }
  return depth;
}

static void
bellman_ford (int n, double A[n][n] SPARSE (ADOPT_FMT), double d[n])
{
  for (int i = 0; i < n; i++)
    d[i] = INFINITY;
  d[0] = 0;
  for (int round = 0; round < 5; round++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        if (A[i][j] != 0 && d[i] + fabs (A[i][j]) < d[j])
          d[j] = d[i] + fabs (A[i][j]);
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  int *level = malloc (n * sizeof *level);
  double *d = malloc (n * sizeof *d), s = 0;
  long depth = 0, lv = 0;
  void *a = sp_array (t);
  double t0 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    depth += bfs (n, a, level);
  double t1 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    bellman_ford (n, a, d);
  double t2 = adopt_now ();
  for (int i = 0; i < n; i++)
    {
      lv += (long) (i % 7 + 1) * level[i];
      s += (i % 7 + 1) * (isinf (d[i]) ? -1 : d[i]);
    }
  printf ("bfs %.4f s bellman %.4f s checksum %ld %ld %.17g\n", t1 - t0,
          t2 - t1, depth, lv, s);
  free (level);
  free (d);
  sp_free (t);
  return 0;
}
