/* mpi: ranks 2 3 4; plugin; stops "sp_get: element \(39\) of a distributed tensor lies in the block of rank [0-9]+ .*not in this rank's" */
/* A tagged vector a product computed by rows holds only this rank's
   block: reading another rank's element outside a kernel stops the job
   with a message, rather than give a stale value.  */

#include "dist-check.h"

static void
spmv (int n, double y[n] SPARSE ("D"), double A[n][n] SPARSE ("CSR"),
      double x[n] SPARSE ("D"))
{
  for (int i = 0; i < n; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}

int
main (int argc, char **argv)
{
  start (&argc, &argv);
  put_file ("vector-remote.mtx", "%%MatrixMarket matrix coordinate real "
            "general\n40 40 4\n1 1 1\n10 2 2\n20 3 3\n40 40 4\n");
  sp_tensor *A = sp_read_dist ("vector-remote.mtx", "CSR", SP_F64,
                               MPI_COMM_WORLD);
  int64_t dims[1] = { 40 };
  sp_tensor *x = sp_new ("D", SP_F64, 1, dims);
  sp_tensor *y = sp_new ("D", SP_F64, 1, dims);
  check (A && x && y, "%s", sp_error ());
  spmv (40, sp_array (y), sp_array (A), sp_array (x));
  /* Element 39 is the last rank's: the others stop the job.  */
  int64_t i = 39;
  printf ("rank %d read %g\n", me, sp_get (y, &i));
  MPI_Barrier (MPI_COMM_WORLD);
  MPI_Finalize ();
  return 0;
}
