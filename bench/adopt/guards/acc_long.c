/* acc_long: long y[i] += B[i][j]; (int B)  */
#include <math.h>
#include "adopt.h"

static void
kernel (int n, long y[n], int B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
        y[i] += B[i][j];
    }
}

int
main (void)
{
  int n = ADOPT_N;
  sp_tensor *a = adopt_matrix (n, "CSR", SP_I32, 0);
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
  ADOPT_TIME ("acc_long", kernel (n, r, A), adopt_lsum (r, n));
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
