/* { dg-do run } */
/* Malformed Matrix Market and FROSTT files (testsuite/runtime/inputs/bad-*)
   and bad calls: each read fails with NULL and a message naming the file,
   the line and what is wrong.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "sparse.h"

#define INPUTS SPARSE_ROOT "/testsuite/runtime/inputs/"

typedef struct bad_case
{
  const char *file;
  int line;          /* expected in "FILE:LINE:"; 0: no line */
  const char *msg;   /* expected in the message */
  const char *format;
} bad_case;

static const bad_case cases[] = {
  { "bad-empty.mtx", 1, "empty file", 0 },
  { "bad-no-banner.mtx", 1, "missing %%MatrixMarket banner", 0 },
  { "bad-object.mtx", 1, "unsupported object 'vector'", 0 },
  { "bad-storage.mtx", 1, "unknown storage 'sparse'", 0 },
  { "bad-complex.mtx", 1, "complex matrices are not supported", 0 },
  { "bad-field.mtx", 1, "unknown field 'float'", 0 },
  { "bad-symmetry.mtx", 1, "unknown symmetry 'upper'", 0 },
  { "bad-hermitian.mtx", 1, "hermitian matrices are not supported", 0 },
  { "bad-short-banner.mtx", 1, "incomplete banner: no symmetry", 0 },
  { "bad-long-banner.mtx", 1, "unexpected 'extra' after the banner", 0 },
  { "bad-array-pattern.mtx", 1, "pattern matrix cannot have array", 0 },
  { "bad-pattern-skew.mtx", 1, "pattern matrix cannot be skew", 0 },
  { "bad-no-size.mtx", 3, "file ends before the size line", 0 },
  { "bad-size-count.mtx", 2, "missing entry count", 0 },
  { "bad-size-negative.mtx", 2, "row count -3 is not positive", 0 },
  { "bad-size-zero.mtx", 2, "row count 0 is not positive", 0 },
  { "bad-size-overflow.mtx", 2,
    "row count 99999999999999999999 does not fit in 64 bits", 0 },
  { "bad-size-text.mtx", 2, "bad column count 'x'", 0 },
  { "bad-size-extra.mtx", 2, "unexpected '7' after the size line", 0 },
  { "bad-size-nnz.mtx", 2, "negative entry count -1", 0 },
  { "bad-nonsquare.mtx", 2, "symmetric matrix must be square, not 3x4", 0 },
  { "bad-too-few.mtx", 4, "file ends after 2 of the 4 entries", 0 },
  { "bad-too-many.mtx", 5,
    "more entries than the 2 the size line (line 2) declares", 0 },
  { "bad-row-zero.mtx", 4, "coordinate 0 out of range 1..3 in row index", 0 },
  { "bad-col-negative.mtx", 4,
    "coordinate -2 out of range 1..3 in column index", 0 },
  { "bad-row-range.mtx", 3, "coordinate 4 out of range 1..3 in row index", 0 },
  { "bad-col-range.mtx", 3,
    "coordinate 6 out of range 1..5 in column index", 0 },
  { "bad-coord-overflow.mtx", 3,
    "row index 99999999999999999999 does not fit in 64 bits", 0 },
  { "bad-value-overflow.mtx", 3, "value 1e999 does not fit in a double", 0 },
  { "bad-int-overflow.mtx", 3,
    "integer value 99999999999999999999 does not fit in 64 bits", 0 },
  { "bad-int-real.mtx", 3, "bad integer value '1.5'", 0 },
  { "bad-missing-value.mtx", 4, "missing value", 0 },
  { "bad-value-text.mtx", 3, "bad value 'abc'", 0 },
  { "bad-trailing.mtx", 3, "unexpected 'junk' after the entry", 0 },
  { "bad-garbage.mtx", 3, "bad row index '\\x01\\x02\\xff'", 0 },
  { "bad-nul.mtx", 3, "NUL byte: not a text file", 0 },
  { "bad-truncated.mtx", 4, "missing value", 0 },
  { "bad-truncated-number.mtx", 4, "bad value '1.5e'", 0 },
  { "bad-value-dots.mtx", 3, "bad value '1.0.0'", 0 },
  { "bad-skew-diagonal.mtx", 4, "entry (2, 2) on the diagonal: a "
    "skew-symmetric matrix stores the strictly lower triangle only", 0 },
  { "bad-array-few.mtx", 5, "file ends after 3 of the 4 values", 0 },
  { "bad-array-many.mtx", 7, "more values than the 4", 0 },
  { "bad-array-two.mtx", 3, "unexpected '2' after the value", 0 },
  { "bad-array-huge.mtx", 2,
    "array of 3037000500x3037000500 values is too large", 0 },
  { "bad-array-nonsquare.mtx", 2, "must be square, not 2x3", 0 },
  { "bad-nnz-lie.mtx", 3, "file ends after 1 of the 99999999999999 entries",
    0 },
  /* Short files whose size lines declare 10^8 and more rows and entries
     (see short_files_stay_small).  */
  { "bad-array-rows.mtx", 6, "file ends after 4 of the 1892990910 values",
    0 },
  { "bad-nnz-rows.mtx", 4, "file ends after 2 of the 900000000 entries", 0 },
  { "bad-empty.tns", 2, "no entries, so no rank", 0 },
  { "bad-tokens.tns", 2,
    "entry has 3 numbers, expected 4 (3 coordinates and a value)", 0 },
  { "bad-tokens-long.tns", 2, "entry has 5 numbers, expected 4", 0 },
  { "bad-zero.tns", 2, "coordinate 0 below 1 in mode-1 index", 0 },
  { "bad-negative.tns", 2, "coordinate -4 below 1 in mode-2 index", 0 },
  { "bad-header-few.tns", 4,
    "file ends after 2 of the 3 entries the header declares", 0 },
  { "bad-header-many.tns", 4, "more entries than the 1 the header declares",
    0 },
  { "bad-header-range.tns", 3,
    "coordinate 5 out of range 1..4 in mode-1 index", 0 },
  { "bad-header-extent.tns", 2, "extent 0 of mode 2 is not positive", 0 },
  { "bad-value.tns", 1, "bad value 'x'", 0 },
  { "bad-rank9.tns", 1, "entry has 10 numbers; an entry is 1 to 8", 0 },
  { "bad-one-token.tns", 1, "entry has 1 numbers", 0 },
  { "bad-value-overflow.tns", 2, "value 1e400 does not fit in a double", 0 },
  { "bad-nul.tns", 2, "NUL byte: not a text file", 0 },
  /* Good files asked for the wrong thing.  */
  { "general.mtx", 0, "rank mismatch: the file holds a rank-2 tensor, "
    "format \"D,CU,CU\" has rank 3", "D,CU,CU" },
  { "plain.tns", 0, "rank mismatch: the file holds a rank-3 tensor, the "
    "format has rank 2", "D,CU" },
  { "header.tns", 0, "rank mismatch", "csr" },
  { "general.mtx", 0, "bad format", "D,XX" },
  { "none.mtx", 0, "cannot open", 0 },
  { "general.txt", 0, "unknown file type", 0 },
};

static int failures;

static void
check (const bad_case *c)
{
  char path[512], where[128];
  snprintf (path, sizeof path, INPUTS "%s", c->file);
  sp_tensor *t = sp_read (path, c->format ? c->format : "coo", SP_F64);
  const char *msg = sp_error ();
  snprintf (where, sizeof where, "%s:%d: ", c->file, c->line);
  if (t)
    {
      printf ("FAIL %s: read succeeded\n", c->file);
      sp_free (t);
      failures++;
    }
  else if (!strstr (msg, c->msg) || (c->line && !strstr (msg, where)))
    {
      printf ("FAIL %s: message \"%s\"\n  wanted \"%s\" with \"%s\"\n",
              c->file, msg, c->msg, c->line ? where : "");
      failures++;
    }
}

/* The short files that declare 10^8 rows fail as above in a process
   allowed 512 MB of address space: reading them sizes nothing by what
   their size lines say (row counts for 10^8 rows would take 0.4-0.8 GB).
   Not under valgrind, which needs more room itself.  */
static void
short_files_stay_small (void)
{
  const char *vg = getenv ("SPARSE_VALGRIND");
  if (vg && *vg)
    return;
  fflush (stdout);
  pid_t pid = fork ();
  if (pid == 0)
    {
      struct rlimit r = { 512 << 20, 512 << 20 };
      int bad = setrlimit (RLIMIT_AS, &r) != 0;
      for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        if (strstr (cases[k].file, "-rows.mtx"))
          {
            check (&cases[k]);
            bad |= failures;
          }
      fflush (stdout);
      _exit (bad);
    }
  int st = 0;
  waitpid (pid, &st, 0);
  if (!WIFEXITED (st) || WEXITSTATUS (st))
    {
      printf ("FAIL short files with huge size lines, in 512 MB\n");
      failures++;
    }
}

/* Calls that are wrong whatever the file.  */
static void
check_calls (void)
{
  sp_tensor *t = sp_read (INPUTS "general.mtx", "coo", (sp_type) 9);
  if (t || !strstr (sp_error (), "bad element type"))
    {
      printf ("FAIL bad type: %s\n", t ? "accepted" : sp_error ());
      failures++;
    }
  sp_free (t);
  t = sp_read (NULL, "coo", SP_F64);
  if (t || !strstr (sp_error (), "no path"))
    {
      printf ("FAIL no path: %s\n", t ? "accepted" : sp_error ());
      failures++;
    }
  sp_free (t);
  if (sp_write (NULL, "/tmp/x.mtx") == 0)
    {
      printf ("FAIL sp_write (NULL) succeeded\n");
      failures++;
    }
}

int
main (void)
{
  size_t n = sizeof cases / sizeof cases[0];
  for (size_t k = 0; k < n; k++)
    check (&cases[k]);
  check_calls ();
  short_files_stay_small ();
  printf ("%zu malformed inputs, %d failures\n", n, failures);
  return failures != 0;
}
