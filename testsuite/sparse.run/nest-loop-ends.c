/* Loops over part of an extent, outer ones too (`for (i = 1; i < n - 1;
   i++)`), and the values their variables end with when they are
   declared outside the loops: counting up, the end of the range, or the
   start when it is past the end (an inner loop whose start i + k passes
   n in its last rows); counting down, one below the range.  Ranges that
   read the variables of loops whose own ranges read loop variables are
   left to the fallback.  */
#include "sparse-run.h"

enum { N = 13 };

static double
outer_from (int n, int lo, int *ie, double A[n][n] SPARSE ("CSR"),
            const double *x)
{
  double s = 0;
  int i;
  for (i = lo; i < n - 1; i++)
    for (int j = 0; j < n; j++)
      s += A[i][j] * x[j];
  *ie = i;
  return s;
}

static void
stencil_rows (int n, double *y, double A[n][n] SPARSE ("DCSR"),
              const double *x)
{
  for (int i = 1; i <= n - 2; i++)
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
}

static double
past_bound (int k, int *ie, int *je, double A[N][N] SPARSE ("CSR"))
{
  double s = 0;
  int i, j = -7;
  for (i = 0; i < N; i++)
    for (j = i + k; j < N; j++)
      s += A[i][j];
  *ie = i;
  *je = j;
  return s;
}

static double
lower (int lo, int *ie, int *je, double A[N][N] SPARSE ("CSC"))
{
  double s = 0;
  int i = -3, j = -5;
  for (i = lo; i < N; i++)
    for (j = 0; j <= i - 2; j++)
      s += A[i][j] * (i + 1);
  *ie = i;
  *je = j;
  return s;
}

static double
down_to (int lo, int *ie, double A[N][N] SPARSE ("CSR"), const double *x)
{
  double s = 0;
  int i = 99;
  for (int r = 0; r < N; r++)
    for (i = N - 1; i >= lo; i--)
      s += A[r][i] * x[i];
  *ie = i;
  return s;
}

static double
down_above (int *je, double A[N][N] SPARSE ("CSR"), const double *x)
{
  double s = 0;
  int j = 99;
  for (int i = 0; i < N; i++)
    for (j = N - 1; j > i; j--)
      s += A[i][j] * x[j] * (j + 1);
  *je = j;
  return s;
}

/* Constant bounds below constant extents (N - 1 and N - 3 folded).  */
static double
const_rows (double A[N][N] SPARSE ("DCSR"), const double *x, int *ie)
{
  double s = 0;
  int i, j;
  for (i = 1; i < N - 1; i++)
    for (j = 0; j <= N - 3; j++)
      s += A[i][j] * x[j] * (i + 1);
  *ie = i * 100 + j;
  return s;
}

/* The range of j reads k, whose own range reads i.  */
static double
two_deep (int *je, double A[N][N] SPARSE ("CSR"))
{
  double s = 0;
  int i, k, j = -1;
  for (i = 0; i < N; i++)
    for (k = i + 1; k < N; k++)
      for (j = k; j < N; j++)
        s += A[i][j] * k;
  *je = j;
  return s;
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", N, N, 41, 3);
  sp_tensor *d = sr_as (a, "DCSR"), *c = sr_as (a, "CSC");
  double x[N], y[N] = { 0 };
  int ie, je;
  sr_fill (x, N, 42, 1);
  for (int lo = 0; lo <= N + 2; lo += 3)
    {
      double s = outer_from (N, lo, &ie, sp_array (a), x);
      printf ("outer from %d: %.17g i %d\n", lo, s, ie);
      s = lower (lo, &ie, &je, sp_array (c));
      printf ("lower from %d: %.17g i %d j %d\n", lo, s, ie, je);
      s = down_to (lo, &ie, sp_array (a), x);
      printf ("down to %d: %.17g i %d\n", lo, s, ie);
    }
  stencil_rows (N, y, sp_array (d), x);
  sr_print ("stencil", y, N);
  for (int k = 0; k <= 15; k += 3)
    {
      double s = past_bound (k, &ie, &je, sp_array (a));
      printf ("past %d: %.17g i %d j %d\n", k, s, ie, je);
    }
  printf ("down above: %.17g", down_above (&je, sp_array (a), x));
  printf (" j %d\n", je);
  printf ("constant rows: %.17g", const_rows (sp_array (d), x, &ie));
  printf (" ends %d\n", ie);
  printf ("two deep: %.17g", two_deep (&je, sp_array (a)));
  printf (" j %d\n", je);
  sp_free (a);
  sp_free (d);
  sp_free (c);
  return 0;
}
