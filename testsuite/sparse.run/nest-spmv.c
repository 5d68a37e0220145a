/* Sparse matrix times vector written as plain loops, the ways people
   write it: the plugin turns each nest into y(i) = sum(j, A(i,j) * x(j))
   (or its += form); without the plugin the same loops run densely.  */
#include "sparse-run.h"

enum { M = 23, N = 17 };

/* Zero the row, then accumulate: the textbook spelling.  */
static void
spmv_init (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"),
           const double x[n])
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
        y[i] += A[i][j] * x[j];
    }
}

/* A scalar accumulator per row.  */
static void
spmv_scalar (int m, int n, double y[m], double A[m][n] SPARSE ("DCSR"),
             const double x[n])
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: DCSR; loops: i for over A, j for over A; y: dense" } */
    {
      double sum = 0.0;
      for (int j = 0; j < n; j++)
        sum += A[i][j] * x[j];
      y[i] = sum;
    }
}

/* C89 style: variables declared first, ++i, <= n - 1, j += 1,
   s = s + ...; i and j are used after the loops.  */
static int
spmv_c89 (int m, int n, double y[m], double A[m][n] SPARSE ("COO"),
          const double x[n])
{
  int i, j;
  double s;
  for (i = 0; i <= m - 1; ++i)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: COO; loops: i for over A, j for over A; y: dense" } */
    {
      s = 0.0;
      for (j = 0; j <= n - 1; j += 1)
        s = s + A[i][j] * x[j];
      y[i] = s;
    }
  return i * 100 + j;
}

/* y += A x, accumulating into what y holds.  */
static void
spmv_acc (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"),
          const double x[n])
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
}

/* Fixed sizes, long loop variables, a matrix stored column-major: the
   loops run against the storage, the scheduler follows it.  */
static void
spmv_csc (double y[M], double A[M][N] SPARSE ("CSC"), double x[N])
{
  for (long i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSC; loops: j for, i for over A; y: dense" } */
    {
      y[i] = 0;
      for (long j = 0; j < N; j++)
        y[i] = y[i] + A[i][j] * x[j];
    }
}

/* Plain pointers for the dense vectors, the matrix in ELL.  */
static void
spmv_ptr (int m, int n, double *restrict y, double A[m][n] SPARSE ("ELL"),
          const double *x)
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, x.j. . A.i,j..; A: ELL; loops: i_s2 for, i for, j for over A; y: dense" } */
    {
      double t = 0;
      for (int j = 0; j < n; j++)
        t += x[j] * A[i][j];
      y[i] = t;
    }
}

/* Subtracting: y = -A x, written with -=.  */
static void
spmv_neg (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"),
          const double x[n])
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: y.i. = -sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
        y[i] -= A[i][j] * x[j];
    }
}

/* Into a local dense array, returned through a sum.  */
static double
spmv_local (int m, int n, double A[m][n] SPARSE ("BCSR(2,2)"),
            const double x[n])
{
  double y[m];
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: .i,j.->.i/2:D,j/2:CU,i%2:D,j%2:D.; loops: i_b1 for, j_b1 for over A, i_r1 for, j_r1 for; y: dense" } */
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
        y[i] += A[i][j] * x[j];
    }
  double s = 0;
  for (int i = 0; i < m; i++)
    s += y[i] * (i + 1);
  return s;
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, N, 11, 4);
  double x[N], y[M];
  sr_fill (x, N, 12, 1);

  spmv_init (M, N, y, sp_array (a), x);
  sr_print ("init", y, M);

  sp_tensor *t = sr_as (a, "DCSR");
  spmv_scalar (M, N, y, sp_array (t), x);
  sr_print ("scalar", y, M);
  sp_free (t);

  t = sr_as (a, "COO");
  int ij = spmv_c89 (M, N, y, sp_array (t), x);
  sr_print ("c89", y, M);
  printf ("final i, j: %d\n", ij);
  sp_free (t);

  sr_fill (y, M, 13, 2);
  spmv_acc (M, N, y, sp_array (a), x);
  sr_print ("accumulate", y, M);

  t = sr_as (a, "CSC");
  spmv_csc (y, sp_array (t), x);
  sr_print ("csc", y, M);
  sp_free (t);

  t = sr_as (a, "ELL");
  spmv_ptr (M, N, y, sp_array (t), x);
  sr_print ("pointers", y, M);
  sp_free (t);

  spmv_neg (M, N, y, sp_array (a), x);
  sr_print ("negated", y, M);

  t = sr_as (a, "BCSR(2,2)");
  printf ("local %.12g\n", spmv_local (M, N, sp_array (t), x));
  sp_free (t);

  /* The output overlapping the input: the loops run as written.  */
  t = sr_matrix ("CSR", N, N, 14, 3);
  double z[N];
  sr_fill (z, N, 15, 1);
  spmv_init (N, N, z, sp_array (t), z);
  sr_print ("in place", z, N);
  sp_free (t);

  sp_free (a);
  return 0;
}
