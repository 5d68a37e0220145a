/* Accumulators of another type than the one C adds their terms in: an
   int count of unsigned terms, x = (int) ((unsigned) x + t) at each
   step, summed in unsigned int and converted once; an int or long sum
   of wider or unsigned terms likewise (in unsigned long); short and
   char sums of int terms (GCC computes them in the narrow type); an
   int product of unsigned factors; and those C's promotions make wide
   enough already (an unsigned sum of ints, a long sum of unsigned
   ints).  The values wrap: terms near UINT_MAX and past 2^32, sums past
   INT_MAX and 2^63, short and char sums past their ranges, starts near
   INT_MAX.  Over CSR, CSC and DCSR, scalar and array outputs, a
   temporary, and two einsum pragmas.  nest-accum-types-openmp.c builds
   it with -fopenmp, every parallel loop taken on 1 to 4 threads.  */
#include <limits.h>
#include "sparse-run.h"
#ifdef _OPENMP
#include <omp.h>
#endif

enum { M = 211, N = 173 };

static int
count (double A[M][N] SPARSE ("CSR"), const unsigned w[N])
{
  int c = INT_MAX - 10;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, .A.i,j. != 0. . w.j...; A: CSR; loops: i for, j for over A; c: scalar, summed in unsigned int" } */
    for (int j = 0; j < N; j++)
      c += (A[i][j] != 0) * w[j];
  return c;
}

static int
count_csc (double A[M][N] SPARSE ("CSC"), const unsigned w[N])
{
  int c = INT_MIN + 3;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, .A.i,j. != 0. . w.j...; A: CSC; .*c: scalar, summed in unsigned int" } */
    for (int j = 0; j < N; j++)
      c += (A[i][j] != 0) * w[j];
  return c;
}

/* Each row's sum into an element that starts near INT_MAX.  */
static void
rows (int B[M][N] SPARSE ("CSR"), const unsigned u[N], int y[M])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, B.i,j. . u.j..; B: CSR; loops: i for, j for over B; y: dense, summed in unsigned int" } */
    for (int j = 0; j < N; j++)
      y[i] += B[i][j] * u[j];
}

/* Along the rows: each thread's copy, added at the end.  */
static void
cols (double A[M][N] SPARSE ("CSR"), const unsigned w[M], int z[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: z.j. .= sum.i, .A.i,j. != 0. . w.i..; A: CSR; .*z: dense, summed in unsigned int" } */
    for (int j = 0; j < N; j++)
      z[j] += (A[i][j] != 0) * w[i];
}

/* A temporary's sum, converted to int when read and widened to long
   when stored: its sign counts.  */
static void
temporary (double A[M][N] SPARSE ("CSR"), const unsigned w[N], long y[M])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = .int.sum.j, .A.i,j. != 0. . w.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      int t = 0;
      for (int j = 0; j < N; j++)
        t += (A[i][j] != 0) * w[j];
      y[i] = t;
    }
}

static int
minus (int B[M][N] SPARSE ("DCSR"), const unsigned u[N])
{
  int c = 12345;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: c -= sum.i, sum.j, B.i,j. . u.j...; B: DCSR; .*c: scalar, summed in unsigned int" } */
    for (int j = 0; j < N; j++)
      c -= B[i][j] * u[j];
  return c;
}

/* Narrow sums that wrap at each step: GCC computes them in the narrow
   type, (short) (s + t) as s + (short) t.  */
static void
narrow (int B[M][N] SPARSE ("CSR"), const int v[N], short sh[M],
        signed char sc[M], unsigned short us[M], unsigned char uc[M])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: sh.i. .= sum.j, .short.*; B: CSR; loops: i for, j for over B; sh: dense" } */
    for (int j = 0; j < N; j++)
      {
        sh[i] += B[i][j] * v[j];
        sc[i] += B[i][j] * v[j];
        us[i] -= B[i][j] * v[j];
        uc[i] += B[i][j] * v[j];
      }
}

/* An int sum of long terms (past 2^32), which GCC reads as unsigned
   int terms, and a long sum of unsigned long terms past 2^63.  */
static int
of_long (int B[M][N] SPARSE ("CSR"), const long l[N])
{
  int c = -7;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, B.i,j. . .unsigned int.l.j...; B: CSR; .*c: scalar, summed in unsigned int" } */
    for (int j = 0; j < N; j++)
      c += B[i][j] * l[j];
  return c;
}

static long
of_ulong (double A[M][N] SPARSE ("CSR"), const unsigned long ul[N])
{
  long c = LONG_MAX - 100;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, .A.i,j. != 0. . ul.j...; A: CSR; .*c: scalar, summed in unsigned long" } */
    for (int j = 0; j < N; j++)
      c += (A[i][j] != 0) * ul[j];
  return c;
}

/* Wide enough already: the terms converted to the accumulator's type.  */
static unsigned
of_int (int B[M][N] SPARSE ("CSR"), const int v[N])
{
  unsigned c = 5;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, .unsigned int..B.i,j. . v.j....; B: CSR; loops: i for, j for over B; c: scalar$" } */
    for (int j = 0; j < N; j++)
      c += B[i][j] * v[j];
  return c;
}

static long
long_of_unsigned (double A[M][N] SPARSE ("CSR"), const unsigned w[N])
{
  long c = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, .long...A.i,j. != 0. . w.j....; A: CSR; loops: i for, j for over A; c: scalar$" } */
    for (int j = 0; j < N; j++)
      c += (A[i][j] != 0) * w[j];
  return c;
}

/* Products of unsigned factors into ints: q[i] = (int) ((unsigned) q[i]
   * t), multiplied in unsigned int, the factor at a zero (K) once per
   unstored entry.  The factors are odd: the products wrap, never to
   zero.  */
static void
products (int B[M][N] SPARSE ("CSR"), unsigned k, int q[M])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: q.i. = prod.3, prod.j, B.i,j. . 2 . k..; B: CSR; .*q: dense, multiplied in unsigned int" } */
    {
      q[i] = 3;
      for (int j = 0; j < N; j++)
        q[i] *= 2 * B[i][j] + k;
    }
}

static int
product (int B[M][N] SPARSE ("CSR"), unsigned k)
{
  int p = -1;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: p = prod.p, prod.i, prod.j, B.i,j. . 2 . k...; B: CSR; .*p: scalar, multiplied in unsigned int" } */
    for (int j = 0; j < N; j++)
      p *= 2 * B[i][j] + k;
  return p;
}

/* The pragma's sum of unsigned terms into an int.  */
static int
einsum_count (int B[M][N] SPARSE ("CSR"), const unsigned u[N])
{
  int c = INT_MAX;
#pragma sparse einsum c += B(i,j) * u(j)	/* { dg-message "einsum sparsified: c .= sum.j, sum.i, B.i,j.. . u.j..; B: CSR; .*c: scalar, summed in unsigned int" } */
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             c += B[i][j] * u[j];)
  return c;
}

static void
einsum_rows (int B[M][N] SPARSE ("DCSR"), const unsigned u[N], int y[M])
{
#pragma sparse einsum y(i) += B(i,j) * u(j)	/* { dg-message "einsum sparsified: y.i. .= sum.j, B.i,j. . u.j..; B: DCSR; .*y: dense, summed in unsigned int" } */
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             y[i] += B[i][j] * u[j];)
}

/* A line: a weighted sum of the N values of Y, in unsigned long.  */
#define PRINT(what, y, n)                                               \
  do                                                                    \
    {                                                                   \
      unsigned long s_ = 0;                                             \
      for (int p_ = 0; p_ < (n); p_++)                                  \
        s_ += (unsigned long) (long) (y)[p_] * (unsigned long) (p_ % 13 + 1); \
      printf ("%s %lu %ld\n", what, s_, (long) (y)[(n) / 2]);          \
    }                                                                   \
  while (0)

int
main (void)
{
  setenv ("SP_PAR_MIN", "0", 1);
  sp_tensor *A = sr_matrix ("CSR", M, N, 3, 3);
  sp_tensor *Ac = sr_as (A, "CSC");
  sp_tensor *B = sr_check (sp_new ("CSR", SP_I32, 2, (int64_t[]) { M, N }),
                           "B");
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 9);
        /* Rows without entries, large values of both signs.  */
        if (h % 4 == 0 && i % 7 != 3)
          sp_insert (B, (int64_t[]) { i, j },
                     (double) ((int) (h >> 4) % 2000001 - 1000000));
      }
  sp_tensor *Bd = sr_as (B, "DCSR");
  static unsigned w[N], wm[M], u[N];
  static int v[N];
  static long l[N];
  static unsigned long ul[N];
  for (int j = 0; j < N; j++)
    {
      w[j] = UINT_MAX - 3u * (unsigned) j;
      u[j] = 0x9e3779b9u * (unsigned) (j + 1);
      /* B[i][j] * v[j] within int's range, as C requires.  */
      v[j] = (int) (sr_hash (j, 1, 2, 3) % 2001) - 1000;
      l[j] = (long) 0x123456789l * (j % 11 - 5) + j;
      ul[j] = 0xfedcba9876543210ul * (unsigned long) (j + 1);
    }
  for (int i = 0; i < M; i++)
    wm[i] = UINT_MAX - 17u * (unsigned) i;
  int nts = 1;
#ifdef _OPENMP
  nts = 4;
#endif
  for (int nt = 1; nt <= nts; nt++)
    {
#ifdef _OPENMP
      omp_set_num_threads (nt);
#endif
      static int y[M], z[N], q[M], ye[M];
      static short sh[M];
      static signed char sc[M];
      static unsigned short us[M];
      static unsigned char uc[M];
      for (int i = 0; i < M; i++)
        {
          y[i] = ye[i] = INT_MAX - i;
          sh[i] = (short) (SHRT_MAX - i);
          sc[i] = (signed char) (i % 200 - 100);
          us[i] = (unsigned short) i;
          uc[i] = (unsigned char) (250 + i % 6);
        }
      for (int j = 0; j < N; j++)
        z[j] = INT_MIN + j;
      printf ("count %d\n", count (sp_array (A), w));
      printf ("count csc %d\n", count_csc (sp_array (Ac), w));
      rows (sp_array (B), u, y);
      PRINT ("rows", y, M);
      cols (sp_array (A), wm, z);
      PRINT ("cols", z, N);
      static long yl[M];
      temporary (sp_array (A), w, yl);
      PRINT ("temporary", yl, M);
      printf ("minus %d\n", minus (sp_array (Bd), u));
      narrow (sp_array (B), v, sh, sc, us, uc);
      PRINT ("short", sh, M);
      PRINT ("signed char", sc, M);
      PRINT ("unsigned short", us, M);
      PRINT ("unsigned char", uc, M);
      printf ("of long %d\n", of_long (sp_array (B), l));
      printf ("of unsigned long %ld\n", of_ulong (sp_array (A), ul));
      printf ("of int %u\n", of_int (sp_array (B), v));
      printf ("long of unsigned %ld\n", long_of_unsigned (sp_array (A), w));
      products (sp_array (B), 3, q);
      PRINT ("products 3", q, M);
      products (sp_array (B), UINT_MAX, q);
      PRINT ("products -1", q, M);
      printf ("product %d %d\n", product (sp_array (B), 1),
              product (sp_array (B), 7));
      printf ("einsum %d\n", einsum_count (sp_array (B), u));
      einsum_rows (sp_array (Bd), u, ye);
      PRINT ("einsum rows", ye, M);
    }
  sp_free (A);
  sp_free (Ac);
  sp_free (B);
  sp_free (Bd);
  return 0;
}
