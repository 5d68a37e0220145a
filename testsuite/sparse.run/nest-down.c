/* Loops counting down: for (i = n - 1; i >= 0; i--), i > -1, --i,
   i -= 1, for (i = n; i-- > 0; ), and inner loops from i - 1 down to 0
   or from n - 1 down past i.  Where their order changes the result the
   sparse loops run down too: back substitution's rows (each reads the
   x[j], j > i, that the rows before wrote), a backward Gauss-Seidel
   sweep, floating-point sums in decreasing j.  Where it does not (the
   rows of y[i], integer sums) they run up.  The values make another
   order show: b near 1e16, where adding 1 twice rounds to nothing but
   adding 2 does not, terms with many digits, products with x's of 1e12
   and of 1 added together; printed with %a, bit for bit.  */
#include "sparse-run.h"

/* Back substitution over the upper triangle of U.  */
static void
backsub (int n, double U[n][n] SPARSE ("CSR"), const double *b, double *x)
{
  for (int i = n - 1; i >= 0; i--)	/* { dg-message "loop nest sparsified: x.i. = .b.i. - sum.j, j >= i . 1 . U.i,j. . x.j. : 0.. / sum.i_2, i_2 == i . U.i,i_2. : 0.; U: CSR; loops: i for down, j for over U, i_2 for over U; x: dense" } */
    {
      double s = b[i];
      for (int j = i + 1; j < n; j++)
        s -= U[i][j] * x[j];
      x[i] = s / U[i][i];
    }
}

/* The same with the row's terms from the end: its range, cut by binary
   search, run down too.  */
static void
backsub_rev (int n, double U[n][n] SPARSE ("CSR"), const double *b,
             double *x)
{
  for (int i = n - 1; i > -1; --i)	/* { dg-message "loop nest sparsified: x.i. = .b.i. - sum.j, j >= i . 1 . U.i,j. . x.j. : 0.. / sum.i_2, i_2 == i . U.i,i_2. : 0.; U: CSR; loops: i for down, j for over U down, i_2 for over U; x: dense" } */
    {
      double s = b[i];
      for (int j = n - 1; j > i; j--)
        s -= U[i][j] * x[j];
      x[i] = s / U[i][i];
    }
}

/* Back substitution by a diagonal's inverse, U in DCSR: its rows
   without entries are visited too (b[i] * dinv[i]).  */
static void
backsub_dcsr (int n, double U[n][n] SPARSE ("DCSR"), const double *dinv,
              const double *b, double *x)
{
  for (int i = n - 1; i >= 0; i -= 1)	/* { dg-message "loop nest sparsified: x.i. = dinv.i. . .b.i. - sum.j, j >= i . 1 . U.i,j. . x.j. : 0..; U: DCSR; loops: i for down, j for over U; x: dense" } */
    {
      double s = b[i];
      for (int j = i + 1; j < n; j++)
        s -= U[i][j] * x[j];
      x[i] = dinv[i] * s;
    }
}

/* Gauss-Seidel's backward sweep, and the symmetric one: forward, then
   backward.  */
static void
gs_backward (int n, double A[n][n] SPARSE ("CSR"), const double *b,
             double *x)
{
  for (int i = n - 1; i >= 0; i--)	/* { dg-message "loop nest sparsified: x.i. = .b.i. - sum.j, j != i . A.i,j. . x.j. : 0.. / sum.i_2, i_2 == i . A.i,i_2. : 0.; A: CSR; loops: i for down, j for over A, i_2 for over A; x: dense" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        if (j != i)
          s -= A[i][j] * x[j];
      x[i] = s / A[i][i];
    }
}

static void
gs_forward (int n, double A[n][n] SPARSE ("CSR"), const double *b,
            double *x)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        if (j != i)
          s -= A[i][j] * x[j];
      x[i] = s / A[i][i];
    }
}

/* A reversed product: each row's terms added in decreasing j; the rows
   themselves in any order.  */
static void
rspmv (int n, double *y, double A[n][n] SPARSE ("CSR"), const double *x)
{
  for (int i = n - 1; i >= 0; i--)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A down; y: dense" } */
    for (int j = n - 1; j >= 0; j--)
      y[i] += A[i][j] * x[j];
}

/* The unsigned idiom.  */
static void
rspmv_size (size_t n, double *y, double A[n][n] SPARSE ("CSR"),
            const double *x)
{
  for (size_t i = n; i-- > 0;)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A down; y: dense" } */
    for (size_t j = n; j-- > 0;)
      y[i] += A[i][j] * x[j];
}

/* The strict lower triangle from the diagonal leftwards.  */
static void
lower_rev (int n, double *y, double A[n][n] SPARSE ("CSR"), const double *x)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j < i . A.i,j. . x.j. : 0.; A: CSR; loops: i for, j for over A down; y: dense" } */
    for (int j = i - 1; j >= 0; j--)
      y[i] += A[i][j] * x[j];
}

/* A scalar summed over both loops, both down; the rows stored in a
   compressed level.  */
static double
total (int n, double A[n][n] SPARSE ("DCSR"), const double *x, double s)
{
  for (int i = n - 1; i >= 0; i--)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, A.i,j. . x.j...; A: DCSR; loops: i for over A down, j for over A down; s: scalar" } */
    for (int j = n - 1; j >= 0; j--)
      s += A[i][j] * x[j];
  return s;
}

/* Integers: the same sum in any order, the loops run up.  */
static long
isum (int n, int A[n][n] SPARSE ("CSR"), const int *k)
{
  long s = 0;
  for (int i = n - 1; i >= 0; --i)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, A.i,j. . .long.k.j...; A: CSR; loops: i for, j for over A; s: scalar" } */
    for (int j = n - 1; j > -1; j -= 1)
      s += (long) A[i][j] * k[j];
  return s;
}

/* Three levels: the sums over j and k in decreasing order.  */
static void
ttv_rev (int n, double *y, double T[n][n][n] SPARSE ("CSF"),
         const double *z)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, sum.k, T.i,j,k. . z.k...; T: CSF; loops: i for over T, j for over T down, k for over T down; y: dense" } */
    for (int j = n - 1; j >= 0; j--)
      for (int k = n - 1; k >= 0; k--)
        y[i] += T[i][j][k] * z[k];
}

/* The product of a symmetric matrix stored as its lower triangle, each
   row's terms from the diagonal leftwards: its row's statement sums
   down, its column's (the rows after, up) after it.  */
static void
symmetric (int n, double *y, double L[n][n] SPARSE ("CSR"), const double *x)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j <= i . L.i,j. . x.j. : 0.; L: CSR; loops: i for, j for over L down; y: dense" } */
    for (int j = i; j >= 0; j--)
      {
        y[i] += L[i][j] * x[j];
        if (j != i)
          y[j] += L[i][j] * x[i];
      }
}

/* The last of equal maxima, rows from the last: a stored -0.0 in row 0
   against the unstored +0.0 of the other rows.  */
static double
last_max (int n, double P[n][n] SPARSE ("CSR"))
{
  double m = -1e300;
  for (int i = n - 1; i >= 0; i--)	/* { dg-message "loop nest sparsified: m = max.m, max.i, max.j, P.i,j....; P: CSR; loops: i for down, j for over P; m: scalar" } */
    for (int j = 0; j < n; j++)
      if (P[i][j] >= m)
        m = P[i][j];
  return m;
}

/* A sparse product added into C, every loop down: C's old entries
   first, then the terms in decreasing k, through a workspace.  */
static void
gemm_rev (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"),
          double B[n][n] SPARSE ("CSR"))
{
  for (int i = n - 1; i >= 0; i--)	/* { dg-message "loop nest sparsified: C.i,j. = C.i,j. . sum.k, A.i,k. . B.k,j..; C: CSR, A: CSR, B: CSR; loops: i for, k for over A down, j for over B; C: through a workspace, old entries added per row" } */
    for (int k = n - 1; k >= 0; k--)
      for (int j = n - 1; j >= 0; j--)
        C[i][j] += A[i][k] * B[k][j];
}

/* Variables declared outside end as the loops leave them: -1.  */
static int
last_row (int n, double *y, double A[n][n] SPARSE ("CSR"), const double *x)
{
  int i, j;
  for (i = n - 1; i >= 0; i--)	/* { dg-message "loop nest sparsified" } */
    for (j = n - 1; j >= 0; j--)
      y[i] += A[i][j] * x[j];
  return i * 100 + j;
}

static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %a", a[i]);
  printf ("\n");
}

/* Entries with many digits; in row 0, ones, which vanish one by one
   next to 1e16.  */
static double
value (int64_t i, uint32_t h)
{
  return i == 0 ? 1 : (double) (h % 100003) / 7919 - 6;
}

static void
run (int n)
{
  sp_tensor *A = sp_new ("CSR", SP_F64, 2, (int64_t[]) { n, n });
  sp_tensor *Ai = sp_new ("CSR", SP_I32, 2, (int64_t[]) { n, n });
  sp_tensor *T = sp_new ("CSF", SP_F64, 3, (int64_t[]) { n, n, n });
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < n; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 5);
        if (i == j)
          sp_insert (A, (int64_t[]) { i, j }, 4 + (double) (h % 97) / 13);
        else if (i == 0 || h % 3 == 0)
          sp_insert (A, (int64_t[]) { i, j }, value (i, h));
        if (h % 4 == 1)
          sp_insert (Ai, (int64_t[]) { i, j }, (int) (h % 2001) - 1000);
        for (int64_t k = 0; k < n; k++)
          if (sr_hash (i, j, k, 9) % 5 == 0)
            sp_insert (T, (int64_t[]) { i, j, k },
                       j == 0 ? 1 : value (j, sr_hash (i, j, k, 9)));
      }
  /* Row 0 full, negative but for a -0.0 at its end; the others with
     gaps.  */
  sp_tensor *P = sp_new ("CSR", SP_F64, 2, (int64_t[]) { n, n });
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < n; j++)
      if (i == 0 || (i + j) % 3 == 0)
        sp_insert (P, (int64_t[]) { i, j },
                   i == 0 && j == n - 1 ? -0.0 : -1 - (double) (i + j));
  /* Rows i % 4 == 3 without entries.  */
  sp_tensor *D = sp_new ("DCSR", SP_F64, 2, (int64_t[]) { n, n });
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < n; j++)
      if (i % 4 != 3 && (i == 0 || sr_hash (i, j, 0, 5) % 3 == 0))
        sp_insert (D, (int64_t[]) { i, j },
                   value (i, sr_hash (i, j, 0, 5)));
  double *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  double *b = malloc (n * sizeof *b), *dinv = malloc (n * sizeof *dinv);
  double *xs = malloc (n * sizeof *xs);
  int *k = malloc (n * sizeof *k);
  printf ("n %d\n", n);
#define RESET()                                         \
  for (int i = 0; i < n; i++)                           \
    {                                                   \
      x[i] = i == 0 ? 1 : 1.0 / (i + 0.37);             \
      b[i] = 1e16 + 2 * i + (i % 3) / 7.0;              \
      y[i] = i % 2 ? b[i] : 0;                          \
      xs[i] = (i % 3 ? 1 : 1e12) / (i + 0.37);          \
      dinv[i] = 1 / (3 + i % 5 + 0.1);                  \
      k[i] = i % 7 - 3;                                 \
    }
  RESET ();
  backsub (n, sp_array (A), b, x);
  pr ("backsub", x, n);
  RESET ();
  backsub_rev (n, sp_array (A), b, x);
  pr ("backsub_rev", x, n);
  RESET ();
  backsub_dcsr (n, sp_array (D), dinv, b, x);
  pr ("backsub_dcsr", x, n);
  RESET ();
  for (int it = 0; it < 2; it++)
    {
      gs_backward (n, sp_array (A), b, x);
      pr ("gs_backward", x, n);
    }
  RESET ();
  for (int it = 0; it < 2; it++)
    {
      gs_forward (n, sp_array (A), b, x);
      gs_backward (n, sp_array (A), b, x);
      pr ("symmetric gs", x, n);
    }
  RESET ();
  rspmv (n, y, sp_array (A), xs);
  pr ("rspmv", y, n);
  RESET ();
  rspmv_size (n, y, sp_array (A), xs);
  pr ("rspmv_size", y, n);
  RESET ();
  lower_rev (n, y, sp_array (A), xs);
  pr ("lower_rev", y, n);
  RESET ();
  printf ("total %a\n", total (n, sp_array (D), xs, 0));
  printf ("isum %ld\n", isum (n, sp_array (Ai), k));
  RESET ();
  ttv_rev (n, y, sp_array (T), xs);
  pr ("ttv_rev", y, n);
  printf ("last_max %a\n", last_max (n, sp_array (P)));
  sp_tensor *C = sr_matrix ("csr", n, n, 17, 3);
  for (int64_t i = 0; i < n; i++)
    sp_insert (C, (int64_t[]) { i, i }, 1e16);
  gemm_rev (n, sp_array (C), sp_array (A), sp_array (A));
  double *c = malloc ((size_t) n * n * sizeof *c);
  if (sp_to_dense (C, c))
    return;
  pr ("gemm_rev", c, n * n);
  free (c);
  sp_free (C);
  RESET ();
  symmetric (n, y, sp_array (A), xs);
  pr ("symmetric", y, n);
  RESET ();
  printf ("last_row %d\n", last_row (n, y, sp_array (A), xs));
  pr ("last_row", y, n);
  free (x);
  free (xs);
  free (y);
  free (b);
  free (dinv);
  free (k);
  sp_free (A);
  sp_free (Ai);
  sp_free (T);
  sp_free (D);
  sp_free (P);
}

int
main (void)
{
  run (1);
  run (2);
  run (7);
  run (40);
  return 0;
}
