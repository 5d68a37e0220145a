/* Diagonal reads: d[i] = A[i][i] in every format that stores a matrix
   (the row's range at the position kept with the matrix where it is
   compressed: CSR, DCSR, CSC; the coordinates compared where they are
   singletons: COO), the trace, a scaled diagonal, a division by the
   diagonal (a row that stores none divides by zero, as the dense loop
   does), and the einsum pragma d(i) = A(i,i).  The matrices store some
   diagonal entries and miss others, with empty rows.  */
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
diag_csr (int n, double d[n], double A[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: d.i. = sum.i_2, i_2 == i . A.i,i_2. : 0.; A: CSR; loops: i for, i_2 for over A; d: dense" } */
    d[i] = A[i][i];
}

static void
diag_dcsr (int n, double d[n], double A[n][n] SPARSE ("DCSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: d.i. = sum.i_2, i_2 == i . A.i,i_2. : 0.; A: DCSR" } */
    d[i] = A[i][i];
}

static void
diag_csc (int n, double d[n], double A[n][n] SPARSE ("CSC"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: d.i. = sum.i_2, i_2 == i . A.i,i_2. : 0.; A: CSC" } */
    d[i] = A[i][i];
}

static void
diag_coo (int n, double d[n], double A[n][n] SPARSE ("COO"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: d.i. = sum.i_2, i_2 == i . A.i,i_2. : 0.; A: COO" } */
    d[i] = A[i][i];
}

static double
trace (int n, double A[n][n] SPARSE ("CSR"))
{
  double s = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.i_2, i_2 == i . A.i,i_2. : 0..; A: CSR" } */
    s += A[i][i];
  return s;
}

static void
scaled (int n, double y[n], double A[n][n] SPARSE ("CSR"), const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.i_2, i_2 == i . A.i,i_2. : 0. . x.i.; A: CSR" } */
    y[i] += A[i][i] * x[i];
}

/* Jacobi's division by the diagonal, the off-diagonal sum computed
   before.  */
static void
divide (int n, double y[n], double A[n][n] SPARSE ("CSR"), const double r[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = r.i. / sum.i_2, i_2 == i . A.i,i_2. : 0.; A: CSR" } */
    y[i] = r[i] / A[i][i];
}

static void
pragma (int n, double d[n], double A[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum d(i) = A(i,i)
  DENSE (for (int i = 0; i < n; i++) d[i] = A[i][i];)
}

static void
run (int n, int mod)
{
  sp_tensor *A = sr_matrix ("csr", n, n, n + 1, mod);
  sp_tensor *Ad = sr_as (A, "dcsr"), *Ac = sr_as (A, "csc");
  sp_tensor *Ao = sr_as (A, "coo");
  double d[n], x[n], y[n];
  printf ("n %d, 1 in %d\n", n, mod);
  sr_fill (x, n, 5, 1);
  diag_csr (n, d, sp_array (A));
  pr ("csr", d, n);
  diag_dcsr (n, d, sp_array (Ad));
  pr ("dcsr", d, n);
  diag_csc (n, d, sp_array (Ac));
  pr ("csc", d, n);
  diag_coo (n, d, sp_array (Ao));
  pr ("coo", d, n);
  printf ("trace: %.17g\n", trace (n, sp_array (A)));
  for (int i = 0; i < n; i++)
    y[i] = i;
  scaled (n, y, sp_array (A), x);
  pr ("scaled", y, n);
  divide (n, y, sp_array (A), x);
  pr ("divide", y, n);
  pragma (n, d, sp_array (A));
  pr ("pragma", d, n);
  sp_free (A);
  sp_free (Ad);
  sp_free (Ac);
  sp_free (Ao);
}

int
main (void)
{
  run (1, 1);
  run (6, 2);
  run (17, 3);
  run (40, 9);
  return 0;
}
