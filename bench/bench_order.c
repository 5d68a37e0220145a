/* bench_order.c -- contraction order: Y = A B C with A a random n x n
   CSR matrix of 8 entries per row and B (n x 64), C (64 x 64) dense, as
   the pragma compiles it (two kernels, nnz(A) r + n r^2) and as one
   loop nest (nnz(A) r^2), the two timed in alternation and their
   results compared.  Then the same product with A tall (n x n/100) and
   wide (n/100 x n), B and C of OK_RC columns, its extents known only at
   run time, with the order chosen at run time and with the compile-time
   estimate's (A B first), likewise.  Last, y = A (B x) with x, y
   compressed vectors and A, B random (40n x 40n with 4n entries, 200n x
   200n with n/5) in DCSR and in CSR, over a dense and over a compressed
   temporary vector t = B x.  Prints the section "## Contraction order"
   of results-kernels.md.

   usage: bench_order [N]   (default 50000)  */

#include <math.h>
#include <sparse_kernel.h>
#include <stdio.h>
#include <stdlib.h>
#include "order_kernels.h"
#include "timing.h"

#define PER_ROW 8
#define RUNS 5

static uint64_t seed = 42;

static uint64_t
next (void)
{
  seed = seed * 6364136223846793005ull + 1442695040888963407ull;
  return seed >> 17;
}

static double
value (void)
{
  return (double) (next () % 1000) / 500.0 - 1.0;
}

/* A random N x M CSR matrix with PER_ROW entries in each row.  */
static sp_tensor *
random_csr (int n, int m)
{
  int64_t dims[2] = { n, m };
  sp_tensor *a = sp_new ("CSR", SP_F64, 2, dims);
  if (!a)
    {
      fprintf (stderr, "bench_order: %s\n", sp_error ());
      exit (1);
    }
  for (int64_t i = 0; i < n; i++)
    for (int e = 0; e < PER_ROW; e++)
      sp_insert (a, (int64_t[]) { i, (int64_t) (next () % m) }, value ());
  sp_nnz (a);  /* assembled before the timing */
  return a;
}

/* The largest difference between the N values of X and Y, and the
   largest of Y's into *SCALE.  */
static double
largest_difference (const double *x, const double *y, int64_t n,
                    double *scale)
{
  double err = 0;
  *scale = 0;
  for (int64_t p = 0; p < n; p++)
    {
      err = fmax (err, fabs (x[p] - y[p]));
      *scale = fmax (*scale, fabs (y[p]));
    }
  return err;
}

/* Y = A B C with A N x M, the order chosen at run time against the
   estimate's: a row of the table.  */
static void
run_time_row (const char *what, int n, int m)
{
  sp_tensor *a = random_csr (n, m);
  double (*b)[OK_RC] = malloc (sizeof *b * m);
  double (*c)[OK_RC] = malloc (sizeof *c * OK_RC);
  double (*y1)[OK_RC] = malloc (sizeof *y1 * n);
  double (*y2)[OK_RC] = malloc (sizeof *y2 * n);
  if (!b || !c || !y1 || !y2)
    exit (1);
  for (int64_t p = 0; p < (int64_t) m * OK_RC; p++)
    b[0][p] = value ();
  for (int p = 0; p < OK_RC * OK_RC; p++)
    c[0][p] = value ();
  double best1 = 1e30, best2 = 1e30;
  int pick = -1;
  for (int r = 0; r < RUNS; r++)
    {
      double t0 = now ();
      ok_chain (n, m, y1, a, (const double (*)[OK_RC]) b,
                (const double (*)[OK_RC]) c);
      double t1 = now ();
      pick = sp_korder_last ();
      ok_chain_static (n, m, y2, a, (const double (*)[OK_RC]) b,
                       (const double (*)[OK_RC]) c);
      double t2 = now ();
      best1 = fmin (best1, t1 - t0);
      best2 = fmin (best2, t2 - t1);
    }
  double scale;
  double err = largest_difference (&y1[0][0], &y2[0][0], (int64_t) n * OK_RC,
                                   &scale);
  printf ("| %s %d x %d, %lld entries | %s | %.4f | %.4f | %.1fx | %.2g "
          "(of %.3g) |\n", what, n, m, (long long) sp_nnz (a),
          pick == 0 ? "A B first" : pick == 1 ? "B C first" : "?", best1,
          best2, best2 / best1, err, scale);
  sp_free (a);
  free (b);
  free (c);
  free (y1);
  free (y2);
}

/* A random compressed vector of N elements with E entries.  */
static sp_tensor *
random_vector (int n, int e)
{
  sp_tensor *x = sp_new ("CU", SP_F64, 1, (int64_t[]) { n });
  if (!x)
    exit (1);
  for (int p = 0; p < e; p++)
    sp_insert (x, (int64_t[]) { (int64_t) (next () % n) }, value ());
  sp_nnz (x);
  return x;
}

/* y = A (B x) over a dense and a compressed temporary, A and B N x N
   with E random entries in FMT: a row of the table.  */
static void
vector_row (const char *fmt, int n, int e, int ex)
{
  int64_t dims[2] = { n, n };
  sp_tensor *coo = sp_new ("COO", SP_F64, 2, dims);
  sp_tensor *coo2 = sp_new ("COO", SP_F64, 2, dims);
  if (!coo || !coo2)
    exit (1);
  for (int p = 0; p < e; p++)
    {
      sp_insert (coo, (int64_t[]) { (int64_t) (next () % n),
                                     (int64_t) (next () % n) }, value ());
      sp_insert (coo2, (int64_t[]) { (int64_t) (next () % n),
                                      (int64_t) (next () % n) }, value ());
    }
  sp_tensor *a = sp_convert (coo, fmt), *b = sp_convert (coo2, fmt);
  sp_tensor *x = random_vector (n, ex);
  sp_tensor *y1 = sp_new ("CU", SP_F64, 1, (int64_t[]) { n });
  sp_tensor *y2 = sp_new ("CU", SP_F64, 1, (int64_t[]) { n });
  if (!a || !b || !y1 || !y2)
    exit (1);
  sp_nnz (a);
  sp_nnz (b);
  int dcsr = fmt[0] == 'D';
  double best1 = 1e30, best2 = 1e30;
  for (int r = 0; r < RUNS; r++)
    {
      double t0 = now ();
      double *t = malloc (sizeof *t * (size_t) n);
      if (!t)
        exit (1);
      ok_vec_dense (dcsr, n, y1, a, b, x, t);
      free (t);
      double t1 = now ();
      sp_tensor *ts = sp_new ("CU", SP_F64, 1, (int64_t[]) { n });
      if (!ts)
        exit (1);
      ok_vec_sparse (dcsr, n, y2, a, b, x, ts);
      long long tnnz = (long long) sp_nnz (ts);
      sp_free (ts);
      double t2 = now ();
      best1 = fmin (best1, t1 - t0);
      best2 = fmin (best2, t2 - t1);
      if (r == RUNS - 1)
        {
          double *d1 = malloc (sizeof *d1 * (size_t) n);
          double *d2 = malloc (sizeof *d2 * (size_t) n);
          if (!d1 || !d2 || sp_to_dense (y1, d1) || sp_to_dense (y2, d2))
            exit (1);
          double scale, err = largest_difference (d1, d2, n, &scale);
          printf ("| %s %d x %d, %lld entries; x %d entries | %lld "
                  "entries | %.4f | %.4f | %.1fx | %.2g (of %.3g) |\n", fmt,
                  n, n, (long long) sp_nnz (a), ex, tnnz, best1, best2,
                  best1 / best2, err, scale);
          free (d1);
          free (d2);
        }
    }
  sp_free (coo);
  sp_free (coo2);
  sp_free (a);
  sp_free (b);
  sp_free (x);
  sp_free (y1);
  sp_free (y2);
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 50000;
  int64_t dims[2] = { n, n };
  sp_tensor *a = sp_new ("CSR", SP_F64, 2, dims);
  if (!a)
    {
      fprintf (stderr, "bench_order: %s\n", sp_error ());
      return 1;
    }
  for (int64_t i = 0; i < n; i++)
    for (int e = 0; e < PER_ROW; e++)
      sp_insert (a, (int64_t[]) { i, (int64_t) (next () % n) }, value ());
  double (*b)[OK_R] = malloc (sizeof *b * n);
  double (*c)[OK_R] = malloc (sizeof *c * OK_R);
  double (*y1)[OK_R] = malloc (sizeof *y1 * n);
  double (*y2)[OK_R] = malloc (sizeof *y2 * n);
  if (!b || !c || !y1 || !y2)
    return 1;
  for (int64_t p = 0; p < (int64_t) n * OK_R; p++)
    b[0][p] = value ();
  for (int p = 0; p < OK_R * OK_R; p++)
    c[0][p] = value ();
  sp_nnz (a);  /* assembled before the timing */

  double best1 = 1e30, best2 = 1e30;
  for (int r = 0; r < RUNS; r++)
    {
      double t0 = now ();
      ok_pragma (n, y1, a, (const double (*)[OK_R]) b,
                 (const double (*)[OK_R]) c);
      double t1 = now ();
      ok_one_nest (n, y2, a, (const double (*)[OK_R]) b,
                   (const double (*)[OK_R]) c);
      double t2 = now ();
      if (t1 - t0 < best1)
        best1 = t1 - t0;
      if (t2 - t1 < best2)
        best2 = t2 - t1;
    }
  double err = 0, scale = 0;
  for (int64_t p = 0; p < (int64_t) n * OK_R; p++)
    {
      err = fmax (err, fabs (y1[0][p] - y2[0][p]));
      scale = fmax (scale, fabs (y2[0][p]));
    }
  long long nnz = (long long) sp_nnz (a);
  printf ("\n## Contraction order\n\n"
          "`Y(i,l) = A(i,j) * B(j,k) * C(k,l)`, A CSR %d x %d with %lld "
          "entries, B %d x %d and C %d x %d dense; best of %d runs, one "
          "thread (`make %s` then `build/bench_order %d`).\n\n"
          "| version | work | seconds |\n|---|---|---|\n"
          "| pragma: two kernels (order by cost) | nnz r + n r^2 = %.3g "
          "| %.4f |\n"
          "| one loop nest | nnz r^2 = %.3g | %.4f |\n\n"
          "One nest / two kernels: %.1fx; largest difference %.2g "
          "(results up to %.3g).\n",
          n, n, nnz, n, OK_R, OK_R, OK_R, RUNS, "build/bench_order", n,
          (double) nnz * OK_R + (double) n * OK_R * OK_R, best1,
          (double) nnz * OK_R * OK_R, best2, best2 / best1, err, scale);
  sp_free (a);
  free (b);
  free (c);
  free (y1);
  free (y2);

  printf ("\n### Chosen at run time\n\n"
          "The same product in a function whose extents n and m (A n x m, "
          "%d entries a row; B m x %d, C %d x %d) are known only at run "
          "time: the plugin compiles both pairwise orders and runs the one "
          "cheapest with the actual extents and nonzeros (bench/"
          "order_chain.c); built with `-fplugin-arg-sparse-compile-time-"
          "order`, the estimate's order (every unknown extent 1000: A B "
          "first) always runs.  Best of %d runs each, alternating.\n\n"
          "| A | order run | run-time choice s | compile-time order s | "
          "ratio | largest difference |\n|---|---|---|---|---|---|\n",
          PER_ROW, OK_RC, OK_RC, OK_RC, RUNS);
  run_time_row ("tall", n, n / 100);
  run_time_row ("wide", n / 100, n);

  printf ("\n### A vector temporary: dense or compressed\n\n"
          "`y(i) = A(i,j) * B(j,k) * x(k)` contracted as t = B x, then "
          "y = A t, with x and y compressed vectors, written as two "
          "pragmas over t dense (a plain array, allocated in the timing) "
          "and over t a compressed (CU) vector, the split's two choices "
          "(bench/order_kernels.c).  Best of %d runs each, alternating.\n\n"
          "| A and B | t's entries | t dense s | t compressed s | dense / "
          "compressed | largest difference |\n|---|---|---|---|---|---|\n",
          RUNS);
  vector_row ("DCSR", 40 * n, 4 * n, 100);
  vector_row ("DCSR", 200 * n, n / 5, n / 5);
  vector_row ("CSR", 40 * n, 4 * n, 100);
  vector_row ("CSR", n, 8 * n, n / 10);
  return 0;
}
