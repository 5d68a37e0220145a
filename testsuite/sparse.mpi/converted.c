/* mpi: ranks 1 2 3 4; plugin */
/* A kernel that reads a distributed matrix in another format than its
   own (A(j,i) of a CSR A: a CSC copy the kernel makes) gathers it whole
   first, whichever other accesses read it by rows: every rank's copy is
   the whole matrix's, and the results are the serial program's.  */

#include "dist-check.h"

/* The sum over rows of (A - A^T) scaled by the row number.  */
static double
skew (int n, double A[n][n] SPARSE ("CSR"))
{
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += (A[i][j] - A[j][i]) * (i + 1);
  return s;
}

/* C = A + A^T.  */
static void
symmetrize (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = A[i][j] + A[j][i];
}

int
main (int argc, char **argv)
{
  start (&argc, &argv);
  put_file ("converted.mtx", "%%MatrixMarket matrix coordinate real general\n"
            "6 6 7\n1 2 1\n2 1 5\n3 6 2\n6 3 3\n4 4 7\n5 1 1\n6 6 0.5\n");
  sp_tensor *A = sp_read_dist ("converted.mtx", "CSR", SP_F64, MPI_COMM_WORLD);
  int64_t dims[2] = { 6, 6 };
  sp_tensor *C = sp_new ("CSR", SP_F64, 2, dims);
  check (A && C, "%s", sp_error ());
  double s = skew (6, sp_array (A));
  symmetrize (6, sp_array (C), sp_array (A));
  double t = skew (6, sp_array (C));
  int64_t lo, hi;
  check (sp_dist_block (C, &lo, &hi) >= 0, "block");
  if (me == 0)
    {
      printf ("skew %.17g, of A + A^T %.17g, entries %lld\n", s, t,
              (long long) sp_dist_nnz (C));
      for (int64_t i = lo; i < hi; i++)
        for (int64_t j = 0; j < 6; j++)
          {
            int64_t x[2] = { i, j };
            printf ("%g%c", sp_get (C, x), j == 5 ? '\n' : ' ');
          }
    }
  else
    sp_dist_nnz (C);
  sp_free (A);
  sp_free (C);
  MPI_Finalize ();
  return 0;
}
