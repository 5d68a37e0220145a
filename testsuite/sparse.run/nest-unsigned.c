/* Unsigned counters, degrees and sums over a sparse matrix: C's unsigned
   arithmetic, wrapping modulo 2^32 and 2^64, in any order of the terms;
   size_t loops whose variables are values; unsigned division and %.  */
#include "sparse-run.h"
#include <stddef.h>

static unsigned
count (int m, int n, double A[m][n] SPARSE ("CSR"))
{
  unsigned c = 0;
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, A.i,j. != 0 . 1U : 0..; A: CSR" } */
    for (int j = 0; j < n; j++)
      if (A[i][j] != 0)
        c++;
  return c;
}

static void
degrees (int m, int n, double A[m][n] SPARSE ("CSR"), uint32_t deg[m])
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: deg.i. .= sum.j, A.i,j. != 0 . 1U : 0.; A: CSR" } */
    for (int j = 0; j < n; j++)
      if (A[i][j] != 0)
        deg[i]++;
}

/* Products of large values wrap past 2^64.  */
static uint64_t
wide (int m, int n, double A[m][n] SPARSE ("CSR"), const uint64_t u[m],
      const unsigned long v[n])
{
  uint64_t s = 0;
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, A.i,j. != 0 . u.i. . v.j. : 0..; A: CSR" } */
    for (int j = 0; j < n; j++)
      if (A[i][j] != 0)
        s += u[i] * v[j];
  return s;
}

/* size_t loop variables as values, in unsigned arithmetic that wraps
   below zero; GCC folds s += i * 3 + j - 7 into ((i * 3 + j) + s) - 7.  */
static unsigned
indices (size_t m, size_t n, double A[m][n] SPARSE ("CSR"))
{
  unsigned s = 0;
  for (size_t i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, A.i,j. != 0 . .unsigned int.i . 3U . .unsigned int.j . 4294967289U : 0..; A: CSR" } */
    for (size_t j = 0; j < n; j++)
      if (A[i][j] != 0)
        s += i * 3 + j - 7;
  return s;
}

/* An int matrix read as unsigned: negative entries are large.  */
static unsigned
quotients (int m, int n, int B[m][n] SPARSE ("CSR"), unsigned d)
{
  unsigned c = 0;
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, B.i,j. % 7U . B.i,j. / d..; B: CSR" } */
    for (int j = 0; j < n; j++)
      c += (unsigned) B[i][j] % 7u + (unsigned) B[i][j] / d;
  return c;
}

/* The row sums of an unsigned long matrix's pattern, a long sum.  */
static void
rows (int m, int n, int B[m][n] SPARSE ("CSR"), unsigned long r[m],
      long long t[m])
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: r.i. .= sum.j, .unsigned long.B.i,j.." } */
    for (int j = 0; j < n; j++)
      {
        r[i] += B[i][j];
        t[i] -= B[i][j];
      }
}

int
main (void)
{
  enum { M = 23, N = 19 };
  sp_tensor *A = sr_matrix ("CSR", M, N, 1, 3);
  sp_tensor *B = sr_check (sp_new ("CSR", SP_I32, 2,
                                   (int64_t[]) { M, N }), "B");
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 5);
        if (h % 3 == 0)
          sp_insert (B, (int64_t[]) { i, j },
                     (double) ((int) (h >> 8) % 200 - 100));
      }
  printf ("count %u\n", count (M, N, sp_array (A)));
  uint32_t deg[M] = { 0 };
  degrees (M, N, sp_array (A), deg);
  for (int i = 0; i < M; i++)
    printf ("%u%c", deg[i], i == M - 1 ? '\n' : ' ');
  uint64_t u[M];
  unsigned long v[N];
  for (int i = 0; i < M; i++)
    u[i] = 0x8000000000000001ul + 0x123456789ul * (uint64_t) i;
  for (int j = 0; j < N; j++)
    v[j] = 0xfedcba9876543210ul * (uint64_t) (j + 1);
  printf ("wide %llu\n",
          (unsigned long long) wide (M, N, sp_array (A), u, v));
  printf ("indices %u\n", indices (M, N, sp_array (A)));
  printf ("quotients %u %u\n", quotients (M, N, sp_array (B), 3),
          quotients (M, N, sp_array (B), 1000));
  unsigned long r[M] = { 0 };
  long long t[M] = { 0 };
  rows (M, N, sp_array (B), r, t);
  for (int i = 0; i < M; i++)
    printf ("%lu %lld\n", r[i], t[i]);
  sp_free (A);
  sp_free (B);
  return 0;
}
