/* A maximum or a minimum per row into a vector, as people write it:
   m[i] set first, then m[i] = fmax (m[i], v), fmin, `if (v > m[i])
   m[i] = v;`, m[i] = v >= m[i] ? v : m[i], < and <=; or taken from m's
   old values; and per column of a CSC matrix; over DCSR, whose rows
   left out take the value at a zero.  The loops visit each
   row's stored entries and take the value at a zero where they leave a
   gap, as the dense loops take it at every unstored entry.  The values
   are chosen where the comparisons' corners show: rows without entries,
   stored -0.0 and +0.0 first or last in a row (equal maxima: > keeps the
   first, >= takes the last; fmax keeps m), NaN entries (> and < never
   take one, fmax ignores one) and each start from -inf, -1, -0.0, +0.0,
   1 and NaN.  Every value is printed with %a, bit for bit.
   nest-max-rows-openmp.c builds it with -fopenmp.  */
#include <math.h>
#include "sparse-run.h"

enum { N = 31 };

/* An N x N matrix in FMT: entries where the hash is 0 mod 4, their signs
   negated when NEG; none in rows i % 5 == 4; with r = i % 3, a -0.0
   first in rows r == 0, a +0.0 first in rows r == 1, a -0.0 last in
   rows r == 2; a NaN in rows i % 7 == 3.  */
static sp_tensor *
matrix (const char *fmt, int neg)
{
  sp_tensor *t = sr_check (sp_new (fmt, SP_F64, 2, (int64_t[]) { N, N }),
                           fmt);
  for (int64_t i = 0; i < N; i++)
    {
      if (i % 5 == 4)
        continue;
      for (int64_t j = 1; j + 1 < N; j++)
        {
          uint32_t h = sr_hash (i, j, 0, 51);
          if (i % 7 == 3 && j == 5)
            sp_insert (t, (int64_t[]) { i, j }, NAN);
          else if (h % 4 == 0)
            sp_insert (t, (int64_t[]) { i, j },
                       neg ? -fabs (sr_val (h)) : sr_val (h));
        }
      int r = i % 3;
      sp_insert (t, (int64_t[]) { i, r == 2 ? N - 1 : 0 },
                 r == 1 ? 0.0 : -0.0);
    }
  return t;
}

static void
row_fmax_abs (int n, double A[n][n] SPARSE ("CSR"), double m[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m.i. = fmax.0, fmax.j, abs.A.i,j....; A: CSR; loops: i for, j for over A; m: dense" } */
    {
      m[i] = 0;
      for (int j = 0; j < n; j++)
        m[i] = fmax (m[i], fabs (A[i][j]));
    }
}

static void
row_gt (int n, double A[n][n] SPARSE ("CSR"), double m[n], double start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m.i. = max.start, max.j, A.i,j...; A: CSR; loops: i for, j for over A; m: dense" } */
    {
      m[i] = start;
      for (int j = 0; j < n; j++)
        if (A[i][j] > m[i])
          m[i] = A[i][j];
    }
}

static void
row_ge (int n, double A[n][n] SPARSE ("CSR"), double m[n], double start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m.i. = max.start, max.j, A.i,j...; A: CSR; loops: i for, j for over A; m: dense" } */
    {
      m[i] = start;
      for (int j = 0; j < n; j++)
        m[i] = A[i][j] >= m[i] ? A[i][j] : m[i];
    }
}

static void
row_fmin (int n, double A[n][n] SPARSE ("CSR"), double m[n], double start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m.i. = fmin.start, fmin.j, A.i,j...; A: CSR; loops: i for, j for over A; m: dense" } */
    {
      m[i] = start;
      for (int j = 0; j < n; j++)
        m[i] = fmin (m[i], A[i][j]);
    }
}

/* The smallest of the negated entries, m[i] first: < keeps the first of
   equal minima, <= the last.  */
static void
row_lt_le (int n, double A[n][n] SPARSE ("CSR"), double lt[n], double le[n],
           double start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: lt.i. = min.start, min.j, -A.i,j...; A: CSR; loops: i for, j for over A; lt: dense" } */
    {
      lt[i] = start;
      for (int j = 0; j < n; j++)
        if (lt[i] > -A[i][j])
          lt[i] = -A[i][j];
    }
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: le.i. = min.start, min.j, -A.i,j...; A: CSR; loops: i for, j for over A; le: dense" } */
    {
      le[i] = start;
      for (int j = 0; j < n; j++)
        if (-A[i][j] <= le[i])
          le[i] = -A[i][j];
    }
}

/* Over DCSR: the rows it leaves out take the value at a zero.  */
static void
row_fmax_abs_dcsr (int n, double A[n][n] SPARSE ("DCSR"), double m[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m.i. = fmax.0, fmax.j, abs.A.i,j....; A: DCSR; loops: i for, j for over A; m: dense" } */
    {
      m[i] = 0;
      for (int j = 0; j < n; j++)
        m[i] = fmax (m[i], fabs (A[i][j]));
    }
}

static void
row_fmax_dcsr (int n, double A[n][n] SPARSE ("DCSR"), double m[n],
               double start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m.i. = fmax.start, fmax.j, A.i,j...; A: DCSR; loops: i for, j for over A; m: dense" } */
    {
      m[i] = start;
      for (int j = 0; j < n; j++)
        m[i] = fmax (m[i], A[i][j]);
    }
}

/* From m's old values.  */
static void
row_fmax_old (int n, double A[n][n] SPARSE ("CSR"), double m[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m.i. = fmax.m.i., fmax.j, A.i,j...; A: CSR; loops: i for, j for over A; m: dense" } */
    for (int j = 0; j < n; j++)
      m[i] = fmax (m[i], A[i][j]);
}

/* The largest magnitude of each column, over a CSC matrix.  */
static void
col_fmax_abs (int n, double A[n][n] SPARSE ("CSC"), double m[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m.j. = fmax.m.j., fmax.i, abs.A.i,j....; A: CSC; loops: j for, i for over A; m: dense" } */
    for (int j = 0; j < n; j++)
      m[j] = fmax (m[j], fabs (A[i][j]));
}

static void
pr (const char *what, const double *a)
{
  printf ("%s:", what);
  for (int i = 0; i < N; i++)
    printf (" %a", a[i]);
  printf ("\n");
}

int
main (void)
{
  static const double starts[] = { -INFINITY, -1.0, -0.0, 0.0, 1.0, NAN };
  double m[N], le[N];
  for (int neg = 0; neg < 2; neg++)
    {
      sp_tensor *t = matrix ("CSR", neg);
      /* The CSC copy, made before the dense program's sp_array copies
         (through which a stored -0.0 would come back as no entry).  */
      sp_tensor *c = sr_as (t, "CSC"), *d = sr_as (t, "DCSR");
      printf ("entries negated %d\n", neg);
      row_fmax_abs (N, sp_array (t), m);
      pr ("fmax abs", m);
      row_fmax_abs_dcsr (N, sp_array (d), m);
      pr ("fmax abs dcsr", m);
      for (int k = 0; k < 6; k++)
        {
          double s = starts[k];
          printf ("from %a\n", s);
          row_gt (N, sp_array (t), m, s);
          pr (">", m);
          row_ge (N, sp_array (t), m, s);
          pr (">=", m);
          row_fmin (N, sp_array (t), m, s);
          pr ("fmin", m);
          row_fmax_dcsr (N, sp_array (d), m, s);
          pr ("fmax dcsr", m);
          row_lt_le (N, sp_array (t), m, le, s);
          pr ("<", m);
          pr ("<=", le);
        }
      for (int i = 0; i < N; i++)
        m[i] = starts[i % 6];
      row_fmax_old (N, sp_array (t), m);
      pr ("fmax from old", m);
      for (int i = 0; i < N; i++)
        m[i] = starts[(i + 3) % 6];
      col_fmax_abs (N, sp_array (c), m);
      pr ("column fmax abs", m);
      sp_free (c);
      sp_free (d);
      sp_free (t);
    }
  return 0;
}
