/* Element stores the plugin leaves to the runtime, into tagged locals
   that start empty: finite-element assembly (K[c[a]][c[b]] += ke[a][b]),
   overwrites, -=, ++ and --, assignments of zero to stored and to absent
   elements, additions of -0.0 and +0.0, reads between the stores, a
   loop nest the plugin sparsifies after them, and stores after that
   (into assembled storage).  */
#include <math.h>
#include "sparse-run.h"

enum { P = 5, N = (P + 1) * (P + 1) };

static double
product (int n, double K[n][n] SPARSE ("CSR"), const double *x)
{
  double y[N] = { 0 }, s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += K[i][j] * x[j];
  for (int i = 0; i < n; i++)
    s += (i % 5 + 1) * y[i];
  return s;
}

static double
sum_of (int n, double K[n][n] SPARSE ("CSR"))
{
  double s = 0;
  for (int k = 0; k < n * n; k++)
    s += (k % 11 + 1) * K[k / n][k % n];
  return s;
}

/* A read that finds A[i][j] absent, then a write of it, then the read
   again: what the first read learnt must not answer the second.  */
static double
read_write_read (int n, double A[n][n] SPARSE ("CSR"), int i, int j)
{
  double a = A[i][j] + A[i][j + 1];
  A[i][j] = 7;
  return a + A[i][j] * 10 + A[i][j + 1];
}

int
main (void)
{
  double K[N][N] SPARSE ("CSR");
  long C[N][N] SPARSE ("DCSR");
  float F[N] SPARSE ("CU");
  double x[N], reads = 0;
  /* Cleared as a dense program must: zeros stored into empty arrays.  */
  for (int i = 0; i < N; i++)
    {
      x[i] = i % 7 - 3;
      F[i] = 0;
      for (int j = 0; j < N; j++)
        {
          K[i][j] = 0;
          C[i][j] = 0;
        }
    }
  /* Bilinear quadrilaterals on a P x P grid.  */
  for (int ey = 0; ey < P; ey++)
    for (int ex = 0; ex < P; ex++)
      {
        int c[4] = { ey * (P + 1) + ex, ey * (P + 1) + ex + 1,
                     (ey + 1) * (P + 1) + ex, (ey + 1) * (P + 1) + ex + 1 };
        double h = 1 + (ex + ey) % 3;
        for (int a = 0; a < 4; a++)
          for (int b = 0; b < 4; b++)
            {
              K[c[a]][c[b]] += a == b ? 4 * h : -h;
              C[c[a]][c[b]]++;
              if (a != b)
                C[c[b]][c[a]] -= 2;
            }
        reads += K[c[0]][c[3]] + C[c[1]][c[2]];
      }
  printf ("assembled: %g %g %g\n", product (N, K, x), sum_of (N, K), reads);
  /* Overwrites, zeros, reads in between.  */
  for (int i = 0; i < N; i += 3)
    {
      K[i][(i + 1) % N] = i;
      K[i][(i + 7) % N] = 0;
      K[i][i] -= 1.5;
      reads += K[i][(i + 1) % N] + K[i][i];
      C[i][N - 1 - i] = 0;
      C[i][(i * 5) % N] += (long) 1 << 54;
    }
  printf ("written: %g %g %g\n", product (N, K, x), sum_of (N, K), reads);
  long cs = 0;
  for (int k = 0; k < N * N; k++)
    cs += (k % 13 + 1) * (C[k / N][k % N] % 1000003);
  printf ("counts: %ld\n", cs);
  printf ("read, write, read: %g %g\n", read_write_read (N, K, 3, 20),
          read_write_read (N, K, 3, 20));
  /* Signed zeros: x + -0.0 is x, 0.0 + -0.0 is 0.0, -0.0 + 0.0 is 0.0.  */
  F[1] += -0.0f;
  F[2] = -0.0f;
  F[2] += -0.0f;
  F[3] = -0.0f;
  F[3] += 0.0f;
  F[4] += 2.5f;
  F[4] += -2.5f;
  for (int i = 0; i < 6; i++)
    printf ("F[%d] = %g (sign %d)\n", i, F[i], signbit (F[i]) != 0);
  return 0;
}
