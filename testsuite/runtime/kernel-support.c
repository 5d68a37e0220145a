/* { dg-do run } */
/* The support of generated kernels (sparse_kernel.h): sparse outputs
   built by appending (through the call and inline, a row at a time, in
   one piece, in fixed room or in parts by row ranges), in several
   formats and widths, replacing a tensor's old entries and pending
   inserts; workspaces; the coordinate sort; the fatal paths (an extent
   too wide for the format's crd width, entries out of order, room used
   up) print a message and abort.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "sparse.h"
#include "sparse_kernel.h"
#include "vsort.h"
#include "rt-check.h"

#define X(...) ((const int64_t[]) { __VA_ARGS__ })

/* Build an M x N matrix in FMT through sp_kout with A(i,j) = f(i,j) where
   (i*3 + j*5) % 7 == 0, compare with sp_get.  */
static void
matrix (const char *fmt, int64_t m, int64_t n, int dcsr)
{
  sp_tensor *t = sp_new (fmt, SP_F64, 2, X (m, n));
  /* Old contents and pending inserts disappear.  */
  sp_insert (t, X (0, 0), 42);
  sp_kassemble (t, "t");
  sp_insert (t, X (m - 1, n - 1), 43);
  sp_kassemble (t, "t");
  sp_kout o;
  sp_kout_begin (&o, t);
  int64_t nz = 0;
  for (int64_t i = 0; i < m; i++)
    {
      int64_t row = -1;
      for (int64_t j = 0; j < n; j++)
        if ((i * 3 + j * 5) % 7 == 0)
          {
            if (dcsr && row < 0)
              row = sp_kout_append (&o, 0, 0, i);
            /* The inline path and the call, mixed.  */
            int64_t p = (i + j) % 3
                        ? sp_kout_push (&o, 1, dcsr ? row : i, j)
                        : sp_kout_append (&o, 1, dcsr ? row : i, j);
            ((double *) o.vals)[p] = 1 + i * 10 + j;
            nz++;
          }
    }
  sp_kout_end (&o);
  CHECK (sp_nnz (t) == nz, "%s: nnz %lld, want %lld", fmt,
         (long long) sp_nnz (t), (long long) nz);
  int bad = 0;
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++)
      {
        double want = (i * 3 + j * 5) % 7 == 0 ? 1 + i * 10 + j : 0;
        bad += sp_get (t, X (i, j)) != want;
      }
  CHECK (!bad, "%s: %d wrong elements", fmt, bad);
  /* Still an ordinary tensor: inserts and conversions work.  */
  CHECK (sp_insert (t, X (0, 1), 1) == 0, "insert after: %s", sp_error ());
  sp_tensor *c = sp_convert (t, "COO");
  CHECK (c && sp_nnz (c) == nz + 1, "convert after: %s",
         sp_error ());
  sp_free (c);
  sp_free (t);
}

/* A rank-3 CSF tensor and an empty output.  */
static void
csf (void)
{
  sp_tensor *t = sp_new ("CSF", SP_I32, 3, X (4, 5, 6));
  sp_kout o;
  sp_kout_begin (&o, t);
  int64_t a = sp_kout_append (&o, 0, 0, 1);
  int64_t b = sp_kout_append (&o, 1, a, 2);
  int64_t p = sp_kout_append (&o, 2, b, 3);
  ((int32_t *) o.vals)[p] = 7;
  p = sp_kout_push (&o, 2, b, 5);
  ((int32_t *) o.vals)[p] = 8;
  b = sp_kout_append (&o, 1, a, 4);
  p = sp_kout_append (&o, 2, b, 0);
  ((int32_t *) o.vals)[p] = 9;
  a = sp_kout_append (&o, 0, 0, 3);
  b = sp_kout_append (&o, 1, a, 0);
  p = sp_kout_append (&o, 2, b, 0);
  ((int32_t *) o.vals)[p] = -1;
  sp_kout_end (&o);
  CHECK (sp_nnz (t) == 4, "csf nnz %lld", (long long) sp_nnz (t));
  CHECK (sp_get (t, X (1, 2, 5)) == 8 && sp_get (t, X (1, 4, 0)) == 9
         && sp_get (t, X (3, 0, 0)) == -1 && sp_get (t, X (1, 2, 4)) == 0,
         "csf values");
  sp_free (t);

  t = sp_new ("D,CU;pos=8;crd=8", SP_F32, 2, X (3, 100));
  sp_insert (t, X (1, 1), 5);
  sp_kout_begin (&o, t);
  sp_kout_end (&o);
  CHECK (sp_nnz (t) == 0 && sp_get (t, X (1, 1)) == 0, "empty output");
  sp_free (t);
}

static int
cmp64 (const void *x, const void *y)
{
  int64_t a = *(const int64_t *) x, b = *(const int64_t *) y;
  return (a > b) - (a < b);
}

/* Both sorts against qsort on lists of every length to 300 and some to
   1100 (the vector networks take 8 to 1024, in blocks of 64 merged):
   keys in sorted runs as a product's rows come, repeated keys (sp_ksort
   only), keys up to 2^31 - 1, the padding's value, and keys of 2^31 and
   more, which the networks leave to the other sorts.  */
static void
sorts_once (int networks)
{
  static int64_t a[1100], want[1100];
  static uint8_t flag[1 << 20];
  uint64_t s = 99;
  int bad_ks = 0, bad_ws = 0;
  for (int n = 0; n <= 1100; n += n < 300 ? 1 : 67)
    for (int kind = 0; kind < 5; kind++)
      {
        int64_t span = kind == 1 ? n / 2 + 1 : kind == 4 ? 1 << 20 : 1 << 30;
        int64_t base = kind == 2 ? INT32_MAX - span + 1
                       : kind == 3 ? (int64_t) 1 << 31 : 0;
        for (int k = 0; k < n; k++)
          {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            a[k] = base + (int64_t) (s >> 33) % span;
          }
        /* Runs of 7 in order, as the rows of B fill a row of A B.  */
        for (int k = 0; k + 7 <= n; k += 7)
          qsort (a + k, 7, sizeof *a, cmp64);
        memcpy (want, a, n * sizeof *a);
        qsort (want, n, sizeof *want, cmp64);
        sp_ksort (a, n);
        bad_ks += memcmp (a, want, n * sizeof *a) != 0;
        if (kind != 4)
          continue;
        /* Distinct keys with their flags set, for sp_kws_sort.  */
        int64_t nw = 0;
        for (int k = 0; k < n; k++)
          if (!flag[want[k]])
            {
              flag[want[k]] = 1;
              a[nw++] = want[k];
            }
        for (int64_t k = 0; k < nw; k++)
          {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            int64_t q = (int64_t) (s >> 33) % (k + 1), t = a[k];
            a[k] = a[q];
            a[q] = t;
          }
        memcpy (want, a, nw * sizeof *a);
        qsort (want, nw, sizeof *want, cmp64);
        sp_kws_sort (a, nw, flag, 1 << 20);
        bad_ws += memcmp (a, want, nw * sizeof *a) != 0;
        for (int64_t k = 0; k < nw; k++)
          flag[want[k]] = 0;
      }
  CHECK (bad_ks == 0, "sp_ksort differs from qsort on %d lists (networks "
         "%d)", bad_ks, networks);
  CHECK (bad_ws == 0, "sp_kws_sort differs from qsort on %d lists "
         "(networks %d)", bad_ws, networks);
}

/* With the networks, then without, as on a processor without AVX2.  */
static void
sorts_against_qsort (void)
{
  for (int networks = 1; networks >= 0; networks--)
    {
      sp__vsort_enable (networks);
      sorts_once (networks);
    }
  sp__vsort_enable (1);
}

static void
workspace_and_sort (void)
{
  sp_kws w;
  sp_kws_alloc (&w, 1000, sizeof (double));
  int zero = 1;
  for (int k = 0; k < 1000; k++)
    zero &= ((double *) w.vals)[k] == 0 && w.flag[k] == 0;
  CHECK (zero && w.n == 1000, "workspace not zero");
  sp_kws_free (&w);
  sp_kws_alloc (&w, 0, 4);
  sp_kws_free (&w);

  static int64_t a[5000];
  uint64_t s = 12345;
  for (int n = 0; n <= 5000; n = n < 40 ? n + 1 : n * 3)
    {
      for (int k = 0; k < n; k++)
        {
          s = s * 6364136223846793005ull + 1442695040888963407ull;
          a[k] = (int64_t) (s >> 40) % (n / 2 + 1);
        }
      if (n == 1215)
        for (int k = 0; k < n; k++)
          a[k] = n - k;   /* descending */
      sp_ksort (a, n);
      int ok = 1;
      for (int k = 1; k < n; k++)
        ok &= a[k - 1] <= a[k];
      CHECK (ok, "sort of %d not sorted", n);
    }

  /* A workspace's list, sparse (sorted) and dense (rebuilt from the
     flags), extents not a multiple of 8.  */
  static uint8_t flag[4099];
  for (int n = 1; n <= 4099; n = n * 4 + 3)
    for (int every = 1; every <= 64; every *= 4)
      {
        int64_t nw = 0;
        memset (flag, 0, sizeof flag);
        for (int64_t j = n - 1; j >= 0; j--)
          if ((j * 7919) % every == 0 || j == n - 1)
            {
              flag[j] = 1;
              a[nw++] = j;
            }
        sp_kws_sort (a, nw, flag, n);
        int ok = 1;
        for (int64_t k = 0; k < nw; k++)
          ok &= flag[a[k]] && (k == 0 || a[k - 1] < a[k]);
        CHECK (ok, "workspace list of %lld in %d not in order",
               (long long) nw, n);
      }
  /* Lists of 8 to 128 spread thinly, with coordinates of 32 bits and of
     more (two ways of sorting them).  */
  for (int64_t base = 0; base <= 3000000000; base += 3000000000)
    for (int nw = 8; nw <= 130; nw += 61)
      {
        for (int k = 0; k < nw; k++)
          a[k] = base + (k * 7919) % 4001 * 1000;
        sp_kws_sort (a, nw, flag, base + 4001000);
        int ok = 1;
        for (int k = 1; k < nw; k++)
          ok &= a[k - 1] < a[k];
        CHECK (ok && a[0] == base, "thin list of %d from %lld not in order",
               nw, (long long) base);
      }
}

/* Outputs built in parts by row ranges: each part counts its rows'
   entries, the arrays are laid out, then the parts fill their ranges in
   any order of the threads (CSR with empty parts, D,CU,CU whose deeper
   level's parents are positions in the shared arrays, DCSR whose first
   level has one parent); or one part does it all, uncounted.  */
static int
pattern (int64_t i, int64_t j, int64_t k)
{
  return (i * 5 + j * 3 + k * 7) % 4 == 0;
}

/* Rows CUT[q] .. CUT[q+1]-1 of a 20 x 30 matrix in FMT built as part q
   of four, counted first; with ALONE, all rows by part 0, uncounted;
   with BOUNDED, each part first gives a bound (its count and 3q more, or
   with BOUNDED 2 1000 more), which CSR lays out by and DCSR (two
   compressed levels) refuses; the gaps are closed by the "threads" in
   any order (sp_kpar_close: together when the moves are apart, else by
   thread 0), or with BOUNDED 3 by sp_kpar_end.  BOUNDED 4 samples half
   the entries of its bounds: the gaps would be wide, the parts after
   the first fill arrays of their own, copied in by the "threads"
   (BOUNDED 6: by sp_kpar_end); BOUNDED 5 an eighth: a count would cost
   more, laid out.  */
static void
matrix_parts (const char *fmt, const int64_t *cut, int alone, int bounded)
{
  sp_tensor *t = sp_new (fmt, SP_F64, 2, X (20, 30));
  int dcsr = strcmp (fmt, "DCSR") == 0;
  sp_insert (t, X (3, 3), 99);
  sp_kassemble (t, "t");
  sp_kpar *par = sp_kpar_begin (t, 4, 50);
  int64_t nz = 0;
  if (bounded)
    {
      for (int q = 0; q < 4; q++)
        {
          int64_t n = bounded == 2 ? 1000 : 3 * q;
          for (int64_t i = cut[q]; i < cut[q + 1]; i++)
            for (int64_t j = 0; j < 30; j++)
              n += pattern (i, j, 0);
          sp_kpar_bound (par, q, n, bounded >= 4, bounded == 5 ? 8
                         : bounded >= 4 ? 2 : 0);
        }
      sp_kpar_layout (par);
      CHECK (sp_kpar_laid (par) == !dcsr,
             "%s laid out by bounds %d: %d", fmt, bounded,
             sp_kpar_laid (par));
    }
  int by_bounds = bounded && sp_kpar_laid (par);
  if (!alone && !sp_kpar_laid (par))
    {
      for (int q = 0; q < 4; q++)
        {
          int64_t rows = 0, n = 0;
          for (int64_t i = cut[q]; i < cut[q + 1]; i++)
            {
              int64_t m = 0;
              for (int64_t j = 0; j < 30; j++)
                m += pattern (i, j, 0);
              rows += m > 0;
              n += m;
            }
          if (dcsr)
            sp_kpar_count (par, q, 0, rows);
          sp_kpar_count (par, q, 1, n);
        }
      sp_kpar_layout (par);
    }
  for (int q = alone ? 0 : 3; q >= 0; q--)    /* any order of the threads */
    {
      sp_kout *o = sp_kpar_part (par, q);
      /* A part laid out by its bound checks its rows against the end of
         its range; one laid out by its count does not need to.  */
      CHECK (alone || o->limit == (by_bounds ? o->fast[1] : INT64_MAX),
             "%s part %d (bounded %d): limit %lld, range ends at %lld",
             fmt, q, bounded, (long long) o->limit, (long long) o->fast[1]);
      for (int64_t i = alone ? 0 : cut[q]; i < (alone ? 20 : cut[q + 1]);
           i++)
        {
          int64_t parent = dcsr ? -1 : i;
          for (int64_t j = 0; j < 30; j++)
            if (pattern (i, j, 0))
              {
                if (parent < 0)
                  parent = sp_kout_append (o, 0, 0, i);
                int64_t p = sp_kout_push (o, 1, parent, j);
                ((double *) o->vals)[p] = i + j / 100.0;
                nz++;
              }
        }
    }
  if (bounded && bounded != 3 && bounded != 6 && sp_kpar_laid (par))
    for (int q = 3; q >= 0; q--)
      sp_kpar_close (par, q, 4);
  sp_kpar_end (par);
  int bad = 0;
  for (int64_t i = 0; i < 20; i++)
    for (int64_t j = 0; j < 30; j++)
      bad += sp_get (t, X (i, j)) != (pattern (i, j, 0) ? i + j / 100.0 : 0);
  CHECK (!bad && sp_nnz (t) == nz, "%s in parts (%lld %lld %lld, alone "
         "%d, bounded %d): %d wrong, nnz %lld of %lld", fmt,
         (long long) cut[1], (long long) cut[2], (long long) cut[3], alone,
         bounded, bad, (long long) sp_nnz (t), (long long) nz);
  sp_free (t);
}

/* The entries of row I of the 6 x 5 x 7 tensor below under part O,
   or (O null) their count at levels 1 and 2.  */
static void
tensor_row (sp_kout *o, int64_t i, int64_t *count)
{
  for (int64_t j = 0; j < 5; j++)
    {
      int64_t pj = -1;
      for (int64_t k = 0; k < 7; k++)
        if (pattern (i, j, k))
          {
            if (!o)
              {
                count[1] += pj < 0;
                count[2]++;
                pj = 0;
                continue;
              }
            if (pj < 0)
              pj = sp_kout_append (o, 1, i, j);
            int64_t p = sp_kout_push (o, 2, pj, k);
            ((double *) o->vals)[p] = 100 * i + 10 * j + k;
          }
    }
}

static void
parts (void)
{
  static const int64_t cuts[][5] = { { 0, 7, 7, 13, 20 },
                                     { 0, 0, 0, 9, 20 },
                                     { 0, 0, 0, 0, 20 },
                                     { 0, 20, 20, 20, 20 } };
  for (int c = 0; c < 4; c++)
    for (int alone = 0; alone < 2; alone++)
      {
        matrix_parts ("CSR", cuts[c], alone, 0);
        matrix_parts ("DCSR", cuts[c], alone, 0);
      }
  for (int c = 0; c < 4; c++)
    for (int bounded = 1; bounded <= 6; bounded++)
      {
        matrix_parts ("CSR", cuts[c], 0, bounded);
        matrix_parts ("DCSR", cuts[c], 0, bounded);
      }

  /* Deeper levels: parents are positions in the shared arrays.  */
  sp_tensor *t = sp_new ("D,CU,CU;pos=16", SP_F64, 3, X (6, 5, 7));
  sp_kpar *par = sp_kpar_begin (t, 2, 0);
  int64_t nz = 0;
  for (int q = 0; q < 2; q++)
    {
      int64_t count[3] = { 0, 0, 0 };
      for (int64_t i = q * 3; i < q * 3 + 3; i++)
        tensor_row (NULL, i, count);
      sp_kpar_count (par, q, 1, count[1]);
      sp_kpar_count (par, q, 2, count[2]);
      nz += count[2];
    }
  sp_kpar_layout (par);
  for (int q = 1; q >= 0; q--)
    for (int64_t i = q * 3; i < q * 3 + 3; i++)
      tensor_row (sp_kpar_part (par, q), i, NULL);
  sp_kpar_end (par);
  int bad = 0;
  for (int64_t i = 0; i < 6; i++)
    for (int64_t j = 0; j < 5; j++)
      for (int64_t k = 0; k < 7; k++)
        bad += sp_get (t, X (i, j, k))
               != (pattern (i, j, k) ? 100 * i + 10 * j + k : 0);
  CHECK (!bad && sp_nnz (t) == nz, "D,CU,CU in parts: %d wrong", bad);
  sp_free (t);
}

/* A part appending more entries than it counted, or fewer.  */
static void
miscounted (int more)
{
  sp_tensor *t = sp_new ("CSR", SP_F64, 2, X (4, 10));
  sp_kpar *par = sp_kpar_begin (t, 2, 0);
  sp_kpar_count (par, 0, 1, 2);
  sp_kpar_count (par, 1, 1, 2);
  sp_kpar_layout (par);
  sp_kout *o = sp_kpar_part (par, 0);
  for (int j = 0; j < 2 + more; j++)
    sp_kout_push (o, 1, 0, j);
  sp_kpar_end (par);
}

static void
counted_fewer (void)
{
  miscounted (1);
}

static void
counted_more (void)
{
  miscounted (0);
}

/* A part appending more entries than its bound.  */
static void
over_bound (void)
{
  sp_tensor *t = sp_new ("CSR", SP_F64, 2, X (4, 10));
  sp_kpar *par = sp_kpar_begin (t, 2, 0);
  sp_kpar_bound (par, 0, 2, 0, 0);
  sp_kpar_bound (par, 1, 5, 0, 0);
  sp_kpar_layout (par);
  sp_kout *o = sp_kpar_part (par, 0);
  for (int j = 0; j < 3; j++)
    sp_kout_push (o, 1, 0, j);
  sp_kpar_end (par);
}

/* Row ranges of equal work: contiguous, covering, each part's cost
   (entries + rows) within one row's cost of the ideal.  */
static void
split (void)
{
  int32_t pos[101];
  int64_t pos64[101];
  pos[0] = pos64[0] = 0;
  for (int r = 0; r < 100; r++)
    {
      int len = r < 10 ? 50 : r % 7 == 0 ? 3 : 0;  /* heavy first rows */
      pos[r + 1] = pos[r] + len;
      pos64[r + 1] = pos[r + 1];
    }
  int64_t total = pos[100] + 100;
  for (int parts = 1; parts <= 9; parts++)
    for (int64_t lo = 0; lo <= 20; lo += 20)
      {
        int64_t prev = lo, ok = 1;
        for (int q = 0; q <= parts; q++)
          {
            int64_t r = sp_ksplit (pos, 32, NULL, 0, lo, 100, q, parts);
            ok &= r == sp_ksplit (pos64, 64, NULL, 0, lo, 100, q, parts);
            ok &= r >= prev && (q || r == lo) && (q < parts || r == 100);
            if (q && q < parts && lo == 0)
              {
                /* Cost before r is below the target, with r included
                   at or above it.  */
                int64_t target = total * q / parts;
                ok &= pos[r] + r >= target
                      && (r == 0 || pos[r - 1] + r - 1 < target);
              }
            prev = r;
          }
        CHECK (ok, "split into %d parts from row %lld", parts,
               (long long) lo);
      }
  CHECK (sp_ksplit (pos, 32, NULL, 0, 5, 5, 1, 2) == 5, "empty range");

  /* Two operands' rows merged: a row costs the entries of both.  The
     heavy rows of the second come last: the halves of both start at
     row 51 (569 of 1139), those of the first alone at row 7.  */
  int64_t pos2[101];
  pos2[0] = 0;
  for (int r = 0; r < 100; r++)
    pos2[r + 1] = pos2[r] + (r >= 90 ? 50 : 0);
  total += pos2[100];
  for (int parts = 1; parts <= 9; parts++)
    {
      int64_t prev = 0, ok = 1;
      for (int q = 0; q <= parts; q++)
        {
          int64_t r = sp_ksplit (pos, 32, pos2, 64, 0, 100, q, parts);
          int64_t target = total * q / parts;
          ok &= r >= prev && (q < parts || r == 100);
          if (q && q < parts)
            ok &= pos[r] + pos2[r] + r >= target
                  && (r == 0 || pos[r - 1] + pos2[r - 1] + r - 1 < target);
          prev = r;
        }
      CHECK (ok, "split of two operands' rows into %d parts", parts);
    }
  CHECK (sp_ksplit (pos, 32, pos2, 64, 0, 100, 1, 2) == 51,
         "halves of two operands' rows: %lld",
         (long long) sp_ksplit (pos, 32, pos2, 64, 0, 100, 1, 2));
}

/* A CSR matrix in FMT (any crd width) built a row at a time by runs,
   with rows empty, short and long.  */
static void
runs (const char *fmt)
{
  enum { M = 9, N = 120 };
  sp_tensor *t = sp_new (fmt, SP_F64, 2, X (M, N));
  sp_kout o;
  int64_t list[N], nz = 0;
  sp_kout_begin (&o, t);
  for (int64_t i = 0; i < M; i++)
    {
      int64_t n = 0;
      for (int64_t j = 0; j < N; j++)
        if ((i * 3 + j * 5) % (i + 1) == 0)
          list[n++] = j;
      if (i == 4)
        n = 0;
      int64_t p = sp_kout_run (&o, 1, i, list, n);
      for (int64_t q = 0; q < n; q++)
        ((double *) o.vals)[p + q] = 1000 * i + list[q];
      nz += n;
    }
  sp_kout_end (&o);
  int bad = 0;
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++)
      bad += sp_get (t, X (i, j))
             != (i != 4 && (i * 3 + j * 5) % (i + 1) == 0 ? 1000 * i + j
                                                          : 0);
  CHECK (!bad && sp_nnz (t) == nz, "%s by runs: %d wrong", fmt, bad);
  sp_free (t);
}

/* A CSR matrix in FMT built in fixed room as a generated kernel does:
   sp_kout_fix for BOUND entries (at least those appended), then the
   count, crd and cnt handled in locals, N written back before the end.
   A bound above the matrix's elements is lowered to them; one too large
   to allocate is refused when not exact.  */
static void
fixed (const char *fmt, int64_t bound)
{
  enum { M = 11, N = 90 };
  sp_tensor *t = sp_new (fmt, SP_F64, 2, X (M, N));
  sp_kout o;
  sp_kout_begin (&o, t);
  int64_t room = o.fast[1];
  CHECK (sp_kout_fix (&o, bound, 0) == 0
         && (room = o.fast[1]) >= (bound < M * N ? bound : M * N)
         && room <= M * N, "%s: room %lld for %lld", fmt, (long long) room,
         (long long) bound);
  /* Rows are checked against the bound, unless it was lowered to the
     matrix's elements.  */
  CHECK (o.limit == (bound <= M * N ? bound : INT64_MAX), "%s: limit %lld "
         "for a bound of %lld", fmt, (long long) o.limit, (long long) bound);
  int64_t n = o.n[1], *cnt = o.cnt[1], nz = 0;
  double *vals = o.vals;
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++)
      if ((i * 3 + j * 5) % 7 == 0 && i != 4)
        {
          if (n >= room)
            sp_kout_full (&o, n + 1);
          switch (o.crdw)
            {
            case 8: ((int8_t *) o.crd[1])[n] = (int8_t) j; break;
            case 32: ((int32_t *) o.crd[1])[n] = (int32_t) j; break;
            default: ((int64_t *) o.crd[1])[n] = j; break;
            }
          cnt[i + 1]++;
          vals[n++] = 100 * i + j;
          nz++;
        }
  o.n[1] = n;
  sp_kout_end (&o);
  int bad = 0;
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++)
      bad += sp_get (t, X (i, j))
             != (i != 4 && (i * 3 + j * 5) % 7 == 0 ? 100 * i + j : 0);
  CHECK (!bad && sp_nnz (t) == nz, "%s in fixed room: %d wrong", fmt, bad);
  sp_free (t);
}

/* Minor page faults of this process so far.  */
static long
faults (void)
{
  struct rusage u;
  return getrusage (RUSAGE_SELF, &u) ? 0 : u.ru_minflt;
}

/* An M x 1000 CSR output in fixed room for twice its entries, 100 a
   row written, made and freed twelve times as a kernel called in a loop
   does: the calls after the first take its blocks again instead of
   fresh pages.  At 1000 rows (1.2 MB) glibc keeps them once it has seen
   them freed whole (a realloc cutting the arrays to their entries had
   each call clear some 300 fresh pages); at 50000 rows (the values 40
   MB in room for 80) glibc would unmap them at each free and the
   runtime keeps them when SP_KEEP_MB allows (main sets it; runtime/kept.c;
   without, each call faulted in
   some 300 fresh pages, most of them huge ones, 2 MB to clear each).
   Not under memcheck, whose allocator never hands a freed block
   straight back (and the runtime keeps none there: SP_KEEP_MB=0).  */
static void
reused_room (int64_t m)
{
#ifdef __GLIBC__
  enum { N = 1000, CALLS = 12 };
  const char *vg = getenv ("SPARSE_VALGRIND");
  long before = 0;
  if (vg && *vg)
    return;
  for (int call = 0; call < CALLS; call++)
    {
      if (call == 2)
        before = faults ();
      sp_tensor *t = sp_new ("CSR", SP_F64, 2, X (m, N));
      sp_kout o;
      sp_kout_begin (&o, t);
      CHECK (sp_kout_fix (&o, m * N / 5, 0) == 0 && o.fast[1] == m * N / 5,
             "room of %lld entries: %lld", (long long) (m * N / 5),
             (long long) o.fast[1]);
      int32_t *crd = o.crd[1];
      double *vals = o.vals;
      int64_t n = 0;
      for (int64_t i = 0; i < m; i++)
        {
          for (int32_t j = 0; j < N; j += 10)
            {
              crd[n] = j;
              vals[n++] = i + j;
            }
          o.cnt[1][i + 1] = 100;
        }
      o.n[1] = n;
      sp_kout_end (&o);
      if (call == CALLS - 1)
        CHECK (sp_nnz (t) == m * N / 10 && sp_get (t, X (7, 30)) == 37,
               "reused room: nnz %lld", (long long) sp_nnz (t));
      sp_free (t);
    }
  long each = (faults () - before) / (CALLS - 2);
  CHECK (each < 30, "%ld page faults a call for an output of %lld rows "
         "in room for twice its entries", each, (long long) m);
#else
  (void) m;
#endif
}

/* 4 x 2^40, its output begun in O: room for all its elements would be
   terabytes.  */
static sp_tensor *
wide_output (sp_kout *o)
{
  sp_tensor *t = sp_new ("CSR;crd=64", SP_F64, 2, X (4, (int64_t) 1 << 40));
  sp_kout_begin (o, t);
  return t;
}

static void
fixed_refused (void)
{
  int64_t big = (int64_t) 1 << 40;
  sp_kout o;
  sp_tensor *t = wide_output (&o);
  CHECK (sp_kout_fix (&o, big, 0) == 1 && o.fast[1] == 0,
         "room for 2^40 entries not refused (room %lld)",
         (long long) o.fast[1]);
  CHECK (sp_kout_fix (&o, 10, 1) == 0 && o.fast[1] == 10
         && o.limit == INT64_MAX, "exact room for 10 entries: %lld, limit "
         "%lld", (long long) o.fast[1], (long long) o.limit);
  int64_t p = sp_kout_append (&o, 1, 3, 7);
  ((double *) o.vals)[p] = 5;
  sp_kout_end (&o);
  CHECK (sp_nnz (t) == 1 && sp_get (t, X (3, 7)) == 5, "4 x 2^40, one "
         "entry: nnz %lld", (long long) sp_nnz (t));
  sp_free (t);
}

/* Run FN in a child; it must abort with a message containing WANT.  */
static void
dies (void (*fn) (void), const char *want)
{
  int fd[2];
  char buf[512] = "";
  if (pipe (fd))
    return;
  pid_t pid = fork ();
  if (pid == 0)
    {
      dup2 (fd[1], 2);
      fn ();
      _exit (0);
    }
  close (fd[1]);
  ssize_t n = read (fd[0], buf, sizeof buf - 1);
  buf[n > 0 ? n : 0] = 0;
  close (fd[0]);
  int st;
  waitpid (pid, &st, 0);
  CHECK (WIFSIGNALED (st) && strstr (buf, want),
         "expected an abort with \"%s\", got \"%s\"", want, buf);
}

static void
too_wide (void)
{
  sp_tensor *t = sp_new ("CSR;crd=8", SP_F64, 2, X (2, 1000));
  sp_kout o;
  sp_kout_begin (&o, t);
}

/* One column more than 8 bits hold.  */
static void
just_too_wide (void)
{
  sp_tensor *t = sp_new ("CSR;crd=8", SP_F64, 2, X (2, 129));
  sp_kout o;
  sp_kout_begin (&o, t);
}

/* As many columns as 8 bits hold: written up to the last.  */
static void
widest (void)
{
  sp_tensor *t = sp_new ("CSR;crd=8", SP_F64, 2, X (2, 128));
  sp_kout o;
  sp_kout_begin (&o, t);
  int64_t p = sp_kout_append (&o, 1, 1, 127);
  ((double *) o.vals)[p] = 3;
  sp_kout_end (&o);
  CHECK (sp_nnz (t) == 1 && sp_get (t, X (1, 127)) == 3,
         "2 x 128 with 8-bit coordinates: nnz %lld", (long long) sp_nnz (t));
  sp_free (t);
}

static void
too_many (void)
{
  sp_tensor *t = sp_new ("CSR;pos=8", SP_F64, 2, X (2, 1000));
  sp_kout o;
  sp_kout_begin (&o, t);
  for (int j = 0; j < 200; j++)
    sp_kout_append (&o, 1, 1, j);
  sp_kout_end (&o);
}

static void
unordered (void)
{
  sp_tensor *t = sp_new ("CSR", SP_F64, 2, X (2, 10));
  sp_kout o;
  sp_kout_begin (&o, t);
  sp_kout_append (&o, 1, 1, 3);
  sp_kout_append (&o, 1, 1, 3);
}

static void
rows_too_wide (void)
{
  sp_tensor *t = sp_new ("DCSR;crd=8", SP_F64, 2, X (300, 10));
  sp_kout o;
  sp_kout_begin (&o, t);
}

static void
run_unordered (void)
{
  sp_tensor *t = sp_new ("CSR", SP_F64, 2, X (2, 10));
  sp_kout o;
  sp_kout_begin (&o, t);
  sp_kout_run (&o, 1, 1, X (3, 5), 2);
  sp_kout_run (&o, 1, 1, X (5, 6), 2);
}

static void
coo_output (void)
{
  sp_tensor *t = sp_new ("COO", SP_F64, 2, X (2, 10));
  sp_kout o;
  sp_kout_begin (&o, t);
}

static void
fixed_exact_fails (void)
{
  sp_kout o;
  wide_output (&o);
  sp_kout_fix (&o, (int64_t) 1 << 40, 1);
}

static void
fixed_full (void)
{
  sp_tensor *t = sp_new ("CSR", SP_F64, 2, X (4, 4));
  sp_kout o;
  sp_kout_begin (&o, t);
  sp_kout_fix (&o, 3, 0);
  sp_kout_full (&o, 4);
}

static void
dead (void)
{
  sp_kassemble (NULL, "A");
}

int
main (void)
{
  /* Room for reused_room's larger output (120 MB) is kept when asked:
     above the default bound.  */
  const char *keep = getenv ("SP_KEEP_MB");
  if (!(keep && *keep))
    setenv ("SP_KEEP_MB", "256", 1);
  matrix ("CSR", 9, 13, 0);
  matrix ("DCSR", 9, 13, 1);
  matrix ("CSR;pos=16;crd=16", 50, 70, 0);
  matrix ("CSR;pos=64;crd=64", 5, 7, 0);
  matrix ("DCSR;pos=8;crd=8", 11, 60, 1);
  csf ();
  workspace_and_sort ();
  sorts_against_qsort ();
  split ();
  parts ();
  runs ("CSR;crd=8");
  runs ("CSR;crd=16");
  runs ("CSR");
  runs ("CSR;pos=64;crd=64");
  fixed ("CSR", 500);
  fixed ("CSR;crd=8", 100000);
  fixed ("CSR;pos=64;crd=64", 130);
  fixed_refused ();
  reused_room (1000);
  reused_room (50000);
  widest ();
  dies (too_wide, "extent 1000 does not fit a 8-bit crd array");
  dies (just_too_wide, "extent 129 does not fit a 8-bit crd array");
  dies (too_many, "200 entries do not fit a 8-bit pos array");
  dies (unordered, "out of order");
  dies (coo_output, "cannot write format");
  dies (rows_too_wide, "extent 300 does not fit a 8-bit crd array");
  dies (run_unordered, "out of order at parent 1, coordinate 5");
  dies (counted_fewer, "appends more than it counted at level 1");
  dies (counted_more, "appended 0 entries, 2 counted");
  dies (over_bound, "appends more than it counted at level 1");
  dies (fixed_exact_fails, "more than this machine's memory");
  dies (fixed_full, "internal: 4 entries in the output's room of 3");
  dies (dead, "sparse kernel: A: sp_assemble: no tensor");
  printf ("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
