/* A tagged local as the output: C = A .* B (intersection), then read back
   element by element; = overwrites every element, zeros included.  */
#include <stdio.h>
#include <sparse.h>

enum { M = 5, N = 6 };

static double
emul (double A[M][N] SPARSE ("CSR"), double B[M][N] SPARSE ("CSR"))
{
  double C[M][N] SPARSE ("DCSR");
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = 99;
#pragma sparse einsum C(i,j) = A(i,j) * B(i,j)
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = A[i][j] * B[i][j];
#endif
  double s = 0;
  int nz = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      {
        if (C[i][j] != 0)
          nz++;
        s += C[i][j] * (i + 2 * j);
      }
  printf ("nonzeros %d\n", nz);
  return s;
}

int
main (void)
{
  int64_t dims[2] = { M, N };
  sp_tensor *a = sp_new ("CSR", SP_F64, 2, dims);
  sp_tensor *b = sp_new ("CSR", SP_F64, 2, dims);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      {
        if ((i + j) % 2 == 0)
          sp_insert (a, (int64_t[]) { i, j }, i + 1);
        if ((i * j) % 3 == 0)
          sp_insert (b, (int64_t[]) { i, j }, j - 2.5);
      }
  printf ("%.12g\n", emul (sp_array (a), sp_array (b)));
  sp_free (a);
  sp_free (b);
  return 0;
}
