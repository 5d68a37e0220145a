/* mpi: ranks 1 2 4 5; plugin */
/* Kernels over distributed matrices whose blocks are uneven: a 3 x 3
   matrix on up to 5 ranks (ranks holding no row at all), and a matrix
   whose one row holds most entries (a block of one row against blocks
   of many).  The products, a sum and a sparse product's rows come out
   as the serial program's.  */

#include "dist-check.h"

static void
spmv (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"),
      double x[n])
{
  for (int i = 0; i < m; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}

static double
total (int m, int n, double A[m][n] SPARSE ("DCSR"))
{
  double s = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      s += A[i][j];
  return s;
}

static void
square (int n, double C[n][n] SPARSE ("DCSR"), double A[n][n] SPARSE ("DCSR"),
        double B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
        double s = 0;
        for (int k = 0; k < n; k++)
          s += A[i][k] * B[k][j];
        C[i][j] = s;
      }
}

static void
run (const char *path, int n)
{
  sp_tensor *A = sp_read_dist (path, "CSR", SP_F64, MPI_COMM_WORLD);
  sp_tensor *D = sp_read_dist (path, "DCSR", SP_F64, MPI_COMM_WORLD);
  sp_tensor *B = sp_read (path, "CSR", SP_F64);
  sp_tensor *Bd = sp_read (path, "DCSR", SP_F64);
  int64_t dims[2] = { n, n };
  sp_tensor *C = sp_new ("DCSR", SP_F64, 2, dims);
  check (A && D && B && Bd && C, "%s: %s", path, sp_error ());
  double *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  for (int i = 0; i < n; i++)
    x[i] = 1.0 / (i + 3);
  spmv (n, n, y, sp_array (A), x);
  double s = total (n, n, sp_array (D));
  square (n, sp_array (C), sp_array (D), sp_array (B));
  int64_t nnz = sp_dist_nnz (C);
  /* The product's rows: each rank checks its own against the serial
     product, then prints nothing of its own.  */
  sp_tensor *W = sp_new ("DCSR", SP_F64, 2, dims);
  square (n, sp_array (W), sp_array (Bd), sp_array (B));
  int64_t lo, hi, c[2];
  sp_dist_block (C, &lo, &hi);
  sp_iter *it = sp_iter_new (W);
  double v;
  while (sp_iter_next (it, c, &v) > 0)
    if (c[0] >= lo && c[0] < hi)
      check (sp_get (C, c) == v, "%s: C(%lld, %lld)", path,
             (long long) c[0], (long long) c[1]);
  sp_iter_free (it);
  if (me == 0)
    {
      printf ("%s: sum %.17g, product's entries %lld\ny:", path, s,
              (long long) nnz);
      for (int i = 0; i < n; i++)
        printf (" %.17g", y[i]);
      printf ("\n");
    }
  free (x);
  free (y);
  sp_free (A);
  sp_free (D);
  sp_free (B);
  sp_free (Bd);
  sp_free (C);
  sp_free (W);
}

int
main (int argc, char **argv)
{
  start (&argc, &argv);
  put_file ("small-3.mtx", "%%MatrixMarket matrix coordinate real general\n"
            "3 3 4\n1 1 2.5\n2 3 -1\n3 1 4\n3 3 0.5\n");
  /* Row 5 of 40 holds 40 entries, the others one or none.  */
  char text[4096];
  int len = sprintf (text, "%%%%MatrixMarket matrix coordinate real general\n"
                     "40 40 %d\n", 40 + 20);
  for (int j = 1; j <= 40; j++)
    len += sprintf (text + len, "5 %d %d.25\n", j, j);
  for (int i = 1; i <= 40; i += 2)
    if (i != 5)
      len += sprintf (text + len, "%d %d -%d\n", i, (i * 7) % 40 + 1, i);
  len += sprintf (text + len, "40 40 1\n");
  put_file ("small-dense-row.mtx", text);
  run ("small-3.mtx", 3);
  run ("small-dense-row.mtx", 40);
  MPI_Finalize ();
  return 0;
}
