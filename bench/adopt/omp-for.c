/* Loop nests under the program's own '#pragma omp parallel for': SpMV
   (schedule and private clauses) and a weighted sum of the matrix
   (reduction(+:s)).  Compiled without the plugin it is the dense program;
   build with -fopenmp.  Prints the best wall-clock time of REPS runs of
   each and a checksum both builds must print alike (the entries' sums
   may differ in the last bits with the threads' shares).
   Usage: omp-for matrix.mtx  */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sparse.h>

enum { REPS = 20 };

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void
spmv (int n, double y[n], double A[n][n] SPARSE ("CSR"), const double x[n])
{
  int j;
#pragma omp parallel for schedule(static) private(j)
  for (int i = 0; i < n; i++)
    {
      double s = 0;
      for (j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}

static double
weighted (int n, double A[n][n] SPARSE ("CSR"), const double x[n])
{
  double s = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += A[i][j] * x[j];
  return s;
}

int
main (int argc, char **argv)
{
  sp_tensor *t = argc > 1 ? sp_read (argv[1], "csr", SP_F64) : NULL;
  if (!t)
    {
      fprintf (stderr, "usage: %s matrix.mtx (%s)\n", argv[0], sp_error ());
      return 2;
    }
  int n = (int) sp_dim (t, 0);
  double *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  for (int i = 0; i < n; i++)
    x[i] = 1 + i % 7;
  void *a = sp_array (t);
  double best_mv = 1e30, best_sum = 1e30, sum = 0, w = 0;
  for (int r = 0; r < 3; r++)
    {
      double t0 = now ();
      for (int k = 0; k < REPS; k++)
        spmv (n, y, a, x);
      double t1 = now ();
      for (int k = 0; k < REPS; k++)
        w = weighted (n, a, x);
      double t2 = now ();
      best_mv = t1 - t0 < best_mv ? t1 - t0 : best_mv;
      best_sum = t2 - t1 < best_sum ? t2 - t1 : best_sum;
    }
  for (int i = 0; i < n; i++)
    sum += (i % 5 + 1) * y[i];
  printf ("omp-for spmv %.2f ms sum %.2f ms checksum %.17g %.10g\n",
          best_mv * 1e3, best_sum * 1e3, sum, w);
  free (x);
  free (y);
  sp_free (t);
  return 0;
}
