/* Diagonal reads through the positions kept with the matrix (sp_kdiag)
   from one call to the next, the matrix changed between calls: a value
   put where an entry is stored (-0.0, read as -0.0 as the dense program
   reads it), a diagonal entry put where none was, an element written
   through the runtime (the fallback), entries inserted and assembled,
   the values scaled in place by a loop nest, a matrix freed and another
   made (sp_convert) where it was.  Rows without a diagonal, DCSR's
   absent rows, rectangular matrices both ways, a hypersparse matrix (no
   positions kept: the search), and Jacobi sweeps with a diagonal added
   between two of them; values printed with %a, bit for bit.
   nest-diagonal-kept-openmp.c builds it with -fopenmp.  */
#include "sparse-run.h"

static void
pr (const char *what, const double *a, int n)
{
  double s = 0;
  printf ("%s:", what);
  for (int i = 0; i < n && i < 24; i++)
    printf (" %a", a[i]);
  for (int i = 0; i < n; i++)
    s += a[i] - a[i] == 0 ? (i % 7 + 1) * a[i] : 0;
  printf (" ... checksum %a\n", s);
}

/* Rows past the last column have no diagonal element.  */
static void
diag_csr (int m, int n, double d[m], double A[m][n] SPARSE ("CSR"))
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: d.i. = i < n . sum.i_2, i_2 == i . A.i,i_2. : 0. : 0; A: CSR" } */
    d[i] = i < n ? A[i][i] : 0;
}

static void
diag_dcsr (int m, int n, double d[m], double A[m][n] SPARSE ("DCSR"))
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: d.i. = i < n . sum.i_2, i_2 == i . A.i,i_2. : 0. : 0; A: DCSR" } */
    d[i] = i < n ? A[i][i] : 0;
}

static void
diag_csc (int n, double d[n], double A[n][n] SPARSE ("CSC"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: d.i. = sum.i_2, i_2 == i . A.i,i_2. : 0.; A: CSC" } */
    d[i] = A[i][i];
}

/* One element written through the runtime.  */
static void
set (int n, double A[n][n] SPARSE ("CSR"), int i, int j, double v)
{
  A[i][j] = v;
}

static void
scale (int n, double A[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: A.i,j. = A.i,j. . 2; A: CSR" } */
    for (int j = 0; j < n; j++)
      A[i][j] = A[i][j] * 2;
}

static void
jacobi (int n, double A[n][n] SPARSE ("CSR"), const double b[n],
        const double x[n], double xn[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: xn.i. = .b.i. - sum.j, j != i . A.i,j. . x.j. : 0.. / sum.i_2, i_2 == i . A.i,i_2. : 0.; A: CSR" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        if (j != i)
          s -= A[i][j] * x[j];
      xn[i] = s / A[i][i];
    }
}

/* An M x N matrix: an entry where the hash is 0 mod MOD off the
   diagonal, a diagonal of 2 or 4 except in rows i % 7 == 3, and no entry
   at all in rows i % 5 == 4.  */
static sp_tensor *
matrix (const char *fmt, int m, int n, int mod)
{
  sp_tensor *t = sr_check (sp_new (fmt, SP_F64, 2, (int64_t[]) { m, n }),
                           fmt);
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n && i % 5 != 4; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 13);
        if (i == j && i % 7 != 3)
          sp_insert (t, (int64_t[]) { i, j }, 2 << (i % 2));
        else if (i != j && h % mod == 0)
          sp_insert (t, (int64_t[]) { i, j }, sr_val (h));
      }
  return t;
}

/* A square matrix read twice, changed, read again, each change in turn.  */
static void
changes (int n, int mod)
{
  sp_tensor *A = matrix ("csr", n, n, mod);
  double *d = malloc (n * sizeof *d);
  int r = n > 3 ? 3 : n - 1;
  printf ("changes: n %d, 1 in %d\n", n, mod);
  diag_csr (n, n, d, sp_array (A));
  diag_csr (n, n, d, sp_array (A));
  pr ("csr", d, n);
  sp_put (A, (int64_t[]) { 0, 0 }, -0.0);
  diag_csr (n, n, d, sp_array (A));
  pr ("value put", d, n);
  sp_put (A, (int64_t[]) { r, r }, 0x1p-3);
  diag_csr (n, n, d, sp_array (A));
  pr ("entry put", d, n);
  set (n, sp_array (A), n - 1, n - 1, 5.5);
  diag_csr (n, n, d, sp_array (A));
  pr ("element written", d, n);
  if (n > 2)
    set (n, sp_array (A), 1, 2, 9);
  diag_csr (n, n, d, sp_array (A));
  pr ("off the diagonal", d, n);
  for (int i = 0; i < n; i += 5)
    sp_insert (A, (int64_t[]) { i, i }, 0.25);
  sr_check (sp_assemble (A) ? NULL : A, "assemble");
  diag_csr (n, n, d, sp_array (A));
  pr ("inserted", d, n);
  scale (n, sp_array (A));
  diag_csr (n, n, d, sp_array (A));
  pr ("scaled", d, n);
  sp_tensor *B = sr_as (A, "dcsr");
  diag_dcsr (n, n, d, sp_array (B));
  pr ("dcsr", d, n);
  sp_tensor *C = sr_as (A, "csc");
  diag_csc (n, d, sp_array (C));
  pr ("csc", d, n);
  sp_free (A);
  sp_free (B);
  /* The next matrix may take the freed one's place.  */
  A = sr_as (C, "csr");
  sp_put (A, (int64_t[]) { n / 2, n / 2 }, 3);
  diag_csr (n, n, d, sp_array (A));
  pr ("converted", d, n);
  sp_free (A);
  sp_free (C);
  free (d);
}

static void
rectangular (int m, int n, int mod)
{
  sp_tensor *A = matrix ("csr", m, n, mod), *B = sr_as (A, "dcsr");
  double *d = malloc (m * sizeof *d);
  printf ("rectangular: %d x %d, 1 in %d\n", m, n, mod);
  diag_csr (m, n, d, sp_array (A));
  pr ("csr", d, m);
  diag_dcsr (m, n, d, sp_array (B));
  pr ("dcsr", d, m);
  sp_free (A);
  sp_free (B);
  free (d);
}

/* Few entries in many rows: no positions kept, the rows searched.  */
static void
hypersparse (int n)
{
  sp_tensor *A = sr_check (sp_new ("dcsr", SP_F64, 2, (int64_t[]) { n, n }),
                           "dcsr");
  double *d = malloc (n * sizeof *d);
  sp_insert (A, (int64_t[]) { 7, 7 }, 1.5);
  sp_insert (A, (int64_t[]) { 7, 9 }, 2.5);
  sp_insert (A, (int64_t[]) { n - 2, 3 }, 3.5);
  sp_insert (A, (int64_t[]) { n - 1, n - 1 }, 4.5);
  diag_dcsr (n, n, d, sp_array (A));
  printf ("hypersparse %d: %a %a %a %a\n", n, d[7], d[9], d[n - 2],
          d[n - 1]);
  pr ("hypersparse", d, n);
  sp_free (A);
  free (d);
}

static void
sweeps (int n, int mod)
{
  sp_tensor *A = matrix ("csr", n, n, mod);
  double *b = malloc (3 * n * sizeof *b), *x = b + n, *xn = x + n;
  printf ("jacobi: n %d, 1 in %d\n", n, mod);
  sr_fill (b, n, 5, 1);
  for (int i = 0; i < n; i++)
    x[i] = 0;
  for (int it = 0; it < 3; it++)
    {
      jacobi (n, sp_array (A), b, x, xn);
      pr ("jacobi", xn, n);
      for (int i = 0; i < n; i++)
        x[i] = xn[i] != xn[i] || xn[i] - xn[i] != 0 ? 1 : xn[i];
      /* Row 3 gains its diagonal after the first sweep.  */
      if (it == 0 && n > 3)
        sp_put (A, (int64_t[]) { 3, 3 }, 8);
    }
  free (b);
  sp_free (A);
}

int
main (void)
{
  changes (1, 1);
  changes (6, 2);
  changes (40, 9);
  changes (3000, 100);
  rectangular (5, 9, 2);
  rectangular (9, 5, 2);
  rectangular (3000, 1500, 40);
  hypersparse (4000);
  sweeps (17, 3);
  sweeps (3000, 200);
  return 0;
}
