/* adopt.h -- what the timing programs of bench/adopt share: a generated
   n x n matrix with about PER_ROW entries a row, vectors, and the best of
   three timed calls.  Each program is one idiom of dense code as people
   write it, built twice by run.sh: with the plugin (the loops
   sparsified, or left to the element-by-element fallback) and without
   (the dense program, the tagged arrays dense row-major copies).  */

#ifndef BENCH_ADOPT_H
#define BENCH_ADOPT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sparse.h>

#ifndef ADOPT_N
#define ADOPT_N 20000
#endif
#define PER_ROW 10

static inline uint64_t
adopt_hash (uint64_t a, uint64_t b)
{
  uint64_t h = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull);
  h = (h ^ (h >> 29)) * 0xbf58476d1ce4e5b9ull;
  h = (h ^ (h >> 32)) * 0x94d049bb133111ebull;
  return h ^ (h >> 31);
}

/* A nonzero value of entry K of row I: a multiple of 1/4 in [-2, 2].  */
static inline double
adopt_value (int64_t i, int k)
{
  int v = (int) (adopt_hash (i, k + 1000) % 16) - 8;
  return (v ? v : 5) / 4.0;
}

/* An N x N matrix of TYPE in FMT, about PER_ROW entries a row (repeated
   columns add up), assembled.  UPPER: only columns above the diagonal,
   each value 1 (a graph's edges, for counting).  */
static sp_tensor *
adopt_matrix (int64_t n, const char *fmt, sp_type type, int upper)
{
  int64_t dims[2] = { n, n };
  sp_tensor *t = sp_new (fmt, type, 2, dims);
  if (!t)
    {
      fprintf (stderr, "sp_new: %s\n", sp_error ());
      exit (2);
    }
  for (int64_t i = 0; i < n; i++)
    for (int k = 0; k < PER_ROW; k++)
      {
        int64_t j = (int64_t) (adopt_hash (i, k) % (uint64_t) n);
        if (upper && j <= i)
          continue;
        double v = upper ? 1 : type == SP_I32 || type == SP_I64
                   ? (double) (int) (adopt_value (i, k) * 4)
                   : adopt_value (i, k);
        if (sp_insert (t, (int64_t[]) { i, j }, v))
          {
            fprintf (stderr, "sp_insert: %s\n", sp_error ());
            exit (2);
          }
      }
  sp_get (t, (int64_t[]) { 0, 0 });   /* assembled before timing */
  return t;
}

static inline double
adopt_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

/* Checksums of results.  */
static inline double
adopt_sum (const double *y, int n)
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += y[i] * (1 + i % 13);
  return s;
}

static inline long
adopt_lsum (const long *y, int n)
{
  long s = 0;
  for (int i = 0; i < n; i++)
    s += y[i] * (1 + i % 13);
  return s;
}

static inline long
adopt_isum (const int *y, int n)
{
  long s = 0;
  for (int i = 0; i < n; i++)
    s += y[i] * (long) (1 + i % 13);
  return s;
}

#ifndef ADOPT_RUNS
#define ADOPT_RUNS 3
#endif

/* Print the best of ADOPT_RUNS timed runs of OP (after one untimed run)
   in milliseconds, and CHECK, a value of the result both builds
   print alike.  */
#define ADOPT_TIME(name, op, check)                                     \
  do                                                                    \
    {                                                                   \
      double best_ = 1e300;                                             \
      op;                                                               \
      for (int r_ = 0; r_ < ADOPT_RUNS; r_++)                           \
        {                                                               \
          double t0_ = adopt_now ();                                    \
          op;                                                           \
          double t_ = adopt_now () - t0_;                               \
          if (t_ < best_)                                               \
            best_ = t_;                                                 \
        }                                                               \
      printf ("%s %.3f ms check %.17g\n", name, best_, (double) (check)); \
    }                                                                   \
  while (0)

#endif /* BENCH_ADOPT_H */
