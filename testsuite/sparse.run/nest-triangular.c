/* Loops over part of an extent, bounded by an enclosing loop's variable
   or starting past 0: the triangles (j < i, j <= i, j > i, j >= i), a
   band above the diagonal (j < i + 2, over a matrix two columns wider),
   a start that is a constant or an invariant plus the row; a sum with a
   dense operand under the bound (a merge whose dense side runs over the
   range only), a scalar accumulator, a transposed scatter (y[j]) under
   the bound, a sparse output, and column-major storage (the bounded loop
   outside).  Each is run at several sizes: 1 (a tensor's extents are
   positive), and matrices with empty rows.  */
#include <math.h>
#include "sparse-run.h"

static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %.17g", a[i]);
  printf ("\n");
}

static void
strict_lower (int n, double y[n], double A[n][n] SPARSE ("CSR"),
              const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j < i . A.i,j. . x.j. : 0.; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < i; j++)
      y[i] += A[i][j] * x[j];
}

static void
lower (int n, double y[n], double A[n][n] SPARSE ("CSR"), const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j <= i . A.i,j. . x.j. : 0.; A: CSR" } */
    for (int j = 0; j <= i; j++)
      y[i] += A[i][j] * x[j];
}

static void
strict_upper (int n, double y[n], double A[n][n] SPARSE ("CSR"),
              const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j >= i . 1 . A.i,j. . x.j. : 0.; A: CSR" } */
    for (int j = i + 1; j < n; j++)
      y[i] += A[i][j] * x[j];
}

static void
upper (int n, double y[n], double A[n][n] SPARSE ("DCSR"), const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j >= i . A.i,j. . x.j. : 0.; A: DCSR" } */
    for (int j = i; j < n; j++)
      y[i] += A[i][j] * x[j];
}

/* A band: columns i .. i + 1 of a matrix two columns wider.  */
static void
band (int n, double y[n], double A[n][n + 2] SPARSE ("CSR"),
      const double x[n + 2])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j >= i && j <= i . 1 . A.i,j. . x.j. : 0.; A: CSR" } */
    for (int j = i; j < i + 2; j++)
      y[i] += A[i][j] * x[j];
}

/* A start that is an invariant plus the row.  */
static void
shifted (int n, int k, double y[n], double A[n][n] SPARSE ("CSR"),
         const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j >= i . k . A.i,j. . x.j. : 0.; A: CSR" } */
    for (int j = i + k; j < n; j++)
      y[i] += A[i][j] * x[j];
}

static void
from_one (int n, double y[n], double A[n][n] SPARSE ("CSR"), const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j >= 1 . A.i,j. . x.j. : 0.; A: CSR" } */
    for (int j = 1; j < n; j++)
      y[i] += A[i][j] * x[j];
}

/* A sum with a dense operand: the dense side over the range only.  */
static void
plus_dense (int n, double y[n], double A[n][n] SPARSE ("CSR"),
            const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j <= i . A.i,j. . x.j. : 0.; A: CSR" } */
    for (int j = 0; j <= i; j++)
      y[i] += A[i][j] + x[j];
}

/* Two sparse operands: their union and their intersection.  */
static void
plus_sparse (int n, double y[n], double A[n][n] SPARSE ("CSR"),
             double B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j <= i . A.i,j. . B.i,j. : 0.; A: CSR, B: CSR; loops: i for, j co-iterate A, B" } */
    for (int j = 0; j <= i; j++)
      y[i] += A[i][j] + B[i][j];
}

static void
times_sparse (int n, double y[n], double A[n][n] SPARSE ("CSR"),
              double B[n][n] SPARSE ("DCSR"))
{
  for (long i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j >= i . A.i,j. . B.i,j. : 0.; A: CSR, B: DCSR; loops: i for over B, j co-iterate A, B" } */
    for (long j = i; j < n; j++)
      y[i] += A[i][j] * B[i][j];
}

static void
accumulator (int n, double y[n], double A[n][n] SPARSE ("CSR"),
             const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, j < i . A.i,j. . x.j. : 0.; A: CSR" } */
    {
      double s = 0;
      for (int j = 0; j < i; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}

/* The transposed product of the strict lower triangle.  */
static void
scatter (int n, double y[n], double A[n][n] SPARSE ("CSR"), const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.j. .= sum.i, j < i . A.i,j. . x.i. : 0.; A: CSR" } */
    for (int j = 0; j < i; j++)
      y[j] += A[i][j] * x[i];
}

/* Column-major storage: the loop over i outside, j bounded by it
   inside.  */
static void
columns (int n, double y[n], double A[n][n] SPARSE ("CSC"), const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j <= i . A.i,j. . x.j. : 0.; A: CSC; loops: j for, i for over A" } */
    for (int j = 0; j <= i; j++)
      y[i] += A[i][j] * x[j];
}

/* Other formats: a band below the diagonal (i - 2 <= j < i, empty at
   the first row) in COO (the column a singleton level: compared, not
   searched) and DCSC (the bounded loop outside, the rows searched).  */
static void
band_coo (int n, double y[n], double A[n][n] SPARSE ("COO"),
          const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j >= i . -2 && j < i && j >= 0 . A.i,j. . x.j. : 0.; A: COO" } */
    for (int j = i - 2; j < i; j++)
      if (j >= 0)
        y[i] += A[i][j] * x[j];
}

static void
band_dcsc (int n, double y[n], double A[n][n] SPARSE ("DCSC"),
           const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j >= i . -2 && j < i && j >= 0 . A.i,j. . x.j. : 0.; A: DCSC; loops: j for over A, i for over A" } */
    for (int j = i - 2; j < i; j++)
      if (j >= 0)
        y[i] += A[i][j] * x[j];
}

/* Guards comparing the column with floating values: tested at each
   entry, no integer range (j < 4.5 holds at j = 4).  */
static void
float_guard (int n, double y[n], double A[n][n] SPARSE ("CSR"),
             const double x[n], double c)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j < c && j >= i - 1.5 . A.i,j. . x.j. : 0.; A: CSR" } */
    for (int j = 0; j < n; j++)
      if (j < c && j >= i - 1.5)
        y[i] += A[i][j] * x[j];
}

/* A sparse output: the upper triangle of A added into C.  */
static void
upper_into (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: C.i,j. = C.i,j. . .j >= i . A.i,j. : 0.; C: CSR, A: CSR" } */
    for (int j = i; j < n; j++)
      C[i][j] += A[i][j];
}

static double
triangle_sum (int n, double A[n][n] SPARSE ("DCSR"))
{
  double s = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, j < i . A.i,j. : 0..; A: DCSR" } */
    for (int j = 0; j < i; j++)
      s += A[i][j];
  return s;
}

static void
run (int n, int mod)
{
  sp_tensor *A = sr_matrix ("csr", n, n, n + 3, mod);
  sp_tensor *Ad = sr_as (A, "dcsr"), *Ac = sr_as (A, "csc");
  sp_tensor *Ao = sr_as (A, "coo"), *Adc = sr_as (A, "dcsc");
  sp_tensor *W = sr_matrix ("csr", n, n + 2, n + 5, mod);
  sp_tensor *C = sr_matrix ("csr", n, n, n + 7, mod);
  sp_tensor *Cd = sr_as (C, "dcsr");
  double x[n + 2], y[n + 1];
  printf ("n %d, 1 in %d\n", n, mod);
  sr_fill (x, n + 2, 11, 1);

#define RUN(name, call)                         \
  do                                            \
    {                                           \
      for (int i = 0; i <= n; i++)              \
        y[i] = i * 0.5;                         \
      call;                                     \
      pr (name, y, n);                          \
    }                                           \
  while (0)

  RUN ("strict_lower", strict_lower (n, y, sp_array (A), x));
  RUN ("lower", lower (n, y, sp_array (A), x));
  RUN ("strict_upper", strict_upper (n, y, sp_array (A), x));
  RUN ("upper", upper (n, y, sp_array (Ad), x));
  RUN ("band", band (n, y, sp_array (W), x));
  RUN ("shifted 2", shifted (n, 2, y, sp_array (A), x));
  RUN ("shifted 0", shifted (n, 0, y, sp_array (A), x));
  RUN ("from_one", from_one (n, y, sp_array (A), x));
  RUN ("plus_dense", plus_dense (n, y, sp_array (A), x));
  RUN ("plus_sparse", plus_sparse (n, y, sp_array (A), sp_array (C)));
  RUN ("times_sparse", times_sparse (n, y, sp_array (A), sp_array (Cd)));
  RUN ("accumulator", accumulator (n, y, sp_array (A), x));
  RUN ("scatter", scatter (n, y, sp_array (A), x));
  RUN ("columns", columns (n, y, sp_array (Ac), x));
  RUN ("float_guard", float_guard (n, y, sp_array (A), x, n / 2 + 0.5));
  RUN ("band_coo", band_coo (n, y, sp_array (Ao), x));
  RUN ("band_dcsc", band_dcsc (n, y, sp_array (Adc), x));
  upper_into (n, sp_array (C), sp_array (A));
  sr_print_t ("upper_into", C, (int64_t) n * n);
  printf ("triangle_sum: %.17g\n", triangle_sum (n, sp_array (Ad)));
  sp_free (A);
  sp_free (Ad);
  sp_free (Ac);
  sp_free (Ao);
  sp_free (Adc);
  sp_free (W);
  sp_free (C);
  sp_free (Cd);
}

int
main (void)
{
  run (1, 1);
  run (2, 1);
  run (7, 3);
  run (13, 5);
  run (40, 11);
  return 0;
}
