/* mpi: ranks 1 2 3 4; plugin */
/* sp_convert of a distributed tensor is collective and gives a
   distributed tensor: in a format of the same first level (CSR to
   DCSR) each rank keeps its block; in another (CSR to CSC) the entries
   move to blocks of the new first level.  Kernels over the results, a
   count and a written file are the serial program's.  */

#include "dist-check.h"

/* y(j) = sum over i of A(i,j) x(i), by the columns of a CSC A.  */
static void
tmv (int n, double y[n], double A[n][n] SPARSE ("CSC"), double x[n])
{
  for (int j = 0; j < n; j++)
    {
      double s = 0;
      for (int i = 0; i < n; i++)
        s += A[i][j] * x[i];
      y[j] = s;
    }
}

static double
total (int n, double A[n][n] SPARSE ("DCSR"))
{
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += A[i][j] * (j + 1);
  return s;
}

int
main (int argc, char **argv)
{
  enum { N = 30 };
  start (&argc, &argv);
  if (me == 0)
    {
      FILE *f = fopen ("convert.mtx", "w");
      check (f != NULL, "write convert.mtx");
      fprintf (f, "%%%%MatrixMarket matrix coordinate real general\n"
               "%d %d %d\n", N, N, 3 * N);
      for (int i = 0; i < N; i++)
        fprintf (f, "%d %d %d\n%d %d %g\n%d %d %d\n", i + 1, i + 1, i + 2,
                 i + 1, (7 * i) % N + 1, 0.5 * i, (5 * i + 3) % N + 1,
                 (i + 11) % N + 1, i % 4 + 1);
      check (fclose (f) == 0, "write convert.mtx");
    }
  MPI_Barrier (MPI_COMM_WORLD);
  sp_tensor *A = sp_read_dist ("convert.mtx", "CSR", SP_F64, MPI_COMM_WORLD);
  check (A != NULL, "%s", sp_error ());
  sp_tensor *D = sp_convert (A, "DCSR");
  sp_tensor *C = sp_convert (A, "CSC");
  check (D && C, "sp_convert: %s", sp_error ());
  int64_t lo, hi, dlo, dhi;
  check (sp_dist_block (A, &lo, &hi) >= 0 && sp_dist_block (D, &dlo, &dhi)
         >= 0 && lo == dlo && hi == dhi, "DCSR keeps the blocks");
  check (ranks == 1 || sp_dist_block (C, &lo, &hi) == 1, "CSC distributed");
  double x[N], y[N];
  for (int i = 0; i < N; i++)
    x[i] = 1.0 / (i + 2);
  tmv (N, y, sp_array (C), x);
  double t = total (N, sp_array (D));
  int64_t nc = sp_dist_nnz (C), nd = sp_dist_nnz (D);
  check (sp_write (C, "convert-csc.mtx") == 0, "sp_write: %s", sp_error ());
  if (me == 0)
    {
      sp_tensor *W = sp_read ("convert-csc.mtx", "CSR", SP_F64);
      check (W != NULL, "%s", sp_error ());
      printf ("total %.17g, entries %lld %lld, written %lld\n", t,
              (long long) nc, (long long) nd, (long long) sp_nnz (W));
      for (int j = 0; j < N; j += 3)
        printf ("y[%d] %.17g\n", j, y[j]);
      sp_free (W);
    }
  sp_free (A);
  sp_free (C);
  sp_free (D);
  MPI_Finalize ();
  return 0;
}
