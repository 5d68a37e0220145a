/* { dg-do run } */
/* The decimal scanner against glibc's strtod (correctly rounded): the
   same end of number and the same bits, on known hard cases and on
   millions of generated strings -- random digits and exponents, exact
   halfway points between neighbouring doubles and their neighbours,
   printed doubles, subnormal and overflow boundaries, plain decimals of
   up to 19 digits as Matrix Market files hold them.  The readers' quick
   scanner for plain decimals (sp__scan_plain) must agree wherever it
   reads a number.  */

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "numscan.h"

static int failures;
static long checked, plain_checked;
/* Under `make check-valgrind` a twentieth of the generated strings.  */
static int scale = 1;

#include "rng.h"

static int
uniform (int lo, int hi)
{
  return lo + (int) (rng () % (uint64_t) (hi - lo + 1));
}

static uint64_t
bits_of (double x)
{
  uint64_t b;
  memcpy (&b, &x, sizeof b);
  return b;
}

/* Scan S both ways; report any difference.  */
static void
check (const char *s)
{
  size_t len = strlen (s);
  double want, got = 0;
  sp_scan_status st;
  char *want_end;
  want = strtod (s, &want_end);
  const char *got_end = sp__scan_double (s, s + len, &got, &st);
  checked++;
  int same_end = got_end == want_end;
  int same_val = st == SP_SCAN_NONE
                 || (isnan (want) ? isnan (got) && !signbit (want) == !signbit (got)
                                  : bits_of (want) == bits_of (got));
  int want_range = isinf (want) && st != SP_SCAN_NONE
                   && strpbrk (s, "iI") == NULL;
  int same_st = (st == SP_SCAN_RANGE) == want_range
                && (st == SP_SCAN_NONE) == (want_end == s);
  /* The quick scanner reads eight bytes at a time: give it the zero
     bytes after the string that the readers' windows have.  */
  char pad[160] = "";
  double plain = 0;
  const char *plain_end = NULL;
  if (len < sizeof pad - 16)
    {
      memcpy (pad, s, len);
      plain_end = sp__scan_plain (pad, &plain);
    }
  if (plain_end && (plain_end - pad != want_end - s
                    || bits_of (plain) != bits_of (want)))
    {
      if (++failures <= 20)
        printf ("FAIL '%.120s': strtod %.17g, plain scan %.17g (%td "
                "chars)\n", s, want, plain, plain_end - pad);
      return;
    }
  plain_checked += plain_end != NULL;
  if (same_end && same_val && same_st)
    return;
  if (++failures <= 20)
    printf ("FAIL '%.120s': strtod %.17g (%016" PRIx64 ", %td chars), "
            "scan %.17g (%016" PRIx64 ", %td chars, status %d)\n",
            s, want, bits_of (want), want_end - s, got, bits_of (got),
            got_end - s, (int) st);
}

/* Where the scanner differs from strtod on purpose: it skips no leading
   blanks (the readers do) and reads no hexadecimal.  */
static void
check_differences (void)
{
  static const struct { const char *s; int len; } cases[] = {
    { " 1", 0 }, { "\t1", 0 }, { "0x1p3", 1 }, { "-0x10", 2 },
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
    {
      double v;
      sp_scan_status st;
      const char *s = cases[k].s;
      const char *e = sp__scan_double (s, s + strlen (s), &v, &st);
      checked++;
      if (e - s != cases[k].len
          || (st == SP_SCAN_NONE) != (cases[k].len == 0))
        {
          failures++;
          printf ("FAIL '%s': read %td chars, status %d\n", s, e - s, (int) st);
        }
    }
}

static const char *const hard[] = {
  "0", "-0", "+0", "0.0", "0e0", "0e-999999999999", "0e999999999999",
  "1", "-1", "0.1", "0.2", "0.3", "1e23", "8.98846567431158e307",
  "1.7976931348623157e308", "1.7976931348623158e308",
  "1.7976931348623159e308", "1.797693134862315807e308",
  "1.7976931348623158079372897140530341507993413271003782693617377898044"
  "4968292764750946649017977587207096330286416692887910946555547851940402"
  "630657488671505820681908902000708383676273854845817711531764475730270"
  "069855571366959622842914819860834936475292719074168444365510704342711"
  "559699508093042880177904174497791e308",
  "1.7976931348623158079372897140530341507993413271003782693617377898044"
  "4968292764750946649017977587207096330286416692887910946555547851940402"
  "630657488671505820681908902000708383676273854845817711531764475730270"
  "069855571366959622842914819860834936475292719074168444365510704342711"
  "559699508093042880177904174497792e308",
  "2.2250738585072011e-308", "2.2250738585072012e-308",
  "2.2250738585072014e-308", "2.225073858507201136057409796709131975934"
  "8195e-308",
  "4.9406564584124654e-324", "2.4703282292062327e-324",
  "2.4703282292062328e-324", "2.47032822920623272088284396434110686182529"
  "9010406e-324", "2.470328229206232720882843964341106861825299013e-324",
  "5e-324", "3e-324", "2e-324", "1e-324", "1e-400", "1e309", "1e400",
  "9007199254740992", "9007199254740993", "9007199254740994",
  "9007199254740995", "9007199254740993.0000000000000000000000001",
  "18014398509481993", "18446744073709551615", "18446744073709551616",
  "9999999999999999999", "10000000000000000000", "99999999999999999999",
  "1.00000000000000011102230246251565404236316680908203125",
  "1.00000000000000011102230246251565404236316680908203124",
  "1.00000000000000011102230246251565404236316680908203126",
  "1.000000000000000111022302462515654042363166809082031250000000000001",
  "7.2057594037927933e16", "2.0000000000000004", "2.0000000000000004440892098500626",
  "4.4501477170144022e-308", "4.4501477170144023e-308",
  "6.631236846766476e-316", "3.2378839133029012e+29",
  "6.9294956446009195e15", "1.4e-45", "3.4028235e38", "123456789012345678901234567890e-30",
  "0.000000000000000000000000000000000000000000000000000000001",
  "1e-22", "1e22", "1e-23", "123.456e-3", "4e-320", "9.0e-321",
  ".5", "-.5", "+.5e-3", "5.", "5.e3", "05", "00000000000000000000001.5",
  "1e", "1e+", "1e-", "1E5", "1e+5x", ".", "-.", "+", "-", "", "e5", ".e1",
  "-.e1", "x", "inf", "INF", "-Inf", "+infinity", "Infinity",
  "infinit", "infx", "nan", "NaN", "-nan", "nan(123)", "nan(abc_X)",
  "nan(", "nan(1 2)", "nanx", "in", "na", "1,5", "1.5.5", "1..5",
  "3.14159265358979323846264338327950288419716939937510582097494459230781"
  "64062862089986280348253421170679",
};

/* Random digits (1 to 25), a point somewhere, an exponent often close to
   the ends of the range.  */
static void
random_decimal (char *buf)
{
  char *p = buf;
  int n = uniform (1, 25);
  int point = uniform (0, n);
  if (rng () & 1)
    *p++ = '-';
  for (int k = 0; k < n; k++)
    {
      if (k == point && k > 0)
        *p++ = '.';
      *p++ = (char) ('0' + uniform (k == 0 ? 1 : 0, 9));
    }
  int e;
  switch (rng () % 4)
    {
    case 0: e = uniform (-30, 30); break;
    case 1: e = uniform (-360, 330); break;
    case 2: e = uniform (-345, -300) - n; break;   /* subnormal, underflow */
    default: e = uniform (300, 310) - point; break; /* overflow */
    }
  sprintf (p, "e%d", e);
}

/* A plain decimal: a sign sometimes, 1 to 9 digits, a point and 0 to 19
   more sometimes.  */
static void
plain_decimal (char *buf)
{
  char *p = buf;
  if (rng () & 1)
    *p++ = '-';
  for (int k = uniform (1, 9); k > 0; k--)
    *p++ = (char) ('0' + uniform (0, 9));
  if (rng () % 8)
    {
      *p++ = '.';
      for (int k = uniform (0, 19); k > 0; k--)
        *p++ = (char) ('0' + uniform (0, 9));
    }
  *p = '\0';
}

/* A double whose bits are random: all binades, subnormals included.  */
static double
random_double (void)
{
  double x;
  do
    {
      uint64_t b = rng () & 0x7FFFFFFFFFFFFFFFULL;
      memcpy (&x, &b, sizeof x);
    }
  while (!isfinite (x));
  return x;
}

/* The exact halfway point between X and the next double up (a long double
   holds it exactly), printed in full, then nudged below and above.  */
static void
halfway_cases (double x)
{
  static char buf[1200];
  long double h = ((long double) x + (long double) nextafter (x, INFINITY)) / 2;
  int n = snprintf (buf, sizeof buf, "%.780Le", h);
  char *e = strchr (buf, 'e');
  char *last = e - 1;
  while (*last == '0')
    last--;
  char exp[16];
  snprintf (exp, sizeof exp, "%s", e);
  /* exact: digits up to the last nonzero one */
  memmove (last + 1, exp, strlen (exp) + 1);
  check (buf);
  /* just above: append a 1 far down */
  char *ee = strchr (buf, 'e');
  memmove (ee + 6, ee, strlen (ee) + 1);
  memcpy (ee, "00001", 5);
  ee[5] = '1';
  check (buf);
  /* just below: the same digits truncated to 17..25 significant digits */
  ee = strchr (buf, 'e');
  int keep = uniform (17, 25) + 1;
  if (keep < ee - buf)
    {
      memmove (buf + keep, ee, strlen (ee) + 1);
      check (buf);
    }
  (void) n;
}

static void
printed_cases (double x)
{
  char buf[64];
  static const char *const fmts[] = { "%.17g", "%.16g", "%.15g", "%.20e",
                                      "%.6e", "%.0e" };
  for (size_t k = 0; k < sizeof fmts / sizeof fmts[0]; k++)
    {
      snprintf (buf, sizeof buf, fmts[k], x);
      check (buf);
    }
}

/* Very long inputs: hundreds of digits around the kept-digit limit.  */
static void
long_cases (void)
{
  static char buf[2600];
  for (int t = 0; t < 2000 / scale; t++)
    {
      int n = uniform (700, 2400), k = 0;
      buf[k++] = (char) ('1' + uniform (0, 8));
      buf[k++] = '.';
      int zeros = rng () & 1;
      for (; k < n; k++)
        buf[k] = zeros && k < n - 1 ? '0' : (char) ('0' + uniform (0, 9));
      sprintf (buf + k, "e%d", uniform (-330, 310));
      check (buf);
    }
}

int
main (void)
{
  char buf[128];
  const char *vg = getenv ("SPARSE_VALGRIND");
  if (vg && *vg)
    scale = 20;
  check_differences ();
  for (size_t k = 0; k < sizeof hard / sizeof hard[0]; k++)
    check (hard[k]);
  for (int t = 0; t < 2000000 / scale; t++)
    {
      random_decimal (buf);
      check (buf);
    }
  for (int t = 0; t < 1000000 / scale; t++)
    {
      plain_decimal (buf);
      check (buf);
    }
  for (int t = 0; t < 100000 / scale; t++)
    {
      double x = random_double ();
      halfway_cases (x);
      printed_cases (x);
    }
  /* Halfway points in the subnormal range and at the normal boundary.  */
  for (int t = 0; t < 20000 / scale; t++)
    {
      uint64_t b = rng () % (1ULL << 53);
      double x;
      memcpy (&x, &b, sizeof x);
      halfway_cases (x);
    }
  long_cases ();
  printf ("%ld strings checked (%ld by the plain scanner too), %d differ\n",
          checked, plain_checked, failures);
  return failures != 0 || plain_checked < 500000 / scale;
}
