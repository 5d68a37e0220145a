/* Jacobi sweeps written as people write them: the row's sum over its
   off-diagonal entries (a guard j != i) and the division by A[i][i] in
   one statement, the diagonal's search after the row's loop inside the
   loop over rows.  Rows without entries and rows without a diagonal
   divide by zero as the dense program does (printed with %a, bit for
   bit); the stored diagonals are powers of 2, so that every sum is exact
   whatever its order.  nest-jacobi-openmp.c builds it with -fopenmp (its
   rows on threads).  */
#include "sparse-run.h"

/* An N x N matrix: an entry where the hash is 0 mod MOD off the
   diagonal, a diagonal of 2 or 4 except in rows i % 7 == 3, and no entry
   at all in rows i % 5 == 4.  */
static sp_tensor *
matrix (const char *fmt, int n, int mod)
{
  sp_tensor *t = sr_check (sp_new (fmt, SP_F64, 2, (int64_t[]) { n, n }),
                           fmt);
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < n && i % 5 != 4; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 11);
        if (i == j && i % 7 != 3)
          sp_insert (t, (int64_t[]) { i, j }, 2 << (i % 2));
        else if (i != j && h % mod == 0)
          sp_insert (t, (int64_t[]) { i, j }, sr_val (h));
      }
  return t;
}

static void
pr (const char *what, const double *a, int n)
{
  double s = 0;
  printf ("%s:", what);
  for (int i = 0; i < n && i < 60; i++)
    printf (" %a", a[i]);
  for (int i = 0; i < n; i++)
    s += a[i] - a[i] == 0 ? (i % 7 + 1) * a[i] : 0;
  printf (" ... checksum %a\n", s);
}

static void
jacobi (int n, double A[n][n] SPARSE ("CSR"), const double b[n],
        const double x[n], double xn[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: xn.i. = .b.i. - sum.j, j != i . A.i,j. . x.j. : 0.. / sum.i_2, i_2 == i . A.i,i_2. : 0.; A: CSR; loops: i for, j for over A, i_2 for over A; xn: dense" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        if (j != i)
          s -= A[i][j] * x[j];
      xn[i] = s / A[i][i];
    }
}

/* The row's residual times the diagonal: the diagonal's search and the
   row's loop in one loop over rows.  */
static void
scaled_residual (int n, double A[n][n] SPARSE ("CSR"), const double b[n],
                 const double x[n], double r[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: r.i. = sum.i_2, i_2 == i . A.i,i_2. : 0. . .b.i. - sum.j, A.i,j. . x.j...; A: CSR; loops: i for, i_2 for over A, j for over A; r: dense" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        s -= A[i][j] * x[j];
      r[i] = s * A[i][i];
    }
}

static void
run (int n, int mod, int sweeps)
{
  sp_tensor *A = matrix ("csr", n, mod);
  double *b = malloc (4 * n * sizeof *b), *x = b + n, *xn = x + n;
  double *r = xn + n;
  printf ("n %d, 1 in %d, %d sweeps\n", n, mod, sweeps);
  sr_fill (b, n, 5, 1);
  for (int i = 0; i < n; i++)
    x[i] = 0;
  for (int it = 0; it < sweeps; it++)
    {
      jacobi (n, sp_array (A), b, x, xn);
      pr ("jacobi", xn, n);
      for (int i = 0; i < n; i++)
        x[i] = xn[i] != xn[i] || xn[i] - xn[i] != 0 ? 1 : xn[i];
    }
  scaled_residual (n, sp_array (A), b, x, r);
  pr ("residual", r, n);
  free (b);
  sp_free (A);
}

int
main (void)
{
  run (1, 1, 1);
  run (4, 1, 2);
  run (6, 2, 3);
  run (17, 3, 3);
  run (40, 9, 3);
  run (3000, 200, 2);
  return 0;
}
