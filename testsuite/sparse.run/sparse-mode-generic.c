/* TTV over the mode-generic format CN,S,D: a singleton level above a dense
   fibre stores each coordinate once, so its position is the fibre's
   parent (this once summed nothing).  */
#include <stdio.h>
#include <sparse.h>
static void ttv (int I, int J, int K, double Y[I][J], double B[I][J][K] SPARSE ("CN,S,D"), double x[K])
{
#pragma sparse einsum Y(i,j) = B(i,j,k) * x(k)
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < I; i++) for (int j = 0; j < J; j++) { Y[i][j] = 0; for (int k = 0; k < K; k++) Y[i][j] += B[i][j][k] * x[k]; }
#endif
}
int main (void)
{
  int64_t d[3] = {3, 4, 5};
  sp_tensor *b = sp_new ("CN,S,D", SP_F64, 3, d);
  for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) for (int k = 0; k < 5; k++) if ((i + 2*j + k) % 3 == 0) sp_insert (b, (int64_t[]) {i, j, k}, 1 + i + j * 0.5 + k * 0.25);
  double x[5] = {1, 2, 3, 4, 5}, Y[3][4];
  ttv (3, 4, 5, Y, sp_array (b), x);
  for (int i = 0; i < 3; i++) { for (int j = 0; j < 4; j++) printf ("%g ", Y[i][j]); printf ("\n"); }
  sp_free (b);
}
