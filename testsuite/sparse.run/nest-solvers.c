/* Iterative solvers written as plain C around a tagged matrix: conjugate
   gradients and Jacobi.  The iteration loops index nothing; the loop
   nests inside them that touch the matrix are sparsified, the vector
   updates stay dense.  Gauss-Seidel updates x in place: its rows run in
   order, each reading what the rows before it wrote.
   The matrix: 2-D Laplacian-like, diagonally dominant, entries in
   quarters, so the iterations stay well defined.  */
#include <math.h>
#include "sparse-run.h"

enum { N = 24, ITERS = 12 };

static void
cg (int n, double A[n][n] SPARSE ("CSR"), const double b[n], double x[n])
{
  double r[n], p[n], q[n];
  for (int i = 0; i < n; i++)
    {
      x[i] = 0;
      r[i] = b[i];
      p[i] = b[i];
    }
  double rr = 0;
  for (int i = 0; i < n; i++)
    rr += r[i] * r[i];
  for (int it = 0; it < ITERS && rr > 1e-30; it++)
    {
      for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: q.i. = sum.j, A.i,j. . p.j..; A: CSR; loops: i for, j for over A; q: dense" } */
        {
          q[i] = 0;
          for (int j = 0; j < n; j++)
            q[i] += A[i][j] * p[j];
        }
      double pq = 0;
      for (int i = 0; i < n; i++)
        pq += p[i] * q[i];
      double alpha = rr / pq;
      double rr_new = 0;
      for (int i = 0; i < n; i++)
        {
          x[i] += alpha * p[i];
          r[i] -= alpha * q[i];
          rr_new += r[i] * r[i];
        }
      double beta = rr_new / rr;
      rr = rr_new;
      for (int i = 0; i < n; i++)
        p[i] = r[i] + beta * p[i];
    }
}

/* x_{k+1} = D^-1 (b - R x_k), R the off-diagonal part (tagged), D the
   diagonal (dense).  */
static void
jacobi (int n, double R[n][n] SPARSE ("DCSR"), const double dinv[n],
        const double b[n], double x[n])
{
  double xn[n];
  for (int i = 0; i < n; i++)
    x[i] = 0;
  for (int it = 0; it < ITERS; it++)
    {
      for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: xn.i. = dinv.i. . .b.i. - sum.j, R.i,j. . x.j...; R: DCSR; loops: i for, j for over R; xn: dense" } */
        {
          double s = b[i];
          for (int j = 0; j < n; j++)
            s -= R[i][j] * x[j];
          xn[i] = s * dinv[i];
        }
      for (int i = 0; i < n; i++)
        x[i] = xn[i];
    }
}

/* Gauss-Seidel: x is read while it is written, each row reading what
   the rows before it wrote.  */
static void
gauss_seidel (int n, double R[n][n] SPARSE ("CSR"), const double dinv[n],
              const double b[n], double x[n])
{
  for (int i = 0; i < n; i++)
    x[i] = 0;
  for (int it = 0; it < ITERS; it++)
    for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: x.i. = dinv.i. . .b.i. - sum.j, R.i,j. . x.j...; R: CSR; loops: i for, j for over R; x: dense" } */
      {
        double s = b[i];
        for (int j = 0; j < n; j++)
          s -= R[i][j] * x[j];
        x[i] = s * dinv[i];
      }
}

static void
print_rounded (const char *what, const double *x, int n)
{
  /* Sums in another order differ in the last bits: print 9 digits.  */
  double s = 0, q = 0;
  for (int i = 0; i < n; i++)
    {
      s += x[i] * (1 + i % 7);
      q += fabs (x[i]);
    }
  printf ("%s %.9g %.9g\n", what, s, q);
}

int
main (void)
{
  int64_t dims[2] = { N, N };
  sp_tensor *a = sr_check (sp_new ("CSR", SP_F64, 2, dims), "A");
  sp_tensor *r = sr_check (sp_new ("DCSR", SP_F64, 2, dims), "R");
  double dinv[N], b[N], x[N];
  for (int64_t i = 0; i < N; i++)
    {
      sp_insert (a, (int64_t[]) { i, i }, 4.5);
      dinv[i] = 1 / 4.5;
      int64_t nb[4] = { i - 1, i + 1, i - 5, i + 5 };
      for (int k = 0; k < 4; k++)
        if (nb[k] >= 0 && nb[k] < N)
          {
            sp_insert (a, (int64_t[]) { i, nb[k] }, -1);
            sp_insert (r, (int64_t[]) { i, nb[k] }, -1);
          }
    }
  sr_fill (b, N, 71, 1);

  cg (N, sp_array (a), b, x);
  print_rounded ("cg", x, N);
  jacobi (N, sp_array (r), dinv, b, x);
  print_rounded ("jacobi", x, N);
  sp_tensor *rc = sr_as (r, "CSR");
  gauss_seidel (N, sp_array (rc), dinv, b, x);
  print_rounded ("gauss-seidel", x, N);
  sp_free (rc);
  sp_free (a);
  sp_free (r);
  return 0;
}
