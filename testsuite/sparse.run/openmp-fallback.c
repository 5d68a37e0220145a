/* Element accesses from OpenMP threads: writes to different elements and
   reads are safe through the fallback, as they are on dense arrays.  A
   tagged local declared inside a parallel region or a parallel loop's
   body is each thread's (each iteration's) own.  */
/* { dg-options "-fopenmp" } */
#include <stdio.h>
#include <omp.h>
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
  double per[8] = { 0 };
#pragma omp parallel num_threads (4)
  {
    int me = omp_get_thread_num ();
    double P[50][50] SPARSE ("CSR");
    for (int r = 0; r < 200; r++)
      {
        P[me][r % 50] = me + r;
        per[me] += P[me][r % 50];
      }
  }
  double q = 0;
#pragma omp parallel for reduction(+:q)
  for (int i = 0; i < 64; i++)
    {
      double R[8] SPARSE ("CU");
      for (int k = 0; k < 8; k++)
        R[k] = 0;
      R[i % 8] = i;
      q += R[i % 8] + R[(i + 1) % 8];
    }
  printf ("%g %g %g %g %g\n", per[0], per[1], per[2], per[3], q);
  return 0;
}
