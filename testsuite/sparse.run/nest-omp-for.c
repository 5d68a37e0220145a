/* Nests under the program's own '#pragma omp parallel for' on their
   outer loop: the construct is replaced by the sparse loops, parallel
   where the plugin makes them so (a reduction(+:s) clause lets a double
   sum run on threads), and the loop and private variables keep their
   values after it, as each thread's own copies leave the program's
   untouched.  nest-omp-for-serial.c builds the same program without
   -fopenmp.  */
/* { dg-options "-fopenmp" } */
#include "sparse-run.h"

enum { M = 40, K = 30, N = 6 };

static void
spmv (double y[M], double A[M][K] SPARSE ("CSR"), const double x[K])
{
  int j;
#pragma omp parallel for schedule(dynamic, 4) private(j)
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR; loops: i for .parallel., j for over A; y: dense" } */
    {
      double t = 0;
      for (j = 0; j < K; j++)
        t += A[i][j] * x[j];
      y[i] = t;
    }
}

static double
total (double A[M][K] SPARSE ("CSR"), const double x[K])
{
  double s = 0;
  int i = -1, j = -1;
#pragma omp parallel for reduction(+:s) private(j)
  for (i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, A.i,j. . x.j...; A: CSR; loops: i for .parallel., j for over A; s: scalar" } */
    for (j = 0; j < K; j++)
      s += A[i][j] * x[j];
  /* i and j were each thread's own.  */
  printf ("after total: i %d j %d\n", i, j);
  return s;
}

static long
count (long A[M][K] SPARSE ("DCSR"))
{
  long c = 0;
#pragma omp parallel for collapse(2) reduction(+:c) schedule(static)
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, A.i,j...; A: DCSR" } */
    for (int j = 0; j < K; j++)
      c += A[i][j];
  return c;
}

static void
spmm (double C[M][N], double A[M][K] SPARSE ("CSR"), double B[K][N],
      double alpha)
{
  double t;
#pragma omp parallel for private(t) firstprivate(alpha) default(shared)
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: C.i,j. = sum.k, A.i,k. . alpha . B.k,j..; A: CSR; loops: i for .parallel." } */
    for (int j = 0; j < N; j++)
      {
        t = 0;
        for (int k = 0; k < K; k++)
          t += alpha * A[i][k] * B[k][j];
        C[i][j] = t;
      }
}

/* Into a sparse output: the threads build its rows.  */
static void
scale (double C[M][K] SPARSE ("CSR"), double A[M][K] SPARSE ("CSR"))
{
#pragma omp parallel for
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: C.i,j. = A.i,j. . 2; C: CSR, A: CSR; loops: i for .parallel." } */
    for (int j = 0; j < K; j++)
      C[i][j] = 2 * A[i][j];
}

/* A lastprivate clause keeps the construct.  */
static void
kept (double y[M], double A[M][K] SPARSE ("CSR"), const double x[K])
{
  int i;
#pragma omp parallel for lastprivate(i)
  for (i = 0; i < M; i++)	/* { dg-message "not sparsified: the .#pragma omp parallel for. has lastprivate, which the sparse loops cannot honour" } */
    for (int j = 0; j < K; j++)
      y[i] += A[i][j] * x[j];
  printf ("after kept: i %d\n", i);
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, K, 141, 3);
  sp_tensor *al = sr_check (sp_new ("DCSR", SP_I64, 2, (int64_t[]) { M, K }),
                            "DCSR");
  sp_tensor *c = sr_check (sp_new ("CSR", SP_F64, 2, (int64_t[]) { M, K }),
                           "CSR");
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < K; j++)
      if ((i * 5 + j * 3) % 7 == 0)
        sp_insert_i64 (al, (int64_t[]) { i, j }, i - j);
  double x[K], y[M], B[K][N], C[M][N];
  sr_fill (x, K, 142, 1);
  sr_fill (&B[0][0], K * N, 143, 1);
  spmv (y, sp_array (a), x);
  sr_print ("spmv", y, M);
  printf ("total %g\n", total (sp_array (a), x));
  printf ("count %ld\n", count (sp_array (al)));
  spmm (C, sp_array (a), B, 0.5);
  sr_print ("spmm", &C[0][0], M * N);
  scale (sp_array (c), sp_array (a));
  sr_print_t ("scale", c, M * K);
  kept (y, sp_array (a), x);
  sr_print ("kept", y, M);
  sp_free (c);
  sp_free (al);
  sp_free (a);
  return 0;
}
