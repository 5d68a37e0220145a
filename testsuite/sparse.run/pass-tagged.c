/* Tagged locals and parameters passed on to tagged parameters.  */
#include <stdio.h>
#include <sparse.h>

enum { N = 5 };

static double
trace (double A[N][N] SPARSE ("CSR"))
{
  double s = 0;
  for (int i = 0; i < N; i++)
    s += A[i][i];
  return s;
}

static void
scale (double A[N][N] SPARSE ("D,CU"), double f)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] *= f;
}

static double
twice_trace (double A[N][N] SPARSE ("CSR"))
{
  scale (A, 2);
  return trace (A);
}

static double
depth (int n, double A[N][N] SPARSE ("CSR"))
{
  return n == 0 ? trace (A) : A[n % N][n % N] + depth (n - 1, A);
}

int
main (void)
{
  double L[N][N] SPARSE ("CSR");
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      L[i][j] = i == j ? i + 1 : (i + j) % 4 == 0 ? 0.5 : 0;
  printf ("%g\n", trace (L));
  printf ("%g\n", twice_trace (L));
  printf ("%g\n", depth (7, L));
  printf ("%g %g\n", L[2][2], L[1][3]);
  return 0;
}
