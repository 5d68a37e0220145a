/* rows.c -- a matrix built as a file is read, straight into the COO or
   CSR arrays of the tensor, each row sorted by column and its repeated
   entries added up in file order.  The entries come

   - in row order: then they are read into their places at once;
   - after a first pass over the file has counted them by blocks of rows:
     then each is read into its block's part of the arrays (sequential
     writes to a few streams), and each block, small enough for the cache,
     is sorted at the end;
   - else in any order: listed with their rows, and moved to their rows
     at the end by a counting sort.

   The arrays the entries are read into become the tensor's where they
   can: first touching fresh memory costs about as much as reading.  */

#include <stdlib.h>
#include "io.h"
#include "named_formats.h"
#include "storage.h"
#include "threads.h"

/* Blocks of rows for the first pass: at most 2^BLOCK_BITS of them, so
   that their write positions stay in the cache.  */
#define BLOCK_BITS 10

/* Whether F is COO or CSR (named_formats.h) with 32-bit pos and crd;
   which one into *CSR.  */
static int
rows_format (const sp_format *f, int *csr)
{
  const sp_named_format *nf;
  if (f->rank != 2 || f->posw != 32 || f->crdw != 32
      || !(nf = sp_named_format_of (f)))
    return 0;
  *csr = !strcmp (nf->name, "csr");
  return *csr || !strcmp (nf->name, "coo");
}

int
sp__rows_init (sp_rows *b, const char *name, const sp_format *f,
               sp_type type, const int64_t *dims, int64_t most, int64_t cap)
{
  memset (b, 0, sizeof *b);
  b->name = name;
  if (type != SP_F64 || !rows_format (f, &b->csr) || dims[0] > INT32_MAX
      || dims[1] > INT32_MAX || most > INT32_MAX
      || dims[0] > 4 * most + 65536)
    return 0;
  b->dims[0] = dims[0];
  b->dims[1] = dims[1];
  b->shift = sp__io_bits (dims[0]) > BLOCK_BITS
             ? sp__io_bits (dims[0]) - BLOCK_BITS : 0;
  b->cap = cap < 1 ? 1 : cap;
  if (!(b->cnt = sp__alloc_array (dims[0] + 1, sizeof *b->cnt, 0,
                                  "row counts"))
      || !(b->col = sp__alloc_array (b->cap, sizeof *b->col, -1,
                                     "a coordinate list"))
      || !(b->val = sp__alloc_array (b->cap, sizeof *b->val, -1,
                                     "a coordinate list")))
    {
      sp__rows_free (b);
      return -1;
    }
  return 1;
}

void
sp__rows_free (sp_rows *b)
{
  sp__free_array (b->cnt);
  sp__free_array (b->block);
  sp__free_array (b->row);
  sp__free_array (b->col);
  sp__free_array (b->val);
  memset (b, 0, sizeof *b);
}

int
sp__rows_grow (sp_rows *b)
{
  int64_t cc = b->cap, cv = b->cap, cr = b->cap;
  if (sp__grow ((void **) &b->col, &cc, 2 * b->cap, sizeof *b->col, -1,
                "a coordinate list")
      || sp__grow ((void **) &b->val, &cv, 2 * b->cap, sizeof *b->val, -1,
                   "a coordinate list")
      || (b->row && sp__grow ((void **) &b->row, &cr, 2 * b->cap,
                              sizeof *b->row, -1, "a coordinate list")))
    return -1;
  b->cap *= 2;
  return 0;
}

int
sp__rows_unsorted (sp_rows *b)
{
  /* The rows of the entries so far follow from the counts.  */
  if (!(b->row = sp__alloc_array (b->cap, sizeof *b->row, -1,
                                  "a coordinate list")))
    return -1;
  for (int64_t r = 0, e = 0; r <= b->lasti; r++)
    for (int32_t k = 0; k < b->cnt[r]; k++)
      b->row[e++] = (int32_t) r;
  b->mode = SP_ROWS_LIST;
  return 0;
}

/* How many blocks of rows B has.  */
static int64_t
blocks (const sp_rows *b)
{
  return ((b->dims[0] - 1) >> b->shift) + 1;
}

/* Whether the keys of B's blocks (a row within the block, a column) fit
   in 32 bits.  */
static int
keys_fit (const sp_rows *b)
{
  return sp__io_bits (b->dims[1]) + b->shift <= 32;
}

/* The column of key K of keyed B (columns have at most 31 bits).  */
static inline int32_t
key_col (const sp_rows *b, uint32_t k)
{
  return (int32_t) (k & (((uint32_t) 1 << b->cb) - 1));
}

/* Whether every block got the entries the first pass counted.  */
static int
blocks_full (const sp_rows *b)
{
  for (int64_t k = 0; k < blocks (b); k++)
    if (b->block[2 * k] != b->block[2 * k + 1])
      return 0;
  return 1;
}

int
sp__rows_place (sp_rows *b)
{
  int64_t nb = blocks (b), s = 0;
  for (int64_t k = 0; k < nb; k++)
    s += b->cnt[k];
  /* The arrays have room for as many entries as the file has lines of the
     shortest kind: more means that lines are too short.  */
  if (s > b->cap)
    return 0;
  /* Keys take the place of the rows (fewer bytes and streams to write),
     which only COO then needs, for its output.  */
  b->cb = sp__io_bits (b->dims[1]);
  b->keyed = keys_fit (b);
  if (((!b->keyed || !b->csr)
       && !(b->row = sp__alloc_array (s, sizeof *b->row, -1, "a crd array")))
      || !(b->block = sp__alloc_array (2 * nb, sizeof *b->block, -1,
                                       "row blocks")))
    return -1;
  s = 0;
  for (int64_t k = 0; k < nb; k++)
    {
      b->block[2 * k] = (int32_t) s;
      b->block[2 * k + 1] = (int32_t) (s += b->cnt[k]);
      b->cnt[k] = 0;
    }
  b->mode = SP_ROWS_PLACED;
  return 1;
}

int
sp__rows_parts_init (sp_rows *b, sp_rows *part, int parts)
{
  for (int t = 0; t < parts; t++)
    {
      part[t] = *b;
      part[t].block = NULL;
      if (!(part[t].cnt = sp__alloc_array (blocks (b), sizeof *b->cnt, 0,
                                           "row blocks")))
        {
          sp__rows_parts_free (part, t);
          return -1;
        }
    }
  return 0;
}

int
sp__rows_parts_place (sp_rows *b, sp_rows *part, int parts)
{
  int64_t nb = blocks (b);
  for (int t = 0; t < parts; t++)
    for (int64_t k = 0; k < nb; k++)
      b->cnt[k] += part[t].cnt[k];
  int r = sp__rows_place (b);
  if (r <= 0)
    return r;
  for (int t = 0; t < parts; t++)
    if (!(part[t].block = sp__alloc_array (2 * nb, sizeof *b->block, -1,
                                           "row blocks")))
      return -1;
  /* A block's entries are in file order: those of part 0, then of part
     1, ...  */
  for (int64_t k = 0; k < nb; k++)
    for (int t = 0, next = b->block[2 * k]; t < parts; t++)
      {
        part[t].block[2 * k] = next;
        part[t].block[2 * k + 1] = next += part[t].cnt[k];
      }
  for (int t = 0; t < parts; t++)
    {
      part[t].mode = SP_ROWS_PLACED;
      part[t].row = b->row;
      part[t].keyed = b->keyed;
      part[t].cb = b->cb;
    }
  return 1;
}

int
sp__rows_parts_join (sp_rows *b, sp_rows *part, int parts)
{
  for (int t = 0; t < parts; t++)
    {
      if (!blocks_full (&part[t]))
        return sp__rows_changed (b);
      b->n += part[t].n;
    }
  for (int64_t k = 0; k < blocks (b); k++)
    b->block[2 * k] = b->block[2 * k + 1];
  return 0;
}

void
sp__rows_parts_free (sp_rows *part, int parts)
{
  for (int t = 0; t < parts; t++)
    {
      sp__free_array (part[t].cnt);
      sp__free_array (part[t].block);
    }
}

void
sp__rows_restart (sp_rows *b)
{
  sp__free_array (b->row);
  sp__free_array (b->block);
  b->row = NULL;
  b->block = NULL;
  b->mode = SP_ROWS_SORTED;
  b->keyed = 0;
  b->n = b->lasti = b->lastj = 0;
  memset (b->cnt, 0, (size_t) (b->dims[0] + 1) * sizeof *b->cnt);
}

int
sp__rows_changed (const sp_rows *b)
{
  return sp__io_changed (b->name);
}

/* Place the LIST's entries row by row into new column and value arrays:
   CNT, the count of each row, becomes its end.  */
static int
scatter (sp_rows *b)
{
  int64_t n = b->n, s = 0;
  int32_t *col, *cnt = b->cnt;
  double *val;
  if (!(col = sp__alloc_array (n, sizeof *col, -1, "a crd array")))
    return -1;
  if (!(val = sp__alloc_array (n, sizeof *val, -1, "the values")))
    {
      sp__free_array (col);
      return -1;
    }
  for (int64_t r = 0; r < b->dims[0]; r++)
    {
      int32_t c = cnt[r];
      cnt[r] = (int32_t) s;
      s += c;
    }
  for (int64_t e = 0; e < n; e++)
    {
      int32_t p = cnt[b->row[e]]++;
      col[p] = b->col[e];
      val[p] = b->val[e];
    }
  sp__free_array (b->col);
  sp__free_array (b->val);
  b->col = col;
  b->val = val;
  return 0;
}

/* The longest of rows [R0, R1), from the ends of the rows in CNT and the
   start LO of row R0.  */
static int64_t
longest_row (const sp_rows *b, int64_t r0, int64_t r1, int64_t lo)
{
  int64_t most = 0;
  for (int64_t r = r0; r < r1; r++)
    {
      if (b->cnt[r] - lo > most)
        most = b->cnt[r] - lo;
      lo = b->cnt[r];
    }
  return most;
}

/* Scratch for sorting: ROW, COL, VAL for N entries.  */
typedef struct scratch
{
  int32_t *row, *col;
  double *val;
} scratch;

static int
scratch_alloc (scratch *s, int64_t n, int rows)
{
  memset (s, 0, sizeof *s);
  return (rows && !(s->row = sp__alloc_array (n, 4, -1, "sort scratch")))
         || !(s->col = sp__alloc_array (n, 4, -1, "sort scratch"))
         || !(s->val = sp__alloc_array (n, 8, -1, "sort scratch")) ? -1 : 0;
}

static void
scratch_free (scratch *s)
{
  sp__free_array (s->row);
  sp__free_array (s->col);
  sp__free_array (s->val);
}

/* Sort rows [R0, R1) (CNT holding their ends, LO the start of R0) by
   column with the scratch S (none when they are in order), add up the
   entries of a row with equal columns, and pack them to the front from W
   on: their rows into ROW, or the start of each row into CNT (then the
   CSR pos array).  The new W.  */
static int64_t
pack (sp_rows *b, int64_t r0, int64_t r1, int64_t lo, int64_t w,
      int32_t *row, const scratch *s)
{
  int32_t *restrict col = b->col, *cnt = b->cnt;
  double *restrict val = b->val;
  int bits = sp__io_bits (b->dims[1]);
  for (int64_t r = r0; r < r1; r++)
    {
      int64_t hi = cnt[r], start = w;
      if (!row)
        cnt[r] = (int32_t) w;
      if (s)
        sp__sort_crd (col + lo, val + lo, hi - lo, s->col, s->val, bits);
      for (int64_t e = lo; e < hi; e++)
        {
          if (w > start && col[w - 1] == col[e])
            {
              val[w - 1] += val[e];
              continue;
            }
          if (row)
            row[w] = (int32_t) r;
          col[w] = col[e];
          val[w++] = val[e];
        }
      lo = hi;
    }
  return w;
}

/* Blocks of this many entries are sorted by radix on (row, column) at
   once when a key fits in 32 bits, others by row, then each row by
   column.  */
#define BLOCK_RADIX_MIN 4096
#define DIGIT_BITS 11
#define KEY_DIGITS ((32 + DIGIT_BITS - 1) / DIGIT_BITS)

/* Sort the entries [LO, HI) of the block of rows [R0, R1) of keyed B by
   row and column, stably: LSD radix on their keys, moved with their
   values between the arrays and the scratch S (12 bytes an entry a
   digit).  CNT becomes the end of each of its rows, and the keys their
   columns.  */
static void
radix_block (sp_rows *b, int64_t r0, int64_t r1, int64_t lo, int64_t hi,
             const scratch *s)
{
  int cb = b->cb;
  int nd = (cb + b->shift + DIGIT_BITS - 1) / DIGIT_BITS;
  int64_t n = hi - lo;
  int32_t hist[KEY_DIGITS][1 << DIGIT_BITS];
  uint32_t *sk = (uint32_t *) b->col + lo, *dk = (uint32_t *) s->col;
  double *sv = b->val + lo, *dv = s->val;
  const uint32_t mask = (1 << DIGIT_BITS) - 1;
  memset (hist, 0, sizeof hist);
  for (int64_t e = 0; e < n; e++)
    for (int g = 0; g < nd; g++)
      hist[g][sk[e] >> (g * DIGIT_BITS) & mask]++;
  for (int g = 0; g < nd; g++)
    {
      int32_t *h = hist[g], sum = 0;
      int sh = g * DIGIT_BITS;
      /* A digit the same in every key leaves the order as it is.  */
      if (h[sk[0] >> sh & mask] == n)
        continue;
      for (int d = 0; d <= (int) mask; d++)
        {
          int32_t c = h[d];
          h[d] = sum;
          sum += c;
        }
      for (int64_t e = 0; e < n; e++)
        {
          int32_t p = h[sk[e] >> sh & mask]++;
          dk[p] = sk[e];
          dv[p] = sv[e];
        }
      uint32_t *t = sk;
      double *x = sv;
      sk = dk, sv = dv, dk = t, dv = x;
    }
  for (int64_t r = r0, e = 0; r < r1; r++)
    {
      while (e < n && sk[e] >> cb == (uint32_t) (r - r0))
        e++;
      b->cnt[r] = (int32_t) (lo + e);
    }
  if (sv != b->val + lo)
    memcpy (b->val + lo, sv, n * sizeof *sv);
  for (int64_t e = 0; e < n; e++)
    b->col[lo + e] = key_col (b, sk[e]);
}

/* Sort the entries [LO, HI) of the block from row R0 to R1 by row
   (stably, through the scratch S); CNT becomes the end of each of its
   rows (and keys, in a keyed B, columns).  */
static void
sort_block (sp_rows *b, int64_t r0, int64_t r1, int64_t lo, int64_t hi,
            const scratch *s)
{
  int64_t n = hi - lo;
  int32_t *cnt = b->cnt;
  if (b->keyed)
    for (int64_t e = 0; e < n; e++)
      {
        uint32_t k = (uint32_t) b->col[lo + e];
        s->row[e] = (int32_t) (r0 + (k >> b->cb));
        s->col[e] = key_col (b, k);
      }
  else
    {
      memcpy (s->row, b->row + lo, n * sizeof *s->row);
      memcpy (s->col, b->col + lo, n * sizeof *s->col);
    }
  memcpy (s->val, b->val + lo, n * sizeof *s->val);
  for (int64_t e = 0; e < n; e++)
    cnt[s->row[e]]++;
  for (int64_t r = r0, p = lo; r < r1; r++)
    {
      int32_t c = cnt[r];
      cnt[r] = (int32_t) p;
      p += c;
    }
  for (int64_t e = 0; e < n; e++)
    {
      int32_t p = cnt[s->row[e]]++;
      b->col[p] = s->col[e];
      b->val[p] = s->val[e];
    }
}

/* Where block K's entries start.  */
static int64_t
block_lo (const sp_rows *b, int64_t k)
{
  return k ? b->block[2 * k - 1] : 0;
}

/* The placed entries sorted and packed by parts of the blocks, each part
   on a thread: part T packs its blocks [FIRST[T], FIRST[T + 1]) to the
   front of their range, up to END[T] (-1: out of memory).  */
typedef struct pack_job
{
  sp_rows *b;
  int32_t *row;
  int64_t first[SP_MAX_THREADS + 1];
  int64_t end[SP_MAX_THREADS];
} pack_job;

/* Sort and pack (see pack) part T's blocks one by one, each while it is
   in the cache.  */
static void
pack_part (void *ctx, int t, int parts)
{
  pack_job *x = ctx;
  sp_rows *b = x->b;
  int64_t k0 = x->first[t], k1 = x->first[t + 1], most = 0;
  int64_t w = block_lo (b, k0);
  scratch s;
  (void) parts;
  for (int64_t k = k0; k < k1; k++)
    if (block_lo (b, k + 1) - block_lo (b, k) > most)
      most = block_lo (b, k + 1) - block_lo (b, k);
  x->end[t] = -1;
  if (!scratch_alloc (&s, most, 1))
    {
      for (int64_t k = k0; k < k1; k++)
        {
          int64_t lo = block_lo (b, k), hi = block_lo (b, k + 1);
          int64_t r0 = k << b->shift, r1 = (k + 1) << b->shift;
          if (r1 > b->dims[0])
            r1 = b->dims[0];
          int radix = hi - lo >= BLOCK_RADIX_MIN && b->keyed;
          if (radix)
            radix_block (b, r0, r1, lo, hi, &s);
          else
            sort_block (b, r0, r1, lo, hi, &s);
          w = pack (b, r0, r1, lo, w, x->row, radix ? NULL : &s);
        }
      x->end[t] = w;
    }
  scratch_free (&s);
}

/* Close the gaps the parts of X left (repeated entries added up): how
   many entries remain.  */
static int64_t
close_gaps (pack_job *x, int parts)
{
  sp_rows *b = x->b;
  int64_t w = x->end[0];
  for (int t = 1; t < parts; t++)
    {
      int64_t lo = block_lo (b, x->first[t]), n = x->end[t] - lo;
      int64_t r0 = x->first[t] << b->shift, r1 = x->first[t + 1] << b->shift;
      if (lo != w)
        {
          memmove (b->col + w, b->col + lo, (size_t) n * sizeof *b->col);
          memmove (b->val + w, b->val + lo, (size_t) n * sizeof *b->val);
          if (x->row)
            memmove (x->row + w, x->row + lo, (size_t) n * sizeof *x->row);
          for (int64_t r = r0; !x->row && r < r1 && r < b->dims[0]; r++)
            b->cnt[r] -= (int32_t) (lo - w);
        }
      w += n;
    }
  return w;
}

/* Sort and pack the placed entries, on threads when there are many: how
   many remain, or -1.  */
static int64_t
pack_blocks (sp_rows *b, int32_t *row)
{
  int64_t nb = blocks (b), n = block_lo (b, nb);
  int parts = b->threads > 1 ? b->threads : 1;
  pack_job x = { b, row, { 0 }, { 0 } };
  /* Parts of about equal entries.  */
  for (int t = 1, k = 0; t <= parts; t++)
    {
      while (k < nb && block_lo (b, k) < n / parts * t)
        k++;
      x.first[t] = t == parts ? nb : k;
    }
  sp__parallel (parts, pack_part, &x);
  for (int t = 0; t < parts; t++)
    if (x.end[t] < 0)
      return sp__fail ("%s: out of memory for sorting its rows", b->name);
  return close_gaps (&x, parts);
}

/* Sort and pack the entries of a LIST or in row order.  */
static int64_t
pack_all (sp_rows *b, int32_t *row)
{
  int64_t most = 0, w;
  scratch s;
  if (b->mode == SP_ROWS_SORTED)
    {
      for (int64_t r = 0, t = 0; r < b->dims[0]; r++)
        b->cnt[r] = (int32_t) (t += b->cnt[r]);
      return pack (b, 0, b->dims[0], 0, 0, row, NULL);
    }
  if (scatter (b))
    return -1;
  most = longest_row (b, 0, b->dims[0], 0);
  if (most > SP_SORT_CRD_RUN ? scratch_alloc (&s, most, 0)
                             : (memset (&s, 0, sizeof s), 0))
    {
      scratch_free (&s);
      return -1;
    }
  w = pack (b, 0, b->dims[0], 0, 0, row, &s);
  scratch_free (&s);
  return w;
}

/* Give T the arrays of B (N entries after packing).  */
static void
install (sp_tensor *t, sp_rows *b, int32_t *pos, int64_t n)
{
  if (b->csr)
    {
      b->cnt[b->dims[0]] = (int32_t) n;
      t->lv[0].count = b->dims[0];
      t->lv[1].pos = b->cnt;
      t->lv[1].npos = b->dims[0] + 1;
      b->cnt = NULL;
    }
  else
    {
      pos[0] = 0;
      pos[1] = (int32_t) n;
      t->lv[0].pos = pos;
      t->lv[0].npos = 2;
      b->row = sp__shrink (b->row, n, sizeof *b->row);
      t->lv[0].crd = b->row;
      t->lv[0].ncrd = t->lv[0].count = n;
      b->row = NULL;
    }
  b->col = sp__shrink (b->col, n, sizeof *b->col);
  b->val = sp__shrink (b->val, n, sizeof *b->val);
  t->lv[1].crd = b->col;
  t->lv[1].ncrd = t->lv[1].count = n;
  t->vals = b->val;
  t->nvals = n;
  b->col = NULL;
  b->val = NULL;
  ((sp_priv *) t->priv)->built = 1;
  t->dirty = 0;
}

sp_tensor *
sp__rows_tensor (sp_rows *b, const sp_format *f)
{
  sp_tensor *t = sp__alloc (f, SP_F64, b->dims);
  int32_t *pos = NULL, *row;
  int64_t n;
  if (!t)
    goto fail;
  if (!b->csr && !(pos = sp__alloc_array (2, sizeof *pos, -1, "a pos array")))
    goto fail;
  if (b->mode == SP_ROWS_PLACED && !blocks_full (b))
    {
      sp__rows_changed (b);
      goto fail;
    }
  /* COO's rows: the list's own where it had them (read by now).  */
  if (!b->csr && !b->row
      && !(b->row = sp__alloc_array (b->n, sizeof *b->row, -1,
                                     "a crd array")))
    goto fail;
  row = b->csr ? NULL : b->row;
  n = b->mode == SP_ROWS_PLACED ? pack_blocks (b, row) : pack_all (b, row);
  if (n < 0)
    goto fail;
  install (t, b, pos, n);
  sp__rows_free (b);
  return t;
fail:
  sp__free_array (pos);
  sp__rows_free (b);
  sp_free (t);
  return NULL;
}
