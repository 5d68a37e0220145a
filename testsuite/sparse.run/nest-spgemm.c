/* Sparse times sparse into a sparse output (SpGEMM) written as loops:
   inner products over i, j, k, Gustavson's row-by-row order, and into a
   dense array.  The output is a tagged parameter: `=` defines every
   element of it, zeros unstored.  */
#include "sparse-run.h"

enum { M = 14, K = 12, N = 11 };

/* Inner products, into a DCSR output.  */
static void
spgemm_ijk (double C[M][N] SPARSE ("DCSR"), double A[M][K] SPARSE ("CSR"),
            double B[K][N] SPARSE ("CSC"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: C.i,j. = sum.k, A.i,k. . B.k,j..; C: DCSR, A: CSR, B: CSC converted to CSR; loops: i for, k for over A, j for over B; C: through a workspace" } */
    for (int j = 0; j < N; j++)
      {
        double s = 0;
        for (int k = 0; k < K; k++)
          s += A[i][k] * B[k][j];
        C[i][j] = s;
      }
}

/* Gustavson: zero the row, scatter the rows of B.  The output has the
   inputs' format, so it is declared restrict: it is not one of them.  */
static void
spgemm_gustavson (double C[restrict M][N] SPARSE ("CSR"),
                  double A[M][K] SPARSE ("CSR"), double B[K][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: C.i,j. = sum.k, A.i,k. . B.k,j..; C: CSR, A: CSR, B: CSR; loops: i for, k for over A, j for over B; C: through a workspace" } */
    {
      for (int j = 0; j < N; j++)
        C[i][j] = 0;
      for (int k = 0; k < K; k++)
        for (int j = 0; j < N; j++)
          C[i][j] += A[i][k] * B[k][j];
    }
}

/* C += A B, accumulating into a sparse output.  */
static void
spgemm_acc (double C[M][N] SPARSE ("DCSR"), double A[M][K] SPARSE ("CSR"),
            double B[K][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: C.i,j. = C.i,j. . sum.k, A.i,k. . B.k,j..; C: DCSR written as CSR, A: CSR, B: CSR; loops: i for, k for over A, j for over B; C: through a workspace, old entries added per row" } */
    for (int k = 0; k < K; k++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
}

/* Into a dense array.  */
static void
spgemm_dense (double C[M][N], double A[M][K] SPARSE ("DCSR"),
              double B[K][N] SPARSE ("DCSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: C.i,j. = sum.k, A.i,k. . B.k,j..; A: DCSR, B: DCSR; loops: i for over A, k co-iterate A, B, j for over B; C: dense" } */
    for (int j = 0; j < N; j++)
      {
        C[i][j] = 0;
        for (int k = 0; k < K; k++)
          C[i][j] += A[i][k] * B[k][j];
      }
}

/* A^2 into a local sparse matrix, summed through the runtime.  */
static double
square_sum (double A[M][M] SPARSE ("CSR"))
{
  double S[M][M] SPARSE ("CSR");
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: S.i,j. = sum.k, A.i,k. . A.k,j..; S: CSR, A: CSR; loops: i for, k for over A, j for over A; S: through a workspace" } */
    for (int j = 0; j < M; j++)
      {
        S[i][j] = 0;
        for (int k = 0; k < M; k++)
          S[i][j] += A[i][k] * A[k][j];
      }
  double t = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: t .= sum.i, sum.j, S.i,j. . .j . 2 . i . 1...; S: CSR; loops: i for, j for over S; t: scalar" } */
    for (int j = 0; j < M; j++)
      t += S[i][j] * (i + 2 * j + 1);
  return t;
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, K, 51, 3);
  sp_tensor *b = sr_matrix ("CSR", K, N, 52, 3);
  sp_tensor *bc = sr_as (b, "CSC");
  sp_tensor *c = sr_matrix ("DCSR", M, N, 53, 4);
  double D[M][N];

  spgemm_ijk (sp_array (c), sp_array (a), sp_array (bc));
  sr_print_t ("ijk into DCSR", c, M * N);
  spgemm_acc (sp_array (c), sp_array (a), sp_array (b));
  sr_print_t ("+= into DCSR", c, M * N);
  sp_free (c);

  c = sr_matrix ("CSR", M, N, 54, 2);
  spgemm_gustavson (sp_array (c), sp_array (a), sp_array (b));
  sr_print_t ("gustavson", c, M * N);
  sp_free (c);

  sp_tensor *ad = sr_as (a, "DCSR"), *bd = sr_as (b, "DCSR");
  spgemm_dense (D, sp_array (ad), sp_array (bd));
  sr_print ("into dense", &D[0][0], M * N);
  sp_free (ad);
  sp_free (bd);

  sp_tensor *sq = sr_matrix ("CSR", M, M, 55, 4);
  printf ("square %.12g\n", square_sum (sp_array (sq)));
  sp_free (sq);
  sp_free (bc);
  sp_free (a);
  sp_free (b);
  return 0;
}
