/* Graph algorithms over a tagged adjacency matrix, written as loops:
   PageRank by power iteration, breadth-first search as repeated SpMV
   with a mask applied densely, triangle counting over the lower
   triangle.  */
#include <math.h>
#include "sparse-run.h"

enum { N = 30, ITERS = 20 };

/* P[i][j] = 1/outdeg(j) for an edge j -> i: r' = (1-d)/n + d P r.  */
static void
pagerank (int n, double P[n][n] SPARSE ("CSR"), double r[n])
{
  const double d = 0.85;
  double rn[n];
  for (int i = 0; i < n; i++)
    r[i] = 1.0 / n;
  for (int it = 0; it < ITERS; it++)
    {
      double base = (1 - d) / n;
      for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: rn.i. = sum.j, P.i,j. . r.j.. . 0.84999999999999998 . base; P: CSR; loops: i for, j for over P; rn: dense" } */
        {
          double s = 0;
          for (int j = 0; j < n; j++)
            s += P[i][j] * r[j];
          rn[i] = base + d * s;
        }
      for (int i = 0; i < n; i++)
        r[i] = rn[i];
    }
}

/* Levels from vertex 0: next = unvisited .* (A^T frontier), the count
   of frontier neighbours of each unvisited vertex (a masked SpMV); those
   with a count form the next frontier.  */
static int
bfs (int n, double A[n][n] SPARSE ("CSC"), int level[n])
{
  double f[n], next[n], unvisited[n];
  for (int i = 0; i < n; i++)
    {
      level[i] = -1;
      f[i] = 0;
      unvisited[i] = 1;
    }
  level[0] = 0;
  f[0] = 1;
  unvisited[0] = 0;
  int depth = 0;
  for (int step = 1; step < n; step++)
    {
      for (int j = 0; j < n; j++)	/* { dg-message "loop nest sparsified: next.j. = unvisited.j. . sum.i, A.i,j. . f.i..; A: CSC; loops: j for, i for over A; next: dense" } */
        {
          double c = 0;
          for (int i = 0; i < n; i++)
            c += A[i][j] * f[i];
          next[j] = unvisited[j] * c;
        }
      int any = 0;
      for (int j = 0; j < n; j++)
        {
          f[j] = 0;
          if (next[j] != 0)
            {
              level[j] = step;
              unvisited[j] = 0;
              f[j] = 1;
              any = 1;
            }
        }
      if (!any)
        break;
      depth = step;
    }
  return depth;
}

/* Triangles: sum over i > k > j of L[i][k] L[k][j] L[i][j], L the
   strictly lower triangle of a symmetric pattern (all ones).  */
static double
triangles (int n, double L[n][n] SPARSE ("CSR"))
{
  double t = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: t .= sum.i, sum.k, sum.j, L.i,k. . L.k,j. . L.i,j....; L: CSR; loops: i for, k for over L, j co-iterate L, L; t: scalar" } */
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        t += L[i][k] * L[k][j] * L[i][j];
  return t;
}

int
main (void)
{
  int64_t dims[2] = { N, N };
  sp_tensor *adj = sr_check (sp_new ("CSR", SP_F64, 2, dims), "adj");
  sp_tensor *low = sr_check (sp_new ("CSR", SP_F64, 2, dims), "L");
  int outdeg[N] = { 0 };
  /* A graph: edge i -> j where the hash says so (and i -> i+1).  */
  int edge[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
        edge[i][j] = i != j && (sr_hash (i, j, 0, 81) % 7 == 0 || j == i + 1);
        outdeg[i] += edge[i][j];
      }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
        if (edge[j][i])
          sp_insert (adj, (int64_t[]) { i, j }, 1.0 / outdeg[j]);
        if (i > j && (edge[i][j] || edge[j][i]))
          sp_insert (low, (int64_t[]) { i, j }, 1);
      }

  double r[N];
  pagerank (N, sp_array (adj), r);
  double s = 0, w = 0;
  for (int i = 0; i < N; i++)
    {
      s += r[i];
      w += r[i] * (i + 1);
    }
  printf ("pagerank %.9f %.9f\n", s, w);

  sp_tensor *pattern = sr_check (sp_new ("CSC", SP_F64, 2, dims), "pattern");
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (edge[i][j])
        sp_insert (pattern, (int64_t[]) { i, j }, 1);
  int level[N];
  int depth = bfs (N, sp_array (pattern), level);
  printf ("bfs depth %d:", depth);
  for (int i = 0; i < N; i++)
    printf (" %d", level[i]);
  printf ("\n");

  printf ("triangles %.0f\n", triangles (N, sp_array (low)));
  sp_free (pattern);
  sp_free (adj);
  sp_free (low);
  return 0;
}
