/* spgemm.c -- sparse times sparse and sparse plus sparse, into sparse
   outputs.

   A (by default laplace72.mtx) is read into a CSR tensor; C = A A and
   D = A + C are computed by loop nests into tensors the caller made
   empty (CSR too), then summarised by two more nests.  With the plugin
   the product runs row by row (Gustavson's algorithm: each row of C
   gathers the rows of A that row i of A selects), the sum merges rows,
   and C and D hold only their nonzeros; without it they are dense
   arrays.

     ./spgemm [matrix.mtx]  */

#include <stdio.h>
#include <sparse.h>

static void
multiply (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"),
          double B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)
    {
      for (int j = 0; j < n; j++)
        C[i][j] = 0;
      for (int k = 0; k < n; k++)
        for (int j = 0; j < n; j++)
          C[i][j] += A[i][k] * B[k][j];
    }
}

static void
add (int n, double D[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"),
     double B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      D[i][j] = A[i][j] + B[i][j];
}

/* The number of nonzeros and a checksum weighted by position.  */
static void
summary (const char *name, int n, double M[n][n] SPARSE ("CSR"))
{
  long nonzeros = 0;
  double sum = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
        if (M[i][j] != 0)
          nonzeros++;
        sum += M[i][j] * (i + 2 * j + 1);
      }
  printf ("%s: %ld nonzeros, weighted sum %.12g\n", name, nonzeros, sum);
}

int
main (int argc, char **argv)
{
  const char *path = argc > 1 ? argv[1] : "laplace72.mtx";
  sp_tensor *a = sp_read (path, "CSR", SP_F64);
  if (!a || sp_dim (a, 0) != sp_dim (a, 1))
    {
      fprintf (stderr, "spgemm: %s\n", a ? "not square" : sp_error ());
      return 1;
    }
  int n = (int) sp_dim (a, 0);
  const int64_t dims[2] = { n, n };
  sp_tensor *c = sp_new ("CSR", SP_F64, 2, dims);
  sp_tensor *d = sp_new ("CSR", SP_F64, 2, dims);
  if (!c || !d)
    return 1;

  multiply (n, sp_array (c), sp_array (a), sp_array (a));
  add (n, sp_array (d), sp_array (a), sp_array (c));

  summary ("A", n, sp_array (a));
  summary ("C = A A", n, sp_array (c));
  summary ("D = A + C", n, sp_array (d));
  sp_free (a);
  sp_free (c);
  sp_free (d);
  return 0;
}
