/* numscan.c -- exact decimal integer and floating-point scanning.

   Doubles go through three steps, fastest first:
   1. Clinger's fast path: at most 19 digits forming w <= 2^53 and a power
      of ten 10^|q| <= 10^22, both exact doubles, so one IEEE multiply or
      divide rounds correctly.
   2. Eisel-Lemire: w * 5^q with a 128-bit approximation of 5^q; decides
      the rounding of almost every input.  With more than 19 digits it runs
      on the first 19 (w) and on w + 1: the true value lies between, so
      when both round alike that is the answer.
   3. A big-integer comparison for what step 2 cannot decide: starting
      from step 2's candidate, compare the exact decimal with the exact
      halfway point to the neighbouring double and step until bracketed.  */

#include <math.h>
#include <string.h>
#include "numscan.h"
#include "numscan_pow5.h"

__extension__ typedef unsigned __int128 u128;

#define INF_BITS 0x7FF0000000000000ULL
#define MANT_BITS 52

static inline int
is_digit (char c)
{
  return (unsigned char) (c - '0') < 10;
}

/* ---------------------------------------------------------------- ints */

const char *
sp__scan_int64 (const char *p, int64_t *v, sp_scan_status *st)
{
  const char *s = p;
  int neg = *s == '-';
  if (*s == '-' || *s == '+')
    s++;
  if (!is_digit (*s))
    {
      *st = SP_SCAN_NONE;
      return p;
    }
  while (*s == '0')
    s++;
  const char *first = s;
  uint64_t u = 0;
  while (is_digit (*s))
    u = u * 10 + (uint64_t) (*s++ - '0');
  /* Nineteen digits always fit in 64 unsigned bits; twenty may not.  */
  if (s - first > 19 || u > (uint64_t) INT64_MAX + neg)
    {
      *st = SP_SCAN_RANGE;
      return s;
    }
  *v = neg ? (int64_t) (0 - u) : (int64_t) u;
  *st = SP_SCAN_OK;
  return s;
}

/* The exponent at P, past an 'e' or 'E' (none: 0 and P itself), at most
   a million in size: beyond that no digit string of a line can reach an
   integer of 64 bits or lose its fraction.  */
static const char *
scan_exponent (const char *p, int64_t *e)
{
  const char *s = p + 1;
  int neg = *s == '-';
  *e = 0;
  if ((*p | 0x20) != 'e')
    return p;
  s += *s == '-' || *s == '+';
  if (!is_digit (*s))
    return p;
  for (; is_digit (*s); s++)
    if (*e < 1000000)
      *e = *e * 10 + (*s - '0');
  *e = neg ? -*e : *e;
  return s;
}

const char *
sp__scan_integral (const char *p, int64_t *v, sp_scan_status *st)
{
  const char *s = p, *dig;
  int neg = *s == '-', over = 0, frac = 0;
  int64_t nint = 0, nall = 0, e, k = 0;
  uint64_t u = 0;
  s += *s == '-' || *s == '+';
  for (dig = s; is_digit (*s); s++)
    nint++;
  nall = nint;
  if (*s == '.')
    for (s++; is_digit (*s); s++)
      nall++;
  if (nall == 0)
    {
      *st = SP_SCAN_NONE;
      return p;
    }
  s = scan_exponent (s, &e);
  /* Digits before position NINT + E make the integer; any other one
     must be zero.  */
  for (const char *d = dig; k < nall; d++)
    {
      if (*d == '.')
        continue;
      if (k++ >= nint + e)
        frac |= *d != '0';
      else if (u > (UINT64_MAX - 9) / 10)
        over = 1;
      else
        u = u * 10 + (uint64_t) (*d - '0');
    }
  for (; k < nint + e && u && !over; k++)
    if (u > UINT64_MAX / 10)
      over = 1;
    else
      u *= 10;
  if (frac)
    *st = SP_SCAN_FRACTION;
  else if (over || u > (uint64_t) INT64_MAX + neg)
    *st = SP_SCAN_RANGE;
  else
    {
      *v = neg ? (int64_t) (0 - u) : (int64_t) u;
      *st = SP_SCAN_OK;
    }
  return s;
}

/* ------------------------------------------------- the decimal mantissa */

/* Accumulate the digits at *SP into *W (modulo 2^64), eight at a time
   where END allows; advance *SP past them.  */
static inline void
scan_digits (const char **sp, const char *end, uint64_t *w)
{
  const char *s = *sp;
  uint64_t x = *w;
  while (end - s >= 8 && sp__eight_digits (sp__load8 (s)))
    {
      x = x * 100000000 + sp__eight_value (sp__load8 (s));
      s += 8;
    }
  while (is_digit (*s))
    x = x * 10 + (uint64_t) (*s++ - '0');
  *sp = s;
  *w = x;
}

/* The digits of a decimal number: [BEGIN, END) with at most one '.'.  */
typedef struct decimal
{
  const char *begin;
  const char *end;
  int64_t ndigits;   /* digits in [begin, end) */
  int64_t nfrac;     /* of them after the '.' */
  int64_t exp10;     /* the explicit exponent, saturated */
} decimal;

/* The first up-to-19 significant digits of D as W with D ~ W * 10^*Q;
   returns nonzero when digits were dropped (then D lies in
   [W, W + 1) * 10^Q).  */
static int
leading_digits (const decimal *d, uint64_t *w, int64_t *q)
{
  const char *s = d->begin;
  int64_t zeros = 0;
  while (*s == '0' || *s == '.')
    zeros += *s++ == '0';
  int64_t nsig = d->ndigits - zeros;
  int64_t take = nsig < 19 ? nsig : 19;
  uint64_t x = 0;
  for (int64_t k = 0; k < take; s++)
    if (*s != '.')
      {
        x = x * 10 + (uint64_t) (*s - '0');
        k++;
      }
  *w = x;
  *q = d->exp10 - d->nfrac + (nsig - take);
  return nsig > take;
}

/* ------------------------------------------------------ Eisel-Lemire */

/* The bits of the double nearest to W * 10^Q (W != 0).  *EXACT is cleared
   when the 128-bit product could not decide; the result is then still
   within one unit in the last place.  */
static uint64_t
eisel_lemire (uint64_t w, int64_t q, int *exact)
{
  *exact = 1;
  if (q < SP_POW5_MIN)
    return 0;
  if (q > SP_POW5_MAX)
    return INF_BITS;
  int lz = __builtin_clzll (w);
  w <<= lz;
  const uint64_t *t = sp_pow5_128[q - SP_POW5_MIN];
  u128 first = (u128) w * t[0];
  uint64_t hi = (uint64_t) (first >> 64), lo = (uint64_t) first;
  /* The low bits below the 55 we keep may carry: add the second word.  */
  if ((hi & 0x1FF) == 0x1FF)
    {
      uint64_t hi2 = (uint64_t) (((u128) w * t[1]) >> 64);
      lo += hi2;
      hi += hi2 > lo;
      /* Outside this range 5^q is not exact in 128 bits.  */
      if (lo == UINT64_MAX && (q < -27 || q > 55))
        *exact = 0;
    }
  int upper = (int) (hi >> 63);
  int shift = upper + 64 - MANT_BITS - 3;
  uint64_t m = hi >> shift;
  /* floor (log2 (10^q)) = (217706 q) >> 16 for |q| <= 1650.  */
  int64_t p2 = ((217706 * q) >> 16) + 63 + upper - lz + 1023;
  if (p2 <= 0)
    {
      /* Subnormal: shift into place, then round.  */
      if (-p2 + 1 >= 64)
        return 0;
      m >>= -p2 + 1;
      m += m & 1;
      m >>= 1;
      /* Rounding up may have made it the smallest normal.  */
      return m;
    }
  /* An exact tie (only possible for small |q|) rounds to even.  */
  if (lo <= 1 && q >= -4 && q <= 23 && (m & 3) == 1 && (m << shift) == hi)
    m &= ~(uint64_t) 1;
  m += m & 1;
  m >>= 1;
  if (m >= (uint64_t) 2 << MANT_BITS)
    {
      m = (uint64_t) 1 << MANT_BITS;
      p2++;
    }
  if (p2 >= 0x7FF)
    return INF_BITS;
  return ((uint64_t) p2 << MANT_BITS) | (m & (((uint64_t) 1 << MANT_BITS) - 1));
}

/* ------------------------------------------------------ big integers */

/* Enough for every comparison of the slow path: the decimal keeps at most
   MAX_DIGITS digits (2658 bits); the halfway point times 5^1123 needs
   2662 bits; aligning the two never grows the larger.  */
#define MAX_DIGITS 800
#define BIG_LIMBS 96

typedef struct big
{
  int n;                 /* limbs in use; d[n-1] != 0 unless n == 0 */
  uint32_t d[BIG_LIMBS]; /* least significant first */
} big;

static void
big_set (big *b, uint64_t v)
{
  b->n = 0;
  while (v)
    {
      b->d[b->n++] = (uint32_t) v;
      v >>= 32;
    }
}

/* B = B * M + ADD.  */
static void
big_mul_add (big *b, uint32_t m, uint32_t add)
{
  uint64_t carry = add;
  for (int k = 0; k < b->n; k++)
    {
      uint64_t x = (uint64_t) b->d[k] * m + carry;
      b->d[k] = (uint32_t) x;
      carry = x >> 32;
    }
  if (carry)
    b->d[b->n++] = (uint32_t) carry;
}

static void
big_mul_pow5 (big *b, int64_t e)
{
  for (; e >= 13; e -= 13)
    big_mul_add (b, 1220703125, 0); /* 5^13 */
  uint32_t r = 1;
  while (e-- > 0)
    r *= 5;
  big_mul_add (b, r, 0);
}

static void
big_shl (big *b, int64_t bits)
{
  int words = (int) (bits / 32), s = (int) (bits % 32);
  if (b->n == 0)
    return;
  b->d[b->n] = 0;
  for (int k = b->n; k >= 0; k--)
    {
      uint32_t lowpart = k > 0 && s ? b->d[k - 1] >> (32 - s) : 0;
      b->d[k + words] = (b->d[k] << s) | lowpart;
    }
  memset (b->d, 0, (size_t) words * sizeof b->d[0]);
  b->n += words + 1;
  while (b->n > 0 && b->d[b->n - 1] == 0)
    b->n--;
}

static int64_t
big_bits (const big *b)
{
  return b->n ? 32 * (int64_t) b->n - __builtin_clz (b->d[b->n - 1]) : 0;
}

static int
big_cmp (const big *a, const big *b)
{
  if (a->n != b->n)
    return a->n < b->n ? -1 : 1;
  for (int k = a->n - 1; k >= 0; k--)
    if (a->d[k] != b->d[k])
      return a->d[k] < b->d[k] ? -1 : 1;
  return 0;
}

/* ------------------------------------------------------ the slow path */

/* A decimal as DIGITS * 10^E, plus STICKY when nonzero digits were dropped
   past MAX_DIGITS.  */
typedef struct exact_decimal
{
  big digits;
  int64_t e;
  int sticky;
} exact_decimal;

static void
exact_from_decimal (const decimal *d, exact_decimal *x)
{
  const char *s = d->begin;
  while (*s == '0' || *s == '.')
    s++;
  int64_t kept = 0, after = 0;
  uint32_t chunk = 0, scale = 1;
  big_set (&x->digits, 0);
  x->sticky = 0;
  for (; s < d->end; s++)
    {
      if (*s == '.')
        continue;
      if (kept == MAX_DIGITS)
        {
          x->sticky |= *s != '0';
          after++;
          continue;
        }
      chunk = chunk * 10 + (uint32_t) (*s - '0');
      scale *= 10;
      kept++;
      if (scale == 1000000000)
        {
          big_mul_add (&x->digits, scale, chunk);
          chunk = 0;
          scale = 1;
        }
    }
  big_mul_add (&x->digits, scale, chunk);
  /* The kept digits end `after' digits before the last one.  */
  x->e = d->exp10 - d->nfrac + after;
}

/* Compare X with the point halfway between the doubles with bits K and
   K + 1 (K finite): (2m + 1) * 2^(e - 1) where double K is m * 2^e.  */
static int
cmp_halfway (const exact_decimal *x, uint64_t k)
{
  uint64_t field = k >> MANT_BITS, m = k & (((uint64_t) 1 << MANT_BITS) - 1);
  int64_t e = -1074;
  if (field)
    {
      m |= (uint64_t) 1 << MANT_BITS;
      e = (int64_t) field - 1075;
    }
  /* X = D * 5^E * 2^E against H * 2^F: move the fives to the left of
     whichever side they multiply, then align the twos.  */
  big a = x->digits, b;
  big_set (&b, 2 * m + 1);
  int64_t ea = x->e, eb = e - 1;
  if (ea >= 0)
    big_mul_pow5 (&a, ea);
  else
    big_mul_pow5 (&b, -ea);
  int64_t la = big_bits (&a) + ea, lb = big_bits (&b) + eb;
  int c;
  if (la != lb)
    c = la < lb ? -1 : 1;
  else
    {
      if (ea > eb)
        big_shl (&a, ea - eb);
      else
        big_shl (&b, eb - ea);
      c = big_cmp (&a, &b);
    }
  return c == 0 && x->sticky ? 1 : c;
}

/* Nonzero when X rounds to a double above the one with bits K.  */
static int
rounds_above (const exact_decimal *x, uint64_t k)
{
  int c = cmp_halfway (x, k);
  return c > 0 || (c == 0 && (k & 1));
}

/* The correctly rounded bits of X, starting from a nearby candidate K.  */
static uint64_t
round_exact (const exact_decimal *x, uint64_t k)
{
  uint64_t start = k;
  while (k < INF_BITS && rounds_above (x, k))
    k++;
  if (k == start)
    while (k > 0 && !rounds_above (x, k - 1))
      k--;
  return k;
}

/* ------------------------------------------------------------ doubles */

const double sp__pow10[23] = {
  1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

/* The bits of the (positive) double nearest to D, whose digits
   accumulated (modulo 2^64) to W.  */
static uint64_t
decimal_to_bits (const decimal *d, uint64_t w)
{
  int64_t q = d->exp10 - d->nfrac;
  int dropped = 0;
  /* Past 19 digits W may have wrapped: start again from the first 19
     significant ones.  */
  if (d->ndigits > 19)
    dropped = leading_digits (d, &w, &q);
  if (w == 0)
    return 0;
  if (!dropped && w <= (uint64_t) 1 << 53 && q >= -22 && q <= 22)
    {
      double v = (double) w;
      v = q < 0 ? v / sp__pow10[-q] : v * sp__pow10[q];
      uint64_t bits;
      memcpy (&bits, &v, sizeof bits);
      return bits;
    }
  int exact, exact1 = 1;
  uint64_t k = eisel_lemire (w, q, &exact);
  if (exact && (!dropped || eisel_lemire (w + 1, q, &exact1) == k) && exact1)
    return k;
  exact_decimal x;
  exact_from_decimal (d, &x);
  return round_exact (&x, k);
}

int
sp__scan_w_q (uint64_t w, int64_t q, double *v)
{
  int exact;
  uint64_t bits = w ? eisel_lemire (w, q, &exact) : 0;
  if (!w)
    exact = 1;
  if (!exact || bits == INF_BITS)
    return 0;
  memcpy (v, &bits, sizeof bits);
  return 1;
}

static int
match_lower (const char *s, const char *word)
{
  for (; *word; s++, word++)
    if ((*s | 0x20) != *word)
      return 0;
  return 1;
}

/* inf, infinity or nan[(chars)] at S; NULL when none.  */
static const char *
scan_special (const char *s, double *v)
{
  if (match_lower (s, "inf"))
    {
      *v = INFINITY;
      return s + (match_lower (s + 3, "inity") ? 8 : 3);
    }
  if (!match_lower (s, "nan"))
    return NULL;
  *v = NAN;
  s += 3;
  if (*s == '(')
    {
      const char *t = s + 1;
      while (is_digit (*t) || ((*t | 0x20) >= 'a' && (*t | 0x20) <= 'z')
             || *t == '_')
        t++;
      if (*t == ')')
        s = t + 1;
    }
  return s;
}

/* The digits and exponent of a decimal at S; returns its end, or S when
   there are no digits.  */
static const char *
scan_decimal (const char *s, const char *end, decimal *d, uint64_t *w)
{
  const char *p = s;
  d->begin = s;
  *w = 0;
  scan_digits (&p, end, w);
  int64_t nint = p - s;
  d->nfrac = 0;
  if (*p == '.')
    {
      const char *f = ++p;
      scan_digits (&p, end, w);
      d->nfrac = p - f;
    }
  d->ndigits = nint + d->nfrac;
  if (d->ndigits == 0)
    return s;
  d->end = p;
  d->exp10 = 0;
  if ((*p | 0x20) == 'e')
    {
      const char *e = p + 1;
      int neg = *e == '-';
      if (*e == '-' || *e == '+')
        e++;
      if (is_digit (*e))
        {
          int64_t x = 0;
          /* Past 10^12 the result is 0 or inf whatever the digits.  */
          for (; is_digit (*e); e++)
            if (x < 1000000000000LL)
              x = x * 10 + (*e - '0');
          d->exp10 = neg ? -x : x;
          p = e;
        }
    }
  return p;
}

const char *
sp__scan_double (const char *p, const char *end, double *v,
                 sp_scan_status *st)
{
  const char *s = p;
  int neg = *s == '-';
  if (*s == '-' || *s == '+')
    s++;
  decimal d;
  uint64_t w;
  const char *e = scan_decimal (s, end, &d, &w);
  *st = SP_SCAN_OK;
  if (e == s)
    {
      e = scan_special (s, v);
      if (!e)
        {
          *st = SP_SCAN_NONE;
          return p;
        }
      *v = neg ? -*v : *v;
      return e;
    }
  /* The common case, at most 19 digits and a small exponent, inline.  */
  int64_t q = d.exp10 - d.nfrac;
  if (d.ndigits <= 19 && w <= (uint64_t) 1 << 53 && q >= -22 && q <= 22)
    {
      double x = (double) w;
      x = q < 0 ? x / sp__pow10[-q] : x * sp__pow10[q];
      *v = neg ? -x : x;
      return e;
    }
  uint64_t bits = decimal_to_bits (&d, w);
  if (bits == INF_BITS)
    *st = SP_SCAN_RANGE;
  bits |= (uint64_t) neg << 63;
  memcpy (v, &bits, sizeof bits);
  return e;
}
