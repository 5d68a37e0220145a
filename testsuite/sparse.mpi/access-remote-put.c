/* mpi: ranks 2 4; stops "sp_put: element \(0, 0\) of a distributed tensor lies in the block of rank 0" */
/* sp_put to an element in another rank's block stops the whole job with
   a message.  */

#include "dist-check.h"

int
main (int argc, char **argv)
{
  start (&argc, &argv);
  put_file ("remote-put.mtx", "%%MatrixMarket matrix coordinate real "
            "general\n100 5 4\n1 1 1\n40 2 2\n70 3 3\n100 4 4\n");
  sp_tensor *t = sp_read_dist ("remote-put.mtx", "dcsr", SP_F64,
                               MPI_COMM_WORLD);
  check (t != NULL, "sp_read_dist: %s", sp_error ());
  /* Row 0 is rank 0's: the others stop the job.  */
  int64_t x[2] = { 0, 0 };
  sp_put (t, x, 5);
  MPI_Barrier (MPI_COMM_WORLD);
  sp_free (t);
  MPI_Finalize ();
  return 0;
}
