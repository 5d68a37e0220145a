/* guard_tol: if (fabs(A[i][j]) > tol) y[i] += A[i][j];  */
#include <math.h>
#include "adopt.h"

static void
kernel (int n, double y[n], double A[n][n] SPARSE ("CSR"), double tol)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (fabs (A[i][j]) > tol)
        y[i] += A[i][j];
}

int
main (void)
{
  int n = ADOPT_N;
  sp_tensor *a = adopt_matrix (n, "CSR", SP_F64, 0);
  void *A = sp_array (a);
  double *x = malloc (n * sizeof *x), *y = calloc (n, sizeof *y);
  double *b = malloc (n * sizeof *b), *d = malloc (n * sizeof *d);
  long *r = calloc (n, sizeof *r), e = 0;
  int *deg = calloc (n, sizeof *deg);
  for (int j = 0; j < n; j++)
    {
      x[j] = 1 + j % 7;
      b[j] = j % 5 - 2;
      d[j] = 4 + j % 3;
    }
  ADOPT_TIME ("guard_tol", kernel (n, y, A, 0.6), adopt_sum (y, n));
  (void) e;
  sp_free (a);
  free (x);
  free (y);
  free (b);
  free (d);
  free (r);
  free (deg);
  return 0;
}
