/* A maximum, a minimum or a product taken in a variable of the nest set
   before the loop, then stored as it is into an array's element, as
   people write a row's norm: `double s = -INFINITY; for (j ...) s =
   fmax (s, A[i][j]); y[i] = s;`, its `if (v > s) s = v;` and `<=`
   kin, a product `p *= A[i][j] + 1`, a column's minimum over CSC, the
   double maximum stored into a float array (converted once, as the
   store converts it), and over DCSR.  The element then takes the
   variable's values as it would take them itself (nest-max-rows.c,
   nest-product.c): the stored entries of each row and the value at a
   zero at each gap.  The starts are constants written out (-INFINITY,
   NAN, -1, 0, 1, 2), the entries those of nest-max-rows.c: rows
   without entries, -0.0 and +0.0 first or last, NaN entries.  Every
   value is printed with %a, bit for bit.  */
#include <math.h>
#include "sparse-run.h"

enum { N = 31 };

/* As nest-max-rows.c's: entries where the hash is 0 mod 4, negated when
   NEG; none in rows i % 5 == 4; with r = i % 3, a -0.0 first in rows r
   == 0, a +0.0 first in rows r == 1, a -0.0 last in rows r == 2; a NaN
   in rows i % 7 == 3.  */
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
fmax_inf (int n, double A[n][n] SPARSE ("CSR"), double y[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = fmax.-inf, fmax.j, A.i,j...; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = -INFINITY;
      for (int j = 0; j < n; j++)
        s = fmax (s, A[i][j]);
      y[i] = s;
    }
}

static void
if_gt_zero (int n, double A[n][n] SPARSE ("CSR"), double y[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = max.0, max.j, A.i,j...; A: CSR" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        if (A[i][j] > s)
          s = A[i][j];
      y[i] = s;
    }
}

/* From NAN: <= never takes a value, the NaN stays.  */
static void
le_nan (int n, double A[n][n] SPARSE ("CSR"), double y[n], double z[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = min.nan, min.j, -A.i,j...; A: CSR" } */
    {
      double s = NAN;
      for (int j = 0; j < n; j++)
        if (-A[i][j] <= s)
          s = -A[i][j];
      y[i] = s;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: z.i. = min.1, min.j, -A.i,j...; A: CSR" } */
    {
      double s = 1;
      for (int j = 0; j < n; j++)
        if (-A[i][j] <= s)
          s = -A[i][j];
      z[i] = s;
    }
}

/* A product: the factor 1 at each unstored entry, and 2's powers.  */
static void
product (int n, double A[n][n] SPARSE ("CSR"), double y[n], double z[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = prod.1, prod.j, A.i,j. . 1..; A: CSR" } */
    {
      double p = 1;
      for (int j = 0; j < n; j++)
        p *= A[i][j] + 1;
      y[i] = p;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: z.i. = prod.-1, prod.j, A.i,j. . 2..; A: CSR" } */
    {
      double p = -1;
      for (int j = 0; j < n; j++)
        p = p * (A[i][j] + 2);
      z[i] = p;
    }
}

/* Each column's smallest entry, over CSC.  */
static void
columns (int n, double A[n][n] SPARSE ("CSC"), double y[n])
{
  for (int j = 0; j < n; j++)	/* { dg-message "loop nest sparsified: y.j. = fmin.1, fmin.i, A.i,j...; A: CSC; loops: j for, i for over A; y: dense" } */
    {
      double s = 1;
      for (int i = 0; i < n; i++)
        s = fmin (s, A[i][j]);
      y[j] = s;
    }
}

/* The double maximum stored into a float: compared in double, converted
   once.  */
static void
narrowed (int n, double A[n][n] SPARSE ("CSR"), float y[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = max.-1, max.j, A.i,j. . 1.0*1e-09..; A: CSR" } */
    {
      double s = -1;
      for (int j = 0; j < n; j++)
        if (A[i][j] + 1e-9 > s)
          s = A[i][j] + 1e-9;
      y[i] = s;
    }
}

/* Over DCSR: the rows it leaves out take the value at a zero.  */
static void
dcsr (int n, double A[n][n] SPARSE ("DCSR"), double y[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = max.-inf, max.j, A.i,j...; A: DCSR; loops: i for, j for over A; y: dense" } */
    {
      double s = -INFINITY;
      for (int j = 0; j < n; j++)
        if (A[i][j] >= s)
          s = A[i][j];
      y[i] = s;
    }
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
  double y[N], z[N];
  float f[N];
  for (int neg = 0; neg < 2; neg++)
    {
      sp_tensor *t = matrix ("CSR", neg);
      /* The other formats' copies, made before the dense program's
         sp_array copies.  */
      sp_tensor *c = sr_as (t, "CSC"), *d = sr_as (t, "DCSR");
      printf ("entries negated %d\n", neg);
      fmax_inf (N, sp_array (t), y);
      pr ("fmax from -inf", y);
      if_gt_zero (N, sp_array (t), y);
      pr ("> from 0", y);
      le_nan (N, sp_array (t), y, z);
      pr ("<= from nan", y);
      pr ("<= from 1", z);
      product (N, sp_array (t), y, z);
      pr ("product + 1", y);
      pr ("product + 2", z);
      columns (N, sp_array (c), y);
      pr ("columns fmin", y);
      narrowed (N, sp_array (t), f);
      for (int i = 0; i < N; i++)
        y[i] = f[i];
      pr ("float of double >", y);
      dcsr (N, sp_array (d), y);
      pr ("dcsr >=", y);
      sp_free (c);
      sp_free (d);
      sp_free (t);
    }
  return 0;
}
