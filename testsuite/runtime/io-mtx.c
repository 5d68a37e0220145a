/* { dg-do run } */
/* Small hand-written Matrix Market files (testsuite/runtime/inputs): every
   storage, field and symmetry, comments, blank lines, CRLF, huge extents;
   reading from memory, keeping the stored triangle, writing and reading
   back.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sparse.h"
#include "io.h"

#define INPUTS SPARSE_ROOT "/testsuite/runtime/inputs/"

static int failures;

typedef struct entry
{
  int64_t i, j;
  double v;
} entry;

typedef struct entries
{
  entry e[64];
  int n;
} entries;

static int
collect (void *ctx, const int64_t *x, double v)
{
  entries *es = ctx;
  if (es->n == 64)
    return 1;
  es->e[es->n++] = (entry) { x[0], x[1], v };
  return 0;
}

static int
cmp_entry (const void *a, const void *b)
{
  const entry *x = a, *y = b;
  if (x->i != y->i)
    return x->i < y->i ? -1 : 1;
  return x->j < y->j ? -1 : x->j > y->j;
}

/* T (or NULL) must be ROWS x COLS holding exactly the N entries WANT.  */
static void
expect (const char *what, sp_tensor *t, int64_t rows, int64_t cols,
        const entry *want, int n)
{
  entries got = { .n = 0 };
  entry sorted[64];
  if (!t)
    {
      printf ("FAIL %s: %s\n", what, sp_error ());
      failures++;
      return;
    }
  if (sp_rank (t) != 2 || sp_dim (t, 0) != rows || sp_dim (t, 1) != cols
      || sp__foreach (t, collect, &got) != 0 || got.n != n)
    {
      printf ("FAIL %s: %lldx%lld with %d entries, wanted %lldx%lld with %d\n",
              what, (long long) sp_dim (t, 0), (long long) sp_dim (t, 1),
              got.n, (long long) rows, (long long) cols, n);
      failures++;
      sp_free (t);
      return;
    }
  memcpy (sorted, want, (size_t) n * sizeof *want);
  qsort (sorted, (size_t) n, sizeof *sorted, cmp_entry);
  qsort (got.e, (size_t) n, sizeof *got.e, cmp_entry);
  for (int k = 0; k < n; k++)
    if (cmp_entry (&got.e[k], &sorted[k]) || got.e[k].v != sorted[k].v)
      {
        printf ("FAIL %s: entry (%lld,%lld) = %g, wanted (%lld,%lld) = %g\n",
                what, (long long) got.e[k].i, (long long) got.e[k].j,
                got.e[k].v, (long long) sorted[k].i, (long long) sorted[k].j,
                sorted[k].v);
        failures++;
        break;
      }
  sp_free (t);
}

#define N(a) ((int) (sizeof a / sizeof a[0]))
#define READ(name, type) sp_read (INPUTS name, "coo", type)

static void
check_files (void)
{
  static const entry general[] = { { 0, 0, 1.5 }, { 1, 2, -2e-3 },
                                   { 2, 3, 100 }, { 0, 3, 7 },
                                   { 2, 0, 0.25 } };
  static const entry crlf[] = { { 0, 0, 1 }, { 1, 1, -4.5 } };
  static const entry sym[] = { { 0, 0, 2 }, { 1, 0, -1 }, { 0, 1, -1 },
                               { 2, 1, -1 }, { 1, 2, -1 }, { 2, 2, 2 } };
  static const entry skew[] = { { 1, 0, 3 }, { 0, 1, -3 }, { 2, 0, -1.5 },
                                { 0, 2, 1.5 } };
  static const entry pattern[] = { { 0, 0, 1 }, { 2, 0, 1 }, { 0, 2, 1 },
                                   { 2, 1, 1 }, { 1, 2, 1 } };
  static const entry integer[] = { { 0, 0, 7 }, { 1, 2, -12 },
                                   { 0, 2, -9007199254740992.0 } };
  static const entry array[] = { { 0, 0, 1 }, { 1, 1, 4 }, { 0, 2, -5 },
                                 { 1, 2, 6 } };
  static const entry asym[] = { { 0, 0, 1 }, { 1, 0, 2 }, { 2, 0, 3 },
                                { 1, 1, 4 }, { 2, 1, 5 }, { 2, 2, 6 },
                                { 0, 1, 2 }, { 0, 2, 3 }, { 1, 2, 5 } };
  static const entry askew[] = { { 1, 0, 1 }, { 2, 0, 2 }, { 2, 1, 3 },
                                 { 0, 1, -1 }, { 0, 2, -2 }, { 1, 2, -3 } };
  static const entry upper[] = { { 1, 1, 1.0 / 0.0 } };
  static const entry huge[] = { { 0, 0, 1 },
                                { 999999999999, 999999999998, 2 } };
  expect ("general.mtx", READ ("general.mtx", SP_F64), 3, 4, general,
          N (general));
  expect ("crlf.mtx", READ ("crlf.mtx", SP_F64), 2, 2, crlf, N (crlf));
  expect ("symmetric.mtx", READ ("symmetric.mtx", SP_F64), 3, 3, sym,
          N (sym));
  expect ("skew.mtx", READ ("skew.mtx", SP_F64), 3, 3, skew, N (skew));
  expect ("pattern.mtx", READ ("pattern.mtx", SP_F32), 3, 3, pattern,
          N (pattern));
  expect ("integer.mtx", READ ("integer.mtx", SP_I64), 2, 3, integer,
          N (integer));
  expect ("array.mtx", READ ("array.mtx", SP_F64), 2, 3, array, N (array));
  expect ("array-symmetric.mtx", READ ("array-symmetric.mtx", SP_F64), 3, 3,
          asym, N (asym));
  expect ("array-skew.mtx", READ ("array-skew.mtx", SP_I32), 3, 3, askew,
          N (askew));
  expect ("upper-banner.mtx", READ ("upper-banner.mtx", SP_F64), 2, 2, upper,
          N (upper));
  /* Extents of 10^12 cost nothing: no dense allocation anywhere.  */
  expect ("huge-dims.mtx", sp_read (INPUTS "huge-dims.mtx",
                                    "coo;pos=64;crd=64", SP_F64),
          1000000000000, 1000000000000, huge, N (huge));
  expect ("general.mtx as csr", sp_read (INPUTS "general.mtx", "csr",
                                         SP_F64), 3, 4, general, N (general));
}

/* Reading from memory, and the stored triangle only.  */
static void
check_memory (void)
{
  static const char text[] = "%%MatrixMarket matrix coordinate real "
                             "symmetric\n3 3 4\n1 1 2.0\n2 1 -1.0\n"
                             "3 2 -1.0\n3 3 2.0";
  static const entry full[] = { { 0, 0, 2 }, { 1, 0, -1 }, { 0, 1, -1 },
                                { 2, 1, -1 }, { 1, 2, -1 }, { 2, 2, 2 } };
  static const entry lower[] = { { 0, 0, 2 }, { 1, 0, -1 }, { 2, 1, -1 },
                                 { 2, 2, 2 } };
  size_t len = sizeof text - 1;
  expect ("memory", sp__read_mem (text, len, "mem.MTX", "coo", SP_F64, 0),
          3, 3, full, N (full));
  expect ("memory, triangle",
          sp__read_mem (text, len, "mem.mtx", "coo", SP_F64,
                        SP_IO_KEEP_TRIANGLE),
          3, 3, lower, N (lower));
  /* Every prefix short of the last value's digits is refused with a
     message.  */
  for (size_t k = 0; k < len - 2; k++)
    {
      sp_tensor *t = sp__read_mem (text, k, "cut.mtx", "coo", SP_F64, 0);
      if (t || strncmp (sp_error (), "cut.mtx:", 8) != 0)
        {
          printf ("FAIL prefix of %zu bytes: %s\n", k,
                  t ? "accepted" : sp_error ());
          failures++;
        }
      sp_free (t);
    }
}

/* Write NAME's tensor of TYPE, read it back, and compare.  */
static void
check_round_trip (const char *name, sp_type type, const char *banner)
{
  char in[512], out[256], line[128] = "";
  snprintf (in, sizeof in, INPUTS "%s", name);
  snprintf (out, sizeof out, "/tmp/sparse-io-mtx-%d.mtx", (int) getpid ());
  sp_tensor *a = sp_read (in, "csr", type);
  entries ea = { .n = 0 };
  if (!a || sp_write (a, out) != 0)
    {
      printf ("FAIL write %s: %s\n", name, sp_error ());
      failures++;
      sp_free (a);
      return;
    }
  FILE *f = fopen (out, "r");
  if (!f || !fgets (line, sizeof line, f) || !strstr (line, banner))
    {
      printf ("FAIL %s: written banner \"%s\", wanted \"%s\"\n", name, line,
              banner);
      failures++;
    }
  if (f)
    fclose (f);
  sp_tensor *b = sp_read (out, "coo", type);
  sp__foreach (a, collect, &ea);
  expect (name, b, sp_dim (a, 0), sp_dim (a, 1), ea.e, ea.n);
  sp_free (a);
  remove (out);
}

static void
check_write_errors (void)
{
  int64_t dims[3] = { 2, 2, 2 };
  sp_tensor *t = sp_new ("csf", SP_F64, 3, dims);
  if (!t || sp_write (t, "/tmp/sparse-io-rank3.mtx") == 0
      || !strstr (sp_error (), "not a rank-3 tensor"))
    {
      printf ("FAIL rank-3 .mtx: %s\n", t ? "written" : sp_error ());
      failures++;
    }
  if (t && sp_write (t, "/nonexistent-dir/x.tns") == 0)
    {
      printf ("FAIL write to a missing directory succeeded\n");
      failures++;
    }
  sp_free (t);
}

int
main (void)
{
  check_files ();
  check_memory ();
  check_round_trip ("general.mtx", SP_F64, "coordinate real general");
  check_round_trip ("skew.mtx", SP_F32, "coordinate real general");
  check_round_trip ("integer.mtx", SP_I64, "coordinate integer general");
  check_write_errors ();
  printf ("%d failures\n", failures);
  return failures != 0;
}
