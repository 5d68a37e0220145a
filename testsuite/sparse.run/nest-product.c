/* Products over the rows, as people write them: p[i] set first, then
   p[i] *= A[i][j] + c (spelt p[i] = p[i] * v and p[i] = v * p[i] too),
   p[i] *= A[i][j], p[i] *= -A[i][j]; or from p's old values; and a
   scalar's product over the whole matrix; over DCSR, whose rows left
   out take the factor at a zero once per element.  The loops visit each row's
   stored entries and multiply in the value at a zero once per unstored
   entry: once, and again where the run of them is even, when that value
   is +-0, +-1, infinite or a NaN (x * z * z is then x for every x that
   a product with z leaves), else one factor at a time.  The values are
   chosen where that shows: runs of both parities, c = 1 (the factor 1),
   0 (+0.0), -1, 2, 0.5, infinity and NaN, -A (the factor -0.0, whose
   sign a run's parity decides), rows without entries, stored -0.0 and
   NaN entries, and starts of -inf, -1, -0.0, +0.0, 1 and NaN.  Every
   value is printed with %a, bit for bit.  nest-product-openmp.c builds
   it with -fopenmp.  */
#include <math.h>
#include "sparse-run.h"

enum { N = 29 };

/* An N x N matrix: entries where the hash is 0 mod 5, none in rows
   i % 6 == 5, a -0.0 at column i % 4 in rows i % 3 == 0 and, with NANS,
   a NaN at column 7 in rows i % 8 == 2.  */
static sp_tensor *
matrix (int nans)
{
  sp_tensor *t = sr_check (sp_new ("CSR", SP_F64, 2, (int64_t[]) { N, N }),
                           "CSR");
  for (int64_t i = 0; i < N; i++)
    for (int64_t j = 0; j < N && i % 6 != 5; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 61);
        if (nans && i % 8 == 2 && j == 7)
          sp_insert (t, (int64_t[]) { i, j }, NAN);
        else if (i % 3 == 0 && j == i % 4)
          sp_insert (t, (int64_t[]) { i, j }, -0.0);
        else if (h % 5 == 0)
          sp_insert (t, (int64_t[]) { i, j }, sr_val (h) / 2);
      }
  return t;
}

static void
shifted (int n, double A[n][n] SPARSE ("CSR"), double p[n], double start,
         double c)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: p.i. = prod.start, prod.j, A.i,j. . c..; A: CSR; loops: i for, j for over A; p: dense" } */
    {
      p[i] = start;
      for (int j = 0; j < n; j++)
        p[i] *= A[i][j] + c;
    }
}

/* Over DCSR: the rows it leaves out take the factor at a zero N
   times.  */
static void
shifted_dcsr (int n, double A[n][n] SPARSE ("DCSR"), double p[n],
              double start, double c)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: p.i. = prod.start, prod.j, A.i,j. . c..; A: DCSR; loops: i for, j for or for over A; p: dense" } */
    {
      p[i] = start;
      for (int j = 0; j < n; j++)
        p[i] *= A[i][j] + c;
    }
}

static void
spelt_out (int n, double A[n][n] SPARSE ("CSR"), double p[n], double q[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: p.i. = prod.1, prod.j, A.i,j. . 1..; A: CSR; loops: i for, j for over A; p: dense" } */
    {
      p[i] = 1;
      for (int j = 0; j < n; j++)
        p[i] = p[i] * (A[i][j] + 1);
    }
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: q.i. = prod.2, prod.j, A.i,j. . 0.5..; A: CSR; loops: i for, j for over A; q: dense" } */
    {
      q[i] = 2;
      for (int j = 0; j < n; j++)
        q[i] = (A[i][j] + 0.5) * q[i];
    }
}

static void
entries (int n, double A[n][n] SPARSE ("CSR"), double p[n], double start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: p.i. = prod.start, prod.j, A.i,j...; A: CSR; loops: i for, j for over A; p: dense" } */
    {
      p[i] = start;
      for (int j = 0; j < n; j++)
        p[i] *= A[i][j];
    }
}

static void
entries_dcsr (int n, double A[n][n] SPARSE ("DCSR"), double p[n],
              double start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: p.i. = prod.start, prod.j, A.i,j...; A: DCSR; loops: i for, j for over A; p: dense" } */
    {
      p[i] = start;
      for (int j = 0; j < n; j++)
        p[i] *= A[i][j];
    }
}

static void
negated (int n, double A[n][n] SPARSE ("CSR"), double p[n], double start)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: p.i. = prod.start, prod.j, -A.i,j...; A: CSR; loops: i for, j for over A; p: dense" } */
    {
      p[i] = start;
      for (int j = 0; j < n; j++)
        p[i] *= -A[i][j];
    }
}

/* From p's old values.  */
static void
from_old (int n, double A[n][n] SPARSE ("CSR"), double p[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: p.i. = prod.p.i., prod.j, A.i,j. . 0.25 . 1..; A: CSR; loops: i for, j for over A; p: dense" } */
    for (int j = 0; j < n; j++)
      p[i] *= A[i][j] * 0.25 + 1;
}

static void
from_old_dcsr (int n, double A[n][n] SPARSE ("DCSR"), double p[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: p.i. = prod.p.i., prod.j, A.i,j...; A: DCSR; loops: i for, j for over A; p: dense" } */
    for (int j = 0; j < n; j++)
      p[i] *= A[i][j];
}

static double
whole (int n, double A[n][n] SPARSE ("CSR"), double prod)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: prod = prod.prod, prod.i, prod.j, A.i,j. . 0.125 . 1...; A: CSR; loops: i for, j for over A; prod: scalar" } */
    for (int j = 0; j < n; j++)
      prod *= A[i][j] * 0.125 + 1;
  return prod;
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
  static const double shifts[] = { 1, 0, -1, 2, 0.5, INFINITY, NAN };
  sp_tensor *t = matrix (1), *u = matrix (0), *d = sr_as (t, "DCSR");
  double p[N], q[N];
  for (int k = 0; k < 6; k++)
    {
      double s = starts[k];
      printf ("from %a\n", s);
      for (int c = 0; c < 7; c++)
        {
          shifted (N, sp_array (t), p, s, shifts[c]);
          printf ("+ %a ", shifts[c]);
          pr ("shifted", p);
          shifted_dcsr (N, sp_array (d), p, s, shifts[c]);
          pr ("dcsr", p);
        }
      entries (N, sp_array (t), p, s);
      pr ("entries", p);
      entries_dcsr (N, sp_array (d), p, s);
      pr ("entries dcsr", p);
      negated (N, sp_array (t), p, s);
      pr ("negated", p);
      printf ("whole %a %a\n", whole (N, sp_array (t), s),
              whole (N, sp_array (u), s));
    }
  spelt_out (N, sp_array (t), p, q);
  pr ("spelt out", p);
  pr ("operand first", q);
  for (int i = 0; i < N; i++)
    p[i] = starts[i % 6];
  from_old (N, sp_array (t), p);
  pr ("from old", p);
  for (int i = 0; i < N; i++)
    p[i] = starts[(i + 1) % 6];
  from_old_dcsr (N, sp_array (d), p);
  pr ("from old dcsr", p);
  sp_free (t);
  sp_free (u);
  sp_free (d);
  return 0;
}
