/* A scalar that takes a maximum or a minimum over the rows, written as
   people write it: the infinity norm of a residual (if (fabs (s) > err)
   err = fabs (s)), the largest and smallest row sums with >, >=, < and
   <=, either operand first, as an if statement or as m = c ? v : m, with
   fmax and fminf, the largest row degree into an int and into a long,
   the elements' maxima and minima, and a Jacobi sweep's
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

/* fmax and fmin, the C library's: a NaN m takes the next value.  */
static double
row_fmax (int n, double A[n][n] SPARSE ("CSR"), const double x[n],
          const double b[n], double m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = fmax.m, fmax.i, b.i. - sum.j, A.i,j. . x.j....; A: CSR" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        s -= A[i][j] * x[j];
      m = fmax (m, s);
    }
  return m;
}

static float
row_fminf (int n, double A[n][n] SPARSE ("CSR"), const double x[n],
           float m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = fmin.m, fmin.i, .float.sum.j, A.i,j. . x.j....; A: CSR" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      m = fminf (m, s);
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
  for (int k = 0; k < 7; k++)
    printf ("from %a: fmax %a fminf %a\n", starts[k],
            row_fmax (n, sp_array (A), x, b, starts[k]),
            row_fminf (n, sp_array (A), x, (float) starts[k]));
}

/* Maxima and minima of the elements: the sparse loops visit the stored
   entries and take the value at a zero where a row leaves a gap, before
   the next stored entry or at its end, as the dense loop meets the
   unstored zeros in its order (a stored -0.0 against an unstored +0.0:
   the first of them for >, the last for >=).  */
static double
abs_max (int n, double A[n][n] SPARSE ("CSR"))
{
  double m = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = max.m, max.i, max.j, abs.A.i,j.....; A: CSR; loops: i for, j for over A; m: scalar" } */
    for (int j = 0; j < n; j++)
      if (fabs (A[i][j]) > m)
        m = fabs (A[i][j]);
  return m;
}

static double
elem_gt (int n, double A[n][n] SPARSE ("CSR"), double m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = max.m, max.i, max.j, A.i,j....; A: CSR" } */
    for (int j = 0; j < n; j++)
      if (A[i][j] > m)
        m = A[i][j];
  return m;
}

static double
elem_ge (int n, double A[n][n] SPARSE ("CSR"), double m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = max.m, max.i, max.j, A.i,j....; A: CSR" } */
    for (int j = 0; j < n; j++)
      m = A[i][j] >= m ? A[i][j] : m;
  return m;
}

/* The same over a CSC matrix: the loops still run row by row (over a
   copy converted to CSR), so that the last of equal maxima is the dense
   loop's.  */
static double
elem_ge_csc (int n, double A[n][n] SPARSE ("CSC"), double m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = max.m, max.i, max.j, A.i,j....; A: CSC converted to CSR; loops: i for, j for over A" } */
    for (int j = 0; j < n; j++)
      if (A[i][j] >= m)
        m = A[i][j];
  return m;
}

/* The negated elements: -0.0 at the unstored zeros.  */
static double
neg_lt (int n, double A[n][n] SPARSE ("CSR"), double m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = min.m, min.i, min.j, -A.i,j....; A: CSR" } */
    for (int j = 0; j < n; j++)
      if (-A[i][j] < m)
        m = -A[i][j];
  return m;
}

/* An element plus its row's dense value: b[i] at the unstored zeros.  */
static double
shifted_le (int n, double A[n][n] SPARSE ("CSR"), const double b[n],
            double m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = min.m, min.i, min.j, A.i,j. . b.i....; A: CSR" } */
    for (int j = 0; j < n; j++)
      if (m >= A[i][j] + b[i])
        m = A[i][j] + b[i];
  return m;
}

static double
elem_fmin (int n, double A[n][n] SPARSE ("CSR"), double m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = fmin.m, fmin.i, fmin.j, A.i,j....; A: CSR" } */
    for (int j = 0; j < n; j++)
      m = fmin (m, A[i][j]);
  return m;
}

static double
elem_fmax (int n, double A[n][n] SPARSE ("CSR"), double m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = fmax.m, fmax.i, fmax.j, -A.i,j....; A: CSR" } */
    for (int j = 0; j < n; j++)
      m = fmax (m, -A[i][j]);
  return m;
}

/* Ints: the largest entry of an int matrix, and the smallest as a
   long.  */
static int
int_max (int n, int A[n][n] SPARSE ("CSR"), long *low)
{
  int m = -1000;
  long l = 1000;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = max.m, max.i, max.j, A.i,j....; A: CSR" } */
    for (int j = 0; j < n; j++)
      if (A[i][j] > m)
        m = A[i][j];
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: l = min.l, min.i, min.j, .long.A.i,j....; A: CSR" } */
    for (int j = 0; j < n; j++)
      if (A[i][j] < l)
        l = A[i][j];
  *low = l;
  return m;
}

/* A with signed zeros stored (with r = (i + SHIFT) % 3: in rows r == 0
   a -0.0 first, in rows r == 1 a +0.0 first, in rows r == 2 a -0.0
   last; rows i % 5 == 4 hold only those), its entries negated when NEG
   (the largest elements are then the zeros, the first row's or the last
   row's the one a pick keeps).  */
static sp_tensor *
signed_zeros (int n, int mod, int neg, int shift)
{
  sp_tensor *t = sr_check (sp_new ("csr", SP_F64, 2, (int64_t[]) { n, n }),
                           "csr");
  for (int64_t i = 0; i < n; i++)
    {
      for (int64_t j = 1; j + 1 < n && i % 5 != 4; j++)
        {
          uint32_t h = sr_hash (i, j, 0, 23);
          if (h % mod == 0)
            sp_insert (t, (int64_t[]) { i, j },
                       neg ? -fabs (sr_val (h)) : sr_val (h));
        }
      int r = (i + shift) % 3;
      sp_insert (t, (int64_t[]) { i, r == 2 ? n - 1 : 0 },
                 r == 1 ? 0.0 : -0.0);
    }
  return t;
}

/* The elements' picks over A and two matrices of signed zeros, and over
   an int matrix.  */
static void
elements (int n, int mod, sp_tensor *A, const double b[n])
{
  sp_tensor *Z[5] = { A, signed_zeros (n, mod, 0, 0),
                      signed_zeros (n, mod, 1, 0), signed_zeros (n, mod, 1, 1),
                      signed_zeros (n, mod, 1, 2) };
  /* Their CSC copies, made before the dense program's sp_array copies
     (through which a stored -0.0 would come back as no entry).  */
  sp_tensor *C[5];
  for (int w = 0; w < 5; w++)
    C[w] = sr_check (sp_convert (Z[w], "csc"), "csc");
  sp_tensor *I = sr_check (sp_new ("csr", SP_I32, 2, (int64_t[]) { n, n }),
                           "csr");
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < n && i % 4 != 3; j++)
      if (sr_hash (i, j, 1, 7) % 3 == 0)
        sp_insert (I, (int64_t[]) { i, j }, (int) (sr_hash (i, j, 2, 7) % 9) - (i % 2 ? 8 : 2));
  double starts[] = { -INFINITY, -1.0, -0.0, 0.0, 1.0, NAN };
  for (int w = 0; w < 5; w++)
    {
      sp_tensor *T = Z[w];
      printf ("abs max %a\n", abs_max (n, sp_array (T)));
      for (int k = 0; k < 6; k++)
        printf ("from %a: > %a >= %a -< %a +b<= %a\n", starts[k],
                elem_gt (n, sp_array (T), starts[k]),
                elem_ge (n, sp_array (T), starts[k]),
                neg_lt (n, sp_array (T), starts[k]),
                shifted_le (n, sp_array (T), b, starts[k]));
      for (int k = 0; k < 6; k++)
        printf ("from %a: fmin %a -fmax %a csc >= %a\n", starts[k],
                elem_fmin (n, sp_array (T), starts[k]),
                elem_fmax (n, sp_array (T), starts[k]),
                elem_ge_csc (n, sp_array (C[w]), starts[k]));
    }
  long low;
  int high = int_max (n, sp_array (I), &low);
  printf ("ints %d %ld\n", high, low);
  sp_free (I);
  for (int w = 0; w < 5; w++)
    {
      sp_free (C[w]);
      if (w)
        sp_free (Z[w]);
    }
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
  elements (n, mod, A, b);
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
