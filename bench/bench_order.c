/* bench_order.c -- contraction order: Y = A B C with A a random n x n
   CSR matrix of 8 entries per row and B (n x 64), C (64 x 64) dense, as
   the pragma compiles it (two kernels, nnz(A) r + n r^2) and as one
   loop nest (nnz(A) r^2), the two timed in alternation and their
   results compared.  Prints the section "## Contraction order" of
   results-kernels.md.

   usage: bench_order [N]   (default 50000)  */

#include <math.h>
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
  return 0;
}
