/* The pragma inside an OpenMP parallel loop: its loops and temporaries
   belong to each thread.  */
/* { dg-options "-fopenmp" } */
#include <stdio.h>
#include <sparse.h>
static void rows (int n, double y[n][4], double A[n][n] SPARSE ("CSR"), double x[n][4])
{
  #pragma omp parallel for
  for (int c = 0; c < 4; c++)
    {
      double xc[n], yc[n];
      for (int j = 0; j < n; j++) xc[j] = x[j][c];
#pragma sparse einsum yc(i) = A(i,j) * xc(j)
#ifndef __SPARSE_PLUGIN__
      for (int i = 0; i < n; i++) { yc[i] = 0; for (int j = 0; j < n; j++) yc[i] += A[i][j] * xc[j]; }
#endif
      for (int i = 0; i < n; i++) y[i][c] = yc[i];
    }
}
int main (void)
{
  enum { N = 50 };
  int64_t d[2] = { N, N };
  sp_tensor *a = sp_new ("CSR", SP_F64, 2, d);
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) if ((i * 3 + j) % 7 == 0) sp_insert (a, (int64_t[]) { i, j }, i - j);
  double x[N][4], y[N][4];
  for (int j = 0; j < N; j++) for (int c = 0; c < 4; c++) x[j][c] = j + c * 0.5;
  rows (N, y, sp_array (a), x);
  double s = 0; for (int i = 0; i < N; i++) for (int c = 0; c < 4; c++) s += y[i][c] * (i + c);
  printf ("%.12g\n", s);
  sp_free (a);
  return 0;
}
