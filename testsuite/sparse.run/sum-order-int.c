/* Integer terms sum to the same value in any order: a loop's sum that
   falls between other terms of one iteration, which floating-point
   terms send to the element-by-element fallback, is sparsified for int
   and long values, as is the pragma accumulating a product along the
   columns into a sparse vector.  */
#include "sparse-run.h"

static void
between (int n, long y[n], long A[n][n] SPARSE ("CSR"), long c[n],
         long x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      y[i] += c[i];
      for (int j = 0; j < n; j++)
        y[i] += A[i][j] * x[j];
      y[i] -= 3 * c[i];
    }
}

static void
columns (int m, int n, int y[n] SPARSE ("CU"), int A[m][n] SPARSE ("CSR"),
         int x[m] SPARSE ("D"))
{
#pragma sparse einsum y(j) += A(i,j) * x(i) /* { dg-message "einsum sparsified" } */
  DENSE (for (int j = 0; j < n; j++)
           for (int i = 0; i < m; i++)
             y[j] += A[i][j] * x[i];)
}

/* An M x N matrix (or a vector when M is 0) of TYPE in FMT with an
   entry where (i * 7 + j * 3) % MOD == 0.  */
static sp_tensor *
ints (const char *fmt, sp_type type, int m, int n, int mod)
{
  int rank = m ? 2 : 1;
  int64_t dims[2] = { m ? m : n, n };
  sp_tensor *t = sr_check (sp_new (fmt, type, rank, dims), fmt);
  for (int64_t i = 0; i < (m ? m : 1); i++)
    for (int64_t j = 0; j < n; j++)
      if ((i * 7 + j * 3) % mod == 0)
        {
          int64_t x[2] = { m ? i : j, j };
          sp_insert_i64 (t, x, (i * 5 + j) % 11 - 4);
        }
  return t;
}

int
main (void)
{
  enum { M = 17, N = 13 };
  long y[M], c[M], x[M];
  for (int i = 0; i < M; i++)
    y[i] = 1000 + i, c[i] = i * 7 - 40, x[i] = 3 - i;
  sp_tensor *A = ints ("CSR", SP_I64, M, M, 4);
  between (M, y, sp_array (A), c, x);
  for (int i = 0; i < M; i++)
    printf ("%ld%c", y[i], i == M - 1 ? '\n' : ' ');
  sp_tensor *B = ints ("CSR", SP_I32, M, N, 3);
  sp_tensor *v = ints ("CU", SP_I32, 0, N, 2);
  sp_tensor *w = ints ("D", SP_I32, 0, M, 1);
  columns (M, N, sp_array (v), sp_array (B), sp_array (w));
  for (int64_t j = 0; j < N; j++)
    printf ("%lld%c", (long long) sp_get_i64 (v, &j), j == N - 1 ? '\n' : ' ');
  sp_free (A);
  sp_free (B);
  sp_free (v);
  sp_free (w);
  return 0;
}
