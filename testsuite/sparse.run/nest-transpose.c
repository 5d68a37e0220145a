/* Transposed products written as loops: the subscripts run against the
   loops, and the scheduler picks a loop order that follows the storage
   (or converts).  MATTRANSMUL y = alpha A^T x + beta z as in TACO's
   benchmarks, and the same with the loops the other way round.  */
#include "sparse-run.h"

enum { M = 19, N = 14 };

/* y = A^T x over a CSR matrix, rows outside: scattered into y.  */
static void
atx_rows (int m, int n, double y[n], double A[m][n] SPARSE ("CSR"),
          const double x[m])
{
  for (int j = 0; j < n; j++)
    y[j] = 0;
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: y.j. .= sum.i, A.i,j. . x.i..; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < n; j++)
      y[j] += A[i][j] * x[i];
}

/* y = A^T x with the loops over y outside, A in CSC (its columns are
   stored contiguously): a gather per element.  */
static void
atx_cols (int m, int n, double y[n], double A[m][n] SPARSE ("CSC"),
          const double x[m])
{
  for (int j = 0; j < n; j++)	/* { dg-message "loop nest sparsified: y.j. = sum.i, A.i,j. . x.i..; A: CSC; loops: j for, i for over A; y: dense" } */
    {
      double s = 0;
      for (int i = 0; i < m; i++)
        s += A[i][j] * x[i];
      y[j] = s;
    }
}

/* y[i] += A[j][i] * x[j]: the transpose spelt with the loop variables
   swapped, CSR.  */
static void
atx_swapped (int m, int n, double y[n], double A[m][n] SPARSE ("CSR"),
             const double x[m])
{
  for (int j = 0; j < m; j++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.j,i. . x.j..; A: CSR; loops: j for, i for over A; y: dense" } */
    for (int i = 0; i < n; i++)
      y[i] += A[j][i] * x[j];
}

/* MATTRANSMUL: y = alpha * A^T x + beta * z.  */
static void
mattransmul (int m, int n, double y[n], double alpha,
             double A[m][n] SPARSE ("CSC"), const double x[m], double beta,
             const double z[n])
{
  for (int j = 0; j < n; j++)	/* { dg-message "loop nest sparsified: y.j. = alpha . sum.i, A.i,j. . x.i.. . z.j. . beta; A: CSC; loops: j for, i for over A; y: dense" } */
    {
      double t = 0;
      for (int i = 0; i < m; i++)
        t += A[i][j] * x[i];
      y[j] = alpha * t + beta * z[j];
    }
}

/* The same over a CSR matrix: the loops do not follow the storage.  */
static void
mattransmul_csr (int m, int n, double y[n], double alpha,
                 double A[m][n] SPARSE ("CSR"), const double x[m],
                 double beta, const double z[n])
{
  for (int j = 0; j < n; j++)	/* { dg-message "loop nest sparsified: y.j. = z.j. . beta . sum.i, A.i,j. . alpha . x.i..; A: CSR; nest 1 .= z.j. . beta.: j for; nest 2 ..= sum.i, A.i,j. . alpha . x.i...: i for, j for over A; y: dense" } */
    {
      y[j] = beta * z[j];
      for (int i = 0; i < m; i++)
        y[j] += alpha * A[i][j] * x[i];
    }
}

/* B = A^T, sparse to dense.  */
static void
transpose_dense (int m, int n, double B[n][m], double A[m][n] SPARSE ("DCSR"))
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: B.j,i. = A.i,j.; A: DCSR; loops: i for over A, j for over A; B: dense" } */
    for (int j = 0; j < n; j++)
      B[j][i] = A[i][j];
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, N, 21, 3);
  double x[M], y[N], z[N], B[N][M];
  sr_fill (x, M, 22, 1);
  sr_fill (z, N, 23, 1);

  atx_rows (M, N, y, sp_array (a), x);
  sr_print ("A^T x rows", y, N);

  sp_tensor *c = sr_as (a, "CSC");
  atx_cols (M, N, y, sp_array (c), x);
  sr_print ("A^T x columns", y, N);

  sr_fill (y, N, 24, 2);
  atx_swapped (M, N, y, sp_array (a), x);
  sr_print ("y += A^T x", y, N);

  mattransmul (M, N, y, 1.5, sp_array (c), x, -0.25, z);
  sr_print ("mattransmul csc", y, N);
  mattransmul_csr (M, N, y, 1.5, sp_array (a), x, -0.25, z);
  sr_print ("mattransmul csr", y, N);
  sp_free (c);

  c = sr_as (a, "DCSR");
  transpose_dense (M, N, B, sp_array (c));
  sr_print ("transpose", &B[0][0], N * M);
  sp_free (c);
  sp_free (a);
  return 0;
}
