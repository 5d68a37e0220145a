/* Loop nests compiled with -fopenmp: the generated loops are parallel
   where the iterations are independent; the results are those of the
   serial loops.  Also a nest inside a parallel region of the program's
   own, which runs once per thread.  */
/* { dg-options "-fopenmp" } */
#include "sparse-run.h"

enum { M = 40, K = 30, N = 6 };

static void
spmv (double y[M], double A[M][K] SPARSE ("CSR"), const double x[K])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR; loops: i for .parallel., j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < K; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}

static void
spmm (double C[M][N], double A[M][K] SPARSE ("DCSR"), double B[K][N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: C.i,j. = sum.k, A.i,k. . B.k,j..; A: DCSR; loops: i for over A .parallel., k for over A, j for; C: dense" } */
    for (int j = 0; j < N; j++)
      {
        C[i][j] = 0;
        for (int k = 0; k < K; k++)
          C[i][j] += A[i][k] * B[k][j];
      }
}

/* Each of two threads scales its own copy.  */
static void
per_thread (double out[2][M], double A[M][K] SPARSE ("CSR"),
            const double x[K])
{
#pragma omp parallel num_threads(2)
  {
    double y[M];
    for (int i = 0; i < M; i++)	/* { dg-message "not sparsified: the loops are inside an OpenMP construct" } */
      {
        y[i] = 0;
        for (int j = 0; j < K; j++)
          y[i] += A[i][j] * x[j];
      }
#pragma omp for
    for (int t = 0; t < 2; t++)
      for (int i = 0; i < M; i++)
        out[t][i] = y[i] * (t + 1);
  }
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, K, 131, 3);
  sp_tensor *ad = sr_as (a, "DCSR");
  double x[K], y[M], B[K][N], C[M][N], out[2][M];
  sr_fill (x, K, 132, 1);
  sr_fill (&B[0][0], K * N, 133, 1);
  spmv (y, sp_array (a), x);
  sr_print ("spmv", y, M);
  spmm (C, sp_array (ad), B);
  sr_print ("spmm", &C[0][0], M * N);
  per_thread (out, sp_array (a), x);
  sr_print ("per thread", &out[0][0], 2 * M);
  sp_free (ad);
  sp_free (a);
  return 0;
}
