/* mpi: ranks 2 3; plugin; stops "element \((0, 0|39, 1)\) of a distributed tensor lies in the block of rank [0-9]+" */
/* A loop the plugin leaves element by element (reads at computed
   coordinates) over a distributed matrix: the rank whose block does not
   hold an element it reads stops the whole job with a message instead
   of reading a zero; no rank waits for it.  */

#include "dist-check.h"

static double
gather (int n, double A[n][n] SPARSE ("CSR"), int m, const int *r,
        const int *c)
{
  double s = 0;
  for (int k = 0; k < m; k++)
    s += A[r[k]][c[k]];
  return s;
}

int
main (int argc, char **argv)
{
  start (&argc, &argv);
  put_file ("fallback-remote.mtx",
            "%%MatrixMarket matrix coordinate real general\n"
            "40 40 3\n1 1 1\n20 5 2\n40 2 3\n");
  sp_tensor *A = sp_read_dist ("fallback-remote.mtx", "CSR", SP_F64,
                               MPI_COMM_WORLD);
  check (A != NULL, "%s", sp_error ());
  int r[2] = { 0, 39 }, c[2] = { 0, 1 };
  double s = gather (40, sp_array (A), 2, r, c);
  printf ("%g\n", s);
  MPI_Finalize ();
  return 0;
}
