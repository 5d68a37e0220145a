/* fn_fabs: y[i] += fabs(A[i][j]) * x[j];  */
#include <math.h>
#include "adopt.h"

static void
kernel (int n, double y[n], double A[n][n] SPARSE ("CSR"), const double x[n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += fabs (A[i][j]) * x[j];
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
  ADOPT_TIME ("fn_fabs", kernel (n, y, A, x), adopt_sum (y, n));
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
