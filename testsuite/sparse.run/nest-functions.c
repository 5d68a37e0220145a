/* Functions that keep zero at zero, in loop nests: fabs, abs and labs,
   unary minus, casts (to long, to float, to int and back to double), a
   value times itself, the remainder of an integer matrix by a scalar
   and by a dense vector; and division by an indexed dense value
   (`A[i][j] * r[j] / deg[j]`), whose quotients are zero wherever the
   dividend is (deg has no zero here: at deg[j] == 0 the dense loops
   would compute 0 * r[j] / 0, a NaN, at the unstored entries of column
   j, where sparse loops skip, as they skip 0 * x[j] for an infinite
   x[j]: unstored entries are exact zeros, README "Elements").  */
#include <math.h>
#include <stdlib.h>
#include "sparse-run.h"

enum { M = 21, N = 17 };

static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %.17g", a[i]);
  printf ("\n");
}

static void
prl (const char *what, const long *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %ld", a[i]);
  printf ("\n");
}

static void
absolutes (double y[M], double A[M][N] SPARSE ("CSR"), const double x[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, abs.A.i,j.. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      y[i] = 0;
      for (int j = 0; j < N; j++)
        y[i] += fabs (A[i][j]) * x[j];
    }
}

static void
negated (double y[M], double A[M][N] SPARSE ("DCSR"), const double x[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, -A.i,j. . x.j..; A: DCSR" } */
    for (int j = 0; j < N; j++)
      y[i] += -A[i][j] * x[j];
}

/* Truncated to long and summed as longs; rounded to float and summed
   as floats.  */
static void
casts (long yl[M], float yf[M], double A[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: yl.i. = sum.j, .long.A.i,j..; A: CSR" } */	/* { dg-message "loop nest sparsified: yf.i. = sum.j, .float.A.i,j..; A: CSR" } */
    {
      yl[i] = 0;
      yf[i] = 0;
      for (int j = 0; j < N; j++)
        {
          yl[i] += (long) A[i][j];
          yf[i] += (float) A[i][j];
        }
    }
}

/* Through an int and back: the fraction is dropped.  */
static void
truncated (double y[M], double A[M][N] SPARSE ("CSC"), const double x[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, .int.A.i,j. . x.j..; A: CSC" } */
    for (int j = 0; j < N; j++)
      y[i] += (int) A[i][j] * x[j];
}

/* Row norms: the value times itself, read once.  */
static void
norms (double y[M], double A[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . A.i,j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < N; j++)
        s += A[i][j] * A[i][j];
      y[i] = s;
    }
}

/* Remainders of an integer matrix: by a scalar, by a dense vector; and
   integer absolute values.  */
static void
remainders (long r[M], long q[M], long s[M], int B[M][N] SPARSE ("CSR"),
            int m, const int w[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: r.i. = sum.j, .long..B.i,j. % m..; B: CSR" } */	/* { dg-message "loop nest sparsified: q.i. = sum.j, .long..B.i,j. % w.j...; B: CSR" } */	/* { dg-message "loop nest sparsified: s.i. = sum.j, .long.abs.B.i,j...; B: CSR" } */
    {
      r[i] = 0;
      q[i] = 0;
      s[i] = 0;
      for (int j = 0; j < N; j++)
        {
          r[i] += B[i][j] % m;
          q[i] += B[i][j] % w[j];
          s[i] += abs (B[i][j]);
        }
    }
}

/* Division by an indexed dense value: PageRank's step, a row scaling.  */
static void
pagerank (double y[M], double A[M][N] SPARSE ("CSR"), const double r[N],
          const double deg[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . r.j. / deg.j.. . 0.75 . 0.25; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < N; j++)
        s += A[i][j] * r[j] / deg[j];
      y[i] = 0.25 + 0.75 * s;
    }
}

static void
scale_rows (double S[M][N] SPARSE ("CSR"), double A[M][N] SPARSE ("CSR"),
            const double rowsum[M])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: S.i,j. = A.i,j. / rowsum.i.; S: CSR, A: CSR" } */
    for (int j = 0; j < N; j++)
      S[i][j] = A[i][j] / rowsum[i];
}

/* Integer division by a dense vector without zeros.  */
static void
int_quotients (long y[M], long B[M][N] SPARSE ("COO"), const long d[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, B.i,j. / d.j..; B: COO" } */
    for (int j = 0; j < N; j++)
      y[i] += B[i][j] / d[j];
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, N, 401, 3);
  /* Explicit zeros: kept zero by every function here.  */
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      if (sr_hash (i, j, 0, 401) % 5 == 1)
        sp_insert (a, (int64_t[]) { i, j }, 0.0);
  sp_tensor *ad = sr_as (a, "DCSR"), *ac = sr_as (a, "CSC");
  int64_t dims[2] = { M, N };
  sp_tensor *b = sr_check (sp_new ("CSR", SP_I32, 2, dims), "B");
  sp_tensor *bl = sr_check (sp_new ("COO", SP_I64, 2, dims), "Bl");
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      if (sr_hash (i, j, 0, 402) % 3 == 0)
        {
          int v = (int) (sr_hash (i, j, 1, 402) % 201) - 100;
          sp_insert (b, (int64_t[]) { i, j }, v);
          sp_insert_i64 (bl, (int64_t[]) { i, j }, (int64_t) v * 1000003);
        }
  sp_tensor *s = sr_check (sp_new ("CSR", SP_F64, 2, dims), "S");
  double x[N], y[M], r[N], deg[N], rowsum[M];
  long yl[M], q[M], sl[M], dl[N];
  float yf[M];
  int w[N];
  sr_fill (x, N, 403, 1);
  for (int j = 0; j < N; j++)
    {
      r[j] = 1.0 / (j + 1);
      deg[j] = 1 + j % 5;
      w[j] = 3 + j % 4;
      dl[j] = j % 2 ? -7 : 3;
    }
  for (int i = 0; i < M; i++)
    rowsum[i] = i % 3 ? 4.0 : -0.5;

  absolutes (y, sp_array (a), x);
  pr ("fabs", y, M);
  for (int i = 0; i < M; i++)
    y[i] = 1;
  negated (y, sp_array (ad), x);
  pr ("negated", y, M);
  casts (yl, yf, sp_array (a));
  prl ("to long", yl, M);
  for (int i = 0; i < M; i++)
    y[i] = yf[i];
  pr ("to float", y, M);
  for (int i = 0; i < M; i++)
    y[i] = 0;
  truncated (y, sp_array (ac), x);
  pr ("through int", y, M);
  norms (y, sp_array (a));
  pr ("norms", y, M);
  remainders (yl, q, sl, sp_array (b), 7, w);
  prl ("mod 7", yl, M);
  prl ("mod w", q, M);
  prl ("abs", sl, M);
  pagerank (y, sp_array (a), r, deg);
  pr ("pagerank", y, M);
  scale_rows (sp_array (s), sp_array (a), rowsum);
  sr_print_t ("scaled rows", s, M * N);
  for (int i = 0; i < M; i++)
    yl[i] = i;
  int_quotients (yl, sp_array (bl), dl);
  prl ("long quotients", yl, M);
  sp_free (a);
  sp_free (ad);
  sp_free (ac);
  sp_free (b);
  sp_free (bl);
  sp_free (s);
  return 0;
}
