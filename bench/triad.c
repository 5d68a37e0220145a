/* triad.c -- the STREAM triad on 1 or 2 threads; compiled with -fopenmp.  */

#include <stdlib.h>
#include "timing.h"
#include "triad.h"

static void
triad (double *restrict a, const double *restrict b,
       const double *restrict c, double s, int threads)
{
#pragma omp parallel for schedule(static) num_threads(threads)
  for (size_t i = 0; i < TRIAD_N; i++)
    a[i] = b[i] + s * c[i];
}

double
triad_gbs (int threads)
{
  double *a = malloc (TRIAD_N * sizeof *a), *b = malloc (TRIAD_N * sizeof *b);
  double *c = malloc (TRIAD_N * sizeof *c), best;
  if (!a || !b || !c)
    {
      free (a), free (b), free (c);
      return 0;
    }
#pragma omp parallel for schedule(static) num_threads(threads)
  for (size_t i = 0; i < TRIAD_N; i++)
    a[i] = 0, b[i] = 1, c[i] = 2;
  BEST (best, triad (a, b, c, 3.0, threads), );
  free (a), free (b), free (c);
  return 3.0 * sizeof (double) * TRIAD_N / best / 1e9;
}
