/* cut.c -- blocks of first-level coordinates holding about equal
   entries.  The cut before block i + 1 is the coordinate at which the
   entries before it come nearest to (i + 1) / size of all: found by a
   bisection that all ranks run together, each round one MPI_Allreduce
   of the entries below the size - 1 candidate cuts, so that the counts
   of every coordinate never travel.  */

#include <stdlib.h>
#include <string.h>
#include "mpi-int.h"

static int
key_order (const void *a, const void *b)
{
  int64_t x = *(const int64_t *) a, y = *(const int64_t *) b;
  return (x > y) - (x < y);
}

/* This rank's keys, to count those below a coordinate: where the
   coordinates are not many more than the keys, the prefix sums of their
   histogram (PREFIX[c]: the keys below c), else the keys sorted.  */
typedef struct key_count
{
  int64_t *prefix;
  const int64_t *keys;
  int64_t m;
} key_count;

static void
count_init (MPI_Comm comm, key_count *kc, int64_t *keys, int64_t m,
            int64_t n0)
{
  kc->keys = keys;
  kc->m = m;
  kc->prefix = NULL;
  if (n0 > 2 * m + 4096)
    {
      qsort (keys, (size_t) m, sizeof *keys, key_order);
      return;
    }
  kc->prefix = sp__mpi_alloc (comm, (size_t) (n0 + 1) * sizeof *kc->prefix);
  memset (kc->prefix, 0, (size_t) (n0 + 1) * sizeof *kc->prefix);
  for (int64_t e = 0; e < m; e++)
    kc->prefix[keys[e] + 1]++;
  for (int64_t c = 0; c < n0; c++)
    kc->prefix[c + 1] += kc->prefix[c];
}

/* The keys of KC below C.  */
static int64_t
below (const key_count *kc, int64_t c)
{
  int64_t a = 0, b = kc->m;
  if (kc->prefix)
    return kc->prefix[c];
  while (a < b)
    {
      int64_t mid = a + (b - a) / 2;
      if (kc->keys[mid] < c)
        a = mid + 1;
      else
        b = mid;
    }
  return a;
}

/* The entries of all ranks (of this one when WHOLE) below each of the
   N coordinates AT into CNT.  */
static void
count_below (MPI_Comm comm, int whole, const key_count *kc,
             const int64_t *at, int64_t *cnt, int n)
{
  for (int i = 0; i < n; i++)
    cnt[i] = below (kc, at[i]);
  if (!whole && n > 0)
    MPI_Allreduce (MPI_IN_PLACE, cnt, n, MPI_INT64_T, MPI_SUM, comm);
}

void
sp__mpi_cut (MPI_Comm comm, int size, int64_t *keys, int64_t m, int64_t n0,
             int whole, int64_t *cuts)
{
  int k = size - 1;
  int64_t total = m;
  int64_t *want = sp__mpi_alloc (comm, (size_t) (7 * k + 1) * sizeof *want);
  int64_t *lo = want + k, *hi = lo + k, *at = hi + k, *cnt = at + 2 * k;
  key_count kc;
  count_init (comm, &kc, keys, m, n0);
  if (!whole)
    MPI_Allreduce (MPI_IN_PLACE, &total, 1, MPI_INT64_T, MPI_SUM, comm);
  for (int i = 0; i < k; i++)
    {
      want[i] = total / size * (i + 1) + total % size * (i + 1) / size;
      lo[i] = 0;
      hi[i] = n0;
    }
  /* LO[i]: the least coordinate with at least WANT[i] entries below.  */
  for (;;)
    {
      int open = 0;
      for (int i = 0; i < k; i++)
        {
          open |= lo[i] < hi[i];
          at[i] = lo[i] + (hi[i] - lo[i]) / 2;
        }
      if (!open)
        break;
      count_below (comm, whole, &kc, at, cnt, k);
      for (int i = 0; i < k; i++)
        if (lo[i] < hi[i])
          {
            if (cnt[i] >= want[i])
              hi[i] = at[i];
            else
              lo[i] = at[i] + 1;
          }
    }
  /* The coordinate before it may come nearer.  */
  for (int i = 0; i < k; i++)
    {
      at[i] = lo[i] > 0 ? lo[i] - 1 : 0;
      at[k + i] = lo[i];
    }
  count_below (comm, whole, &kc, at, cnt, 2 * k);
  cuts[0] = 0;
  for (int i = 0; i < k; i++)
    {
      int64_t c = lo[i];
      if (c > 0 && want[i] - cnt[i] < cnt[k + i] - want[i])
        c--;
      cuts[i + 1] = c > cuts[i] ? c : cuts[i];
    }
  cuts[size] = n0;
  free (kc.prefix);
  free (want);
}
