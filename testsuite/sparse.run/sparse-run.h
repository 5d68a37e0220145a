/* sparse-run.h -- what the sparse-*.c run tests share: fixed pseudo-random
   tensors in any format, checksums that print the same with and without
   the plugin, and DENSE (...), the dense loops a test runs when the
   plugin is absent (the pragma is then ignored).

   Entry values are multiples of 1/4 between -4 and 4, never zero, so the
   kernels' sums are exact whatever their order.  */

#ifndef SPARSE_RUN_H
#define SPARSE_RUN_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sparse.h>

#define SR_FN static __attribute__ ((unused))

#ifdef __SPARSE_PLUGIN__
#define DENSE(...)
#else
#define DENSE(...) __VA_ARGS__
#endif

static inline uint32_t
sr_hash (int64_t a, int64_t b, int64_t c, int seed)
{
  uint64_t h = (uint64_t) seed * 0x9e3779b97f4a7c15ull;
  h ^= (uint64_t) a * 0xbf58476d1ce4e5b9ull;
  h = (h ^ (h >> 29)) * 0x94d049bb133111ebull;
  h ^= (uint64_t) b * 0x9e3779b97f4a7c15ull;
  h = (h ^ (h >> 31)) * 0xbf58476d1ce4e5b9ull;
  h ^= (uint64_t) c * 0x94d049bb133111ebull;
  h ^= h >> 32;
  return (uint32_t) h;
}

static inline double
sr_val (uint32_t h)
{
  int v = (int) ((h >> 8) % 17) - 8;
  return v ? v / 4.0 : 2.25;
}

SR_FN sp_tensor *
sr_check (sp_tensor *t, const char *what)
{
  if (!t)
    {
      fprintf (stderr, "%s: %s\n", what, sp_error ());
      exit (2);
    }
  return t;
}

/* An M x N matrix in FMT with an entry where the hash is 0 mod MOD.  */
SR_FN sp_tensor *
sr_matrix (const char *fmt, int64_t m, int64_t n, int seed, int mod)
{
  int64_t dims[2] = { m, n };
  sp_tensor *t = sr_check (sp_new (fmt, SP_F64, 2, dims), fmt);
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++)
      {
        uint32_t h = sr_hash (i, j, 0, seed);
        if (h % mod == 0)
          sp_insert (t, (int64_t[]) { i, j }, sr_val (h));
      }
  return t;
}

/* An I x J x K tensor in FMT, likewise.  */
SR_FN sp_tensor *
sr_tensor3 (const char *fmt, int64_t ni, int64_t nj, int64_t nk, int seed,
            int mod)
{
  int64_t dims[3] = { ni, nj, nk };
  sp_tensor *t = sr_check (sp_new (fmt, SP_F64, 3, dims), fmt);
  for (int64_t i = 0; i < ni; i++)
    for (int64_t j = 0; j < nj; j++)
      for (int64_t k = 0; k < nk; k++)
        {
          uint32_t h = sr_hash (i, j, k, seed);
          if (h % mod == 0)
            sp_insert (t, (int64_t[]) { i, j, k }, sr_val (h));
        }
  return t;
}

/* T's entries in format FMT.  */
SR_FN sp_tensor *
sr_as (const sp_tensor *t, const char *fmt)
{
  return sr_check (sp_convert (t, fmt), fmt);
}

/* Fill the N doubles of A: every element set (DENSITY 1) or some.  */
SR_FN void
sr_fill (double *a, int64_t n, int seed, int mod)
{
  for (int64_t p = 0; p < n; p++)
    {
      uint32_t h = sr_hash (p, 0, 1, seed);
      a[p] = h % mod == 0 ? sr_val (h) : 0;
    }
}

/* A line: the nonzero count and two weighted sums of the N doubles of
   A.  */
SR_FN void
sr_print (const char *what, const double *a, int64_t n)
{
  double s = 0, q = 0;
  int64_t nz = 0;
  for (int64_t p = 0; p < n; p++)
    {
      s += a[p] * (double) (1 + p % 13);
      q += a[p] * a[p] * (double) (1 + p % 5);
      nz += a[p] != 0;
    }
  printf ("%-24s %4lld nonzeros  %.12g  %.12g\n", what, (long long) nz, s,
          q);
}

/* The same for tensor T of N elements (of any element type).  */
SR_FN void
sr_print_t (const char *what, const sp_tensor *t, int64_t n)
{
  double *a = malloc ((size_t) n * sizeof *a);
  void *raw = malloc ((size_t) n * 8);
  if (!a || !raw || sp_to_dense (t, raw))
    {
      fprintf (stderr, "%s: %s\n", what, sp_error ());
      exit (2);
    }
  for (int64_t p = 0; p < n; p++)
    switch (sp_elem_type (t))
      {
      case SP_F32: a[p] = ((float *) raw)[p]; break;
      case SP_I64: a[p] = (double) ((int64_t *) raw)[p]; break;
      case SP_I32: a[p] = ((int32_t *) raw)[p]; break;
      default: a[p] = ((double *) raw)[p]; break;
      }
  sr_print (what, a, n);
  free (raw);
  free (a);
}

#endif /* SPARSE_RUN_H */
