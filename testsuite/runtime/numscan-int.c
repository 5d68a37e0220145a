/* { dg-do run } */
/* The integer scanner against strtoll: the same value and end, overflow
   reported exactly where strtoll reports ERANGE, on the 64-bit boundaries,
   leading zeros, signs and random digit strings.  */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "numscan.h"

static int failures;
static long checked;

static void
check (const char *s)
{
  int64_t got = 0;
  sp_scan_status st;
  char *want_end;
  errno = 0;
  long long want = strtoll (s, &want_end, 10);
  int range = errno == ERANGE;
  const char *end = sp__scan_int64 (s, &got, &st);
  checked++;
  int ok = end == want_end
           && (st == SP_SCAN_NONE) == (want_end == s)
           && (st == SP_SCAN_RANGE) == range
           && (st != SP_SCAN_OK || got == want);
  if (!ok && ++failures <= 20)
    printf ("FAIL '%s': strtoll %lld (%td chars%s), scan %lld (%td chars, "
            "status %d)\n", s, want, want_end - s, range ? ", ERANGE" : "",
            (long long) got, end - s, (int) st);
}

static const char *const fixed[] = {
  "0", "-0", "+0", "1", "-1", "+1", "007", "-007",
  "9223372036854775807", "9223372036854775808", "-9223372036854775808",
  "-9223372036854775809", "18446744073709551615", "18446744073709551616",
  "99999999999999999999", "00000000000000000000000000012",
  "-00000000000000000000009223372036854775808",
  "000000000000000000000009223372036854775808",
  "1234567890123456789", "12345678901234567890", "", "-", "+", "x", "-x",
  "12x", "1.5", "1e5", "--1", "+-1",
};

int
main (void)
{
  char buf[64];
  uint64_t r = 88172645463325252ULL;
  /* Under `make check-valgrind` a twentieth of the random strings.  */
  const char *vg = getenv ("SPARSE_VALGRIND");
  int count = vg && *vg ? 50000 : 1000000;
  for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++)
    check (fixed[k]);
  for (int t = 0; t < count; t++)
    {
      r ^= r << 13;
      r ^= r >> 7;
      r ^= r << 17;
      int n = 1 + (int) (r % 22), k = 0;
      if (r & 0x100000)
        buf[k++] = r & 0x200000 ? '-' : '+';
      for (int z = (int) (r >> 40) % 4; z > 0 && (r & 0x400000); z--)
        buf[k++] = '0';
      uint64_t q = r;
      for (int d = 0; d < n; d++)
        {
          buf[k++] = (char) ('0' + q % 10);
          q = q / 10 ^ (q << 3);
        }
      buf[k] = '\0';
      check (buf);
    }
  printf ("%ld strings checked, %d differ\n", checked, failures);
  return failures != 0;
}
