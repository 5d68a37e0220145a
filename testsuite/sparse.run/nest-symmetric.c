/* The product of a symmetric matrix stored as one triangle: one nest
   adds each stored entry to two outputs of one vector, y[i] from the row
   and y[j] from the column (the lower triangle with the diagonal and a
   guard j != i; the strict lower triangle with the diagonal in a nest of
   its own; the upper triangle; -= and an int matrix).  Each place of y
   becomes a statement of its own: each element takes all the terms of
   one place before the other's (its row's, then its column's from the
   rows after it; in the upper triangle its column's from the rows
   before it, then its row's), so they run one after the other.  Compiled with -fopenmp and run on threads: the row
   statement runs in parallel, the column one (whose rows scatter into y)
   serially, so no two threads add into one element; on 1 to 3 threads,
   parallel however few the entries.  */
/* { dg-options "-fopenmp" } */
#include "sparse-run.h"
#ifdef _OPENMP
#include <omp.h>
#endif

static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %.17g", a[i]);
  printf ("\n");
}

static void
sym_lower (int n, double y[n], double L[n][n] SPARSE ("CSR"),
           const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j <= i . L.i,j. . x.j. : 0.; L: CSR; loops: i for .parallel., j for over L; y: dense" } */
    for (int j = 0; j <= i; j++)
      {
        y[i] += L[i][j] * x[j];
        if (j != i)
          y[j] += L[i][j] * x[i];
      }
}

static void
sym_strict (int n, double y[n], double L[n][n] SPARSE ("CSR"),
            const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.j. .= sum.i, j < i . L.i,j. . x.i. : 0.; L: CSR; loops: i for, j for over L; y: dense" } */
    for (int j = 0; j < i; j++)
      {
        y[i] += L[i][j] * x[j];
        y[j] += L[i][j] * x[i];
      }
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.i_2, i_2 == i . L.i,i_2. : 0. . x.i.; L: CSR" } */
    y[i] += L[i][i] * x[i];
}

static void
sym_upper (int n, double y[n], double U[n][n] SPARSE ("DCSR"),
           const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.j. .= sum.i, j >= i . 1 . U.i,j. . x.i. : 0.; U: DCSR" } */
    for (int j = i + 1; j < n; j++)
      {
        y[j] += U[i][j] * x[i];
        y[i] += U[i][j] * x[j];
      }
}

static void
sym_minus (int n, long y[n], int L[n][n] SPARSE ("CSR"), const long x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.j. -= sum.i, j <= i && j != i . L.i,j. . x.i. : 0.; L: CSR" } */
    for (int j = 0; j <= i; j++)
      {
        y[i] -= L[i][j] * x[j];
        if (j != i)
          y[j] -= L[i][j] * x[i];
      }
}

/* The symmetric matrix in full, for the check that the product of the
   triangle is the product of the whole.  */
static void
full (int n, double y[n], double A[n][n] SPARSE ("CSR"), const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
}

static void
run (int n, int mod)
{
  /* A symmetric pattern: the lower triangle of a random matrix, and its
     mirror.  */
  int64_t dims[2] = { n, n };
  sp_tensor *L = sr_check (sp_new ("csr", SP_F64, 2, dims), "L");
  sp_tensor *Li = sr_check (sp_new ("csr", SP_I32, 2, dims), "Li");
  sp_tensor *A = sr_check (sp_new ("csr", SP_F64, 2, dims), "A");
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j <= i; j++)
      {
        uint32_t h = sr_hash (i, j, 0, n);
        if (h % mod)
          continue;
        double v = sr_val (h);
        sp_insert (L, (int64_t[]) { i, j }, v);
        sp_insert (Li, (int64_t[]) { i, j }, (double) (int) (v * 4));
        sp_insert (A, (int64_t[]) { i, j }, v);
        if (j != i)
          sp_insert (A, (int64_t[]) { j, i }, v);
      }
  sp_tensor *Lc = sr_check (sp_convert (L, "csc"), "Lc");
  sp_tensor *U = sr_as (Lc, "dcsr");
  sp_free (Lc);
  double x[n], y[n];
  long xi[n], yi[n];
  sr_fill (x, n, 3, 1);
  printf ("n %d, 1 in %d\n", n, mod);
  for (int i = 0; i < n; i++)
    {
      y[i] = i;
      xi[i] = i % 5 - 2;
      yi[i] = i;
    }
  sym_lower (n, y, sp_array (L), x);
  pr ("lower", y, n);
  for (int i = 0; i < n; i++)
    y[i] = i;
  full (n, y, sp_array (A), x);
  pr ("full", y, n);
  for (int i = 0; i < n; i++)
    y[i] = i;
  sym_strict (n, y, sp_array (L), x);
  pr ("strict", y, n);
  for (int i = 0; i < n; i++)
    y[i] = i;
  sym_upper (n, y, sp_array (U), x);
  pr ("upper", y, n);
  sym_minus (n, yi, sp_array (Li), xi);
  printf ("minus:");
  for (int i = 0; i < n; i++)
    printf (" %ld", yi[i]);
  printf ("\n");
  sp_free (L);
  sp_free (Li);
  sp_free (A);
  sp_free (U);
}

int
main (void)
{
  /* Parallel loops on threads however few the entries.  */
  setenv ("SP_PAR_MIN", "0", 1);
  for (int nt = 1; nt <= 3; nt++)
    {
#ifdef _OPENMP
      omp_set_num_threads (nt);
#endif
      run (1, 1);
      run (9, 2);
      run (30, 3);
      run (200, 7);
    }
  return 0;
}
