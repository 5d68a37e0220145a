/* Constants in loop nests keep C's types.  A float constant in double
   arithmetic is converted to double first (0.1f becomes
   0.100000001490116...), and the nest computes with that value; a float
   constant in float arithmetic stays a float, as does a float variable
   holding it.  Results are printed in hexadecimal: they must agree to the
   last bit with the dense program's.  */
#include "sparse-run.h"

enum { M = 15, N = 12 };

static void
scaled_spmv (double y[M], double A[M][N] SPARSE ("CSR"), const double x[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . 0.10000000149011612 . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < N; j++)
        s += 0.1f * A[i][j] * x[j];
      y[i] = s;
    }
}

/* Float entries times a double vector: the product is double, then
   scaled by the converted constant.  */
static void
mixed_spmv (double y[M], float A[M][N] SPARSE ("CSR"), const double x[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j. . 0.30000001192092896.; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < N; j++)
        s += A[i][j] * x[j] * 0.3f;
      y[i] = s;
    }
}

/* Float arithmetic: the constant in a float variable.  */
static void
float_spmv (float y[M], float A[M][N] SPARSE ("CSR"), const float x[N])
{
  float c = 0.1f;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . c . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      float s = 0;
      for (int j = 0; j < N; j++)
        s += c * A[i][j] * x[j];
      y[i] = s;
    }
}

/* Float arithmetic with the constant itself, and a float constant
   against an int one.  */
static void
float_const_spmv (float y[M], float A[M][N] SPARSE ("CSR"),
                  const float x[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . 0.100000001f . x.j. . A.i,j. . 3f / 7f.; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      float s = 0;
      for (int j = 0; j < N; j++)
        s += 0.1f * A[i][j] * x[j] + 3 * A[i][j] / 7.0f;
      y[i] = s;
    }
}

static void
print_hex (const char *what, const double *v, int n)
{
  printf ("%s", what);
  for (int i = 0; i < n; i++)
    printf (" %a", v[i]);
  printf ("\n");
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, N, 31, 3);
  int64_t dims[2] = { M, N };
  sp_tensor *af = sr_check (sp_new ("CSR", SP_F32, 2, dims), "af");
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 32);
        if (h % 3 == 0)
          sp_insert (af, (int64_t[]) { i, j }, sr_val (h) / 3);
      }
  double x[N], y[M], yd[M];
  float xf[N], yf[M];
  for (int j = 0; j < N; j++)
    {
      x[j] = 1.0 / (j + 3);
      xf[j] = 1.0f / (j + 3);
    }
  scaled_spmv (y, sp_array (a), x);
  print_hex ("0.1f * A x", y, M);
  mixed_spmv (y, sp_array (af), x);
  print_hex ("float A x * 0.3f", y, M);
  float_spmv (yf, sp_array (af), xf);
  for (int i = 0; i < M; i++)
    yd[i] = yf[i];
  print_hex ("float c A x", yd, M);
  float_const_spmv (yf, sp_array (af), xf);
  for (int i = 0; i < M; i++)
    yd[i] = yf[i];
  print_hex ("float 0.1f A x", yd, M);
  sp_free (a);
  sp_free (af);
  return 0;
}
