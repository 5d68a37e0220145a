/* mpi: ranks 1; plugin */
/* With one rank nothing changes: a tensor read by sp_read_dist, passed
   to a tagged SpMV (plugin build) or as sp_array's dense copy (build
   without the plugin), gives the serial result.  */

#include "dist-check.h"

static void
spmv (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"),
      const double x[n])
{
  for (int i = 0; i < m; i++)
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
        y[i] += A[i][j] * x[j];
    }
}

int
main (int argc, char **argv)
{
  start (&argc, &argv);
  sp_tensor *a = sp_read_dist (TESTSUITE "/../examples/laplace72.mtx",
                               "csr", SP_F64, MPI_COMM_WORLD);
  check (a != NULL, "%s", sp_error ());
  int m = (int) sp_dim (a, 0), n = (int) sp_dim (a, 1);
  double x[n], y[m];
  for (int j = 0; j < n; j++)
    x[j] = 1 + j % 5;
  spmv (m, n, y, sp_array (a), x);
  for (int i = 0; i < m; i += 9)
    printf ("y[%d] = %g\n", i, y[i]);
  sp_free (a);
  MPI_Finalize ();
  return 0;
}
