/* The dense build of a tagged program is warning-free under -Wall
   -Wextra but for the ignored pragma: SPARSE(...) on parameters, locals
   and globals says nothing without the plugin, and the arrays are the
   plain dense arrays (the program runs as the dense one; sizeof sees the
   whole array).  */
/* { dg-do run } */
/* { dg-options "-Wall -Wextra -std=c11" } */
#include <stdio.h>
#include <sparse.h>

static double G[4][5] SPARSE ("DCSR");

static void
spmv (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < m; i++)
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
        y[i] += A[i][j] * x[j];
    }
}

static double
total (int m, int n, double A[m][n] SPARSE ("CSC"))
{
  double s = 0;
#pragma sparse einsum s = A(i,j) /* { dg-warning "ignoring .#pragma sparse einsum." } */
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      s += A[i][j];
#endif
  return s;
}

int
main (void)
{
  double L[4][5] SPARSE ("CSR") = { { 0 } };
  double x[5] = { 1, 2, 3, 4, 5 }, y[4];
  G[1][2] = 3;
  G[3][4] = -1;
  L[2][0] = 7;
  spmv (4, 5, y, G, x);
  if (y[1] != 9 || y[3] != -5 || y[0] != 0 || total (4, 5, L) != 7
      || sizeof L != 20 * sizeof (double))
    {
      printf ("wrong: %g %g %g\n", y[1], y[3], total (4, 5, L));
      return 1;
    }
  return 0;
}
