/* With -fopenmp a kernel summing into a scalar output, or into a dense
   output along the rows of its loop (y(j) = A(i,j) x(i) over CSR rows
   i), runs that loop on threads, each summing its own rows into its own
   register or its own copy of the output, the threads' sums added at the
   end, where the order of the additions cannot change the result:
   integer elements, or floating point under -fassociative-math (given
   here; the double sums below add small integers, exact in any order).
   Same results as the dense program on 1 to 4 threads, every region
   taken (SP_PAR_MIN=0): a dot product of int64 CSR matrices, an int32
   DCSR sum, y^T A x, an update s += A - B, a dense loop nest summing a
   CSR matrix; A^T x (=, +=, double), A^T X over DCSR.  */
/* { dg-options "-fopenmp -fassociative-math -fno-signed-zeros -fno-trapping-math" } */
#include "sparse-run.h"
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#endif

enum { M = 2003, N = 1009 };

static long
dot (long A[M][N] SPARSE ("CSR"), long B[M][N] SPARSE ("CSR"))
{
  long s = 0;
#pragma sparse einsum s = A(i,j) * B(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             s += A[i][j] * B[i][j];)
  return s;
}

static int
total (int A[M][N] SPARSE ("DCSR"))
{
  int s = 0;
#pragma sparse einsum s = A(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             s += A[i][j];)
  return s;
}

static double
quad (double y[M], double A[M][N] SPARSE ("CSR"), double x[N])
{
  double s = 0;
#pragma sparse einsum s = y(i) * A(i,j) * x(j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             s += y[i] * A[i][j] * x[j];)
  return s;
}

static double
update (double A[M][N] SPARSE ("CSR"), double B[M][N] SPARSE ("CSR"))
{
  double s = 10;
#pragma sparse einsum s += A(i,j) - B(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             s += A[i][j] - B[i][j];)
  return s;
}

static void
at_x (long y[N], long A[M][N] SPARSE ("CSR"), long x[M])
{
#pragma sparse einsum y(j) = A(i,j) * x(i)
  DENSE (for (int j = 0; j < N; j++)
           y[j] = 0;
         for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             y[j] += A[i][j] * x[i];)
}

static void
at_x_acc (long y[N], long A[M][N] SPARSE ("CSR"), long x[M])
{
#pragma sparse einsum y(j) -= A(i,j) * x(i)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             y[j] -= A[i][j] * x[i];)
}

static void
at_x_double (double y[N], double A[M][N] SPARSE ("CSR"), double x[M])
{
#pragma sparse einsum y(j) = A(i,j) * x(i)
  DENSE (for (int j = 0; j < N; j++)
           y[j] = 0;
         for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             y[j] += A[i][j] * x[i];)
}

enum { R = 5 };

static void
at_xs (long Y[N][R], long A[M][N] SPARSE ("DCSR"), long X[M][R])
{
#pragma sparse einsum Y(j,r) = A(i,j) * X(i,r)
  DENSE (for (int j = 0; j < N; j++)
           for (int r = 0; r < R; r++)
             Y[j][r] = 0;
         for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             for (int r = 0; r < R; r++)
               Y[j][r] += A[i][j] * X[i][r];)
}

/* A line: a weighted sum of Y's N elements.  */
static void
print_long (const char *what, const long *y, int n)
{
  long s = 0;
  for (int p = 0; p < n; p++)
    s += y[p] * (p % 13 + 1);
  printf ("%s %ld\n", what, s);
}

static long
nest (long A[M][N] SPARSE ("CSR"))
{
  long s = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      s += A[i][j];
  return s;
}

/* An M x N matrix of TYPE in FMT: small integers where the hash is 0 mod
   MOD.  */
static sp_tensor *
ints (const char *fmt, sp_type type, int seed, int mod)
{
  sp_tensor *t = sr_check (sp_new (fmt, type, 2, (int64_t[]) { M, N }),
                           fmt);
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++)
      {
        uint32_t h = sr_hash (i, j, 0, seed);
        if (h % mod == 0)
          sp_insert (t, (int64_t[]) { i, j }, (double) (h % 201) - 100);
      }
  return t;
}

int
main (void)
{
  setenv ("SP_PAR_MIN", "0", 1);
  sp_tensor *a = ints ("CSR", SP_I64, 1, 5), *b = ints ("CSR", SP_I64, 2, 3);
  sp_tensor *c = ints ("DCSR", SP_I32, 3, 4);
  sp_tensor *f = ints ("CSR", SP_F64, 4, 6), *g = ints ("CSR", SP_F64, 5, 7);
  static double x[N], y[M];
  for (int j = 0; j < N; j++)
    x[j] = j % 13 - 6;
  for (int i = 0; i < M; i++)
    y[i] = i % 7 - 3;
  static long xl[M], yl[N], Xl[M][R], Yl[N][R];
  static double yd[N];
  for (int i = 0; i < M; i++)
    {
      xl[i] = i % 9 - 4;
      for (int r = 0; r < R; r++)
        Xl[i][r] = (i + r) % 5 - 2;
    }
  sp_tensor *ad = sr_as (a, "DCSR");
  for (int nt = 1; nt <= 4; nt++)
    {
#ifdef _OPENMP
      omp_set_num_threads (nt);
#endif
      printf ("dot %ld\n", dot (sp_array (a), sp_array (b)));
      printf ("total %d\n", total (sp_array (c)));
      printf ("quad %.1f\n", quad (y, sp_array (f), x));
      printf ("update %.1f\n", update (sp_array (f), sp_array (g)));
      printf ("nest %ld\n", nest (sp_array (a)));
      at_x (yl, sp_array (a), xl);
      print_long ("A^T x", yl, N);
      at_x_acc (yl, sp_array (a), xl);
      print_long ("y -= A^T x", yl, N);
      at_x_double (yd, sp_array (f), y);
      double sd = 0;
      for (int j = 0; j < N; j++)
        sd += yd[j] * (j % 13 + 1);
      printf ("A^T x double %.1f\n", sd);
      at_xs (Yl, sp_array (ad), Xl);
      print_long ("A^T X", &Yl[0][0], N * R);
    }
  sp_free (a);
  sp_free (ad);
  sp_free (b);
  sp_free (c);
  sp_free (f);
  sp_free (g);
  return 0;
}
