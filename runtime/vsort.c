/* vsort.c -- sorting a list of up to SP_VSORT_MAX coordinates below
   2^31 with AVX2 sorting networks: no comparison decides a branch but one
   per eight keys merged, where insertion sort and quicksort mispredict
   about once a key and ranking costs N^2 / 8 vector comparisons.

   Lists go to 32-bit keys, padded with INT32_MAX to a multiple of eight;
   blocks of up to 64 keys (eight registers) are sorted in registers
   (each column of eight registers by a 19-comparator network, then the
   8 x 8 transposed; or, for fewer registers, each register by a bitonic
   sorter), runs then merged two at a time by a bitonic merge network
   (Batcher) that takes eight keys from one run or the other.  */

#include <string.h>
#include "vsort.h"

#if defined __x86_64__ && defined __GNUC__
#include <immintrin.h>

#define T __attribute__ ((target ("avx2"), always_inline)) static inline

typedef __m256i V;

T void
cx (V *a, V *b)
{
  V t = _mm256_min_epi32 (*a, *b);
  *b = _mm256_max_epi32 (*a, *b);
  *a = t;
}

/* Sorts the eight lanes of each of r[0..7] across the registers: after
   it, lane L of r[0] <= lane L of r[1] <= ... (19 comparators).  */
T void
columns8 (V *r)
{
  cx (&r[0], &r[2]); cx (&r[1], &r[3]); cx (&r[4], &r[6]); cx (&r[5], &r[7]);
  cx (&r[0], &r[4]); cx (&r[1], &r[5]); cx (&r[2], &r[6]); cx (&r[3], &r[7]);
  cx (&r[0], &r[1]); cx (&r[2], &r[3]); cx (&r[4], &r[5]); cx (&r[6], &r[7]);
  cx (&r[2], &r[4]); cx (&r[3], &r[5]);
  cx (&r[1], &r[4]); cx (&r[3], &r[6]);
  cx (&r[1], &r[2]); cx (&r[3], &r[4]); cx (&r[5], &r[6]);
}

/* Transposes the 8 x 8 keys of r[0..7] (register I is row I), every
   step spelled out so that the registers stay registers.  */
T void
transpose8 (V *r)
{
  V a0 = _mm256_unpacklo_epi32 (r[0], r[1]);
  V a1 = _mm256_unpackhi_epi32 (r[0], r[1]);
  V a2 = _mm256_unpacklo_epi32 (r[2], r[3]);
  V a3 = _mm256_unpackhi_epi32 (r[2], r[3]);
  V a4 = _mm256_unpacklo_epi32 (r[4], r[5]);
  V a5 = _mm256_unpackhi_epi32 (r[4], r[5]);
  V a6 = _mm256_unpacklo_epi32 (r[6], r[7]);
  V a7 = _mm256_unpackhi_epi32 (r[6], r[7]);
  V b0 = _mm256_unpacklo_epi64 (a0, a2), b1 = _mm256_unpackhi_epi64 (a0, a2);
  V b2 = _mm256_unpacklo_epi64 (a1, a3), b3 = _mm256_unpackhi_epi64 (a1, a3);
  V b4 = _mm256_unpacklo_epi64 (a4, a6), b5 = _mm256_unpackhi_epi64 (a4, a6);
  V b6 = _mm256_unpacklo_epi64 (a5, a7), b7 = _mm256_unpackhi_epi64 (a5, a7);
  r[0] = _mm256_permute2x128_si256 (b0, b4, 0x20);
  r[1] = _mm256_permute2x128_si256 (b1, b5, 0x20);
  r[2] = _mm256_permute2x128_si256 (b2, b6, 0x20);
  r[3] = _mm256_permute2x128_si256 (b3, b7, 0x20);
  r[4] = _mm256_permute2x128_si256 (b0, b4, 0x31);
  r[5] = _mm256_permute2x128_si256 (b1, b5, 0x31);
  r[6] = _mm256_permute2x128_si256 (b2, b6, 0x31);
  r[7] = _mm256_permute2x128_si256 (b3, b7, 0x31);
}

T V
reverse (V x)
{
  return _mm256_permutevar8x32_epi32 (x, _mm256_setr_epi32 (7, 6, 5, 4, 3,
                                                             2, 1, 0));
}

/* One stage of compare-exchanges within X, T being X with each lane's
   partner in its place: the lanes of MASK take the greater.  */
#define STAGE(x, t, mask)                                                   \
  _mm256_blend_epi32 (_mm256_min_epi32 (x, t), _mm256_max_epi32 (x, t), mask)

/* Sorts a bitonic register.  */
T V
bitonic8 (V x)
{
  V t = _mm256_permute2x128_si256 (x, x, 1);
  x = STAGE (x, t, 0xf0);
  t = _mm256_shuffle_epi32 (x, _MM_SHUFFLE (1, 0, 3, 2));
  x = STAGE (x, t, 0xcc);
  t = _mm256_shuffle_epi32 (x, _MM_SHUFFLE (2, 3, 0, 1));
  return STAGE (x, t, 0xaa);
}

/* r[0..m) is bitonic (m a power of two): sorts it.  */
T void
bitonic_merge (V *r, int m)
{
  for (int d = m / 2; d > 0; d /= 2)
    for (int i = 0; i < m; i += 2 * d)
      for (int j = i; j < i + d; j++)
        cx (&r[j], &r[j + d]);
  for (int i = 0; i < m; i++)
    r[i] = bitonic8 (r[i]);
}

/* r[0..m) holds sorted runs of H registers (m a multiple of 2H): merges
   pairs of runs into runs of 2H.  */
T void
merge_runs (V *r, int m, int h)
{
  for (int i = 0; i < m; i += 2 * h)
    {
      /* Reversing the second run makes the pair bitonic.  */
      for (int j = 0; j < h / 2; j++)
        {
          V t = r[i + h + j];
          r[i + h + j] = reverse (r[i + 2 * h - 1 - j]);
          r[i + 2 * h - 1 - j] = reverse (t);
        }
      if (h == 1)
        r[i + 1] = reverse (r[i + 1]);
      bitonic_merge (r + i, 2 * h);
    }
}

/* Sorts the lanes of X: a bitonic sorter, the compare-exchanges of each
   stage done as min, max and a blend of the two.  */
T V
sort8 (V x)
{
  V t = _mm256_shuffle_epi32 (x, _MM_SHUFFLE (2, 3, 0, 1));
  x = STAGE (x, t, 0x66);
  t = _mm256_shuffle_epi32 (x, _MM_SHUFFLE (1, 0, 3, 2));
  x = STAGE (x, t, 0x3c);
  t = _mm256_shuffle_epi32 (x, _MM_SHUFFLE (2, 3, 0, 1));
  x = STAGE (x, t, 0x5a);
  return bitonic8 (x);
}

/* Sorts the M registers of R (M 1, 2, 4 or 8) as one list.  */
T void
sort_regs (V *r, int m)
{
  if (m == 8)
    {
      columns8 (r);
      transpose8 (r);
    }
  else
    for (int i = 0; i < m; i++)
      r[i] = sort8 (r[i]);
  for (int h = 1; h < m; h *= 2)
    merge_runs (r, m, h);
}

/* Streams the sorted runs A (NA keys) and B (NB keys), both multiples of
   8, into OUT.  */
T void
merge_stream (const int32_t *a, int64_t na, const int32_t *b, int64_t nb,
              int32_t *out)
{
  const int32_t *ae = a + na, *be = b + nb;
  V x = _mm256_loadu_si256 ((const V *) a);
  V y = _mm256_loadu_si256 ((const V *) b);
  a += 8, b += 8;
  for (;;)
    {
      y = reverse (y);
      V lo = _mm256_min_epi32 (x, y), hi = _mm256_max_epi32 (x, y);
      _mm256_storeu_si256 ((V *) out, bitonic8 (lo));
      out += 8;
      x = bitonic8 (hi);
      if (a < ae && (b == be || *a <= *b))
        {
          y = _mm256_loadu_si256 ((const V *) a);
          a += 8;
        }
      else if (b < be)
        {
          y = _mm256_loadu_si256 ((const V *) b);
          b += 8;
        }
      else
        break;
    }
  _mm256_storeu_si256 ((V *) out, x);
}

/* Sorts the M registers of R (1 to 8) as one list, padding them to a
   power of two; each count of registers its own copy, its loops
   unrolled.  */
T void
sort_block (V *r, int m)
{
  for (int i = m; i < 8; i++)
    r[i] = _mm256_set1_epi32 (INT32_MAX);
  if (m == 1)
    sort_regs (r, 1);
  else if (m == 2)
    sort_regs (r, 2);
  else if (m <= 4)
    sort_regs (r, 4);
  else
    sort_regs (r, 8);
}

/* The keys sorted in blocks of 64, then runs merged until one is left,
   between the two halves of BUF.  */
__attribute__ ((target ("avx2"))) static void
sort_keys (int32_t (*buf)[SP_VSORT_MAX], int64_t np)
{
  for (int64_t s = 0; s < np; s += 64)
    {
      V r[8];
      int m = (int) ((np - s < 64 ? np - s : 64) / 8);
      for (int i = 0; i < m; i++)
        r[i] = _mm256_load_si256 ((const V *) (buf[0] + s) + i);
      sort_block (r, m);
      for (int i = 0; i < m; i++)
        _mm256_store_si256 ((V *) (buf[0] + s) + i, r[i]);
    }
  int src = 0;
  for (int64_t w = 64; w < np; w *= 2, src ^= 1)
    for (int64_t s = 0; s < np; s += 2 * w)
      {
        int64_t la = np - s < w ? np - s : w;
        int64_t lb = np - s - la < w ? np - s - la : w;
        if (lb == 0)
          memcpy (buf[src ^ 1] + s, buf[src] + s, la * sizeof (int32_t));
        else
          merge_stream (buf[src] + s, la, buf[src] + s + la, lb,
                        buf[src ^ 1] + s);
      }
  if (src)
    memcpy (buf[0], buf[1], np * sizeof (int32_t));
}

/* Lanes of 64 bits below K (a count of keys left, from 4 down).  */
T V
lanes64 (int64_t k)
{
  return _mm256_cmpgt_epi64 (_mm256_set1_epi64x (k),
                             _mm256_setr_epi64x (0, 1, 2, 3));
}

/* Up to 64 keys from the list into registers and back, through no
   buffer (a product's rows mostly hold that few): each register's eight
   32-bit keys are the low halves of eight list entries; the last
   register's missing keys are INT32_MAX.  */
__attribute__ ((target ("avx2"))) static int
sort_short (int64_t *a, int64_t n)
{
  const V low = _mm256_setr_epi32 (0, 2, 4, 6, 0, 2, 4, 6);
  V r[8], all = _mm256_setzero_si256 ();
  int m = (int) ((n + 7) / 8);
  for (int i = 0; i < m; i++)
    {
      const long long *q = (const long long *) (a + 8 * i);
      int64_t k = n - 8 * i;
      V x, y;
      if (k >= 8)
        {
          x = _mm256_loadu_si256 ((const V *) q);
          y = _mm256_loadu_si256 ((const V *) (q + 4));
        }
      else
        {
          x = _mm256_maskload_epi64 (q, lanes64 (k));
          y = _mm256_maskload_epi64 (q + 4, lanes64 (k - 4));
        }
      all = _mm256_or_si256 (all, _mm256_or_si256 (x, y));
      V v = _mm256_permute2x128_si256 (_mm256_permutevar8x32_epi32 (x, low),
                                       _mm256_permutevar8x32_epi32 (y, low),
                                       0x20);
      if (k < 8)
        v = _mm256_blendv_epi8 (_mm256_set1_epi32 (INT32_MAX), v,
                                _mm256_cmpgt_epi32
                                  (_mm256_set1_epi32 ((int) k),
                                   _mm256_setr_epi32 (0, 1, 2, 3, 4, 5, 6,
                                                      7)));
      r[i] = v;
    }
  /* Every key below 2^31: no bit set above the low 31.  */
  if (!_mm256_testz_si256 (all, _mm256_set1_epi64x (~(long long) INT32_MAX)))
    return 0;
  sort_block (r, m);
  for (int i = 0; i < m; i++)
    {
      long long *q = (long long *) (a + 8 * i);
      int64_t k = n - 8 * i;
      V x = _mm256_cvtepi32_epi64 (_mm256_castsi256_si128 (r[i]));
      V y = _mm256_cvtepi32_epi64 (_mm256_extracti128_si256 (r[i], 1));
      if (k >= 8)
        {
          _mm256_storeu_si256 ((V *) q, x);
          _mm256_storeu_si256 ((V *) (q + 4), y);
        }
      else
        {
          _mm256_maskstore_epi64 (q, lanes64 (k), x);
          _mm256_maskstore_epi64 (q + 4, lanes64 (k - 4), y);
        }
    }
  return 1;
}

/* Longer lists go to 32 bits on the way in and back on the way out,
   through a buffer.  */
__attribute__ ((target ("avx2"))) static int
sort_list (int64_t *a, int64_t n)
{
  int32_t buf[2][SP_VSORT_MAX] __attribute__ ((aligned (32)));
  int64_t all = 0, np = (n + 7) & ~(int64_t) 7;

  if (n <= 64)
    return sort_short (a, n);
  for (int64_t i = 0; i < n; i++)
    {
      all |= a[i];
      buf[0][i] = (int32_t) a[i];
    }
  if (all < 0 || all > INT32_MAX)
    return 0;
  for (int64_t i = n; i < np; i++)
    buf[0][i] = INT32_MAX;
  sort_keys (buf, np);
  for (int64_t i = 0; i < n; i++)
    a[i] = buf[0][i];
  return 1;
}

static int enabled = 1;

void
sp__vsort_enable (int on)
{
  __atomic_store_n (&enabled, on, __ATOMIC_RELAXED);
}

int
sp__vsort (int64_t *a, int64_t n)
{
  return n <= SP_VSORT_MAX && __atomic_load_n (&enabled, __ATOMIC_RELAXED)
         && __builtin_cpu_supports ("avx2") && sort_list (a, n);
}

#else

void
sp__vsort_enable (int on)
{
  (void) on;
}

int
sp__vsort (int64_t *a, int64_t n)
{
  (void) a, (void) n;
  return 0;
}

#endif
