/* Integer tensors: int32_t and int64_t, integer arithmetic (C's
   conversions: int64 * int32 is int64, division truncates).  */
#include <stdio.h>
#include <stdint.h>
#include <sparse.h>

enum { M = 4, N = 6 };

static void
kernels (int64_t y[M], int32_t A[M][N] SPARSE ("CSR"),
         int64_t B[M][N] SPARSE ("DCSR"), int32_t x[N], int64_t *total)
{
  int64_t s = 0;
#pragma sparse einsum y(i) = A(i,j) * x(j) + B(i,j) / 3
#pragma sparse einsum s = A(i,j) * B(i,j)
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < M; i++)
    {
      int64_t acc = 0;
      for (int j = 0; j < N; j++)
        acc += A[i][j] * x[j] + B[i][j] / 3;
      y[i] = acc;
    }
  s = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      s += A[i][j] * B[i][j];
#endif
  *total = s;
}

int
main (void)
{
  int64_t dims[2] = { M, N };
  sp_tensor *a = sp_new ("CSR", SP_I32, 2, dims);
  sp_tensor *b = sp_new ("DCSR", SP_I64, 2, dims);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      {
        if ((i + j) % 3 == 0)
          sp_insert (a, (int64_t[]) { i, j }, i - j);
        if ((i * j) % 2 == 1)
          sp_insert (b, (int64_t[]) { i, j }, 1000000007 + i * 11 - j);
      }
  int64_t y[M], total;
  int32_t x[N];
  for (int j = 0; j < N; j++)
    x[j] = j * 3 - 7;
  kernels (y, sp_array (a), sp_array (b), x, &total);
  for (int i = 0; i < M; i++)
    printf ("%lld\n", (long long) y[i]);
  printf ("total %lld\n", (long long) total);
  sp_free (a);
  sp_free (b);
  return 0;
}
