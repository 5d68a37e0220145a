/* A scalar that takes a maximum or a minimum over the rows, written as
   people write it: the infinity norm of a residual (if (fabs (s) > err)
   err = fabs (s)), the largest and smallest row sums with >, >=, < and
   <=, either operand first, as an if statement or as m = c ? v : m, the
   largest row degree into an int and into a long, and a Jacobi sweep's
   convergence test beside its new iterate.  The values are chosen where
   the comparisons' corners show: rows without entries whose sum is b[i]
   itself, +0.0 or -0.0 (equal maxima: > keeps the first, >= takes the
   last), a NaN (> and < never take it; a NaN the scalar starts with
   stays), and ties between rows.  Every value is printed with %a, bit
   for bit.  x is positive, so that the zeros the dense loops multiply
   keep each sum's sign; entries are multiples of 1/4, so that every sum
   is exact whatever its order.  nest-max-openmp.c builds it with
   -fopenmp.  */
#include <math.h>
#include "sparse-run.h"

/* An N x N matrix: an entry where the hash is 0 mod MOD, a diagonal of
   2 or 4, and no entry at all in rows i % 5 == 4.  */
static sp_tensor *
matrix (int n, int mod)
{
  sp_tensor *t = sr_check (sp_new ("csr", SP_F64, 2, (int64_t[]) { n, n }),
                           "csr");
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < n && i % 5 != 4; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 23);
        if (i == j)
          sp_insert (t, (int64_t[]) { i, j }, 2 << (i % 2));
        else if (h % mod == 0)
          sp_insert (t, (int64_t[]) { i, j }, sr_val (h));
      }
  return t;
}

static double
resid_inf (int n, double A[n][n] SPARSE ("CSR"), const double x[n],
           const double b[n])
{
  double err = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: err = max.err, max.i, abs.b.i. - sum.j, A.i,j. . x.j.....; A: CSR; loops: i for, j for over A; err: scalar" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        s -= A[i][j] * x[j];
      if (fabs (s) > err)
        err = fabs (s);
    }
  return err;
}

/* The largest row sum, starting from M: > keeps the first of equal
   sums.  */
static double
max_gt (int n, double A[n][n] SPARSE ("CSR"), const double x[n],
        const double b[n], double m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = max.m, max.i, b.i. - sum.j, A.i,j. . x.j....; A: CSR" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        s -= A[i][j] * x[j];
      if (m < s)
        m = s;
    }
  return m;
}

/* >= takes the last of equal sums.  */
static double
max_ge (int n, double A[n][n] SPARSE ("CSR"), const double x[n],
        const double b[n], double m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = max.m, max.i, b.i. - sum.j, A.i,j. . x.j....; A: CSR" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        s -= A[i][j] * x[j];
      if (s >= m)
        m = s;
    }
  return m;
}

static double
min_lt (int n, double A[n][n] SPARSE ("CSR"), const double x[n],
        const double b[n], double m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = min.m, min.i, b.i. - sum.j, A.i,j. . x.j....; A: CSR" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        s -= A[i][j] * x[j];
      if (m > s)
        m = s;
    }
  return m;
}

/* m = c ? v : m, with <=: the last of equal minima.  */
static double
min_le (int n, double A[n][n] SPARSE ("CSR"), const double x[n],
        const double b[n], double m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = min.m, min.i, b.i. - sum.j, A.i,j. . x.j....; A: CSR" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        s -= A[i][j] * x[j];
      m = s <= m ? s : m;
    }
  return m;
}

static double
max_ternary (int n, double A[n][n] SPARSE ("CSR"), const double x[n],
             const double b[n], double m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = max.m, max.i, b.i. - sum.j, A.i,j. . x.j....; A: CSR" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        s -= A[i][j] * x[j];
      m = s > m ? s : m;
    }
  return m;
}

/* The largest row degree, an int compared with an int and with a long
   (converted as C converts it).  */
static int
max_degree (int n, double A[n][n] SPARSE ("CSR"), long *widest)
{
  int most = -1;
  long wide = -1;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: most = max.most, max.i, sum.j, A.i,j. != 0 . 1 : 0...; A: CSR" } */
    {
      int d = 0;
      for (int j = 0; j < n; j++)
        if (A[i][j] != 0)
          d++;
      if (d > most)
        most = d;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: wide = max.wide, max.i, .long.sum.j, A.i,j. != 0 . 1 : 0...; A: CSR" } */
    {
      int d = 0;
      for (int j = 0; j < n; j++)
        if (A[i][j] != 0)
          d++;
      if (d >= wide)
        wide = d;
    }
  *widest = wide;
  return most;
}

/* A Jacobi sweep and its convergence test: the new iterate and the
   largest change in one loop over rows.  */
static double
jacobi (int n, double A[n][n] SPARSE ("CSR"), const double b[n],
        const double x[n], double xn[n])
{
  double change = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: change = max.change, max.i, abs." } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        if (j != i)
          s -= A[i][j] * x[j];
      double v = s / A[i][i];
      xn[i] = v;
      if (fabs (v - x[i]) > change)
        change = fabs (v - x[i]);
    }
  return change;
}

/* The picks over the row sums of A x from b, from each start.  */
static void
picks (int n, sp_tensor *A, const double x[n], const double b[n])
{
  double starts[] = { -INFINITY, 0.0, -0.0, 1.0, -1.0, INFINITY, NAN };
  printf ("residual %a\n", resid_inf (n, sp_array (A), x, b));
  for (int k = 0; k < 7; k++)
    printf ("from %a: > %a >= %a < %a <= %a ?: %a\n", starts[k],
            max_gt (n, sp_array (A), x, b, starts[k]),
            max_ge (n, sp_array (A), x, b, starts[k]),
            min_lt (n, sp_array (A), x, b, starts[k]),
            min_le (n, sp_array (A), x, b, starts[k]),
            max_ternary (n, sp_array (A), x, b, starts[k]));
}

static void
run (int n, int mod)
{
  sp_tensor *A = matrix (n, mod);
  double *b = malloc (3 * n * sizeof *b + 1), *x = b + n, *xn = x + n;
  printf ("n %d, 1 in %d\n", n, mod);
  for (int i = 0; i < n; i++)
    x[i] = 0.25 * (1 + i % 3);
  /* Rows without entries sum to b[i]: +0.0 or -0.0, the largest sums
     (the other rows' below -50), then the smallest (above 50).  */
  for (int sign = -1; sign <= 1; sign += 2)
    {
      for (int i = 0; i < n; i++)
        b[i] = i % 5 != 4 ? sign * 100.0 : i % 2 ? -0.0 : 0.0;
      picks (n, A, x, b);
    }
  /* Mixed values, rows without entries some +0.0, some -0.0, and a
     NaN.  */
  sr_fill (b, n, 5, 1);
  for (int i = 0; i < n; i++)
    {
      if (i % 5 == 4)
        b[i] = i % 3 == 0 ? 0.0 : i % 3 == 1 ? -0.0 : b[i];
      if (i == 7)
        b[i] = NAN;
    }
  picks (n, A, x, b);
  long wide;
  int most = max_degree (n, sp_array (A), &wide);
  printf ("degree %d %ld\n", most, wide);
  for (int i = 0; i < n; i++)
    b[i] = b[i] == b[i] ? b[i] : 1;
  for (int it = 0; it < 3; it++)
    {
      printf ("sweep %d: change %a\n", it, jacobi (n, sp_array (A), b, x, xn));
      for (int i = 0; i < n; i++)
        x[i] = xn[i] == xn[i] && xn[i] - xn[i] == 0 ? xn[i] : 1;
    }
  free (b);
  sp_free (A);
}

int
main (void)
{
  run (1, 1);
  run (5, 1);
  run (10, 2);
  run (17, 3);
  run (40, 9);
  run (3000, 200);
  return 0;
}
