/* { dg-do run } */
/* FROSTT .tns files: the plain form (extents inferred), the form with the
   "rank nnz" and extents lines, telling them apart, writing both and
   reading them back, and a generated rank-4 tensor of many entries.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sparse.h"
#include "io.h"

#define INPUTS SPARSE_ROOT "/testsuite/runtime/inputs/"
#define MAXN 20000

static int failures;

typedef struct entry
{
  int64_t x[4];
  double v;
} entry;

typedef struct entries
{
  int rank;
  int n;
  entry *e;
} entries;

static int
collect (void *ctx, const int64_t *x, double v)
{
  entries *es = ctx;
  if (es->n == MAXN)
    return 1;
  memset (&es->e[es->n], 0, sizeof es->e[0]);
  memcpy (es->e[es->n].x, x, (size_t) es->rank * sizeof *x);
  es->e[es->n++].v = v;
  return 0;
}

static int
cmp_entry (const void *a, const void *b)
{
  const entry *x = a, *y = b;
  for (int d = 0; d < 4; d++)
    if (x->x[d] != y->x[d])
      return x->x[d] < y->x[d] ? -1 : 1;
  return 0;
}

/* T (or NULL) must have rank RANK, extents DIMS and exactly the N entries
   WANT (sorted here).  */
static void
expect (const char *what, sp_tensor *t, int rank, const int64_t *dims,
        entry *want, int n)
{
  static entry got[MAXN];
  entries es = { rank, 0, got };
  if (!t)
    {
      printf ("FAIL %s: %s\n", what, sp_error ());
      failures++;
      return;
    }
  int ok = sp_rank (t) == rank && sp__foreach (t, collect, &es) == 0
           && es.n == n;
  for (int d = 0; ok && d < rank; d++)
    ok = sp_dim (t, d) == dims[d];
  if (!ok)
    {
      printf ("FAIL %s: rank %d, %d entries, extents", what, sp_rank (t),
              es.n);
      for (int d = 0; d < sp_rank (t); d++)
        printf (" %lld", (long long) sp_dim (t, d));
      printf ("\n");
      failures++;
      sp_free (t);
      return;
    }
  qsort (want, (size_t) n, sizeof *want, cmp_entry);
  qsort (got, (size_t) n, sizeof *got, cmp_entry);
  for (int k = 0; k < n; k++)
    if (cmp_entry (&got[k], &want[k]) || got[k].v != want[k].v)
      {
        printf ("FAIL %s: entry %d differs (%g vs %g)\n", what, k, got[k].v,
                want[k].v);
        failures++;
        break;
      }
  sp_free (t);
}

#define N(a) ((int) (sizeof a / sizeof a[0]))

static void
check_files (void)
{
  entry plain[] = { { { 0, 0, 0 }, 1 }, { { 1, 2, 0 }, -2.5 },
                    { { 3, 0, 1 }, 3e10 } };
  entry two[] = { { { 0, 1 }, 0.5 }, { { 3, 3 }, 8 } };
  entry one[] = { { { 1 }, 7 }, { { 4 }, 1 }, { { 2 }, 4 } };
  entry one_h[] = { { { 0 }, 1 }, { { 5 }, 2 }, { { 1 }, -1 } };
  int64_t d_plain[] = { 4, 3, 2 }, d_header[] = { 5, 5, 5 };
  int64_t d_two[] = { 4, 4 }, d_one[] = { 5 }, d_one_h[] = { 6 };
  expect ("plain.tns", sp_read (INPUTS "plain.tns", "coo", SP_F64), 3,
          d_plain, plain, N (plain));
  expect ("header.tns", sp_read (INPUTS "header.tns", "csf", SP_F64), 3,
          d_header, plain, N (plain));
  expect ("header2.tns", sp_read (INPUTS "header2.tns", "csr", SP_F64), 2,
          d_two, two, N (two));
  /* "2 7 / 5 1 / 3 4" is three rank-1 entries, not a header.  */
  expect ("rank1.tns", sp_read (INPUTS "rank1.tns", "coo", SP_F64), 1,
          d_one, one, N (one));
  expect ("header1.tns", sp_read (INPUTS "header1.tns", "D", SP_F64), 1,
          d_one_h, one_h, N (one_h));
}

/* Write the tensor of FILE in both forms, read each back.  */
static void
check_round_trip (const char *file, int rank)
{
  char in[512], out[256];
  static entry want[MAXN];
  entries es = { rank, 0, want };
  int64_t dims[4];
  snprintf (in, sizeof in, INPUTS "%s", file);
  snprintf (out, sizeof out, "/tmp/sparse-io-tns-%d.TNS", (int) getpid ());
  sp_tensor *a = sp_read (in, "coo", SP_F64);
  if (!a || sp__foreach (a, collect, &es) != 0)
    {
      printf ("FAIL %s: %s\n", file, sp_error ());
      failures++;
      sp_free (a);
      return;
    }
  for (int d = 0; d < rank; d++)
    dims[d] = sp_dim (a, d);
  if (sp__write_flags (a, out, SP_IO_TNS_HEADER) != 0)
    printf ("FAIL write %s: %s\n", file, sp_error ()), failures++;
  else
    expect ("with header", sp_read (out, "coo", SP_F64), rank, dims, want,
            es.n);
  if (sp_write (a, out) != 0)
    printf ("FAIL write %s: %s\n", file, sp_error ()), failures++;
  else
    {
      /* The plain form keeps the extents only up to the last entries.  */
      sp_tensor *b = sp_read (out, "coo", SP_F64);
      for (int d = 0; b && d < rank; d++)
        dims[d] = sp_dim (b, d) <= sp_dim (a, d) ? sp_dim (b, d) : -1;
      expect ("plain", b, rank, dims, want, es.n);
    }
  sp_free (a);
  remove (out);
}

/* A rank-4 tensor of distinct random coordinates and values, as text.  */
static void
check_generated (void)
{
  static entry want[MAXN];
  size_t cap = (size_t) MAXN * 80, len = 0;
  char *text = malloc (cap);
  int64_t dims[4] = { 0, 0, 0, 0 };
  uint64_t r = 12345;
  for (int e = 0; e < MAXN; e++)
    {
      r = r * 6364136223846793005ULL + 1442695040888963407ULL;
      /* Distinct: coordinate 0 is the entry number.  */
      int64_t x[4] = { e, (int64_t) (r >> 40) % 1000,
                       (int64_t) (r >> 20) % 7, (int64_t) (r >> 50) % 300 };
      double v = (double) (int64_t) (r >> 11) * 0x1p-40 - 4096.0;
      memcpy (want[e].x, x, sizeof x);
      want[e].v = v;
      for (int d = 0; d < 4; d++)
        dims[d] = x[d] + 1 > dims[d] ? x[d] + 1 : dims[d];
      len += (size_t) snprintf (text + len, cap - len,
                                "%lld %lld %lld %lld %.17g\n",
                                (long long) x[0] + 1, (long long) x[1] + 1,
                                (long long) x[2] + 1, (long long) x[3] + 1,
                                v);
    }
  expect ("generated", sp__read_mem (text, len, "gen.tns", "coo", SP_F64, 0),
          4, dims, want, MAXN);
  free (text);
}

int
main (void)
{
  check_files ();
  check_round_trip ("plain.tns", 3);
  check_round_trip ("header2.tns", 2);
  check_round_trip ("rank1.tns", 1);
  check_generated ();
  printf ("%d failures\n", failures);
  return failures != 0;
}
