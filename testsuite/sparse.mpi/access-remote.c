/* mpi: ranks 2 3 4; stops "read: element \(99, 3\) of a distributed tensor lies in the block of rank [0-9]+ .*not in this rank's" */
/* The generated code's read (sp__get2) of an element in another rank's
   block stops the whole job with a message, rather than give the zero
   this rank's storage holds there, or wait.  */

#include <sparse_plugin.h>
#include "dist-check.h"

int
main (int argc, char **argv)
{
  start (&argc, &argv);
  put_file ("remote.mtx", "%%MatrixMarket matrix coordinate real general\n"
            "100 5 4\n1 1 1\n40 2 2\n70 3 3\n100 4 4\n");
  sp_tensor *t = sp_read_dist ("remote.mtx", "csr", SP_F64, MPI_COMM_WORLD);
  check (t != NULL, "sp_read_dist: %s", sp_error ());
  /* The last row is the last rank's: the others stop the job.  */
  printf ("rank %d read %g\n", me, sp__get2 (t, 99, 3));
  MPI_Barrier (MPI_COMM_WORLD);
  sp_free (t);
  MPI_Finalize ();
  return 0;
}
