/* { dg-do run } */
/* Matrix Market files read straight into COO and CSR (runtime/rows.c):
   generated files whose entries come in row order, out of order with
   repeated coordinates, symmetric and skew-symmetric, with comments,
   blank lines, CRLF and odd tokens (signs, leading zeros, tabs) among the
   entries, read in one pass
   and in two (from files and from memory), on one thread and by parts on
   several, against a reference that adds up repeated entries in file
   order.  Also errors deep in such files, and
   one file large enough for the two passes of its own accord.  */

#define _DEFAULT_SOURCE 1 /* mkstemps */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "sparse.h"
#include "sparse_abi.h"
#include "io.h"
#include "threads.h"

static int failures;

#define RNG_SEED 0x2545F4914F6CDD1DULL
#include "rng.h"

typedef struct entry
{
  int64_t i, j, k; /* k: the order in which the reader stores it */
  double v;
} entry;

enum { GENERAL, SYMMETRIC, SKEW, PATTERN_SYM };

/* What a generated file should hold.  */
typedef struct spec
{
  const char *what;
  int64_t rows, cols, n;
  int sym;
  int sorted;     /* entries in row order */
  int64_t span;   /* out of order: columns below this, if set */
  int odd_lines;  /* comments, blank lines, CRLF, a '+' sign, a row with
                     leading zeros and a tab now and then */
} spec;

typedef struct matrix
{
  char *text;
  size_t len;
  entry *e;       /* stored entries, mirrors included */
  int64_t n;
} matrix;

/* A row: most rows short, some of tens and some of hundreds of entries,
   so that every way of sorting a row gets used.  */
static int64_t
pick_row (const spec *s)
{
  uint64_t r = rng ();
  int64_t hot = (int64_t) (r >> 40) % 8;
  switch (r % 16)
    {
    case 0: return hot % s->rows;
    case 1: case 2: return (8 + hot * 5) % s->rows;
    default: return (int64_t) ((r >> 8) % (uint64_t) s->rows);
    }
}

static void
add (matrix *m, int64_t i, int64_t j, double v)
{
  m->e[m->n] = (entry) { i, j, m->n, v };
  m->n++;
}

/* Generate the file of S into M.  */
static void
generate (const spec *s, matrix *m)
{
  /* Room for a line more, for the tests of errors.  */
  size_t cap = (size_t) s->n * 48 + 256;
  char *p = m->text = malloc (cap);
  m->e = malloc ((size_t) s->n * 2 * sizeof *m->e);
  m->n = 0;
  static const char *const syms[] = { "general", "symmetric",
                                      "skew-symmetric", "symmetric" };
  p += sprintf (p, "%%%%MatrixMarket matrix coordinate %s %s\n%% made up\n"
                "%lld %lld %lld\n", s->sym == PATTERN_SYM ? "pattern" : "real",
                syms[s->sym], (long long) s->rows, (long long) s->cols,
                (long long) s->n);
  int64_t i = 0, j = 0;
  for (int64_t e = 0; e < s->n; e++)
    {
      if (s->sorted)
        {
          /* Row order, with now and then a repeat.  */
          if (rng () % 4 == 0 && e)
            ;
          else if (rng () % 3 == 0 && j + 1 < s->cols)
            j += 1 + (int64_t) (rng () % 3) % (s->cols - j - 1);
          else if (i + 1 < s->rows)
            i++, j = (int64_t) (rng () % (uint64_t) s->cols);
        }
      else
        {
          i = pick_row (s);
          /* Few columns per row, spread over all of them: coordinates
             repeat.  */
          int64_t span = s->span ? s->span : s->cols;
          j = (int64_t) (rng () % 97) * (span / 97 + 1) % span;
        }
      if (s->sym != GENERAL && j > i)
        {
          int64_t t = i;
          i = j;
          j = t;
        }
      if (s->sym == SKEW && i == j)
        i = i + 1 < s->rows ? i + 1 : i - 1;
      double v = s->sym == PATTERN_SYM ? 1
                 : (double) ((int64_t) (rng () % 2000001) - 1000000) / 64;
      if (s->sym != PATTERN_SYM && rng () % 5 == 0)
        v = v / 3 + 1e-7;
      if (s->odd_lines && rng () % 50 == 0)
        p += sprintf (p, rng () & 1 ? "%% a comment\n" : "  \n");
      const char *sign = s->odd_lines && rng () % 97 == 0 ? "+" : "";
      /* Now and then a row of nine digits, leading zeros, and a tab.  */
      int wide = s->odd_lines && rng () % 89 == 0;
      p += sprintf (p, wide ? "%s%09lld\t%lld" : "%s%lld %lld", sign,
                    (long long) i + 1, (long long) j + 1);
      if (s->sym != PATTERN_SYM)
        p += sprintf (p, " %.17g", v);
      p += sprintf (p, s->odd_lines && rng () % 7 == 0 ? " \r\n" : "\n");
      add (m, i, j, v);
      if (s->sym != GENERAL && i != j)
        add (m, j, i, s->sym == SKEW ? -v : v);
    }
  m->len = (size_t) (p - m->text);
}

static int
cmp_entry (const void *a, const void *b)
{
  const entry *x = a, *y = b;
  if (x->i != y->i)
    return x->i < y->i ? -1 : 1;
  if (x->j != y->j)
    return x->j < y->j ? -1 : 1;
  return x->k < y->k ? -1 : x->k > y->k;
}

/* Sort M's entries and add up repeats in their order: M holds the
   matrix.  */
static void
reference (matrix *m)
{
  int64_t w = 0;
  qsort (m->e, (size_t) m->n, sizeof *m->e, cmp_entry);
  for (int64_t e = 0; e < m->n; e++)
    if (w && m->e[w - 1].i == m->e[e].i && m->e[w - 1].j == m->e[e].j)
      m->e[w - 1].v += m->e[e].v;
    else
      m->e[w++] = m->e[e];
  m->n = w;
}

static void
fail (const char *what, const char *how, const char *detail)
{
  if (++failures <= 30)
    printf ("FAIL %s: %s %s\n", what, how, detail);
}

/* T must be the COO or CSR tensor of the reference M.  */
static void
expect (const char *what, const char *fmt, sp_tensor *t, const matrix *m,
        int64_t rows)
{
  char how[64];
  snprintf (how, sizeof how, "(%s)", fmt);
  if (!t)
    {
      fail (what, how, sp_error ());
      return;
    }
  int csr = strcmp (fmt, "csr") == 0;
  const int32_t *crd = t->lv[1].crd, *rowc = t->lv[0].crd;
  const int32_t *pos = csr ? t->lv[1].pos : NULL;
  const double *val = t->vals;
  int ok = t->lv[1].ncrd == m->n && t->nvals == m->n;
  if (csr)
    ok = ok && pos[0] == 0 && pos[rows] == m->n;
  for (int64_t e = 0, r = 0; ok && e < m->n; e++)
    {
      if (csr)
        while (pos[r + 1] <= e)
          r++;
      ok = (csr ? r : rowc[e]) == m->e[e].i && crd[e] == m->e[e].j
           && memcmp (&val[e], &m->e[e].v, sizeof (double)) == 0;
    }
  if (!ok)
    fail (what, how, "differs from the reference");
  sp_free (t);
}

/* Write LEN bytes of TEXT to a new file; its name (to free and remove).  */
static char *
temp_file (const char *text, size_t len)
{
  char *name = strdup ("/tmp/io-rows-XXXXXX.mtx");
  int fd = mkstemps (name, 4);
  if (fd < 0 || write (fd, text, len) != (ssize_t) len)
    {
      printf ("cannot write %s\n", name);
      exit (1);
    }
  close (fd);
  return name;
}

/* The ways a file is read: in one pass, in two, in two by parts on 2
   and 3 threads (each part counted, then placed, by its thread), and as
   the reader chooses on 2 threads.  */
#define WAYS 5
static const char *const ways[WAYS] = {
  "", ", two passes", ", two passes on 2 threads",
  ", two passes on 3 threads", ", on 2 threads"
};

/* Set up reading the WAY: its reader flags.  */
static int
use_way (int way)
{
  sp__set_threads (way == 4 ? 2 : way < 2 ? 1 : way);
  return way && way < 4 ? SP_IO_TWO_PASS : 0;
}

/* Whether the file of S is read by parts the WAY.  */
static int
by_parts (const spec *s, int way)
{
  return !s->sorted && !s->odd_lines
         && (way == 2 || way == 3 || (way == 4 && s->n > (1 << 21)));
}

/* Read the file of S every way, each against the reference.  */
static void
check (const spec *s)
{
  matrix m;
  static const char *const fmts[] = { "coo", "csr" };
  generate (s, &m);
  char *name = temp_file (m.text, m.len);
  reference (&m);
  for (int f = 0; f < 2; f++)
    for (int way = 0; way < WAYS; way++)
      {
        char what[160];
        int flags = use_way (way);
        int64_t parts = sp__mtx_parts_read ();
        snprintf (what, sizeof what, "%s%s", s->what, ways[way]);
        expect (what, fmts[f], sp__read_flags (name, fmts[f], SP_F64, flags),
                &m, s->rows);
        snprintf (what, sizeof what, "%s%s, from memory", s->what,
                  ways[way]);
        expect (what, fmts[f], sp__read_mem (m.text, m.len, "mem.mtx",
                                             fmts[f], SP_F64, flags),
                &m, s->rows);
        /* Files in row order are read in one pass; odd tokens leave the
           file to one thread, which says what is wrong if anything is.  */
        if (by_parts (s, way) && sp__mtx_parts_read () != parts + 2)
          fail (what, "", "not read by parts");
      }
  sp__set_threads (1);
  remove (name);
  free (name);
  free (m.text);
  free (m.e);
}

/* Reading TEXT (of LEN bytes) must fail with the message WANT after the
   file's name.  */
static void
expect_error (const char *what, const char *text, size_t len,
              const char *want)
{
  char *name = temp_file (text, len);
  for (int way = 0; way < WAYS; way++)
    {
      sp_tensor *t = sp__read_flags (name, "coo", SP_F64, use_way (way));
      const char *msg = sp_error ();
      size_t n = strlen (name);
      if (t || strncmp (msg, name, n) != 0 || strcmp (msg + n, want) != 0)
        {
          char got[600];
          snprintf (got, sizeof got, "gave '%s', not '%s'", t ? "a tensor"
                    : msg, want);
          fail (what, ways[way], got);
        }
      sp_free (t);
    }
  sp__set_threads (1);
  remove (name);
  free (name);
}

/* The start of line K (from 1) of TEXT.  */
static char *
line_at (char *text, int k)
{
  while (--k)
    text = strchr (text, '\n') + 1;
  return text;
}

/* Make line K of M's text hold ENTRY, padded with blanks.  */
static void
set_line (matrix *m, int k, const char *entry)
{
  char *p = line_at (m->text, k);
  size_t len = strcspn (p, "\n"), n = strlen (entry);
  memset (p, ' ', len);
  memcpy (p, entry, n < len ? n : len);
}

/* Errors deep in a file out of row order: the first in file order is
   reported, with its line, however many passes.  */
static void
check_errors (void)
{
  spec s = { "errors", 3000, 3000, 20000, GENERAL, 0, 0, 0 };
  matrix m;
  char want[200];
  generate (&s, &m);
  /* A bad value on line 15003, a coordinate out of range after it (far
     out: no pass may count it anywhere).  */
  set_line (&m, 15003, "7 7 1.5x");
  set_line (&m, 15050, "9999999 7 1.5");
  expect_error ("bad value", m.text, m.len, ":15003: bad value '1.5x'");
  set_line (&m, 15003, "7 7 1.5");
  expect_error ("bad row", m.text, m.len, ":15050: coordinate 9999999 out "
                "of range 1..3000 in row index");
  set_line (&m, 15050, "7 7 1.5");
  /* More entries than declared.  */
  memcpy (m.text + m.len, "1 1 1\n", 6);
  expect_error ("long file", m.text, m.len + 6, ":20004: more entries than "
                "the 20000 the size line (line 3) declares");
  /* Fewer.  */
  expect_error ("short file", m.text,
                (size_t) (line_at (m.text, 15003) - m.text),
                ":15002: file ends after 14999 of the 20000 entries the "
                "size line (line 3) declares");
  free (m.text);
  free (m.e);
  /* Lines too short for a real file: more of them than its size has room
     for at six bytes a line.  */
  char *text = malloc (80 + 4 * 30000), *p = text;
  p += sprintf (p, "%%%%MatrixMarket matrix coordinate real general\n"
                "2 2 30000\n");
  for (int k = 0; k < 15000; k++)
    p += sprintf (p, "2 1\n1 1\n");
  expect_error ("short lines", text, (size_t) (p - text),
                ":3: missing value");
  free (text);
  /* A diagonal entry in a skew-symmetric file, deep in it.  */
  s.sym = SKEW;
  generate (&s, &m);
  set_line (&m, 15003, "11 11 2.5");
  snprintf (want, sizeof want, ":15003: entry (11, 11) on the diagonal: a "
            "skew-symmetric matrix stores the strictly lower triangle only");
  expect_error ("skew diagonal", m.text, m.len, want);
  free (m.text);
  free (m.e);
  /* A NUL byte deep in a file of several megabytes, met by the first
     pass of two too (while it counts rows).  */
  spec big = { "NUL", 3000, 3000, 300000, GENERAL, 0, 0, 0 };
  generate (&big, &m);
  line_at (m.text, 250003)[2] = '\0';
  expect_error ("NUL byte", m.text, m.len, ":250003: NUL byte: not a text "
                "file");
  /* In a comment.  */
  set_line (&m, 250003, "% a comment");
  line_at (m.text, 250003)[4] = '\0';
  expect_error ("NUL in a comment", m.text, m.len, ":250003: NUL byte: not "
                "a text file");
  free (m.text);
  free (m.e);
  /* An entry above the diagonal of a symmetric file.  */
  s.sym = SYMMETRIC;
  generate (&s, &m);
  set_line (&m, 15003, "11 12 2.5");
  snprintf (want, sizeof want, ":15003: entry (11, 12) above the diagonal: "
            "a symmetric matrix stores the lower triangle only");
  expect_error ("upper triangle", m.text, m.len, want);
  free (m.text);
  free (m.e);
}

/* The file of S read through a pipe: one pass, the list grown as it
   goes (the input's size is unknown).  */
static void
check_pipe (const spec *s)
{
  matrix m;
  char name[] = "/tmp/io-rows-fifo.mtx";
  generate (s, &m);
  reference (&m);
  remove (name);
  if (mkfifo (name, 0600))
    {
      printf ("cannot make %s\n", name);
      exit (1);
    }
  pid_t pid = fork ();
  if (pid == 0)
    {
      FILE *f = fopen (name, "w");
      fwrite (m.text, 1, m.len, f);
      fclose (f);
      _exit (0);
    }
  expect ("through a pipe", "coo",
          sp__read_flags (name, "coo", SP_F64, SP_IO_TWO_PASS), &m, s->rows);
  waitpid (pid, NULL, 0);
  remove (name);
  free (m.text);
  free (m.e);
}

int
main (void)
{
  const char *vg = getenv ("SPARSE_VALGRIND");
  int large = !(vg && *vg);
  static const spec specs[] = {
    { "small, out of order", 50, 40, 3000, GENERAL, 0, 0, 0 },
    { "out of order", 5000, 70000, 60000, GENERAL, 0, 0, 0 },
    { "in row order", 5000, 300, 60000, GENERAL, 1, 0, 0 },
    { "symmetric", 3000, 3000, 40000, SYMMETRIC, 0, 0, 0 },
    { "skew-symmetric", 3000, 3000, 40000, SKEW, 0, 0, 0 },
    { "symmetric pattern", 3000, 3000, 40000, PATTERN_SYM, 1, 0, 0 },
    { "odd lines", 5000, 7000, 60000, GENERAL, 0, 0, 1 },
    { "one row", 1, 70000, 5000, GENERAL, 0, 0, 0 },
    { "one column", 5000, 1, 5000, GENERAL, 0, 0, 0 },
    { "ten-digit columns", 3000, 2000000000, 60000, GENERAL, 0, 0, 0 },
    { "few columns used", 3000, 70000, 60000, GENERAL, 0, 3000, 0 },
  };
  for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++)
    check (&specs[k]);
  check_errors ();
  spec piped = { "piped", 5000, 5000, 200000, SYMMETRIC, 0, 0, 0 };
  check_pipe (&piped);
  if (large)
    {
      /* Past the size at which the reader takes two passes itself, and
         with blocks of two rows large enough to be sorted by radix.  */
      spec s = { "large", 1030, 1 << 20, (1 << 21) + 200000, GENERAL, 0, 0,
                 0 };
      check (&s);
    }
  printf ("%d failures\n", failures);
  return failures != 0;
}
