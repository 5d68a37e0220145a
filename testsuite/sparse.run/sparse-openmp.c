/* With -fopenmp the outer loop of kernels writing disjoint rows of a dense
   output runs in parallel (rows cut into chunks of equal work the threads
   take in turn); so does the row loop of a sparse output whose rows
   are dense or compressed (the threads build chunks of rows, then they
   are put together);
   floating-point scalar outputs stay serial (without -fassociative-math:
   sparse-openmp-sums.c); a pragma already inside a parallel region
   makes no nested region.  Same results as the serial dense program, on 4
   threads.  */
/* { dg-options "-fopenmp" } */
#include "sparse-run.h"
#ifdef _OPENMP
#include <omp.h>
#endif

enum { M = 301, K = 97, N = 13 };

static void
spmv (double y[M], double A[M][K] SPARSE ("CSR"), double x[K])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
  DENSE (for (int i = 0; i < M; i++)
           {
             y[i] = 0;
             for (int j = 0; j < K; j++)
               y[i] += A[i][j] * x[j];
           })
}

static void
spmv_dcsr (double y[M], double A[M][K] SPARSE ("DCSR"), double x[K])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
  DENSE (for (int i = 0; i < M; i++)
           {
             y[i] = 0;
             for (int j = 0; j < K; j++)
               y[i] += A[i][j] * x[j];
           })
}

static void
spmm (double C[M][N], double A[M][K] SPARSE ("CSR"), double B[K][N])
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             {
               C[i][j] = 0;
               for (int k = 0; k < K; k++)
                 C[i][j] += A[i][k] * B[k][j];
             })
}

static void
resid (double y[M], double b[M], double A[M][K] SPARSE ("CSR"), double x[K])
{
#pragma sparse einsum y(i) = b(i) - A(i,j) * x(j)
  DENSE (for (int i = 0; i < M; i++)
           {
             double s = 0;
             for (int j = 0; j < K; j++)
               s += A[i][j] * x[j];
             y[i] = b[i] - s;
           })
}

static void
spgemm (double C[M][M] SPARSE ("CSR"), double A[M][K] SPARSE ("CSR"),
        double B[K][M] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < M; j++)
             {
               double s = 0;
               for (int k = 0; k < K; k++)
                 s += A[i][k] * B[k][j];
               C[i][j] = s;
             })
}

static void
spgemm_acc (double C[M][M] SPARSE ("CSR"), double A[M][K] SPARSE ("CSR"),
            double B[K][M] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) += A(i,k) * B(k,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < M; j++)
             {
               double s = 0;
               for (int k = 0; k < K; k++)
                 s += A[i][k] * B[k][j];
               C[i][j] += s;
             })
}

/* ... into DCSR with B stored by columns: written as CSR (old entries
   per row), converted back after the region.  */
static void
spgemm_acc_dcsr (double C[M][M] SPARSE ("DCSR"), double A[M][K] SPARSE ("CSR"),
                 double B[K][M] SPARSE ("CSC"))
{
#pragma sparse einsum C(i,j) += A(i,k) * B(k,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < M; j++)
             {
               double s = 0;
               for (int k = 0; k < K; k++)
                 s += A[i][k] * B[k][j];
               C[i][j] += s;
             })
}

/* A product plus a matrix stored like C, D's rows in the workspace.  */
static void
spgemm_plus (double C[M][M] SPARSE ("CSR"), double A[M][K] SPARSE ("CSR"),
             double B[K][M] SPARSE ("CSR"), double D[M][M] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j) - D(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < M; j++)
             {
               double s = 0;
               for (int k = 0; k < K; k++)
                 s += A[i][k] * B[k][j];
               C[i][j] = s - D[i][j];
             })
}

/* Sparse outputs whose rows are dense: each thread counts (or, laid
   out by bounds, bounds) its rows, then writes them.  */
static void
add (double C[M][K] SPARSE ("CSR"), double A[M][K] SPARSE ("CSR"),
     double B[M][K] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) += A(i,j) - 2 * B(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < K; j++)
             C[i][j] += A[i][j] - 2 * B[i][j];)
}

static void
sddmm (double C[M][K] SPARSE ("CSR"), double S[M][K] SPARSE ("CSR"),
       double U[M][N], double V[N][K])
{
#pragma sparse einsum C(i,j) = S(i,j) * U(i,l) * V(l,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < K; j++)
             {
               double s = 0;
               for (int l = 0; l < N; l++)
                 s += U[i][l] * V[l][j];
               C[i][j] = S[i][j] * s;
             })
}

static void
scale3 (double Y[M][N][K] SPARSE ("D,CU,CU"), double T[M][N][K] SPARSE ("CSF"))
{
#pragma sparse einsum Y(i,j,k) = 3 * T(i,j,k)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             for (int k = 0; k < K; k++)
               Y[i][j][k] = 3 * T[i][j][k];)
}

/* Outputs whose first level is compressed: each thread appends a range
   of first coordinates.  */
static void
ttv (double Y[M][N] SPARSE ("DCSR"), double T[M][N][K] SPARSE ("CSF"),
     double x[K])
{
#pragma sparse einsum Y(i,j) = T(i,j,k) * x(k)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             {
               double s = 0;
               for (int k = 0; k < K; k++)
                 s += T[i][j][k] * x[k];
               Y[i][j] = s;
             })
}

/* Products into three levels through a workspace, under dense or
   compressed rows: each thread counts the fibres of its rows, then
   writes them into its range of the output's arrays.  */
DENSE (static void
       ttm3_dense (double Y[M][N][N], double T[M][N][K], double B[K][N])
       {
         for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             for (int l = 0; l < N; l++)
               {
                 double s = 0;
                 for (int k = 0; k < K; k++)
                   s += T[i][j][k] * B[k][l];
                 Y[i][j][l] = s;
               }
       })

static void
ttm3 (double Y[M][N][N] SPARSE ("D,CU,CU"), double T[M][N][K] SPARSE ("CSF"),
      double B[K][N] SPARSE ("CSR"))
{
#pragma sparse einsum Y(i,j,l) = T(i,j,k) * B(k,l)
  DENSE (ttm3_dense (Y, T, B);)
}

static void
ttm3_csf (double Y[M][N][N] SPARSE ("CSF"), double T[M][N][K] SPARSE ("CSF"),
          double B[K][N] SPARSE ("CSR"))
{
#pragma sparse einsum Y(i,j,l) = T(i,j,k) * B(k,l)
  DENSE (ttm3_dense (Y, T, B);)
}

static void
add_dcsr (double C[M][K] SPARSE ("DCSR"), double A[M][K] SPARSE ("CSR"),
          double B[M][K] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) + B(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < K; j++)
             C[i][j] = A[i][j] + B[i][j];)
}

static void
scale_dcsr (double C[M][K] SPARSE ("DCSR"), double A[M][K] SPARSE ("DCSR"))
{
#pragma sparse einsum C(i,j) = -2 * A(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < K; j++)
             C[i][j] = -2 * A[i][j];)
}

/* Each thread of the caller's region runs its own serial kernel.  */
static void
columns (double Y[N][M], double A[M][K] SPARSE ("CSR"), double X[N][K])
{
#pragma omp parallel for
  for (int c = 0; c < N; c++)
    {
      double *y = Y[c], *x = X[c];
#pragma sparse einsum y(i) = A(i,j) * x(j)
      DENSE (for (int i = 0; i < M; i++)
               {
                 y[i] = 0;
                 for (int j = 0; j < K; j++)
                   y[i] += A[i][j] * x[j];
               })
    }
}

/* A parallel kernel in a function with a tagged local and blocks of its
   own around the pragma, inlined into its caller.  */
static double
local (int m, int n)
{
  double L[m][n] SPARSE ("CSR");
  double x[n], y[m];
  for (int j = 0; j < n; j++)
    x[j] = j - 1.5;
  DENSE (for (int i = 0; i < m; i++)
           for (int j = 0; j < n; j++)
             L[i][j] = 0;)
  for (int i = 0; i < m; i += 2)
    {
      int j = (i * 7) % n;
      L[i][j] = i + 1;
    }
#pragma sparse einsum y(i) = L(i,j) * x(j)
  DENSE (for (int i = 0; i < m; i++)
           {
             y[i] = 0;
             for (int j = 0; j < n; j++)
               y[i] += L[i][j] * x[j];
           })
  double s = 0;
  for (int i = 0; i < m; i++)
    {
      double w = i + 1;
      s += y[i] * w;
    }
  return s;
}

/* A matrix in FMT with entries in its first FIRST rows only.  */
static sp_tensor *
top_rows (const char *fmt, int first, int seed)
{
  sp_tensor *t = sr_matrix (fmt, M, K, seed, 3);
  sp_tensor *top = sr_check (sp_new (fmt, SP_F64, 2, (int64_t[]) { M, K }),
                             fmt);
  for (int i = 0; i < first; i++)
    for (int j = 0; j < K; j++)
      {
        double v = sp_get (t, (int64_t[]) { i, j });
        if (v != 0)
          sp_insert (top, (int64_t[]) { i, j }, v);
      }
  sp_free (t);
  return top;
}

/* Sparse outputs on one thread (no counting pass) and on three, some of
   whose rows hold nothing; an output with no entry at all.  */
static void
uneven (const sp_tensor *bt)
{
  sp_tensor *top = top_rows ("CSR", 40, 17), *topd = sr_as (top, "DCSR");
  sp_tensor *none = top_rows ("CSR", 0, 18);
  for (int nt = 1; nt <= 3; nt += 2)
    {
      char what[64];
#ifdef _OPENMP
      omp_set_num_threads (nt);
#endif
      sp_tensor *c = sr_matrix ("CSR", M, M, 19, 2);
      spgemm (sp_array (c), sp_array (top), sp_array ((sp_tensor *) bt));
      snprintf (what, sizeof what, "spgemm top rows %d", nt);
      sr_print_t (what, c, M * M);
      sp_free (c);
      c = sr_matrix ("DCSR", M, K, 20, 2);
      scale_dcsr (sp_array (c), sp_array (topd));
      snprintf (what, sizeof what, "scale dcsr top rows %d", nt);
      sr_print_t (what, c, M * K);
      sp_free (c);
      c = sr_matrix ("DCSR", M, K, 21, 2);
      add_dcsr (sp_array (c), sp_array (none), sp_array (none));
      snprintf (what, sizeof what, "add nothing %d", nt);
      sr_print_t (what, c, M * K);
      sp_free (c);
      c = sr_matrix ("CSR", M, K, 22, 2);
      add (sp_array (c), sp_array (top), sp_array (none));
      snprintf (what, sizeof what, "add top rows %d", nt);
      sr_print_t (what, c, M * K);
      sp_free (c);
    }
  sp_free (top);
  sp_free (topd);
  sp_free (none);
}

int
main (void)
{
#ifdef _OPENMP
  omp_set_num_threads (4);
#endif
  sp_tensor *a = sr_matrix ("CSR", M, K, 1, 5);
  sp_tensor *ad = sr_as (a, "DCSR");
  sp_tensor *bt = sr_matrix ("CSR", K, M, 2, 9);
  static double x[K], y[M], b[M], B[K][N], C[M][N], X[N][K], Y[N][M];
  sr_fill (x, K, 3, 1);
  sr_fill (b, M, 4, 1);
  sr_fill (&B[0][0], K * N, 5, 1);
  sr_fill (&X[0][0], N * K, 6, 2);

  spmv (y, sp_array (a), x);
  sr_print ("spmv", y, M);
  spmv_dcsr (y, sp_array (ad), x);
  sr_print ("spmv dcsr", y, M);
  spmm (C, sp_array (a), B);
  sr_print ("spmm", &C[0][0], M * N);
  resid (y, b, sp_array (a), x);
  sr_print ("residual", y, M);
  sp_tensor *c = sr_matrix ("CSR", M, M, 7, 2);
  spgemm (sp_array (c), sp_array (a), sp_array (bt));
  sr_print_t ("spgemm", c, M * M);
  spgemm_acc (sp_array (c), sp_array (a), sp_array (bt));
  sr_print_t ("spgemm +=", c, M * M);
  {
    sp_tensor *dm = sr_matrix ("CSR", M, M, 23, 5);
    spgemm_plus (sp_array (c), sp_array (a), sp_array (bt), sp_array (dm));
    sr_print_t ("spgemm - D", c, M * M);
    sp_free (dm);
  }
  {
    sp_tensor *cd = sr_as (c, "DCSR"), *btc = sr_as (bt, "CSC");
    spgemm_acc_dcsr (sp_array (cd), sp_array (a), sp_array (btc));
    sr_print_t ("spgemm += dcsr", cd, M * M);
    sp_free (cd);
    sp_free (btc);
  }
  columns (Y, sp_array (a), X);
  sr_print ("columns", &Y[0][0], N * M);
  sp_tensor *b2 = sr_matrix ("CSR", M, K, 8, 3);
  sp_free (c);
  c = sr_matrix ("CSR", M, K, 9, 4);
  add (sp_array (c), sp_array (a), sp_array (b2));
  sr_print_t ("add", c, M * K);
  sp_free (c);
  c = sr_matrix ("CSR", M, K, 9, 4);
  static double U[M][N], V[N][K];
  sr_fill (&U[0][0], M * N, 10, 1);
  sr_fill (&V[0][0], N * K, 11, 1);
  sddmm (sp_array (c), sp_array (b2), U, V);
  sr_print_t ("sddmm", c, M * K);
  sp_free (c);
  sp_tensor *t = sr_tensor3 ("CSF", M, N, K, 12, 9);
  sp_tensor *y3 = sr_tensor3 ("D,CU,CU", M, N, K, 13, 5);
  scale3 (sp_array (y3), sp_array (t));
  sr_print_t ("scale3", y3, M * N * K);
  sp_tensor *y2 = sr_matrix ("DCSR", M, N, 14, 3);
  ttv (sp_array (y2), sp_array (t), x);
  sr_print_t ("ttv dcsr", y2, M * N);
  sp_free (y2);
  {
    sp_tensor *bk = sr_matrix ("CSR", K, N, 24, 4);
    sp_tensor *y4 = sr_tensor3 ("D,CU,CU", M, N, N, 25, 5);
    ttm3 (sp_array (y4), sp_array (t), sp_array (bk));
    sr_print_t ("ttm3", y4, M * N * N);
    sp_free (y4);
    y4 = sr_tensor3 ("CSF", M, N, N, 26, 5);
    ttm3_csf (sp_array (y4), sp_array (t), sp_array (bk));
    sr_print_t ("ttm3 csf", y4, M * N * N);
    sp_free (y4);
    sp_free (bk);
  }
  y2 = sr_matrix ("DCSR", M, K, 15, 2);
  scale_dcsr (sp_array (y2), sp_array (ad));
  sr_print_t ("scale dcsr", y2, M * K);
  add_dcsr (sp_array (y2), sp_array (a), sp_array (b2));
  sr_print_t ("add dcsr", y2, M * K);
  sp_free (y2);
  sp_free (t);
  sp_free (y3);
  sp_free (b2);
  for (int m = 1; m < 40; m += 13)
    printf ("local %d %.12g\n", m, local (m, m + 3));
  uneven (bt);
  sp_free (a);
  sp_free (ad);
  sp_free (bt);
  return 0;
}
