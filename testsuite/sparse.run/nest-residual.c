/* RESIDUAL r = b - A x in the spellings of iterative solvers.  */
#include "sparse-run.h"

enum { N = 21 };

static void
residual_init (int n, double r[n], const double b[n],
               double A[n][n] SPARSE ("CSR"), const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: r.i. = b.i. - sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; r: dense" } */
    {
      r[i] = b[i];
      for (int j = 0; j < n; j++)
        r[i] -= A[i][j] * x[j];
    }
}

static void
residual_scalar (int n, double r[n], const double b[n],
                 double A[n][n] SPARSE ("DCSR"), const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: r.i. = b.i. - sum.j, A.i,j. . x.j..; A: DCSR; loops: i for, j for over A; r: dense" } */
    {
      double ax = 0;
      for (int j = 0; j < n; j++)
        ax += A[i][j] * x[j];
      r[i] = b[i] - ax;
    }
}

static void
residual_running (int n, double r[n], const double b[n],
                  double A[n][n] SPARSE ("COO"), const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: r.i. = b.i. - sum.j, A.i,j. . x.j..; A: COO; loops: i for, j for over A; r: dense" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
        s = s - A[i][j] * x[j];
      r[i] = s;
    }
}

/* Weighted: r = omega * (b - A x).  */
static void
residual_weighted (int n, double r[n], double omega, const double b[n],
                   double A[n][n] SPARSE ("CSR"), const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: r.i. = .b.i. - sum.j, A.i,j. . x.j... . omega; A: CSR; loops: i for, j for over A; r: dense" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      r[i] = omega * (b[i] - s);
    }
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", N, N, 31, 3);
  double b[N], x[N], r[N];
  sr_fill (b, N, 32, 1);
  sr_fill (x, N, 33, 1);

  residual_init (N, r, b, sp_array (a), x);
  sr_print ("r = b; r -= A x", r, N);
  sp_tensor *t = sr_as (a, "DCSR");
  residual_scalar (N, r, b, sp_array (t), x);
  sr_print ("ax accumulator", r, N);
  sp_free (t);
  t = sr_as (a, "COO");
  residual_running (N, r, b, sp_array (t), x);
  sr_print ("running s", r, N);
  sp_free (t);
  residual_weighted (N, r, 0.5, b, sp_array (a), x);
  sr_print ("weighted", r, N);
  sp_free (a);
  return 0;
}
