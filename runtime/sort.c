/* sort.c -- stable least-significant-digit radix sort of fixed-size
   records by a multi-word key: linear in the entries for the key widths
   sparse tensors have, and digits that are the same in every record cost
   only their share of the one counting pass.  */

#include <stdlib.h>
#include "storage.h"

#define DIGIT_BITS 11
#define NBUCKET (1 << DIGIT_BITS)

/* Digit of B bits at bit O (from the least significant end) of the key
   of record R, whose KW words come most significant first.  */
static inline unsigned
digit (const uint64_t *r, int kw, int o, int b)
{
  int w = kw - 1 - o / 64, s = o % 64;
  uint64_t v = r[w] >> s;
  if (s + b > 64)
    v |= r[w - 1] << (64 - s);
  return (unsigned) (v & ((1u << b) - 1));
}

/* One counting-sort pass by the digit at O of B bits, SRC to DST, with
   OFF the digit's bucket starts.  Inlined for the common record width so
   the copy is two moves.  */
static inline __attribute__ ((always_inline)) void
pass (const uint64_t *src, uint64_t *dst, int64_t n, int kw, int rw, int o,
      int b, int64_t *off)
{
  for (int64_t e = 0; e < n; e++)
    {
      const uint64_t *r = src + e * rw;
      uint64_t *d = dst + off[digit (r, kw, o, b)]++ * rw;
      for (int w = 0; w < rw; w++)
        d[w] = r[w];
    }
}

/* Whether the records are in key order already (files often are).  */
static int
sorted (const uint64_t *rec, int64_t n, int kw, int rw)
{
  for (int64_t e = 1; e < n; e++)
    {
      const uint64_t *a = rec + (e - 1) * rw, *b = a + rw;
      int w = 0;
      while (w < kw && a[w] == b[w])
        w++;
      if (w < kw && a[w] > b[w])
        return 0;
    }
  return 1;
}

int
sp__sort_records (uint64_t *rec, int64_t n, int kw, int rw, int bits)
{
  int ndig = (bits + DIGIT_BITS - 1) / DIGIT_BITS, rc = -1;
  int64_t *hist = NULL;
  uint64_t *tmp = NULL, *src = rec, *dst;

  if (n < 2 || ndig == 0 || sorted (rec, n, kw, rw))
    return 0;
  hist = sp__alloc_array ((int64_t) ndig * NBUCKET, sizeof *hist, 0,
                          "sort counts");
  tmp = sp__alloc_array (n, rw * sizeof *tmp, -1, "sort buffer");
  if (!hist || !tmp)
    goto done;
  for (int64_t e = 0; e < n; e++)
    for (int g = 0; g < ndig; g++)
      {
        int o = g * DIGIT_BITS, b = bits - o < DIGIT_BITS ? bits - o
                                                          : DIGIT_BITS;
        hist[g * NBUCKET + digit (rec + e * rw, kw, o, b)]++;
      }
  dst = tmp;
  for (int g = 0; g < ndig; g++)
    {
      int64_t *h = hist + g * NBUCKET, sum = 0;
      int o = g * DIGIT_BITS, b = bits - o < DIGIT_BITS ? bits - o
                                                        : DIGIT_BITS;
      int constant = 0;
      for (int c = 0; c < NBUCKET; c++)
        {
          int64_t m = h[c];
          constant |= m == n;
          h[c] = sum;
          sum += m;
        }
      if (constant)
        continue;
      if (rw == 2)
        pass (src, dst, n, 1, 2, o, b, h);
      else
        pass (src, dst, n, kw, rw, o, b, h);
      uint64_t *t = src;
      src = dst;
      dst = t;
    }
  if (src != rec)
    memcpy (rec, src, (size_t) n * rw * sizeof *rec);
  rc = 0;
done:
  sp__free_array (hist);
  sp__free_array (tmp);
  return rc;
}

int
sp__merge_records (uint64_t **rec, int64_t from, int64_t m, int64_t n,
                   int64_t cap, int kw, int rw)
{
  uint64_t *out, *a = *rec;
  int64_t i = from, j = m, o = from;

  if (m == from || m == n)
    return 0;
  if (!(out = sp__alloc_array (cap, rw * sizeof *out, -1, "sort records")))
    return -1;
  memcpy (out, a, from * rw * sizeof *out);
  while (i < m || j < n)
    {
      int w = 0;
      while (i < m && j < n && w < kw && a[i * rw + w] == a[j * rw + w])
        w++;
      int64_t next = j == n || (i < m && (w == kw
                                          || a[i * rw + w] < a[j * rw + w]))
                     ? i++ : j++;
      memcpy (out + o++ * rw, a + next * rw, rw * sizeof *out);
    }
  sp__free_array (a);
  *rec = out;
  return 0;
}

/* Sort [LO, HI) of C (with V alongside) by insertion.  */
static void
insertion_crd (int32_t *restrict c, double *restrict v, int64_t lo,
               int64_t hi)
{
  for (int64_t i = lo + 1; i < hi; i++)
    {
      int32_t kc = c[i];
      double kv = v[i];
      int64_t j = i;
      for (; j > lo && c[j - 1] > kc; j--)
        {
          c[j] = c[j - 1];
          v[j] = v[j - 1];
        }
      c[j] = kc;
      v[j] = kv;
    }
}

/* Merge the sorted runs [LO, MID) and [MID, HI) of SC, SV into DC, DV;
   on equal coordinates the first run's entry comes first.  */
static void
merge_crd (const int32_t *restrict sc, const double *restrict sv,
           int32_t *restrict dc, double *restrict dv, int64_t lo,
           int64_t mid, int64_t hi)
{
  int64_t i = lo, j = mid, k = lo;
  while (i < mid && j < hi)
    {
      int64_t from = sc[j] < sc[i] ? j++ : i++;
      dc[k] = sc[from];
      dv[k++] = sv[from];
    }
  for (; i < mid; i++, k++)
    dc[k] = sc[i], dv[k] = sv[i];
  for (; j < hi; j++, k++)
    dc[k] = sc[j], dv[k] = sv[j];
}


/* The passes of a sort move entries between the arrays and the scratch:
   swap source and destination.  */
static inline void
swap_bufs (int32_t **sc, double **sv, int32_t **dc, double **dv)
{
  int32_t *t = *sc;
  double *u = *sv;
  *sc = *dc, *sv = *dv, *dc = t, *dv = u;
}

/* The N sorted entries in SC, SV back in C, V if they ended in the
   scratch.  */
static inline void
settle (int32_t *c, double *v, const int32_t *sc, const double *sv,
        int64_t n)
{
  if (sc != c)
    {
      memcpy (c, sc, n * sizeof *c);
      memcpy (v, sv, n * sizeof *v);
    }
}

/* Sort C (with V alongside), N > SP_SORT_CRD_RUN entries of BITS bits,
   by LSD radix on bytes, between the arrays and the scratch TC, TV.  */
static void
radix_crd (int32_t *c, double *v, int64_t n, int32_t *tc, double *tv,
           int bits)
{
  int32_t *sc = c, *dc = tc;
  double *sv = v, *dv = tv;
  for (int sh = 0; sh < bits; sh += 8)
    {
      int64_t count[256] = { 0 }, sum = 0;
      for (int64_t e = 0; e < n; e++)
        count[(sc[e] >> sh) & 255]++;
      if (count[(sc[0] >> sh) & 255] == n)
        continue;
      for (int d = 0; d < 256; d++)
        {
          int64_t k = count[d];
          count[d] = sum;
          sum += k;
        }
      for (int64_t e = 0; e < n; e++)
        {
          int64_t p = count[(sc[e] >> sh) & 255]++;
          dc[p] = sc[e];
          dv[p] = sv[e];
        }
      swap_bufs (&sc, &sv, &dc, &dv);
    }
  settle (c, v, sc, sv, n);
}

/* Sort C (with V alongside), N entries, by merging runs sorted by
   insertion, between the arrays and the scratch TC, TV.  */
static void
merge_sort_crd (int32_t *c, double *v, int64_t n, int32_t *tc, double *tv)
{
  for (int64_t lo = 0; lo < n; lo += SP_SORT_CRD_RUN)
    insertion_crd (c, v, lo, lo + SP_SORT_CRD_RUN < n ? lo + SP_SORT_CRD_RUN
                                                      : n);
  int32_t *sc = c, *dc = tc;
  double *sv = v, *dv = tv;
  for (int64_t w = SP_SORT_CRD_RUN; w < n; w *= 2)
    {
      for (int64_t lo = 0; lo < n; lo += 2 * w)
        {
          int64_t mid = lo + w < n ? lo + w : n;
          merge_crd (sc, sv, dc, dv, lo, mid, lo + 2 * w < n ? lo + 2 * w : n);
        }
      swap_bufs (&sc, &sv, &dc, &dv);
    }
  settle (c, v, sc, sv, n);
}

/* Rows this long sort faster by radix than by merging.  */
#define RADIX_MIN 256

void
sp__sort_crd (int32_t *c, double *v, int64_t n, int32_t *tc, double *tv,
              int bits)
{
  int64_t e = 1;
  while (e < n && c[e - 1] <= c[e])
    e++;
  if (e >= n)
    return;
  if (n <= SP_SORT_CRD_RUN)
    insertion_crd (c, v, 0, n);
  else if (n < RADIX_MIN)
    merge_sort_crd (c, v, n, tc, tv);
  else
    radix_crd (c, v, n, tc, tv, bits);
}
