/* A statement reading another output's element once that element is
   complete: PolyBench's atax (tmp[i], the row's sum, then y[j] +=
   A[i][j] * tmp[i]), and the same with the reader written first.  The
   nest becomes two statements, the one read running first, whole.  */
#include "sparse-run.h"

static void
atax (int m, int n, double A[m][n] SPARSE ("CSR"), double x[n], double y[n],
      double tmp[m])
{
  for (int i = 0; i < n; i++)
    y[i] = 0;
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: tmp.i. = sum.j, A.i,j. . x.j..; A: CSR" } */
    {
      tmp[i] = 0.0;
      for (int j = 0; j < n; j++)
        tmp[i] = tmp[i] + A[i][j] * x[j];
      for (int j = 0; j < n; j++)
        y[j] = y[j] + A[i][j] * tmp[i];
    }
}

/* The reader's first write comes before the read output's: r's
   statement must still run first.  (y's two loops become one sum of
   two terms a row, exact here: the values are small binary fractions.)  */
static void
reader_first (int m, int n, double A[m][n] SPARSE ("CSR"), double x[n],
              double y[n], double r[m])
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: r.i. = sum.j, A.i,j. . x.j.. . 2" } */
    {
      for (int j = 0; j < n; j++)
        y[j] += A[i][j] * x[j];
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      r[i] = 2 * s;
      for (int j = 0; j < n; j++)
        y[j] += A[i][j] * r[i];
    }
}

static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %a", a[i]);
  printf ("\n");
}

int
main (void)
{
  enum { M = 33, N = 33 };
  sp_tensor *A = sr_matrix ("csr", M, N, 5, 4);
  double x[N], y[N], t[M];
  sr_fill (x, N, 3, 1);
  atax (M, N, sp_array (A), x, y, t);
  pr ("atax y", y, N);
  pr ("atax tmp", t, M);
  for (int i = 0; i < N; i++)
    y[i] = i;
  reader_first (M, N, sp_array (A), x, y, t);
  pr ("reader first y", y, N);
  pr ("reader first r", t, M);
  sp_free (A);
  return 0;
}
