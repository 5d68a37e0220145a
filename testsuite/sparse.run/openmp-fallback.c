/* Element accesses from OpenMP threads: writes to different elements and
   reads are safe through the fallback, as they are on dense arrays.  */
/* { dg-options "-fopenmp" } */
#include <stdio.h>
#include <sparse.h>

int
main (void)
{
  enum { N = 400 };
  double A[N] SPARSE ("CU");
  long M[20][20] SPARSE ("DCSR");
#pragma omp parallel for shared(A)
  for (int i = 0; i < N; i++)
    A[i] = i % 7 == 0 ? i * 0.5 : 0;
#pragma omp parallel for
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 20; j++)
      M[i][j] = (i * j) % 5 == 1 ? i + j : 0;
  double s = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < N; i++)
    s += A[i];
  long t = 0;
#pragma omp parallel for reduction(+:t)
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 20; j++)
      t += M[i][j] * (i + 1);
  printf ("%g %ld\n", s, t);
  return 0;
}
