/* Conditions on loop variables joined by || and by && of negations,
   which GCC folds into a test of their bitwise or ((j | k) != 0,
   (j | k) == 0): read back as the conditions written, they pick the
   terms added once a row (at j = 0, k = 0) out of a three-loop nest.  */
#include "sparse-run.h"

static void
terms (int m, int k_, int n, double y[m], double B[k_][m] SPARSE ("CSR"),
       double Q[n][m] SPARSE ("CSR"), double a[m], double u[m])
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.k, sum.j, .j == 0 && k == 0 . a.i. . 1.5 : 0. . .j == 0 . B.k,i. . u.i. : 0. . .k == 0 . Q.j,i. . 2 . u.i. : 0..." } */
    for (int k = 0; k < k_; k++)
      for (int j = 0; j < n; j++)
        y[i] -= (j || k ? 0 : 1.5 * a[i]) + (j ? 0 : B[k][i] * u[i])
                + (k ? 0 : 2 * Q[j][i] * u[i]);
}

static double
corner (int m, int n, double A[m][n] SPARSE ("CSR"))
{
  double s = 0;
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j < n; j++)
      if (!i && !j)
        s += 3 * A[i][j];
      else
        s += A[i][j];
  return s;
}

int
main (void)
{
  enum { M = 19, K = 7, N = 11 };
  double y[M], a[M], u[M];
  sr_fill (y, M, 3, 1);
  sr_fill (a, M, 5, 2);
  sr_fill (u, M, 7, 1);
  sp_tensor *B = sr_matrix ("CSR", K, M, 4, 2);
  sp_tensor *Q = sr_matrix ("CSR", N, M, 5, 3);
  terms (M, K, N, y, sp_array (B), sp_array (Q), a, u);
  for (int i = 0; i < M; i++)
    printf ("%.17g%c", y[i], i == M - 1 ? '\n' : ' ');
  sp_tensor *A = sr_matrix ("CSR", M, N, 1, 1);
  printf ("corner %.17g\n", corner (M, N, sp_array (A)));
  sp_free (A);
  sp_free (B);
  sp_free (Q);
  return 0;
}
