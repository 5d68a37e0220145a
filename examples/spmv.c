/* spmv.c -- ordinary dense code over a sparse matrix.

   The matrix is read from a Matrix Market file into a CSR tensor and handed
   to spmv(), whose parameter A is tagged sparse("CSR").  The body of spmv()
   is the textbook dense loop nest; compiled with the plugin, A is the
   tensor and the nest becomes a loop over its rows and their stored
   columns (-fplugin-arg-sparse-report says so); compiled without it, A is
   a dense copy of the same matrix.  Both print the same checksum.

     make -C examples run        (uses ../build/sparse.so)  */

#include <stdio.h>
#include <stdlib.h>
#include <sparse.h>

static void
spmv (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < m; i++)
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
  const char *path = argc > 1 ? argv[1] : "laplace72.mtx";
  sp_tensor *a = sp_read (path, "CSR", SP_F64);
  if (!a)
    {
      fprintf (stderr, "spmv: %s\n", sp_error ());
      return 1;
    }
  int m = (int) sp_dim (a, 0), n = (int) sp_dim (a, 1);
  double *x = malloc (sizeof *x * n), *y = malloc (sizeof *y * m);
  if (!x || !y)
    return 1;
  for (int j = 0; j < n; j++)
    x[j] = 1.0 + (j % 10) * 0.1;

  spmv (m, n, y, sp_array (a), x);

  double sum = 0, wsum = 0;
  for (int i = 0; i < m; i++)
    {
      sum += y[i];
      wsum += y[i] * (i + 1);
    }
  printf ("%s: %d x %d, %lld nonzeros\n", path, m, n, (long long) sp_nnz (a));
  printf ("checksum %.12g weighted %.12g\n", sum, wsum);
  free (x);
  free (y);
  sp_free (a);
  return 0;
}
