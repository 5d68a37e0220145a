/* { dg-do run } */
/* FROSTT .tns files read by parts on threads: a generated file of more
   lines than the threads' threshold (so that 2 threads read it by parts
   of their own accord), with and without the header lines, whose
   repeated coordinates add up to values that depend on the order of the
   additions, read into COO and CSF as f64 and f32 on 1 and 2 threads:
   bit for bit the same tensors, and for f64 the sums in file order.
   Comments, blank lines and CRLF among the entries are read by the parts
   too.  Errors anywhere in a file read by parts (on 2 and 3 threads,
   forced for small files) name the same FILE:LINE as the serial
   reading.  */

#define _DEFAULT_SOURCE 1 /* mkstemps */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sparse.h"
#include "sparse_abi.h"
#include "io.h"
#include "threads.h"

#define RNG_SEED 0x5DEECE66DULL
#include "rng.h"
#include "tns-text.h"

/* Extents small enough for every coordinate to repeat many times.  */
enum { NI = 40, NJ = 30, NK = 50, CELLS = NI * NJ * NK };

/* A value of varied magnitude and sign: sums of a few dozen of them
   come out differently in another order.  */
static double
pick_value (void)
{
  static const double scale[] = { 1e-3, 1, 7.5, 1e5, 3e11, 1e16 };
  double u = (double) (rng () >> 11) / 9007199254740992.0 - 0.5;
  return u * scale[rng () % 6];
}

/* N entries (with the header lines when HEADER), some odd lines among
   them; REF gets the sum of each cell's values in file order.  */
static void
generate (text *t, int64_t n, int header, double *ref)
{
  char line[128];
  memset (t, 0, sizeof *t);
  memset (ref, 0, CELLS * sizeof *ref);
  if (header)
    {
      snprintf (line, sizeof line, "3 %lld\n%d %d %d\n", (long long) n, NI,
                NJ, NK);
      put (t, line);
      t->lines++;
    }
  else
    put (t, "# generated\n");
  for (int64_t e = 0; e < n; e++)
    {
      int i = (int) (rng () % NI), j = (int) (rng () % NJ);
      int k = (int) (rng () % NK);
      /* The last cell of each mode once, so that the extents inferred
         are the declared ones.  */
      if (e == n / 2)
        i = NI - 1, j = NJ - 1, k = NK - 1;
      double v = pick_value ();
      snprintf (line, sizeof line, "%d %d %d %.17g%s\n", i + 1, j + 1, k + 1,
                v, e % 100003 == 5 ? "\r" : "");
      put (t, line);
      ref[(i * NJ + j) * NK + k] += v;
      if (e % 250007 == 11)
        put (t, e % 2 ? "# a comment\n" : "\n");
    }
}

typedef struct dump
{
  int64_t n;
  int64_t *x;
  double *v;
} dump;

static int
collect (void *ctx, const int64_t *x, double v)
{
  dump *d = ctx;
  memcpy (d->x + 3 * d->n, x, 3 * sizeof *x);
  d->v[d->n++] = v;
  return 0;
}

/* The entries of T (NULL: none) in storage order.  */
static void
dump_of (sp_tensor *t, dump *d)
{
  d->n = 0;
  d->x = malloc (3 * CELLS * sizeof *d->x);
  d->v = malloc (CELLS * sizeof *d->v);
  if (t && sp__foreach (t, collect, d))
    d->n = -1;
}

static void
dump_free (dump *d)
{
  free (d->x);
  free (d->v);
}

/* Write TEXT to a new .tns file: its name, to free and remove.  */
static char *
temp_file (const char *s, size_t len)
{
  char *name = strdup ("/tmp/io-tns-parts-XXXXXX.tns");
  int fd = mkstemps (name, 4);
  if (fd < 0 || write (fd, s, len) != (ssize_t) len)
    {
      printf ("cannot write %s\n", name);
      exit (1);
    }
  close (fd);
  return name;
}

/* Read NAME on 1 and on 2 threads into FMT as TYPE: the same bits, read
   by parts on 2 threads; for f64 the sums REF.  */
static void
check_file (const char *what, const char *name, const char *fmt,
            sp_type type, const double *ref)
{
  char how[200];
  dump one, two;
  snprintf (how, sizeof how, "%s into %s %s", what, fmt,
            type == SP_F64 ? "f64" : "f32");
  sp__set_threads (1);
  int64_t parts = sp__tns_parts_read ();
  sp_tensor *a = sp_read (name, fmt, type);
  if (sp__tns_parts_read () != parts)
    fail (how, "read by parts on 1 thread");
  sp__set_threads (2);
  sp_tensor *b = sp_read (name, fmt, type);
  if (sp__tns_parts_read () != parts + 1)
    fail (how, "not read by parts on 2 threads");
  sp__set_threads (1);
  if (!a || !b)
    {
      fail (how, sp_error ());
      sp_free (a);
      sp_free (b);
      return;
    }
  dump_of (a, &one);
  dump_of (b, &two);
  if (one.n != two.n || one.n < 0
      || memcmp (one.x, two.x, 3 * one.n * sizeof *one.x)
      || memcmp (one.v, two.v, one.n * sizeof *one.v))
    fail (how, "2 threads differ from 1");
  for (int64_t e = 0; type == SP_F64 && e < one.n; e++)
    {
      const int64_t *x = one.x + 3 * e;
      double want = ref[(x[0] * NJ + x[1]) * NK + x[2]];
      if (memcmp (&one.v[e], &want, sizeof want))
        {
          fail (how, "a sum is not the one in file order");
          break;
        }
    }
  if (sp_dim (a, 0) != NI || sp_dim (a, 1) != NJ || sp_dim (a, 2) != NK)
    fail (how, "wrong extents");
  dump_free (&one);
  dump_free (&two);
  sp_free (a);
  sp_free (b);
}

static void
check_large (int header)
{
  static double ref[CELLS];
  text t;
  const char *what = header ? "with header" : "without header";
  /* More than two threads' threshold of lines.  */
  generate (&t, (1 << 21) + 4099, header, ref);
  char *name = temp_file (t.s, t.len);
  static const char *const fmts[] = { "coo", "csf" };
  for (int f = 0; f < 2; f++)
    {
      check_file (what, name, fmts[f], SP_F64, ref);
      check_file (what, name, fmts[f], SP_F32, ref);
    }
  remove (name);
  free (name);
  free (t.s);
}

/* Reading T (changed at line K to BAD, unless NULL) must fail with the
   message WANT after the file's name, on 1 thread and by parts on 2 and
   3, from a file and from memory.  */
static void
expect_error (const char *what, text *t, int64_t k, const char *bad,
              const char *want)
{
  if (bad)
    set_line (t, k, bad);
  char *name = temp_file (t->s, t->len);
  for (int threads = 1; threads <= 3; threads++)
    for (int mem = 0; mem < 2; mem++)
      {
        const char *src = mem ? "mem.tns" : name;
        sp__set_threads (threads);
        sp_tensor *a = mem ? sp__read_mem (t->s, t->len, src, "coo", SP_F64,
                                           SP_IO_PARTS)
                           : sp__read_flags (name, "coo", SP_F64,
                                             SP_IO_PARTS);
        const char *msg = sp_error ();
        size_t n = strlen (src);
        if (a || strncmp (msg, src, n) != 0 || strcmp (msg + n, want) != 0)
          {
            char got[700];
            snprintf (got, sizeof got, "on %d threads%s gave '%s', not '%s'",
                      threads, mem ? " from memory" : "",
                      a ? "a tensor" : msg, want);
            fail (what, got);
          }
        sp_free (a);
      }
  sp__set_threads (1);
  remove (name);
  free (name);
}

/* Errors in the first, a middle and the last part of small files, which
   read by parts on 3 threads when good.  */
static void
check_errors (void)
{
  static double ref[CELLS];
  text t;
  generate (&t, 3000, 0, ref);
  int64_t parts = sp__tns_parts_read ();
  sp__set_threads (3);
  sp_tensor *a = sp__read_mem (t.s, t.len, "mem.tns", "csf", SP_F64,
                               SP_IO_PARTS);
  sp__set_threads (1);
  sp_tensor *b = sp__read_mem (t.s, t.len, "mem.tns", "csf", SP_F64, 0);
  dump one, two;
  dump_of (a, &one);
  dump_of (b, &two);
  if (!a || !b || sp__tns_parts_read () != parts + 1 || one.n != two.n
      || memcmp (one.v, two.v, one.n * sizeof *one.v))
    fail ("small file on 3 threads", "not read by parts as on 1 thread");
  dump_free (&one);
  dump_free (&two);
  sp_free (a);
  sp_free (b);
  /* Line 1 is a comment; a blank or comment line follows entry 12.  */
  expect_error ("bad value, last part", &t, 2990, "1 2 3 x",
                ":2990: bad value 'x'");
  expect_error ("coordinate 0, middle", &t, 1500, "0 2 3 1",
                ":1500: coordinate 0 below 1 in mode-1 index");
  expect_error ("four numbers, first part", &t, 20, "1 2 3 4 5",
                ":20: entry has 5 numbers, expected 4 (3 coordinates and "
                "a value)");
  free (t.s);
  generate (&t, 3000, 1, ref);
  /* The header is lines 1 and 2.  */
  expect_error ("beyond the extent, last part", &t, 2999, "41 2 3 1",
                ":2999: coordinate 41 out of range 1..40 in mode-1 index");
  t.s[2] = '2';
  expect_error ("fewer entries declared", &t, 0, NULL,
                ":2004: more entries than the 2000 the header declares");
  free (t.s);
  generate (&t, 3000, 1, ref);
  memcpy (t.s, "3 3001", 6);
  expect_error ("more entries declared", &t, 0, NULL,
                ":3003: file ends after 3000 of the 3001 entries the header "
                "declares");
  free (t.s);
}

int
main (void)
{
  const char *vg = getenv ("SPARSE_VALGRIND");
  check_errors ();
  if (!(vg && *vg))
    {
      check_large (0);
      check_large (1);
    }
  printf ("%d failures\n", failures);
  return failures != 0;
}
