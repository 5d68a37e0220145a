/* fem.c -- finite-element assembly into a sparse matrix.

   The unit square is cut into an n x n grid of squares, each cut into
   two triangles; the stiffness matrix K of the Laplacian with linear
   elements has an entry for each pair of nodes that share a triangle.
   K is a local array tagged CSR: with the plugin it is a sparse tensor
   and the assembly's `K[p][q] += ke[a][b]` are additions logged by the
   runtime and sorted into the matrix before K is next read in a loop
   nest; without the plugin it is a dense array.

   Checks: K times the constant vector is zero (each row sums to 0), and
   u^T K u for u(x,y) = x is the integral of |grad u|^2 = 1.

     ./fem [n]  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sparse.h>

/* The stiffness matrix of the triangle with corners XY[0..2].  */
static void
element_stiffness (double xy[3][2], double ke[3][3])
{
  double b[3], c[3];
  for (int a = 0; a < 3; a++)
    {
      int p = (a + 1) % 3, q = (a + 2) % 3;
      b[a] = xy[p][1] - xy[q][1];
      c[a] = xy[q][0] - xy[p][0];
    }
  double area = 0.5 * fabs (b[0] * c[1] - b[1] * c[0]);
  for (int a = 0; a < 3; a++)
    for (int d = 0; d < 3; d++)
      ke[a][d] = (b[a] * b[d] + c[a] * c[d]) / (4 * area);
}

static void
check (int nn, double K[nn][nn] SPARSE ("CSR"), double u[nn], double one[nn])
{
  long entries = 0;
  for (int p = 0; p < nn; p++)
    for (int q = 0; q < nn; q++)
      if (K[p][q] != 0)
        entries++;

  double energy = 0;
  for (int p = 0; p < nn; p++)
    for (int q = 0; q < nn; q++)
      energy += u[p] * K[p][q] * u[q];

  double *row = malloc (sizeof *row * nn);
  if (!row)
    exit (1);
  for (int p = 0; p < nn; p++)
    {
      double s = 0;
      for (int q = 0; q < nn; q++)
        s += K[p][q] * one[q];
      row[p] = s;
    }
  double worst = 0;
  for (int p = 0; p < nn; p++)
    worst = fmax (worst, fabs (row[p]));
  free (row);
  printf ("%d nodes, %ld entries; u^T K u = %.12f; largest |K 1| = %.3e\n",
          nn, entries, energy, worst);
}

static void
assemble (int n)
{
  int nn = (n + 1) * (n + 1);
  double K[nn][nn] SPARSE ("CSR");
  double *u = malloc (sizeof *u * nn), *one = malloc (sizeof *one * nn);
  if (!u || !one)
    exit (1);
  for (int p = 0; p < nn; p++)
    for (int q = 0; q < nn; q++)
      K[p][q] = 0;

  for (int y = 0; y < n; y++)
    for (int x = 0; x < n; x++)
      {
        /* The square's corners, counterclockwise from its lower left,
           and its two triangles.  */
        int corner[4] = { y * (n + 1) + x, y * (n + 1) + x + 1,
                          (y + 1) * (n + 1) + x + 1, (y + 1) * (n + 1) + x };
        int tri[2][3] = { { 0, 1, 2 }, { 0, 2, 3 } };
        for (int t = 0; t < 2; t++)
          {
            int node[3];
            double xy[3][2], ke[3][3];
            for (int a = 0; a < 3; a++)
              {
                node[a] = corner[tri[t][a]];
                xy[a][0] = (double) (node[a] % (n + 1)) / n;
                xy[a][1] = (double) (node[a] / (n + 1)) / n;
              }
            element_stiffness (xy, ke);
            for (int a = 0; a < 3; a++)
              for (int d = 0; d < 3; d++)
                K[node[a]][node[d]] += ke[a][d];
          }
      }

  for (int p = 0; p < nn; p++)
    {
      u[p] = (double) (p % (n + 1)) / n;
      one[p] = 1;
    }
  check (nn, K, u, one);
  free (u);
  free (one);
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 8;
  if (n < 1 || n > 40)
    {
      fprintf (stderr, "fem: n from 1 to 40\n");
      return 1;
    }
  assemble (n);
  return 0;
}
