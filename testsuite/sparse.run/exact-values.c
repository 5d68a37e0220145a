/* Values at the edges of their types keep every bit through tagged
   globals, locals and parameters: written and read through element
   accesses, and read, summed and written by sparse kernels (SpMV, sums,
   A + B and A * B into sparse outputs).  long values past 2^53 used to
   pass through a double; float values must round as float arithmetic
   does, not as double's.  No sum below overflows in any order.  */
#include <stdint.h>
#include <stdio.h>
#include <sparse.h>

enum { N = 6 };

#define P53 9007199254740993L	/* 2^53 + 1: no double holds it */

static long GL[N][N] SPARSE ("DCSR");
static int GI[N][N] SPARSE ("CSR");
static float GF[N][N] SPARSE ("CSR");

static void
spmv_long (long y[N], long A[N][N] SPARSE ("CSR"), long x[N])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR" } */
    {
      long s = 0;
      for (int j = 0; j < N; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}

static long
total_long (long A[N][N] SPARSE ("DCSR"))
{
  long s = 0;
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, A.i,j...; A: DCSR" } */
    for (int j = 0; j < N; j++)
      s += A[i][j];
  return s;
}

static void
add_long (long C[restrict N][N] SPARSE ("CSR"), long A[N][N] SPARSE ("CSR"),
          long B[N][N] SPARSE ("CSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: C.i,j. = A.i,j. . B.i,j.; C: CSR" } */
    for (int j = 0; j < N; j++)
      C[i][j] = A[i][j] + B[i][j];
}

static void
mul_long (long C[restrict N][N] SPARSE ("CSR"), long A[N][N] SPARSE ("CSR"),
          long B[N][N] SPARSE ("CSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: C.i,j. = sum.k, A.i,k. . B.k,j..; C: CSR" } */
    {
      for (int j = 0; j < N; j++)
        C[i][j] = 0;
      for (int k = 0; k < N; k++)
        for (int j = 0; j < N; j++)
          C[i][j] += A[i][k] * B[k][j];
    }
}

static long
scaled_long (long A[N][N] SPARSE ("CSR"))
{
  long s = 0;
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, A.i,j. . 3L..; A: CSR" } */
    for (int j = 0; j < N; j++)
      s += A[i][j] * 3L;
  return s;
}

/* The same kernels for int and float.  */
#define KERNELS(T, NAME)						\
  static void								\
  spmv_##NAME (T y[N], T A[N][N] SPARSE ("CSR"), T x[N])		\
  {									\
    for (int i = 0; i < N; i++)						\
      {									\
        T s = 0;							\
        for (int j = 0; j < N; j++)					\
          s += A[i][j] * x[j];						\
        y[i] = s;							\
      }									\
  }									\
  static void								\
  add_##NAME (T C[restrict N][N] SPARSE ("CSR"),			\
              T A[N][N] SPARSE ("CSR"), T B[N][N] SPARSE ("CSR"))	\
  {									\
    for (int i = 0; i < N; i++)						\
      for (int j = 0; j < N; j++)					\
        C[i][j] = A[i][j] + B[i][j];					\
  }									\
  static void								\
  mul_##NAME (T C[restrict N][N] SPARSE ("CSR"),			\
              T A[N][N] SPARSE ("CSR"), T B[N][N] SPARSE ("CSR"))	\
  {									\
    for (int i = 0; i < N; i++)						\
      {									\
        for (int j = 0; j < N; j++)					\
          C[i][j] = 0;							\
        for (int k = 0; k < N; k++)					\
          for (int j = 0; j < N; j++)					\
            C[i][j] += A[i][k] * B[k][j];				\
      }									\
  }

KERNELS (int, int)
KERNELS (float, float)

static void
show_long (const char *what, long A[N][N] SPARSE ("CSR"))
{
  printf ("%s:", what);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j])
        printf (" (%d,%d) %ld", i, j, A[i][j]);
  printf ("\n");
}

static void
show_int (const char *what, int A[N][N] SPARSE ("CSR"))
{
  printf ("%s:", what);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j])
        printf (" (%d,%d) %d", i, j, A[i][j]);
  printf ("\n");
}

static void
show_float (const char *what, float A[N][N] SPARSE ("CSR"))
{
  printf ("%s:", what);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j])
        printf (" (%d,%d) %.9g", i, j, (double) A[i][j]);
  printf ("\n");
}

static void
longs (void)
{
  long A[N][N] SPARSE ("CSR");
  long B[N][N] SPARSE ("CSR");
  long C[N][N] SPARSE ("CSR");
  long D[N][N] SPARSE ("DCSR");
  long x[N] = { 1, -1, 1, 0, 1, 1 }, y[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = B[i][j] = D[i][j] = 0;
  A[0][0] = P53;
  A[0][1] = 2;
  A[1][2] = INT64_MAX;
  A[2][4] = INT64_MIN + 1;
  A[3][3] = -P53;
  A[4][5] = INT64_MIN;
  A[5][0] = 3;
  A[5][0] += P53;		/* 2^53 + 4 */
  B[0][0] = -P53;		/* cancels A(0,0): an explicit zero */
  B[0][1] = P53;
  B[3][3] = 2;
  B[5][5] = INT64_MAX;
  D[1][2] = INT64_MAX;
  D[2][4] = INT64_MIN + 1;
  D[3][0] = P53;
  D[4][1] = -P53 + 2;
  GL[0][5] = P53;
  GL[5][0] = INT64_MIN;
  GL[2][2] = GL[0][5] + 2;
  show_long ("A", A);
  show_long ("B", B);
  printf ("GL: %ld %ld %ld\n", GL[0][5], GL[5][0], GL[2][2]);
  spmv_long (y, A, x);
  printf ("A x:");
  for (int i = 0; i < N; i++)
    printf (" %ld", y[i]);
  printf ("\nsum D: %ld\n", total_long (D));
  add_long (C, A, B);
  show_long ("A + B", C);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = B[i][j] = 0;
  A[0][1] = P53;
  A[1][1] = -1;
  A[2][0] = 1L << 40;
  B[1][0] = 1;
  B[1][3] = -3;
  B[0][2] = (1L << 22) + 1;
  mul_long (C, A, B);
  show_long ("A * B", C);
  printf ("3 sum A: %ld\n", scaled_long (A));
}

static void
ints (void)
{
  int A[N][N] SPARSE ("CSR");
  int B[N][N] SPARSE ("CSR");
  int C[N][N] SPARSE ("CSR");
  int x[N] = { 1, 1, -1, 1, 0, 1 }, y[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = B[i][j] = 0;
  A[0][0] = INT32_MIN;
  A[0][1] = INT32_MAX;
  A[1][1] = INT32_MAX;
  A[2][2] = INT32_MIN + 1;
  A[3][4] = -7;
  B[1][1] = INT32_MIN + 1;
  B[2][2] = INT32_MAX;
  B[4][0] = 5;
  GI[1][1] = INT32_MIN;
  GI[3][3] = GI[1][1] + 1;
  printf ("GI: %d %d\n", GI[1][1], GI[3][3]);
  spmv_int (y, A, x);
  printf ("A x:");
  for (int i = 0; i < N; i++)
    printf (" %d", y[i]);
  printf ("\n");
  add_int (C, A, B);
  show_int ("A + B", C);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = B[i][j] = 0;
  A[0][1] = 46340;
  B[1][2] = 46340;
  A[3][3] = INT32_MIN;
  B[3][0] = 1;
  mul_int (C, A, B);
  show_int ("A * B", C);
}

static void
floats (void)
{
  float A[N][N] SPARSE ("CSR");
  float B[N][N] SPARSE ("CSR");
  float C[N][N] SPARSE ("CSR");
  float x[N] = { 1, 1, 1, 0.1f, 3, 1 }, y[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = B[i][j] = 0;
  A[0][0] = 16777216;
  A[0][1] = 1;			/* lost in a float sum, kept in a double */
  A[1][1] = 16777217;		/* rounds to 16777216 as a float */
  A[2][3] = 0.1;		/* the double 0.1 rounded to float */
  A[3][4] = 3.4e38f;
  A[4][0] = 1e-45f;		/* the least float */
  B[0][0] = 1;
  B[1][1] = 0.1f;
  B[3][4] = 3.4e38f;		/* float overflow to inf, as C's */
  GF[2][2] = 1.0 / 3;
  GF[2][3] = GF[2][2] * 3;
  printf ("GF: %.9g %.9g\n", (double) GF[2][2], (double) GF[2][3]);
  show_float ("A", A);
  spmv_float (y, A, x);
  printf ("A x:");
  for (int i = 0; i < N; i++)
    printf (" %.9g", (double) y[i]);
  printf ("\n");
  add_float (C, A, B);
  show_float ("A + B", C);
  mul_float (C, A, B);
  show_float ("A * B", C);
}

int
main (void)
{
  longs ();
  ints ();
  floats ();
  return 0;
}
