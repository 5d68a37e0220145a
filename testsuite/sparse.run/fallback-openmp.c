/* Element accesses the plugin leaves to the runtime, from the threads of
   OpenMP loops: many threads reading one tagged array at once (each
   through a cursor of its own), in rows, columns and at random, then
   writing rows of their own (new entries, updates, zeros) and reading
   them back in the same loop, then reading everything again.  */
/* { dg-options "-fopenmp" } */
#include "sparse-run.h"

enum { M = 64, N = 48 };

static double
reads (int m, int n, double A[m][n] SPARSE ("CSR"), const int *perm)
{
  double s = 0;
#pragma omp parallel for reduction(+:s) schedule(dynamic, 3)
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      s += (i % 5 + 1) * A[i][perm[j]] + (j % 3 + 1) * A[perm[j] % m][i % n];
  return s;
}

static double
writes (int m, int n, double A[m][n] SPARSE ("CSR"), const int *perm)
{
  double s = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      {
        int k = perm[j];
        if ((i + k) % 4 == 0)
          A[i][k] += i - k;
        else if ((i + k) % 4 == 1)
          A[i][k] = 0;
        s += A[i][k] * (j + 1);
      }
  return s;
}

int
main (void)
{
  int perm[N];
  sp_tensor *a = sr_matrix ("csr", M, N, 9, 5);
  for (int j = 0; j < N; j++)
    perm[j] = (j * 7 + 3) % N;
  printf ("%g\n", reads (M, N, sp_array (a), perm));
  printf ("%g\n", writes (M, N, sp_array (a), perm));
  printf ("%g\n", reads (M, N, sp_array (a), perm));
  sp_assemble (a);
  printf ("%g\n", reads (M, N, sp_array (a), perm));
  sp_free (a);
  return 0;
}
