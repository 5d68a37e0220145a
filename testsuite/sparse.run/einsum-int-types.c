/* Einsum statements over plain arrays of any integer type: short and
   unsigned char factors (promoted to int), an unsigned int output
   converted on store, an unsigned long sum that wraps past 2^64.  */
#include <stdio.h>
#include <stdint.h>
#include <sparse.h>

enum { M = 5, N = 7 };

static void
kernels (double y[M], double A[M][N] SPARSE ("CSR"), short w[N],
         unsigned char mk[N], uint32_t c[M], int32_t B[M][N] SPARSE ("CSR"),
         uint64_t u[N], uint64_t *total)
{
  uint64_t s = 0;
#pragma sparse einsum y(i) = A(i,j) * w(j) * mk(j)
#pragma sparse einsum c(i) = B(i,j) * mk(j)
#pragma sparse einsum s = B(i,j) * u(j)
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < M; i++)
    {
      double acc = 0;
      for (int j = 0; j < N; j++)
        acc += A[i][j] * w[j] * mk[j];
      y[i] = acc;
    }
  for (int i = 0; i < M; i++)
    {
      int acc = 0;
      for (int j = 0; j < N; j++)
        acc += B[i][j] * mk[j];
      c[i] = acc;
    }
  s = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      s += B[i][j] * u[j];
#endif
  *total = s;
}

int
main (void)
{
  int64_t dims[2] = { M, N };
  sp_tensor *a = sp_new ("CSR", SP_F64, 2, dims);
  sp_tensor *b = sp_new ("CSR", SP_I32, 2, dims);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      {
        if ((i + j) % 3 == 0)
          sp_insert (a, (int64_t[]) { i, j }, i - j + 0.5);
        if ((i * j) % 2 == 1)
          sp_insert (b, (int64_t[]) { i, j }, 7 * i - 11 * j);
      }
  double y[M];
  short w[N];
  unsigned char mk[N];
  uint32_t c[M];
  uint64_t u[N], t;
  for (int j = 0; j < N; j++)
    {
      w[j] = (short) (30000 - 9000 * j);
      mk[j] = (unsigned char) (250 + j);
      u[j] = 0xf000000000000000ul + (uint64_t) j;
    }
  kernels (y, sp_array (a), w, mk, c, sp_array (b), u, &t);
  for (int i = 0; i < M; i++)
    printf ("%.17g %u\n", y[i], c[i]);
  printf ("total %llu\n", (unsigned long long) t);
  sp_free (a);
  sp_free (b);
  return 0;
}
