/* Element types other than double in loop nests: float SpMV with a float
   accumulator, int and long matrices (counts), mixed int matrix and double
   vector, and integer division by a scalar.  */
#include "sparse-run.h"

enum { M = 17, N = 13 };

static void
spmv_float (float y[M], float A[M][N] SPARSE ("CSR"), const float x[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j.. . 2f; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      float s = 0;
      for (int j = 0; j < N; j++)
        s += A[i][j] * x[j];
      y[i] = 2.0f * s;
    }
}

static void
row_counts (int c[M], int A[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: c.i. = sum.j, A.i,j..; A: CSR; loops: i for, j for over A; c: dense" } */
    {
      c[i] = 0;
      for (int j = 0; j < N; j++)
        c[i] += A[i][j];
    }
}

static long
weighted_total (long A[M][N] SPARSE ("DCSR"), const long w[N])
{
  long s = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, A.i,j. . w.j...; A: DCSR; loops: i for over A, j for over A; s: scalar" } */
    for (int j = 0; j < N; j++)
      s += A[i][j] * w[j];
  return s;
}

/* An int matrix times a double vector: the products are double.  */
static void
spmv_mixed (double y[M], int A[M][N] SPARSE ("CSR"), const double x[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      y[i] = 0;
      for (int j = 0; j < N; j++)
        y[i] += A[i][j] * x[j];
    }
}

static void
halve (int n, int y[n], int x[n] SPARSE ("CU"), int k)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = x.i. / k; x: CU; loops: i for over x; y: dense" } */
    y[i] = x[i] / k;
}

int
main (void)
{
  int64_t dims[2] = { M, N };
  sp_tensor *af = sr_check (sp_new ("CSR", SP_F32, 2, dims), "af");
  sp_tensor *ai = sr_check (sp_new ("CSR", SP_I32, 2, dims), "ai");
  sp_tensor *al = sr_check (sp_new ("DCSR", SP_I64, 2, dims), "al");
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 111);
        if (h % 3 == 0)
          {
            sp_insert (af, (int64_t[]) { i, j }, sr_val (h));
            sp_insert (ai, (int64_t[]) { i, j }, (double) (h % 9) - 4);
            sp_insert (al, (int64_t[]) { i, j }, (double) (h % 1000));
          }
      }
  float xf[N], yf[M];
  double x[N], y[M];
  long w[N];
  int c[M];
  for (int j = 0; j < N; j++)
    {
      xf[j] = (float) (j % 5) * 0.5f - 1;
      x[j] = j * 0.25 - 1;
      w[j] = 1000003L * j;
    }
  spmv_float (yf, sp_array (af), xf);
  for (int i = 0; i < M; i++)
    printf ("%g ", yf[i]);
  printf ("\n");
  row_counts (c, sp_array (ai));
  for (int i = 0; i < M; i++)
    printf ("%d ", c[i]);
  printf ("\n");
  printf ("long total %ld\n", weighted_total (sp_array (al), w));
  spmv_mixed (y, sp_array (ai), x);
  sr_print ("int x double", y, M);

  int64_t n = 20;
  sp_tensor *v = sr_check (sp_new ("CU", SP_I32, 1, &n), "v");
  for (int64_t i = 0; i < n; i += 2)
    sp_insert (v, &i, (double) (i * 7 - 60));
  int yv[20];
  halve (n, yv, sp_array (v), 4);
  for (int i = 0; i < n; i++)
    printf ("%d ", yv[i]);
  printf ("\n");
  sp_free (v);
  sp_free (af);
  sp_free (ai);
  sp_free (al);
  return 0;
}
