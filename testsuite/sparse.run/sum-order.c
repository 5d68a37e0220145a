/* Sums added into a value term by term keep the dense program's order:
   y[i] += A[i][j] * x[j] is ((y + a1) + a2) ..., s = b[i]; s -= ... is
   ((b - a1) - a2) ..., not the value combined with the sum of the terms
   apart.  The values make the two orders differ: y and b near 1e16,
   where adding 1 twice rounds to nothing but adding 2 does not, and
   random terms with many digits.  Printed with %a, bit for bit.  */
#include "sparse-run.h"

static void
add_into (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
}

static void
sub_from (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j < n; j++)
      y[i] -= A[i][j] * x[j];
}

/* A residual as people write it: the right-hand side, less the row.  */
static void
residual (int n, double r[n], double A[n][n] SPARSE ("CSR"), double x[n],
          double b[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        s -= A[i][j] * x[j];
      r[i] = s;
    }
}

/* Two rows' sums into one value, one loop after the other.  */
static void
two_sums (int n, double r[n], double A[n][n] SPARSE ("CSR"),
          double B[n][n] SPARSE ("DCSR"), double x[n], double b[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        s -= A[i][j] * x[j];
      for (int j = 0; j < n; j++)
        s += B[i][j] * x[j];
      r[i] = s;
    }
}

/* Jacobi's sweep: the row's off-diagonal sum from b, over the
   diagonal.  */
static void
jacobi (int n, double xn[n], double A[n][n] SPARSE ("CSR"), double x[n],
        double b[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        if (j != i)
          s -= A[i][j] * x[j];
      xn[i] = s / A[i][i];
    }
}

/* A scalar the whole matrix is added into.  */
static double
total (int n, double A[n][n] SPARSE ("CSR"), double x[n], double s)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j < n; j++)
      s += A[i][j] * x[j];
  return s;
}

/* A residual's squared norm: the row's sum used twice, one temporary.  */
static double
norm2 (int n, double A[n][n] SPARSE ("CSR"), double x[n], double b[n])
{
  double r = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: split into 2 kernels" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      r += (s - b[i]) * (s - b[i]);
    }
  return r;
}

static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %a", a[i]);
  printf ("\n");
}

int
main (void)
{
  enum { N = 40 };
  sp_tensor *A = sp_new ("CSR", SP_F64, 2, (int64_t[]) { N, N });
  sp_tensor *B = sp_new ("DCSR", SP_F64, 2, (int64_t[]) { N, N });
  for (int64_t i = 0; i < N; i++)
    for (int64_t j = 0; j < N; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 5);
        /* Row 0: ones, which vanish one by one next to 1e16.  */
        double v = i == 0 ? 1 : (double) (h % 100003) / 7919 - 6;
        if (i == j)
          sp_insert (A, (int64_t[]) { i, j }, 4 + (double) (h % 97) / 13);
        else if (i == 0 || h % 3 == 0)
          sp_insert (A, (int64_t[]) { i, j }, v);
        if (h % 5 == 1 && i % 4 != 3)
          sp_insert (B, (int64_t[]) { i, j }, v / 3);
      }
  double x[N], y[N], b[N], r[N];
  for (int i = 0; i < N; i++)
    {
      x[i] = i == 0 ? 1 : 1.0 / (i + 0.37);
      b[i] = 1e16 + 2 * i + (i % 3) / 7.0;
      y[i] = b[i];
    }
  x[1] = 1;
  add_into (N, y, sp_array (A), x);
  pr ("y += A x", y, N);
  sub_from (N, y, sp_array (A), x);
  pr ("y -= A x", y, N);
  residual (N, r, sp_array (A), x, b);
  pr ("b - A x", r, N);
  two_sums (N, r, sp_array (A), sp_array (B), x, b);
  pr ("b - A x + B x", r, N);
  jacobi (N, r, sp_array (A), x, b);
  pr ("jacobi", r, N);
  printf ("total %a\n", total (N, sp_array (A), x, 1e16));
  printf ("norm2 %a\n", norm2 (N, sp_array (A), x, b));
  sp_free (A);
  sp_free (B);
  return 0;
}
