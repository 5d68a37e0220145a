/* Gauss-Seidel sweeps: x read at x[j] in the row's sum and written at
   x[i] after it, in one nest.  Row i reads the x[j] that rows j < i
   wrote and the old ones after: the rows run in order, on one thread
   under -fopenmp too (the report says the loop is not parallel; on
   threads, the chain i - 1 -> i over 20000 rows, entries enough for
   them, could read old values), each written after its sum.  A row without entries and one without a diagonal divide by
   zero as the dense program does (printed with %a, bit for bit); a row
   holds at most one entry off its diagonal, so that its sum is the one
   product in any order.  nest-gauss-seidel-serial.c builds it without
   -fopenmp.  */
/* { dg-options "-fopenmp" } */
#include "sparse-run.h"

/* An N x N matrix: in row i, an entry at column i - 1 (or, in rows i % 3
   == 1, at a column the hash picks) and a diagonal, except in the last
   row: no diagonal there, and no entry at all when N is odd; without
   DIAGONAL, no diagonal at all.  (The dense
   program multiplies x[j] by every zero of its row: an infinite x[j]
   makes NaN there.  The row that divides by zero is the last, and each
   sweep starts from finite values.)  */
static sp_tensor *
matrix (int n, int diagonal)
{
  sp_tensor *t = sp_new ("csr", SP_F64, 2, (int64_t[]) { n, n });
  for (int64_t i = 0; i < n - n % 2; i++)
    {
      uint32_t h = sr_hash (i, 0, 0, 7);
      int64_t j = i % 3 == 1 ? h % n : i - 1;
      if (j >= 0 && j != i)
        sp_insert (t, (int64_t[]) { i, j }, sr_val (h) / 3);
      if (diagonal && i != n - 1)
        sp_insert (t, (int64_t[]) { i, i }, 8 + sr_val (h >> 8));
    }
  return t;
}

static void
gauss_seidel (int n, double A[n][n] SPARSE ("CSR"), const double b[n],
              double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: x.i. = .b.i. - sum.j, j != i . A.i,j. . x.j. : 0.. / sum.i_2, i_2 == i . A.i,i_2. : 0.; A: CSR; loops: i for, j for over A, i_2 for over A; x: dense" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        if (j != i)
          s -= A[i][j] * x[j];
      x[i] = s / A[i][i];
    }
}

/* Without the guard: x[i] itself is read before its row writes it
   (here of a matrix without diagonal, one product a row).  */
static void
sor_like (int n, double A[n][n] SPARSE ("CSR"), const double b[n],
          double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: x.i. = b.i. - sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; x: dense" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        s -= A[i][j] * x[j];
      x[i] = s;
    }
}

static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n && i < 60; i++)
    printf (" %a", a[i]);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (i % 7 + 1) * a[i];
  printf (" ... checksum %a\n", s);
}

static void
run (int n)
{
  sp_tensor *A = matrix (n, 1), *L = matrix (n, 0);
  double *b = malloc (n * sizeof *b), *x = calloc (n, sizeof *x);
  printf ("n %d\n", n);
  sr_fill (b, n, 5, 1);
  for (int it = 0; it < 3; it++)
    {
      gauss_seidel (n, sp_array (A), b, x);
      pr ("gauss-seidel", x, n);
      for (int i = 0; i < n; i++)
        x[i] = x[i] - x[i] != 0 ? 1 : x[i] / 4;
    }
  sor_like (n, sp_array (L), b, x);
  pr ("sor", x, n);
  free (b);
  free (x);
  sp_free (A);
  sp_free (L);
}

int
main (void)
{
  run (1);
  run (2);
  run (3);
  run (30);
  run (31);
  run (20000);
  return 0;
}
