/* numscan.h -- exact decimal number scanning for the file readers.

   The scanners read a number that starts exactly at P (no leading blanks)
   and return the first byte after it, or P itself when there is no number
   there.  They need a byte after the number that cannot continue it (the
   readers keep a NUL sentinel at the end of their window), so the digit
   loops test no lengths; sp__scan_double also never reads past END, the
   bound for its eight-digits-at-a-time loads.

   sp__scan_double is correctly rounded (round to nearest, ties to even)
   for any number of digits and any exponent, like glibc's strtod, and
   accepts what strtod accepts in the C locale except hexadecimal:
     [+-] ( digits [. [digits]] | . digits ) [ (e|E) [+-] digits ]
     [+-] ( inf | infinity | nan | nan(chars) )     (any case)  */

#ifndef SPARSE_NUMSCAN_H
#define SPARSE_NUMSCAN_H

#include <stdint.h>
#include <string.h>

typedef enum
{
  SP_SCAN_OK,    /* a number was read */
  SP_SCAN_NONE,  /* no number at P */
  SP_SCAN_RANGE, /* a number, but too large: an integer past 64 bits, or a
                    finite decimal beyond the largest double (set to inf) */
  SP_SCAN_FRACTION /* sp__scan_integral: a number, but not an integer */
} sp_scan_status;

/* An optionally signed decimal integer (reads no further than the first
   byte that is not a digit).  On SP_SCAN_RANGE the digits are consumed and
   *V is left unspecified.  */
const char *sp__scan_int64 (const char *p, int64_t *v, sp_scan_status *st);

/* A decimal number in sp__scan_double's syntax but for inf and nan
   whose value is an integer (2.5e1, 1500.000, 9.007199254740993e15),
   exactly: SP_SCAN_FRACTION when it has a fractional part, SP_SCAN_RANGE
   when it is an integer past 64 bits (*V unspecified for both).  */
const char *sp__scan_integral (const char *p, int64_t *v,
                               sp_scan_status *st);

/* A decimal floating-point number, see above.  */
const char *sp__scan_double (const char *p, const char *end, double *v,
                             sp_scan_status *st);

/* ------------------------------------------------- eight digits at once */

/* Eight bytes at P as a little-endian word (the first byte lowest).  */
static inline uint64_t
sp__load8 (const char *p)
{
  uint64_t x;
  memcpy (&x, p, 8);
  return x;
}

/* Whether the eight bytes of X are all ASCII digits (Lemire's SWAR test).  */
static inline int
sp__eight_digits (uint64_t x)
{
  return ((x & 0xF0F0F0F0F0F0F0F0ULL)
          | (((x + 0x0606060606060606ULL) & 0xF0F0F0F0F0F0F0F0ULL) >> 4))
         == 0x3333333333333333ULL;
}

/* The value of the eight ASCII digits X.  */
static inline uint32_t
sp__eight_value (uint64_t x)
{
  const uint64_t mask = 0x000000FF000000FFULL;
  const uint64_t mul1 = 0x000F424000000064ULL; /* 100 + (1000000 << 32) */
  const uint64_t mul2 = 0x0000271000000001ULL; /* 1 + (10000 << 32) */
  x -= 0x3030303030303030ULL;
  x = (x * 10) + (x >> 8);
  x = (((x & mask) * mul1) + (((x >> 16) & mask) * mul2)) >> 32;
  return (uint32_t) x;
}

/* How many of the bytes of X, from the first, are digits (0 to 8).  A
   byte below '0' borrows from the ones after it, and one far above '9'
   carries into them: neither changes the bytes before it.  */
static inline int
sp__lead_digits (uint64_t x)
{
  uint64_t d = x - 0x3030303030303030ULL;
  uint64_t m = ((d + 0x7676767676767676ULL) | d) & 0x8080808080808080ULL;
  return m ? __builtin_ctzll (m) >> 3 : 8;
}

/* The value of the first N (1 to 8) bytes of X, digits: shifted up, the
   bytes before them read as leading zeros.  */
static inline uint32_t
sp__lead_value (uint64_t x, int n)
{
  uint64_t zeros = n < 8 ? 0x3030303030303030ULL >> (8 * n) : 0;
  return sp__eight_value ((x << (8 * (8 - n))) | zeros);
}

/* Exact powers of ten, 10^0 to 10^22.  */
extern const double sp__pow10[23];

/* The double W * 10^Q rounded correctly, into *V: 1, or 0 when the quick
   methods cannot decide or it overflows (W has at most 19 digits).  */
int sp__scan_w_q (uint64_t w, int64_t q, double *v);

/* A plain decimal at P: [-]digits[.[digits]], at most 8 digits before the
   point and 19 in all, no exponent.  Its end, or NULL for anything else,
   which sp__scan_double then reads (with the same result where both
   read).  */
static inline __attribute__ ((always_inline)) const char *
sp__scan_plain (const char *p, double *v)
{
  static const uint64_t scale[9] = { 1, 10, 100, 1000, 10000, 100000,
                                     1000000, 10000000, 100000000 };
  int neg = *p == '-';
  p += neg;
  uint64_t x = sp__load8 (p), w;
  int k = sp__lead_digits (x), nd = k, nf = 0;
  if (k == 0 || k == 8)
    return NULL;
  w = sp__lead_value (x, k);
  p += k;
  if (*p == '.')
    {
      p++;
      do
        {
          x = sp__load8 (p);
          k = sp__lead_digits (x);
          if (k)
            w = w * scale[k] + sp__lead_value (x, k);
          nf += k;
          p += k;
        }
      while (k == 8 && nd + nf <= 19);
    }
  if (nd + nf > 19 || (*p | 0x20) == 'e')
    return NULL;
  double r;
  if (w <= (uint64_t) 1 << 53)
    r = (double) w / sp__pow10[nf];
  else if (!sp__scan_w_q (w, -nf, &r))
    return NULL;
  *v = neg ? -r : r;
  return p;
}

#endif /* SPARSE_NUMSCAN_H */
