/* Reductions and scaling written as loops: row, column and total sums,
   a norm, a trace-free weighted sum, scaling by a quotient.  */
#include "sparse-run.h"

enum { M = 18, N = 15 };

static void
row_sums (double r[M], double A[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: r.i. = sum.j, A.i,j..; A: CSR; loops: i for, j for over A; r: dense" } */
    {
      r[i] = 0;
      for (int j = 0; j < N; j++)
        r[i] += A[i][j];
    }
}

static void
col_sums (double c[N], double A[M][N] SPARSE ("CSR"))
{
  for (int j = 0; j < N; j++)
    c[j] = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: c.j. .= sum.i, A.i,j..; A: CSR; loops: i for, j for over A; c: dense" } */
    for (int j = 0; j < N; j++)
      c[j] += A[i][j];
}

static double
total (double A[M][N] SPARSE ("DCSR"))
{
  double s = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, A.i,j...; A: DCSR; loops: i for over A, j for over A; s: scalar" } */
    for (int j = 0; j < N; j++)
      s += A[i][j];
  return s;
}

/* The squared Frobenius norm.  */
static double
frobenius2 (double A[M][N] SPARSE ("COO"))
{
  double s = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, A.i,j. . A.i,j...; A: COO; loops: i for over A, j for over A; s: scalar" } */
    for (int j = 0; j < N; j++)
      s += A[i][j] * A[i][j];
  return s;
}

/* A weighted sum x^T A y.  */
static double
bilinear (const double x[M], double A[M][N] SPARSE ("CSR"), const double y[N])
{
  double s = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, x.i. . A.i,j. . y.j...; A: CSR; loops: i for, j for over A; s: scalar" } */
    for (int j = 0; j < N; j++)
      s += x[i] * A[i][j] * y[j];
  return s;
}

/* Dot product of a sparse and a dense vector.  */
static double
dot (int n, double x[n] SPARSE ("CU"), const double y[n])
{
  double s = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, x.i. . y.i..; x: CU; loops: i for over x; s: scalar" } */
    s += x[i] * y[i];
  return s;
}

/* Scale by a quotient of scalars: y = x * a / b; and negate.  */
static void
scale_vec (int n, double y[n], double x[n] SPARSE ("CU"), double a, double b)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = x.i. . a / b; x: CU; loops: i for over x; y: dense" } */
    y[i] = x[i] * a / b;
}

static void
scale_rows (double B[M][N], double A[M][N] SPARSE ("CSR"), const double d[M])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: B.i,j. = -.d.i. . A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
    for (int j = 0; j < N; j++)
      B[i][j] = -(d[i] * A[i][j]);
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, N, 101, 3);
  double r[M], c[N], x[M], y[N], B[M][N];
  sr_fill (x, M, 102, 1);
  sr_fill (y, N, 103, 1);

  row_sums (r, sp_array (a));
  sr_print ("row sums", r, M);
  col_sums (c, sp_array (a));
  sr_print ("column sums", c, N);
  sp_tensor *t = sr_as (a, "DCSR");
  printf ("total %.12g\n", total (sp_array (t)));
  sp_free (t);
  t = sr_as (a, "COO");
  printf ("frobenius^2 %.12g\n", frobenius2 (sp_array (t)));
  sp_free (t);
  printf ("x^T A y %.12g\n", bilinear (x, sp_array (a), y));
  scale_rows (B, sp_array (a), x);
  sr_print ("-diag(d) A", &B[0][0], M * N);

  int64_t n = 33;
  sp_tensor *v = sr_check (sp_new ("CU", SP_F64, 1, &n), "v");
  for (int64_t i = 0; i < n; i += 3)
    sp_insert (v, &i, sr_val (sr_hash (i, 2, 0, 104)));
  double dv[33], yv[33];
  sr_fill (dv, n, 105, 1);
  printf ("dot %.12g\n", dot (n, sp_array (v), dv));
  scale_vec (n, yv, sp_array (v), 3, 4);
  sr_print ("x * 3 / 4", yv, n);
  sp_free (v);
  sp_free (a);
  return 0;
}
