/* Sparse times dense matrix products written as loops: the three loop
   orders people write, the row zeroed by its own loop, dense times
   sparse, and accumulation.  */
#include "sparse-run.h"

enum { M = 12, K = 15, N = 7 };

/* i, j, k with a scalar: C = A B.  */
static void
spmm_ijk (double C[M][N], double A[M][K] SPARSE ("CSR"), double B[K][N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: C.i,j. = sum.k, A.i,k. . B.k,j..; A: CSR; loops: i for, k for over A, j for; C: dense" } */
    for (int j = 0; j < N; j++)
      {
        double s = 0;
        for (int k = 0; k < K; k++)
          s += A[i][k] * B[k][j];
        C[i][j] = s;
      }
}

/* i, k, j: zero the row, then scatter each nonzero's row of B.  */
static void
spmm_ikj (double C[M][N], double A[M][K] SPARSE ("CSR"), double B[K][N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: C.i,j. = sum.k, A.i,k. . B.k,j..; A: CSR; loops: i for, k for over A, j for; C: dense" } */
    {
      for (int j = 0; j < N; j++)
        C[i][j] = 0;
      for (int k = 0; k < K; k++)
        for (int j = 0; j < N; j++)
          C[i][j] += A[i][k] * B[k][j];
    }
}

/* Zeroing in the innermost position, DCSR.  */
static void
spmm_init (double C[M][N], double A[M][K] SPARSE ("DCSR"), double B[K][N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: C.i,j. = sum.k, A.i,k. . B.k,j..; A: DCSR; loops: i for over A, k for over A, j for; C: dense" } */
    for (int j = 0; j < N; j++)
      {
        C[i][j] = 0.0;
        for (int k = 0; k < K; k++)
          C[i][j] += A[i][k] * B[k][j];
      }
}

/* C += A B with A in COO.  */
static void
spmm_acc (double C[M][N], double A[M][K] SPARSE ("COO"), double B[K][N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: C.i,j. .= sum.k, A.i,k. . B.k,j..; A: COO; loops: i for over A, k for over A, j for; C: dense" } */
    for (int k = 0; k < K; k++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
}

/* D = X A, dense times sparse.  */
static void
dense_sparse (double D[N][K], double X[N][M], double A[M][K] SPARSE ("CSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: D.i,j. = sum.k, X.i,k. . A.k,j..; A: CSR; loops: k for, j for over A, i for; D: dense" } */
    for (int j = 0; j < K; j++)
      {
        D[i][j] = 0;
        for (int k = 0; k < M; k++)
          D[i][j] += X[i][k] * A[k][j];
      }
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, K, 41, 3);
  double B[K][N], C[M][N], X[N][M], D[N][K];
  sr_fill (&B[0][0], K * N, 42, 1);
  sr_fill (&X[0][0], N * M, 43, 2);

  spmm_ijk (C, sp_array (a), B);
  sr_print ("ijk", &C[0][0], M * N);
  spmm_ikj (C, sp_array (a), B);
  sr_print ("ikj", &C[0][0], M * N);
  sp_tensor *t = sr_as (a, "DCSR");
  spmm_init (C, sp_array (t), B);
  sr_print ("zero innermost", &C[0][0], M * N);
  sp_free (t);
  t = sr_as (a, "COO");
  spmm_acc (C, sp_array (t), B);
  sr_print ("accumulate", &C[0][0], M * N);
  sp_free (t);
  dense_sparse (D, X, sp_array (a));
  sr_print ("dense x sparse", &D[0][0], N * K);
  sp_free (a);
  return 0;
}
