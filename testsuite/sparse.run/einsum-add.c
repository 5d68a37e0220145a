/* Sparse add of two formats into a dense local: C = A + B.  */
#include <stdio.h>
#include <sparse.h>

static double
add (int m, int n, double A[m][n] SPARSE ("CSR"), double B[m][n] SPARSE ("DCSR"))
{
  double C[m][n];
#pragma sparse einsum C(i,j) = A(i,j) + B(i,j)
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = A[i][j] + B[i][j];
#endif
  double s = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      {
        s = s * 0.5 + C[i][j];
        printf ("%g%c", C[i][j], j == n - 1 ? '\n' : ' ');
      }
  return s;
}

int
main (void)
{
  int64_t dims[2] = { 5, 7 };
  sp_tensor *a = sp_new ("CSR", SP_F64, 2, dims);
  sp_tensor *b = sp_new ("DCSR", SP_F64, 2, dims);
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 7; j++)
      {
        if ((i + 2 * j) % 3 == 0)
          sp_insert (a, (int64_t[]) { i, j }, i + j * 0.125);
        if ((3 * i + j) % 4 == 1)
          sp_insert (b, (int64_t[]) { i, j }, -1.0 - i);
      }
  printf ("%.10g\n", add (5, 7, sp_array (a), sp_array (b)));
  sp_free (a);
  sp_free (b);
  return 0;
}
