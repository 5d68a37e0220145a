/* pagerank.c -- PageRank by power iteration over a sparse link matrix.

   L[u][v] is 1 when page u links to page v (a pattern Matrix Market
   file, by default links64.mtx), stored as CSR.  Each iteration hands
   every page's rank, shared out over its links, to the pages it links
   to: a product with the transposed matrix, written as the loop nest over
   L's rows that it is.  Pages that link nowhere share their rank out over
   all pages.

     ./pagerank [links.mtx]  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sparse.h>

/* The number of links out of each page.  */
static void
out_degrees (int n, double deg[n], double L[n][n] SPARSE ("CSR"))
{
  for (int u = 0; u < n; u++)
    {
      double d = 0;
      for (int v = 0; v < n; v++)
        d += L[u][v];
      deg[u] = d;
    }
}

/* next[v] = sum over u of L[u][v] * share[u].  */
static void
spread (int n, double next[n], double L[n][n] SPARSE ("CSR"),
        double share[n])
{
  for (int v = 0; v < n; v++)
    next[v] = 0;
  for (int u = 0; u < n; u++)
    for (int v = 0; v < n; v++)
      next[v] += L[u][v] * share[u];
}

int
main (int argc, char **argv)
{
  const char *path = argc > 1 ? argv[1] : "links64.mtx";
  sp_tensor *l = sp_read (path, "CSR", SP_F64);
  if (!l)
    {
      fprintf (stderr, "pagerank: %s\n", sp_error ());
      return 1;
    }
  int n = (int) sp_dim (l, 0);
  double *v = malloc (sizeof *v * 4 * n);
  if (!v || sp_dim (l, 1) != n)
    return 1;
  double *deg = v, *rank = v + n, *share = v + 2 * n, *next = v + 3 * n;
  const double damping = 0.85;

  out_degrees (n, deg, sp_array (l));
  for (int u = 0; u < n; u++)
    rank[u] = 1.0 / n;
  int iter;
  double change = 1;
  for (iter = 0; iter < 200 && change > 1e-12; iter++)
    {
      double dangling = 0;
      for (int u = 0; u < n; u++)
        {
          share[u] = deg[u] > 0 ? rank[u] / deg[u] : 0;
          if (deg[u] == 0)
            dangling += rank[u];
        }
      spread (n, next, sp_array (l), share);
      change = 0;
      for (int u = 0; u < n; u++)
        {
          double r = (1 - damping) / n + damping * (next[u] + dangling / n);
          change += fabs (r - rank[u]);
          rank[u] = r;
        }
    }

  printf ("%s: %d pages, %lld links, %d iterations\n", path, n,
          (long long) sp_nnz (l), iter);
  /* The three highest ranks, each taken out once printed.  */
  for (int k = 0; k < 3; k++)
    {
      int best = 0;
      for (int u = 1; u < n; u++)
        if (rank[u] > rank[best])
          best = u;
      printf ("page %d: rank %.12f\n", best + 1, rank[best]);
      rank[best] = -1;
    }
  free (v);
  sp_free (l);
  return 0;
}
