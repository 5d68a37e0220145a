/* Loop nests whose sums no single loop order serves run as kernels over
   temporaries: two products into a sparse output, two into a dense one
   through an inner product, and the square of a row sum of a CSC matrix
   (two sums over one variable, which cannot share its loop).  */
#include "sparse-run.h"

enum { M = 9 };

static void
sparse_out (double C[M][M] SPARSE ("CSR"), double A[M][M] SPARSE ("CSR"),
            double B[M][M] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      {
        double s = 0;
        for (int k = 0; k < M; k++)
          s += A[i][k] * B[k][j];
        for (int l = 0; l < M; l++)
          s += A[i][l] * A[l][j];
        C[i][j] = s;
      }
}

static void
dense_out (double y[M], double A[M][M] SPARSE ("CSR"),
           double B[M][M] SPARSE ("CSC"), double x[M])
{
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      {
        double s = 0;
        for (int k = 0; k < M; k++)
          s += A[i][k] * B[k][j];
        for (int l = 0; l < M; l++)
          s += A[i][l] * B[l][j];
        y[i] += s * x[j];
      }
}

static double
squares (double A[M][M] SPARSE ("CSC"), double x[M], double r[M])
{
  double nrm = 0;
  for (int i = 0; i < M; i++)
    {
      double s = 0;
      for (int j = 0; j < M; j++)
        s += A[i][j] * x[j];
      nrm += r[i] * s * s;
    }
  return nrm;
}

int
main (void)
{
  double y[M], x[M];
  sr_fill (y, M, 1, 2);
  sr_fill (x, M, 2, 1);
  sp_tensor *c = sr_matrix ("CSR", M, M, 3, 3);
  sp_tensor *a = sr_matrix ("CSR", M, M, 4, 3);
  sp_tensor *b = sr_matrix ("CSR", M, M, 5, 4);
  sp_tensor *bc = sr_as (b, "CSC");
  sparse_out (sp_array (c), sp_array (a), sp_array (b));
  sr_print_t ("sparse out", c, M * M);
  dense_out (y, sp_array (a), sp_array (bc), x);
  sr_print ("dense out", y, M);
  printf ("squares %.12g\n", squares (sp_array (bc), x, y));
  sp_free (a);
  sp_free (b);
  sp_free (bc);
  sp_free (c);
  return 0;
}
