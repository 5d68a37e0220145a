/* The index of each row's (or column's) largest or smallest entry, as
   people write a pivot search: best and k set before the loop, then
   `if (v > best) { best = v; k = j; }` and arg[i] = k; its kin with >=
   (the last of equal maxima), < and <= (argmin), the value itself or its
   magnitude, best stored too (m[i] = best), k set first in the if, the
   index taken straight into arg[i], a long index, the value in a
   variable of the loop (A[i][j]^2 - 1: -1 at a zero), a float matrix, starts
   written out (-1, -INFINITY, NAN); per column of a CSC matrix, over
   DCSR, whose rows left out are all zeros, and counting down over a
   matrix stored dense.  The loops visit each row's stored entries and compare the
   value at a zero once at each gap they leave, the index then taking
   the gap's first coordinate (>, <) or its last (>=, <=), as the dense
   loops' index would.  The rows are chosen where the comparisons'
   corners show: rows without entries, rows stored whole (explicit zeros
   among them), rows of negative entries only, NaN entries (no
   comparison takes one), -0.0 and +0.0 entries first or last (equal to
   a zero, not above it), equal maxima; each search starts from -inf,
   -1, -0.0, +0.0, 1 and NaN.  Every value is printed with %a, bit for
   bit.  */
#include <math.h>
#include "sparse-run.h"

enum { N = 31 };

/* An N x N matrix in FMT: with r = i % 6, no entries in rows r == 5,
   every entry in rows r == 4 (a zero stored at every fourth), negative
   entries only in rows r == 3; elsewhere entries where the hash is 0
   mod 4, their signs negated when NEG, and with q = i % 3 a -0.0 first
   in rows q == 0, a +0.0 first in rows q == 1, a -0.0 last in rows q ==
   2; a NaN in rows i % 7 == 2 (at column 5, or 0 in row 9).  */
static sp_tensor *
matrix (const char *fmt, int neg)
{
  sp_tensor *t = sr_check (sp_new (fmt, SP_F64, 2, (int64_t[]) { N, N }),
                           fmt);
  for (int64_t i = 0; i < N; i++)
    {
      int r = i % 6, q = i % 3;
      if (r == 5)
        continue;
      for (int64_t j = 0; j < N; j++)
        {
          uint32_t h = sr_hash (i, j, 0, 77);
          double v = sr_val (h);
          if (i % 7 == 2 && j == (i == 9 ? 0 : 5))
            sp_insert (t, (int64_t[]) { i, j }, NAN);
          else if (r == 4)
            sp_insert (t, (int64_t[]) { i, j }, j % 4 == 1 ? 0.0 : v);
          else if (r == 3 && h % 3 == 0)
            sp_insert (t, (int64_t[]) { i, j }, -fabs (v));
          else if (r < 3 && h % 4 == 0 && j > 0 && j + 1 < N)
            sp_insert (t, (int64_t[]) { i, j }, neg ? -fabs (v) : v);
        }
      if (r < 3)
        sp_insert (t, (int64_t[]) { i, q == 2 ? N - 1 : 0 },
                   q == 1 ? 0.0 : -0.0);
    }
  return t;
}

/* The task's form: the first column of each row's largest magnitude.  */
static void
abs_gt (int n, double A[n][n] SPARSE ("CSR"), int arg[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: arg.i. = argmax.-1, max.0, max.j, abs.A.i,j.....; A: CSR; loops: i for, j for over A; arg: dense" } */
    {
      double best = 0;
      int k = -1;
      for (int j = 0; j < n; j++)
        if (fabs (A[i][j]) > best)
          {
            best = fabs (A[i][j]);
            k = j;
          }
      arg[i] = k;
    }
}

/* From -1 written out: where no stored magnitude beats 0, the first
   zero wins, an unstored one (the row's first column not stored) or a
   stored +-0.0.  */
static void
abs_from_minus1 (int n, double A[n][n] SPARSE ("CSR"), int arg[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: arg.i. = argmax.-1, max.-1, max.j, abs.A.i,j.....; A: CSR" } */
    {
      double best = -1;
      int k = -1;
      for (int j = 0; j < n; j++)
        if (fabs (A[i][j]) > best)
          {
            best = fabs (A[i][j]);
            k = j;
          }
      arg[i] = k;
    }
}

/* From -INFINITY written out, the last of equal maxima, the maximum
   stored too: where no stored entry beats 0, the row's last zero.  */
static void
from_inf (int n, double A[n][n] SPARSE ("CSR"), int arg[n], double m[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: arg.i. = last_argmax.-1, max.-inf, max.j, A.i,j....; A: CSR" } */
    /* { dg-message "loop nest sparsified: m.i. = max.-inf, max.j, A.i,j...; A: CSR" "" { target *-*-* } .-1 } */
    {
      double best = -INFINITY;
      int k = -1;
      for (int j = 0; j < n; j++)
        if (A[i][j] >= best)
          {
            best = A[i][j];
            k = j;
          }
      arg[i] = k;
      m[i] = best;
    }
}

/* The largest entry itself from START, its value stored too.  */
static void
gt (int n, double A[n][n] SPARSE ("CSR"), int arg[n], double m[n],
    double start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: arg.i. = argmax.-1, max.start, max.j, A.i,j....; A: CSR; loops: i for, j for over A; arg: dense" } */
    /* { dg-message "loop nest sparsified: m.i. = max.start, max.j, A.i,j...; A: CSR; loops: i for, j for over A; m: dense" "" { target *-*-* } .-1 } */
    {
      double best = start;
      int k = -1;
      for (int j = 0; j < n; j++)
        if (A[i][j] > best)
          {
            best = A[i][j];
            k = j;
          }
      arg[i] = k;
      m[i] = best;
    }
}

/* The last of equal maxima, k set first.  */
static void
ge (int n, double A[n][n] SPARSE ("CSR"), int arg[n], double m[n],
    double start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: arg.i. = last_argmax.-1, max.start, max.j, A.i,j....; A: CSR" } */
    /* { dg-message "loop nest sparsified: m.i. = max.start, max.j, A.i,j...; A: CSR" "" { target *-*-* } .-1 } */
    {
      double best = start;
      int k = -1;
      for (int j = 0; j < n; j++)
        if (A[i][j] >= best)
          {
            k = j;
            best = A[i][j];
          }
      m[i] = best;
      arg[i] = k;
    }
}

/* The first and the last of the smallest entries, written best < v.  */
static void
lt_le (int n, double A[n][n] SPARSE ("CSR"), int lt[n], int le[n],
       double start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: lt.i. = argmin.-1, min.start, min.j, A.i,j....; A: CSR" } */
    {
      double best = start;
      int k = -1;
      for (int j = 0; j < n; j++)
        if (best > A[i][j])
          {
            best = A[i][j];
            k = j;
          }
      lt[i] = k;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: le.i. = last_argmin.-1, min.start, min.j, A.i,j....; A: CSR" } */
    {
      double best = start;
      int k = -1;
      for (int j = 0; j < n; j++)
        if (A[i][j] <= best)
          {
            best = A[i][j];
            k = j;
          }
      le[i] = k;
    }
}

/* The index taken straight into arg[i], the maximum into m[i].  */
static void
elements (int n, double A[n][n] SPARSE ("CSR"), int arg[n], double m[n],
          double start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m.i. = max.start, max.j, A.i,j...; A: CSR" } */
    /* { dg-message "loop nest sparsified: arg.i. = argmax.0, max.start, max.j, A.i,j....; A: CSR" "" { target *-*-* } .-1 } */
    {
      m[i] = start;
      arg[i] = 0;
      for (int j = 0; j < n; j++)
        if (A[i][j] > m[i])
          {
            m[i] = A[i][j];
            arg[i] = j;
          }
    }
}

/* A long index from a long starting value, into an int array (C
   converts it), over the rows' negated magnitudes.  */
static void
long_index (int n, double A[n][n] SPARSE ("CSR"), int arg[n], double start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: arg.i. = last_argmin.7L, min.start, min.j, -abs.A.i,j.....; A: CSR" } */
    {
      double best = start;
      long k = 7;
      for (int j = 0; j < n; j++)
        if (-fabs (A[i][j]) <= best)
          {
            best = -fabs (A[i][j]);
            k = j;
          }
      arg[i] = k;
    }
}

/* Over DCSR: the rows it leaves out are zeros, their first (>) or last
   (>=) column taken where a zero beats START.  */
static void
dcsr (int n, double A[n][n] SPARSE ("DCSR"), int gt[n], int ge[n],
      double start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: gt.i. = argmax.-1, max.start, max.j, A.i,j....; A: DCSR; loops: i for, j for over A; gt: dense" } */
    {
      double best = start;
      int k = -1;
      for (int j = 0; j < n; j++)
        if (A[i][j] > best)
          {
            best = A[i][j];
            k = j;
          }
      gt[i] = k;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: ge.i. = last_argmax.-1, max.start, max.j, abs.A.i,j.....; A: DCSR" } */
    {
      double best = start;
      int k = -1;
      for (int j = 0; j < n; j++)
        if (fabs (A[i][j]) >= best)
          {
            best = fabs (A[i][j]);
            k = j;
          }
      ge[i] = k;
    }
}

/* Each column's pivot, over a CSC matrix: the row of its largest
   magnitude (>), and of its last largest entry (>=).  */
static void
columns (int n, double A[n][n] SPARSE ("CSC"), int piv[n], int last[n],
         double start)
{
  for (int j = 0; j < n; j++)	/* { dg-message "loop nest sparsified: piv.j. = argmax.-1, max.start, max.i, abs.A.i,j.....; A: CSC; loops: j for, i for over A; piv: dense" } */
    {
      double best = start;
      int p = -1;
      for (int i = 0; i < n; i++)
        if (fabs (A[i][j]) > best)
          {
            best = fabs (A[i][j]);
            p = i;
          }
      piv[j] = p;
    }
  for (int j = 0; j < n; j++)	/* { dg-message "loop nest sparsified: last.j. = last_argmax.-1, max.start, max.i, A.i,j....; A: CSC" } */
    {
      double best = start;
      int p = -1;
      for (int i = 0; i < n; i++)
        if (A[i][j] >= best)
          {
            best = A[i][j];
            p = i;
          }
      last[j] = p;
    }
}

/* The value in a variable of the loop, compared and stored.  */
static void
value_variable (int n, double A[n][n] SPARSE ("CSR"), int arg[n],
                double start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: arg.i. = argmin.-1, min.start, min.j, A.i,j. . A.i,j. - 1...; A: CSR" } */
    {
      double best = start;
      int k = -1;
      for (int j = 0; j < n; j++)
        {
          double v = A[i][j] * A[i][j] - 1;
          if (v < best)
            {
              best = v;
              k = j;
            }
        }
      arg[i] = k;
    }
}

/* From NAN written out: no comparison takes a value, k stays 3.  */
static void
from_nan (int n, double A[n][n] SPARSE ("CSR"), int arg[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: arg.i. = argmax.3, max.nan, max.j, A.i,j....; A: CSR" } */
    {
      double best = NAN;
      int k = 3;
      for (int j = 0; j < n; j++)
        if (A[i][j] > best)
          {
            best = A[i][j];
            k = j;
          }
      arg[i] = k;
    }
}

/* Counting down over a matrix stored dense: the loop runs down too, >
   keeping the last column of equal maxima.  */
static void
down (int n, double A[n][n] SPARSE ("dense"), int arg[n], double start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: arg.i. = argmax.-1, max.start, max.j, A.i,j....; A: dense; loops: i for, j for down; arg: dense" } */
    {
      double best = start;
      int k = -1;
      for (int j = n - 1; j >= 0; j--)
        if (A[i][j] > best)
          {
            best = A[i][j];
            k = j;
          }
      arg[i] = k;
    }
}

/* A float matrix, its largest magnitude's first column and value.  */
static void
floats (int n, float A[n][n] SPARSE ("CSR"), int arg[n], float m[n],
        float start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: arg.i. = argmax.-1, max.start, max.j, abs.A.i,j.....; A: CSR" } */
    /* { dg-message "loop nest sparsified: m.i. = max.start, max.j, abs.A.i,j....; A: CSR" "" { target *-*-* } .-1 } */
    {
      float best = start;
      int k = -1;
      for (int j = 0; j < n; j++)
        if (fabsf (A[i][j]) > best)
          {
            best = fabsf (A[i][j]);
            k = j;
          }
      arg[i] = k;
      m[i] = best;
    }
}

static void
pri (const char *what, const int *a)
{
  printf ("%s:", what);
  for (int i = 0; i < N; i++)
    printf (" %d", a[i]);
  printf ("\n");
}

static void
prd (const char *what, const double *a)
{
  printf ("%s:", what);
  for (int i = 0; i < N; i++)
    printf (" %a", a[i]);
  printf ("\n");
}

static void
prf (const char *what, const float *a)
{
  printf ("%s:", what);
  for (int i = 0; i < N; i++)
    printf (" %a", (double) a[i]);
  printf ("\n");
}

int
main (void)
{
  static const double starts[] = { -INFINITY, -1.0, -0.0, 0.0, 1.0, NAN };
  int a[N], b[N];
  double m[N];
  float mf[N];
  for (int neg = 0; neg < 2; neg++)
    {
      sp_tensor *t = matrix ("CSR", neg);
      /* The other formats' copies, made before the dense program's
         sp_array copies (through which a stored -0.0 would come back as
         no entry).  */
      sp_tensor *c = sr_as (t, "CSC"), *d = sr_as (t, "DCSR");
      sp_tensor *e = sr_as (t, "dense");
      sp_tensor *f = sr_check (sp_new ("CSR", SP_F32, 2,
                                       (int64_t[]) { N, N }), "CSR");
      sp_iter *it = sp_iter_new (t);
      int64_t ij[2];
      double v;
      while (sp_iter_next (it, ij, &v) > 0)
        sp_insert (f, ij, v);
      sp_iter_free (it);
      printf ("entries negated %d\n", neg);
      abs_gt (N, sp_array (t), a);
      pri ("abs >", a);
      abs_from_minus1 (N, sp_array (t), a);
      pri ("abs > from -1", a);
      from_inf (N, sp_array (t), a, m);
      pri (">= from -inf", a);
      prd (">= from -inf best", m);
      from_nan (N, sp_array (t), a);
      pri ("> from nan", a);
      for (int s = 0; s < 6; s++)
        {
          double start = starts[s];
          printf ("from %a\n", start);
          gt (N, sp_array (t), a, m, start);
          pri (">", a);
          prd ("> best", m);
          ge (N, sp_array (t), a, m, start);
          pri (">=", a);
          prd (">= best", m);
          lt_le (N, sp_array (t), a, b, start);
          pri ("<", a);
          pri ("<=", b);
          elements (N, sp_array (t), a, m, start);
          pri ("> into arg", a);
          prd ("> into m", m);
          long_index (N, sp_array (t), a, start);
          pri ("-abs <= long", a);
          dcsr (N, sp_array (d), a, b, start);
          pri ("dcsr >", a);
          pri ("dcsr abs >=", b);
          columns (N, sp_array (c), a, b, start);
          pri ("columns abs >", a);
          pri ("columns >=", b);
          value_variable (N, sp_array (t), a, start);
          pri ("square - 1 <", a);
          down (N, sp_array (e), a, start);
          pri ("dense > down", a);
          floats (N, sp_array (f), a, mf, (float) start);
          pri ("float abs >", a);
          prf ("float abs > best", mf);
        }
      sp_free (f);
      sp_free (e);
      sp_free (c);
      sp_free (d);
      sp_free (t);
    }
  return 0;
}
