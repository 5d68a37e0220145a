/* { dg-do run } */
/* FROSTT .tns files built in place, read twice: a generated file out of
   order of more entries than the threshold of two passes, whose
   repeated coordinates add up to values that depend on the order of
   the additions, read into COO and CSF as f64, f32 and i64 on one
   thread and by parts on 2: built in place, and bit for bit the arrays
   of the reading into a list (SP_IO_ONE_PASS); for f64 the sums in file
   order, which differ from those in another order.  Small files forced
   through two passes (SP_IO_TWO_PASS, and by parts: SP_IO_PARTS), with
   the header lines, comments, blank lines and CRLF, read the same, and
   a bad line in them gives the message of the reading into a list, on
   1 to 3 threads.  */

#define _DEFAULT_SOURCE 1 /* mkstemps */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sparse.h"
#include "sparse_abi.h"
#include "io.h"
#include "threads.h"

#define RNG_SEED 0x2545F4914F6CDD1DULL
#include "rng.h"
#include "tns-text.h"

/* More first coordinates than blocks of them, few of the others: every
   cell repeats.  */
enum { NI = 3000, NJ = 6, NK = 10, CELLS = NI * NJ * NK };

/* An integer of varied magnitude and sign: exact as i64, while sums of
   a few of them as doubles round differently in another order.  */
static long long
pick_value (void)
{
  static const int shift[] = { 0, 10, 30, 54, 57 };
  long long v = (long long) (rng () >> (63 - shift[rng () % 5])) + 1;
  return rng () % 2 ? -v : v;
}

/* N entries in random order (the header lines when HEADER, odd lines
   among the entries when ODD); FWD and BWD get each cell's sum of
   values as doubles in file order and in reverse.  */
static void
generate (text *t, int64_t n, int header, int odd, double *fwd, double *bwd)
{
  char line[128];
  int *cell = malloc ((size_t) n * sizeof *cell);
  double *val = malloc ((size_t) n * sizeof *val);
  memset (t, 0, sizeof *t);
  memset (fwd, 0, CELLS * sizeof *fwd);
  memset (bwd, 0, CELLS * sizeof *bwd);
  if (header)
    {
      snprintf (line, sizeof line, "3 %lld\n%d %d %d\n", (long long) n, NI,
                NJ, NK);
      put (t, line);
    }
  for (int64_t e = 0; e < n; e++)
    {
      int i = (int) (rng () % NI), j = (int) (rng () % NJ);
      int k = (int) (rng () % NK);
      /* The last cell of each mode once, so that the extents inferred
         are the declared ones.  */
      if (e == n / 2)
        i = NI - 1, j = NJ - 1, k = NK - 1;
      long long v = pick_value ();
      snprintf (line, sizeof line, "%d %d %d %lld%s\n", i + 1, j + 1, k + 1,
                v, odd && e % 1001 == 5 ? "\r" : "");
      put (t, line);
      cell[e] = (i * NJ + j) * NK + k;
      val[e] = (double) v;
      fwd[cell[e]] += val[e];
      if (odd && e % 997 == 11)
        put (t, e % 2 ? "# a comment\n" : "\n");
    }
  for (int64_t e = n; e-- > 0;)
    bwd[cell[e]] += val[e];
  free (cell);
  free (val);
}

/* Write TEXT to a new .tns file: its name, to free and remove.  */
static char *
temp_file (const text *t)
{
  char *name = strdup ("/tmp/io-tns-placed-XXXXXX.tns");
  int fd = mkstemps (name, 4);
  if (fd < 0 || write (fd, t->s, t->len) != (ssize_t) t->len)
    {
      printf ("cannot write %s\n", name);
      exit (1);
    }
  close (fd);
  return name;
}

/* Whether A and B hold the same arrays, bit for bit.  */
static int
same_arrays (const sp_tensor *a, const sp_tensor *b)
{
  size_t pw = a->fmt.posw / 8, cw = a->fmt.crdw / 8;
  size_t vw = a->type == SP_F64 || a->type == SP_I64 ? 8 : 4;
  if (a->fmt.nlevels != b->fmt.nlevels || a->nvals != b->nvals
      || memcmp (a->dims, b->dims, sizeof a->dims)
      || memcmp (a->vals, b->vals, a->nvals * vw))
    return 0;
  for (int l = 0; l < a->fmt.nlevels; l++)
    {
      const sp_level_store *x = &a->lv[l], *y = &b->lv[l];
      if (x->npos != y->npos || x->ncrd != y->ncrd || x->count != y->count
          || (x->npos && memcmp (x->pos, y->pos, x->npos * pw))
          || (x->ncrd && memcmp (x->crd, y->crd, x->ncrd * cw)))
        return 0;
    }
  return 1;
}

/* For f64 T: whether its sums are those of REF (T in COO or CSF).  */
static int
sums_are (const sp_tensor *t, const double *ref)
{
  const int32_t *k = t->lv[2].crd;
  const double *v = t->vals;
  int csf = t->lv[1].pos != NULL;
  for (int64_t a = 0; a < t->lv[0].count; a++)
    {
      int64_t i = ((const int32_t *) t->lv[0].crd)[a];
      int64_t b0 = csf ? ((const int32_t *) t->lv[1].pos)[a] : a;
      int64_t b1 = csf ? ((const int32_t *) t->lv[1].pos)[a + 1] : a + 1;
      for (int64_t b = b0; b < b1; b++)
        {
          int64_t j = ((const int32_t *) t->lv[1].crd)[b];
          int64_t c0 = csf ? ((const int32_t *) t->lv[2].pos)[b] : b;
          int64_t c1 = csf ? ((const int32_t *) t->lv[2].pos)[b + 1] : b + 1;
          for (int64_t c = c0; c < c1; c++)
            if (memcmp (&v[c], &ref[(i * NJ + j) * NK + k[c]], sizeof *v))
              return 0;
        }
    }
  return 1;
}

/* Read NAME into FMT as TYPE in place and into a list, with FLAGS: the
   same arrays; built in place; for f64 the sums FWD, not BWD (NULL when
   the order of the additions makes no difference).  */
static void
check_file (const char *what, const char *name, const char *fmt,
            sp_type type, int flags, const double *fwd, const double *bwd)
{
  static const char *const tname[] = { "f64", "f32", "i64", "i32" };
  char how[200];
  snprintf (how, sizeof how, "%s into %s %s", what, fmt, tname[type]);
  int64_t placed = sp__tns_placed_read (), parts = sp__tns_parts_read ();
  sp_tensor *a = sp__read_flags (name, fmt, type, flags);
  if (sp__tns_placed_read () != placed + 1)
    fail (how, "not built in place");
  sp_tensor *b = sp__read_flags (name, fmt, type, SP_IO_ONE_PASS);
  if (sp__tns_placed_read () != placed + 1)
    fail (how, "built in place, read into a list");
  sp__set_threads (2);
  sp_tensor *c = sp__read_flags (name, fmt, type, flags);
  sp__set_threads (1);
  if (sp__tns_placed_read () != placed + 2
      || sp__tns_parts_read () != parts + 1)
    fail (how, "not built in place by parts on 2 threads");
  if (!a || !b || !c)
    fail (how, sp_error ());
  else if (!same_arrays (a, b))
    fail (how, "the arrays differ from the list's");
  else if (!same_arrays (c, b))
    fail (how, "the arrays of 2 threads differ from the list's");
  else if (type == SP_F64
           && (!sums_are (a, fwd) || (bwd && sums_are (a, bwd))))
    fail (how, "a sum is not the one in file order");
  sp_free (a);
  sp_free (b);
  sp_free (c);
}

static void
check_files (const char *what, int64_t n, int header, int odd, int flags)
{
  static double fwd[CELLS], bwd[CELLS];
  static const char *const fmts[] = { "coo", "csf" };
  static const sp_type types[] = { SP_F64, SP_F32, SP_I64 };
  text t;
  generate (&t, n, header, odd, fwd, bwd);
  char *name = temp_file (&t);
  int order = memcmp (fwd, bwd, sizeof fwd) != 0;
  /* The large file's sums are those of one order only.  */
  if (n > CELLS && !order)
    fail (what, "the sums do not depend on the order");
  for (int f = 0; f < 2; f++)
    for (int y = 0; y < 3; y++)
      check_file (what, name, fmts[f], types[y], flags, fwd,
                  order ? bwd : NULL);
  remove (name);
  free (name);
  free (t.s);
}

/* Reading T changed at line K to BAD in two passes fails with the
   message of the reading into a list, WANT after the file's name.  */
static void
expect_error (const char *what, int64_t k, const char *bad, const char *want)
{
  static double fwd[CELLS], bwd[CELLS];
  text t;
  generate (&t, 3000, 0, 1, fwd, bwd);
  set_line (&t, k, bad);
  char *name = temp_file (&t);
  size_t n = strlen (name);
  /* In place on 1 to 3 threads, then into a list.  */
  for (int way = 1; way <= 4; way++)
    {
      int flags = way < 4 ? SP_IO_TWO_PASS | SP_IO_PARTS : SP_IO_ONE_PASS;
      sp__set_threads (way < 4 ? way : 1);
      sp_tensor *a = sp__read_flags (name, "csf", SP_F64, flags);
      const char *msg = sp_error ();
      if (a || strncmp (msg, name, n) != 0 || strcmp (msg + n, want) != 0)
        {
          char got[700];
          snprintf (got, sizeof got, "way %d gave '%s', not '%s'", way,
                    a ? "a tensor" : msg, want);
          fail (what, got);
        }
      sp_free (a);
    }
  sp__set_threads (1);
  remove (name);
  free (name);
  free (t.s);
}

int
main (void)
{
  const char *vg = getenv ("SPARSE_VALGRIND");
  sp__set_threads (1);
  check_files ("small, odd lines", 5000, 0, 1, SP_IO_TWO_PASS | SP_IO_PARTS);
  check_files ("small, header", 5000, 1, 0, SP_IO_TWO_PASS | SP_IO_PARTS);
  expect_error ("bad value", 1500, "1 2 3 x", ":1500: bad value 'x'");
  expect_error ("coordinate 0", 2000, "0 2 3 1",
                ":2000: coordinate 0 below 1 in mode-1 index");
  expect_error ("four numbers", 20, "1 2 3 4 5",
                ":20: entry has 5 numbers, expected 4 (3 coordinates and "
                "a value)");
  if (!(vg && *vg))
    check_files ("large", (1 << 21) + 4099, 0, 0, 0);
  printf ("%d failures\n", failures);
  return failures != 0;
}
