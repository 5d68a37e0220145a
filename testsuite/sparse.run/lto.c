/* With -flto the driver hands the plugin to lto1 too, which has no C
   front end: it must load there and stay out of the way.  */
/* { dg-options "-flto" } */
#include <stdio.h>
#include <sparse.h>

double G[30][30] SPARSE ("CSR");

static void
spmv (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < n; i++)
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
        y[i] += A[i][j] * x[j];
    }
#endif
}

int
main (void)
{
  for (int i = 0; i < 30; i++)
    G[i][(i * 7) % 30] = i + 1;
  int64_t dims[2] = { 30, 30 };
  sp_tensor *t = sp_new ("CSR", SP_F64, 2, dims);
  for (int i = 0; i < 30; i++)
    sp_insert (t, (int64_t[]) { i, 29 - i }, 0.5 * i);
  double x[30], y[30], s = 0;
  for (int j = 0; j < 30; j++)
    x[j] = j;
  spmv (30, y, sp_array (t), x);
  for (int i = 0; i < 30; i++)
    s += y[i] + G[i][(i * 7) % 30];
  printf ("%g\n", s);
  sp_free (t);
  return 0;
}
