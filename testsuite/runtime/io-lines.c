/* { dg-do run } */
/* Entry lines of every shape the Matrix Market reader meets, against
   strtod and strtoll: coordinates of 1 to 8 digits (leading zeros too),
   values with and without a point, 0 to 10 digits after it, signs, -0,
   exponents, blanks and CR before the newline, lines on both sides of 32
   bytes; real, integer and pattern files, read from a file several
   windows long (lines cross the windows' ends), in one pass and in two.
   Plain lines take the fast path (runtime/mmio.c mtx_fast, numscan.h),
   the others the careful one; both must give strtod's bits.  */

#define _DEFAULT_SOURCE 1 /* mkstemps */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sparse.h"
#include "sparse_abi.h"
#include "io.h"

#define LINES 300000
#define ROWS 12000000
#define COLS 99999999

enum { REAL, INTEGER, PATTERN };

static int failures;
#include "rng.h"

/* N random digits.  */
static char *
digits (char *p, int n)
{
  for (int k = 0; k < n; k++)
    *p++ = (char) ('0' + rng () % 10);
  *p = '\0';
  return p;
}

/* A coordinate in 1..MAX with up to 8 digits, leading zeros now and
   then.  */
static char *
coord (char *p, int64_t x)
{
  return p + sprintf (p, rng () % 16 ? "%lld" : "%08lld", (long long) x);
}

/* A value token of FIELD at P, and its number into *V.  */
static char *
value (char *p, int field, double *v)
{
  char *t = p;
  if (rng () % 3 == 0)
    *p++ = '-';
  int form = (int) (rng () % 16);
  if (field == INTEGER || form < 3)
    p = digits (p, 1 + (int) (rng () % 9));
  else if (form == 3)
    p += sprintf (p, "0");
  else if (form == 4)
    p += sprintf (p, "%de%d", (int) (rng () % 9) + 1, (int) (rng () % 30));
  else if (form == 5)
    {
      *p++ = '.';
      p = digits (p, 1 + (int) (rng () % 4));
    }
  else
    {
      /* Up to 9 digits before the point, 0 to 10 after it.  */
      p = digits (p, 1 + (int) (rng () % 9));
      *p++ = '.';
      p = digits (p, (int) (rng () % 11));
    }
  *v = field == INTEGER ? (double) strtoll (t, NULL, 10) : strtod (t, NULL);
  return p;
}

/* The file of FIELD, each line a row of its own; the expected entries
   into I, J, V.  */
static char *
generate (int field, size_t *len, int64_t *I, int64_t *J, double *V)
{
  static const char *const names[] = { "real", "integer", "pattern" };
  char *text = malloc ((size_t) LINES * 64 + 256), *p = text;
  p += sprintf (p, "%%%%MatrixMarket matrix coordinate %s general\n"
                "%d %d %d\n", names[field], ROWS, COLS, LINES);
  int64_t row = 0;
  for (int e = 0; e < LINES; e++)
    {
      /* Rows of 1 to 8 digits: small steps, and halfway a jump to
         eight.  */
      row = e == LINES / 2 ? 10000000 : row + 1 + (int64_t) (rng () % 3);
      int64_t col = 1 + (int64_t) (rng () % (rng () % 2 ? 9999 : COLS));
      I[e] = row - 1;
      J[e] = col - 1;
      V[e] = 1;
      p = coord (p, row);
      *p++ = ' ';
      p = coord (p, col);
      if (field != PATTERN)
        {
          *p++ = ' ';
          p = value (p, field, &V[e]);
        }
      int end = (int) (rng () % 24);
      p += sprintf (p, end == 0 ? " \n" : end == 1 ? "\t\n"
                       : end == 2 ? "\r\n" : "\n");
    }
  *len = (size_t) (p - text);
  return text;
}

static void
check (int field, int flags)
{
  static const char *const names[] = { "real", "integer", "pattern" };
  int64_t *I = malloc (LINES * sizeof *I), *J = malloc (LINES * sizeof *J);
  double *V = malloc (LINES * sizeof *V);
  size_t len;
  char *text = generate (field, &len, I, J, V);
  char name[] = "/tmp/io-lines-XXXXXX.mtx";
  int fd = mkstemps (name, 4);
  if (fd < 0 || write (fd, text, len) != (ssize_t) len)
    {
      printf ("cannot write %s\n", name);
      exit (1);
    }
  close (fd);
  sp_tensor *t = sp__read_flags (name, "coo", SP_F64, flags);
  const char *how = flags & SP_IO_TWO_PASS ? ", two passes" : "";
  if (!t)
    {
      printf ("FAIL %s%s: %s\n", names[field], how, sp_error ());
      failures++;
    }
  else
    {
      const int32_t *ri = t->lv[0].crd, *ci = t->lv[1].crd;
      const double *val = t->vals;
      int bad = t->nvals != LINES;
      for (int e = 0; !bad && e < LINES; e++)
        if (ri[e] != I[e] || ci[e] != J[e]
            || memcmp (&val[e], &V[e], sizeof (double)) != 0)
          {
            printf ("FAIL %s%s: entry %d is (%d, %d) = %.17g, not "
                    "(%lld, %lld) = %.17g\n", names[field], how, e, ri[e],
                    ci[e], val[e], (long long) I[e], (long long) J[e], V[e]);
            bad = 1;
          }
      failures += bad;
      if (bad && t->nvals != LINES)
        printf ("FAIL %s%s: %lld entries\n", names[field], how,
                (long long) t->nvals);
    }
  sp_free (t);
  remove (name);
  free (text);
  free (I);
  free (J);
  free (V);
}

int
main (void)
{
  for (int field = REAL; field <= PATTERN; field++)
    {
      check (field, 0);
      check (field, SP_IO_TWO_PASS);
    }
  if (failures)
    return 1;
  puts ("io-lines: all line shapes read as strtod reads them");
  return 0;
}
