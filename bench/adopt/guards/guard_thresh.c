/* guard_thresh: if (fabs(A[i][j]) > tol) c++;  */
#include <math.h>
#include "adopt.h"

static long
kernel (int n, double A[n][n] SPARSE ("CSR"), double tol)
{
  long c = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (fabs (A[i][j]) > tol)
        c++;
  return c;
}

int
main (void)
{
  int n = ADOPT_N;
  sp_tensor *a = adopt_matrix (n, "CSR", SP_F64, 0);
  void *A = sp_array (a);
  long e = 0;
  ADOPT_TIME ("guard_thresh", e = kernel (n, A, 0.6), e);
  sp_free (a);
  return 0;
}
