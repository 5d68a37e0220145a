/* ksort.c -- sorting coordinate lists, such as a workspace's (the
   entries of one row of a product) before they are appended in order;
   no callbacks, the coordinates not negative.

   sp_ksort: lists of 8 to SP_VSORT_MAX by sorting networks in vector
   registers (vsort.c) where the processor has AVX2, else quicksort
   (median of three, ranges of 64 and fewer left to insertion sort);
   radix sort for long lists.  A workspace's list, whose coordinates are
   distinct, is sorted by the networks when shorter than 32; a longer one
   is read back from the workspace's flags when it fills a sixteenth of
   its span, else left as it is when in order already, else sorted by the
   networks; without them, when it holds 8 to 128,
   insertion sorted if nearly in order, else ranked (below); else sorted
   by sp_ksort.  This file is built with -O3 so that the ranking and the
   order check vectorise.  */

#include <stdlib.h>
#include <string.h>
#include "sparse_kernel.h"
#include "vsort.h"

/* The lists rank_sort32 takes; the shortest list worth the search for
   its span (shorter ones rank faster).  */
enum { RANK_MIN = 8, RANK_MAX = 128, SCAN_MIN = 32 };

/* Each coordinate of a workspace's list goes straight to its rank, the
   number of coordinates below it (they are distinct): N^2 comparisons
   without a branch, in vectors of 32-bit lanes.  From about 8
   coordinates up that beats insertion sort, whose every insertion ends
   in a mispredicted branch.
   Coordinates of 2^31 and more are left to the other sorts.  */
__attribute__ ((target_clones ("avx2", "default")))
static int
rank_sort32 (int64_t *a, int64_t n)
{
  int32_t v[RANK_MAX];
  int64_t all = 0;
  for (int64_t i = 0; i < n; i++)
    {
      all |= a[i];
      v[i] = (int32_t) a[i];
    }
  if (all > INT32_MAX)
    return 0;
  for (int64_t i = 0; i < n; i++)
    {
      int32_t x = v[i], r = 0;
      for (int64_t j = 0; j < n; j++)
        r += v[j] < x;
      a[r] = x;
    }
  return 1;
}

static void
insertion (int64_t *a, int64_t n)
{
  for (int64_t i = 1; i < n; i++)
    {
      int64_t x = a[i], j = i;
      for (; j > 0 && a[j - 1] > x; j--)
        a[j] = a[j - 1];
      a[j] = x;
    }
}

static inline void
swap (int64_t *a, int64_t i, int64_t j)
{
  int64_t x = a[i];
  a[i] = a[j];
  a[j] = x;
}

static void
quicksort (int64_t *a, int64_t n)
{
  /* Recurse into the smaller part, loop on the larger: depth log2 n.
     Ranges of 64 and fewer are left to insertion sort, whose one
     mispredicted branch per element beats partitioning's many (rows of a
     product are mostly that short).  */
  while (n > 64)
    {
      int64_t m = n / 2, i = 0, j = n - 1;
      if (a[m] < a[0])
        swap (a, m, 0);
      if (a[n - 1] < a[0])
        swap (a, n - 1, 0);
      if (a[n - 1] < a[m])
        swap (a, n - 1, m);
      int64_t pivot = a[m];
      for (;;)
        {
          while (a[i] < pivot)
            i++;
          while (a[j] > pivot)
            j--;
          if (i >= j)
            break;
          swap (a, i, j);
          i++;
          j--;
        }
      /* [0, j] <= pivot <= [j + 1, n).  */
      int64_t left = j + 1;
      if (left < n - left)
        {
          quicksort (a, left);
          a += left;
          n -= left;
        }
      else
        {
          quicksort (a + left, n - left);
          n = left;
        }
    }
  insertion (a, n);
}

/* Long lists (a dense row of a product): least-significant-digit radix
   sort by bytes, as many passes as the largest coordinate has bytes.  */
void
sp_ksort (int64_t *a, int64_t n)
{
  if (n >= 8 && sp__vsort (a, n))
    return;
  if (n < 256)
    {
      quicksort (a, n);
      return;
    }
  uint64_t all = 0;
  for (int64_t i = 0; i < n; i++)
    all |= (uint64_t) a[i];
  int64_t *tmp = malloc ((size_t) n * sizeof *tmp);
  if (!tmp || (int64_t) all < 0)
    {
      free (tmp);
      quicksort (a, n);
      return;
    }
  int64_t *src = a, *dst = tmp;
  for (int shift = 0; shift < 64 && (all >> shift) != 0; shift += 8)
    {
      int64_t count[257];
      memset (count, 0, sizeof count);
      for (int64_t i = 0; i < n; i++)
        count[((uint64_t) src[i] >> shift & 255) + 1]++;
      for (int d = 0; d < 256; d++)
        count[d + 1] += count[d];
      for (int64_t i = 0; i < n; i++)
        dst[count[(uint64_t) src[i] >> shift & 255]++] = src[i];
      int64_t *t = src;
      src = dst;
      dst = t;
    }
  if (src != a)
    memcpy (a, src, (size_t) n * sizeof *a);
  free (tmp);
}

/* Insertion sort of A's N as long as it has moved no more than BUDGET
   elements; whether it finished (else A holds them in some order).  */
static int
insertion_within (int64_t *a, int64_t n, int64_t budget)
{
  for (int64_t i = 1; i < n; i++)
    {
      int64_t x = a[i], j = i;
      for (; j > 0 && a[j - 1] > x; j--)
        {
          a[j] = a[j - 1];
          if (--budget < 0)
            {
              a[j - 1] = x;
              return 0;
            }
        }
      a[j] = x;
    }
  return 1;
}

/* What sp_kws_sort decides by: the least and the greatest of A's N and
   how often the next is smaller, in one pass without a branch.  */
typedef struct list_facts
{
  int64_t lo, hi, down;
} list_facts;

__attribute__ ((target_clones ("avx2", "default")))
static list_facts
facts_of (const int64_t *a, int64_t n)
{
  int64_t lo = a[0], hi = a[0], down = 0;
  for (int64_t i = 1; i < n; i++)
    {
      lo = a[i] < lo ? a[i] : lo;
      hi = a[i] > hi ? a[i] : hi;
      down += a[i] < a[i - 1];
    }
  return (list_facts) { lo, hi, down };
}

/* A workspace's list, its coordinates distinct.  Without the vector
   networks, lists that are nearly in order already (the rows of a banded
   product) cost insertion sort about one move per coordinate; others are
   ranked.  */
static void
list_sort (int64_t *list, int64_t nw)
{
  if (sp__vsort (list, nw))
    return;
  if (nw > RANK_MAX
      || (!insertion_within (list, nw, nw) && !rank_sort32 (list, nw)))
    sp_ksort (list, nw);
}

/* Lists shorter than SCAN_MIN are sorted at once (checking first whether
   one is in order costs about what sorting it does).  A longer list in
   order already (a row of a product with one term is a row of an
   operand) stays as it is.  A list that marks at least one in 16 of
   the coordinates between its least and its greatest (a row of a product
   that fills up, or a banded one) is rebuilt by one scan of the flags of
   that span, eight at a time, which costs less than sorting it.  Other
   lists are sorted.  */
void
sp_kws_sort (int64_t *list, int64_t nw, const uint8_t *flag, int64_t n)
{
  if (nw < RANK_MIN)
    {
      insertion (list, nw);
      return;
    }
  if (nw < SCAN_MIN)
    {
      list_sort (list, nw);
      return;
    }
  list_facts f = facts_of (list, nw);
  int64_t lo = f.lo, hi = f.hi;
  if (f.down == 0)
    return;
  if ((hi - lo + 1) > nw * 16 || lo < 0 || hi >= n)
    {
      list_sort (list, nw);
      return;
    }
  int64_t k = 0, j = lo;
  for (; j + 8 <= hi + 1 && k < nw; j += 8)
    {
      uint64_t word;
      memcpy (&word, flag + j, sizeof word);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
      /* Flags are 0 or 1: the lowest set bit is the next flag's.  */
      for (; word; word &= word - 1)
        list[k++] = j + __builtin_ctzll (word) / 8;
#else
      if (word)
        for (int b = 0; b < 8; b++)
          if (flag[j + b])
            list[k++] = j + b;
#endif
    }
  for (; j <= hi && k < nw; j++)
    if (flag[j])
      list[k++] = j;
}
