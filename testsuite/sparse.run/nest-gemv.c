/* Updates that read the output element they set, BLAS's y = alpha A x
   + beta y and its kin: the row's sum in a scalar, then y[i] set from it
   and the old y[i].  Each element is read, then written once, after its
   row's sum, never cleared first.  A DCSR matrix leaves rows out: there
   the loops compute alpha * 0 + beta * y[i] as the dense loops do, which
   differs from beta * y[i] where that is -0.0 (printed with %a, bit for
   bit).  alpha and beta take 0, -0.0, negative and inexact values.
   nest-gemv-openmp.c builds it with -fopenmp.  */
#include "sparse-run.h"

enum { N = 23 };

/* An N x N matrix in FMT: entries where the hash is 0 mod 3, none in
   the rows i % 4 == 1 (DCSR stores no such row).  */
static sp_tensor *
matrix (const char *fmt)
{
  sp_tensor *t = sr_check (sp_new (fmt, SP_F64, 2, (int64_t[]) { N, N }),
                           fmt);
  for (int64_t i = 0; i < N; i++)
    for (int64_t j = 0; j < N; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 41);
        if (i % 4 != 1 && h % 3 == 0)
          sp_insert (t, (int64_t[]) { i, j }, sr_val (h) / 3);
      }
  return t;
}

static void
gemv (int n, double A[n][n] SPARSE ("DCSR"), const double x[n], double y[n],
      double alpha, double beta)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = alpha . sum.j, A.i,j. . x.j.. . y.i. . beta; A: DCSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = alpha * s + beta * y[i];
    }
}

static void
gemv_beta_first (int n, double A[n][n] SPARSE ("CSR"), const double x[n],
                 double y[n], double alpha, double beta)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = y.i. . beta . alpha . sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = beta * y[i] + alpha * s;
    }
}

/* The scaled old value first, the row's products added into it, one by
   one.  The dense loop adds the products of the unstored zeros too,
   which turn a -0.0 into +0.0 as += does (the loops add the stored
   entries only): run where beta * y[i] is not zero.  */
static void
gemv_scaled_first (int n, double A[n][n] SPARSE ("DCSR"), const double x[n],
                   double y[n], double alpha, double beta)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = y.i. . beta . sum.j, A.i,j. . alpha . x.j..; A: DCSR; loops: i for, j for over A; y: dense" } */
    {
      y[i] = beta * y[i];
      for (int j = 0; j < n; j++)
        y[i] += alpha * A[i][j] * x[j];
    }
}

/* A residual added in: y + omega (b - A x), and a mix of the old value
   and the residual.  */
static void
relax (int n, double A[n][n] SPARSE ("DCSR"), const double x[n],
       const double b[n], double y[n], double omega)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = .1 - omega. . y.i. . .b.i. - sum.j, A.i,j. . x.j... . omega; A: DCSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = (1 - omega) * y[i] + omega * (b[i] - s);
    }
}

static void
residual_update (int n, double A[n][n] SPARSE ("DCSR"), const double x[n],
                 const double b[n], double y[n], double beta)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = b.i. - sum.j, A.i,j. . x.j.. . y.i. . beta; A: DCSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = b[i] - s + beta * y[i];
    }
}

/* The old value times the row's sum: every row of CSR is visited.  */
static void
scale_by_row (int n, double A[n][n] SPARSE ("CSR"), const double x[n],
              double y[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = y.i. . sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = y[i] * s;
    }
}

/* A tagged output stored densely.  */
static void
gemv_tagged (int n, double A[n][n] SPARSE ("DCSR"), double x[n] SPARSE ("D"),
             double y[n] SPARSE ("D"), double alpha, double beta)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = alpha . sum.j, A.i,j. . x.j.. . y.i. . beta; y: dense, A: DCSR, x: dense; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = alpha * s + beta * y[i];
    }
}

/* GEMM: C = alpha A B + beta C.  */
static void
gemm (int n, double A[n][n] SPARSE ("CSR"), double B[n][n], double C[n][n],
      double alpha, double beta)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: C.i,j. = alpha . sum.k, A.i,k. . B.k,j.. . C.i,j. . beta; A: CSR; loops: i for, j for, k for over A; C: dense" } */
    for (int j = 0; j < n; j++)
      {
        double s = 0;
        for (int k = 0; k < n; k++)
          s += A[i][k] * B[k][j];
        C[i][j] = alpha * s + beta * C[i][j];
      }
}

static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %a", a[i]);
  printf ("\n");
}

/* y's start: -0.0, 0, and values of both signs.  */
static void
start (double *y, int n)
{
  for (int i = 0; i < n; i++)
    y[i] = i % 5 == 0 ? -0.0 : i % 5 == 1 ? 0.0 : sr_val (sr_hash (i, 0, 2, 43)) / 7;
}

int
main (void)
{
  static const double ab[][2] = {
    { 1.5, -0.0 }, { 0.0, 2 }, { -0.0, 0.0 }, { -2, -0.0 }, { 0.1, 0.3 },
    { 1, -1 }
  };
  sp_tensor *a = matrix ("CSR"), *d = sr_as (a, "DCSR");
  sp_tensor *xt = sr_check (sp_new ("D", SP_F64, 1, (int64_t[]) { N }), "D");
  sp_tensor *yt = sr_check (sp_new ("D", SP_F64, 1, (int64_t[]) { N }), "D");
  double x[N], b[N], y[N], B[N][N], C[N][N];
  for (int i = 0; i < N; i++)
    {
      x[i] = sr_val (sr_hash (i, 0, 1, 42)) / 3;
      b[i] = i % 3 ? sr_val (sr_hash (i, 0, 3, 44)) : -0.0;
      sp_insert (xt, (int64_t[]) { i }, x[i]);
      for (int j = 0; j < N; j++)
        B[i][j] = sr_val (sr_hash (i, j, 4, 45)) / 5;
    }
  for (unsigned c = 0; c < sizeof ab / sizeof ab[0]; c++)
    {
      double alpha = ab[c][0], beta = ab[c][1];
      printf ("alpha %a beta %a\n", alpha, beta);
      start (y, N);
      gemv (N, sp_array (d), x, y, alpha, beta);
      pr ("gemv", y, N);
      start (y, N);
      gemv_beta_first (N, sp_array (a), x, y, alpha, beta);
      pr ("beta first", y, N);
      if (beta != 0)
        {
          for (int i = 0; i < N; i++)
            y[i] = 1 + i % 4;
          gemv_scaled_first (N, sp_array (d), x, y, alpha, beta);
          pr ("scaled first", y, N);
        }
      start (y, N);
      relax (N, sp_array (d), x, b, y, alpha);
      pr ("relax", y, N);
      start (y, N);
      residual_update (N, sp_array (d), x, b, y, beta);
      pr ("residual update", y, N);
      start (y, N);
      scale_by_row (N, sp_array (a), x, y);
      pr ("scale by row", y, N);
      start (y, N);
      for (int i = 0; i < N; i++)
        sp_insert (yt, (int64_t[]) { i }, y[i]);
      gemv_tagged (N, sp_array (d), sp_array (xt), sp_array (yt), alpha, beta);
      for (int i = 0; i < N; i++)
        y[i] = sp_get (yt, (int64_t[]) { i });
      pr ("tagged", y, N);
      for (int i = 0; i < N; i++)
        start (C[i], N);
      gemm (N, sp_array (a), B, C, alpha, beta);
      for (int i = 0; i < N; i += 5)
        pr ("gemm row", C[i], N);
    }
  sp_free (a);
  sp_free (d);
  sp_free (xt);
  sp_free (yt);
  return 0;
}
