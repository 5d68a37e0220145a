/* tns.c -- FROSTT tensor files: one entry a line, "i1 i2 ... iN value"
   with 1-based coordinates; lines starting with '#' are comments.  The
   extents are the largest coordinate of each mode, unless the file starts
   with the two header lines of the extension

     N NNZ
     d1 d2 ... dN

   which declare the rank, the number of entries and the extents.  A file
   is taken to have the header when its first line is two integers N NNZ
   (1 <= N <= SP_MAX_RANK), its second line N integers, and -- for N = 2,
   where two plain rank-1 entries look the same -- its third line three
   numbers (or there is none and NNZ is 0).  */

#include <string.h>
#include "io.h"
#include "named_formats.h"

typedef struct tns_header
{
  int rank;
  int declared;             /* the header lines are there */
  int64_t nnz;              /* declared entries */
  int64_t dims[SP_MAX_RANK];
  sp_type type;             /* of the tensor read into */
  const sp_format *f;       /* of the tensor read into */
  int narrow;               /* declared extents beyond F's crd width: each
                               entry is checked (sp__io_crd_narrow) */
  /* The coordinates the fast path takes: the extents, or fewer where a
     level of F stores a coordinate as it is and its crd width holds
     fewer (when the extents are not declared).  */
  int64_t fast[SP_MAX_RANK];
} tns_header;

/* What detection needs to know of a line.  */
typedef struct line_shape
{
  int tokens;     /* 0: no such line */
  int integers;   /* every token an integer */
  int64_t v[2];   /* the first two, when integers */
  int64_t len;    /* bytes */
} line_shape;

/* The shape of the line at P, which ends before S->lim.  */
static const char *
shape_line (const sp_src *s, const char *p, line_shape *ls)
{
  const char *start = p;
  ls->tokens = 0;
  ls->integers = 1;
  for (p = sp__io_blanks (p); !sp__io_eol (s, p); p = sp__io_blanks (p))
    {
      sp_scan_status st;
      int64_t v;
      const char *e = sp__scan_int64 (p, &v, &st);
      if (st != SP_SCAN_OK || !sp__io_sep (s, e))
        ls->integers = 0;
      else if (ls->tokens < 2)
        ls->v[ls->tokens] = v;
      ls->tokens++;
      while (!sp__io_sep (s, p))
        p++;
    }
  if (p != s->lim)
    p++;
  ls->len = p - start;
  return p;
}

/* The shapes of the first three content lines, without consuming them
   (the window grows until it holds them).  */
static int
peek_shapes (sp_src *s, line_shape ls[3])
{
  for (;;)
    {
      int k = 0;
      for (const char *p = s->cur; k < 3 && p && p < s->lim;)
        {
          const char *q = sp__io_blanks (p);
          if (*q == '#' || sp__io_eol (s, q))
            {
              const char *nl = memchr (q, '\n', (size_t) (s->lim - q));
              p = nl ? nl + 1 : s->lim;
              continue;
            }
          p = shape_line (s, p, &ls[k++]);
        }
      if (k == 3 || s->eof)
        {
          for (; k < 3; k++)
            ls[k] = (line_shape) { 0 };
          return 0;
        }
      if (sp__src_refill (s) < 0)
        return -1;
    }
}

/* Whether the shapes say the file starts with the header lines.  */
static int
has_header (const line_shape ls[3])
{
  int64_t r = ls[0].v[0], nnz = ls[0].v[1];
  if (ls[0].tokens != 2 || !ls[0].integers || r < 1 || r > SP_MAX_RANK
      || nnz < 0 || ls[1].tokens != r || !ls[1].integers)
    return 0;
  return r != 2 || ls[2].tokens == 3 || (ls[2].tokens == 0 && nnz == 0);
}

/* Read the two header lines (already known to be well formed but for
   the signs).  */
static int
read_header (sp_src *s, tns_header *h)
{
  int64_t r;
  const char *p = sp__io_content_line (s, '#');
  if (!p || sp__io_int (s, &p, "rank", &r) || sp__io_int (s, &p, "entry count",
                                                    &h->nnz)
      || sp__io_end_line (s, p, "the entry count"))
    return -1;
  h->rank = (int) r;
  if (!(p = sp__io_content_line (s, '#')))
    return -1;
  for (int d = 0; d < h->rank; d++)
    {
      if (sp__io_int (s, &p, "extent", &h->dims[d]))
        return -1;
      if (h->dims[d] < 1)
        return sp__io_fail (s, "extent %lld of mode %d is not positive",
                            (long long) h->dims[d], d + 1);
    }
  return sp__io_end_line (s, p, "the extents");
}

/* Find out the rank and whether extents are declared.  */
static int
tns_header_read (sp_src *s, tns_header *h, int64_t *estimate)
{
  line_shape ls[3];
  if (peek_shapes (s, ls))
    return -1;
  h->declared = has_header (ls);
  if (h->declared)
    {
      *estimate = ls[0].v[1];
      return read_header (s, h);
    }
  if (ls[0].tokens < 2 || ls[0].tokens > SP_MAX_RANK + 1)
    {
      /* Move to the offending line (or the end) for the message.  */
      if (!sp__io_content_line (s, '#') && s->err)
        return -1;
      if (ls[0].tokens == 0)
        return sp__io_fail (s, "no entries, so no rank");
      return sp__io_fail (s, "entry has %d numbers; an entry is 1 to %d "
                          "coordinates and a value", ls[0].tokens,
                          SP_MAX_RANK);
    }
  h->rank = ls[0].tokens - 1;
  h->nnz = INT64_MAX;
  for (int d = 0; d < SP_MAX_RANK; d++)
    h->dims[d] = INT64_MAX;
  /* Entries like the first ones; a guess, the coordinate list grows.  */
  int64_t len = ls[0].len + ls[1].len + ls[2].len;
  int lines = 1 + (ls[1].tokens > 0) + (ls[2].tokens > 0);
  *estimate = s->size < 0 ? 1024 : s->size / (len / lines + 1) * 5 / 4 + 16;
  return 0;
}

static const char *const mode_name[SP_MAX_RANK] = {
  "mode-1 index", "mode-2 index", "mode-3 index", "mode-4 index",
  "mode-5 index", "mode-6 index", "mode-7 index", "mode-8 index"
};

/* Read the entry line at P (blanks skipped) into X and V: the fast path
   for plain tokens, else the careful one.  */
static int
tns_entry (sp_src *s, const tns_header *h, const char *p, int64_t *x,
           sp_num *v)
{
  const char *q = p;
  int d = 0;
  while (d < h->rank && sp__io_coord_fast (&q, h->dims[d], &x[d]))
    d++;
  if (d == h->rank && sp__io_value_fast (s, &q, 0, h->type, v)
      && sp__io_end_fast (s, q))
    return 0;
  line_shape ls;
  shape_line (s, p, &ls);
  if (ls.tokens != h->rank + 1)
    return sp__io_fail (s, "entry has %d numbers, expected %d (%d "
                        "coordinates and a value)", ls.tokens, h->rank + 1,
                        h->rank);
  for (d = 0; d < h->rank; d++)
    if (sp__io_coord (s, &p, h->dims[d], mode_name[d], &x[d]))
      return -1;
  if (sp__io_value (s, &p, 0, h->type, v))
    return -1;
  return sp__io_end_line (s, p, "the value");
}

/* A tensor built in place as its file is read: for COO (CN, then S
   levels) and CSF (CU levels), level k over coordinate k, with 32-bit
   pos and crd.  A first pass over the file counts the entries of each
   first coordinate; the second places each entry (its first coordinate
   where the block needs it, its other coordinates and its value) in its
   block of first coordinates' part of the arrays that become the
   tensor's: no list, no records of all entries, and few enough blocks
   for their write positions to stay in the cache.  Each block, small
   enough for the cache, is then sorted stably by first coordinate and
   the others, its repeated entries added up in file order, and the
   levels are packed in place over the blocks before.  */
typedef struct tns_place
{
  const char *name;             /* the file's, for messages */
  int rank, csf;
  sp_type type;
  int64_t rows, cap;            /* first coordinates counted, and room */
  int32_t *cnt;                 /* cap: the count of each first coordinate
                                   (in the first pass) */
  int64_t *start;               /* rows + 1: where each first coordinate's
                                   entries start */
  int shift;                    /* a block holds the first coordinates of
                                   equal i >> shift */
  int64_t blocks;
  int64_t *next, *end;          /* each block's next place, and its end */
  int32_t *row;                 /* the first coordinate of each entry
                                   placed, when a block has several: COO's
                                   level 0 crd, or CSF's last pos array
                                   (each filled only below the blocks
                                   packed), or NULL */
  int32_t *crd[SP_MAX_RANK];    /* of each level */
  int32_t *pos[SP_MAX_RANK];    /* of each compressed level */
  int64_t m[SP_MAX_RANK];       /* positions of each level built so far */
  void *vals;
} tns_place;

/* Where entries go: list C, or their places in PL.  */
typedef struct tns_sink
{
  sp_coo *c;
  tns_place *pl;
} tns_sink;

/* Place entry X = V in its block's part of PL's arrays.  */
static inline int
place_push (tns_place *pl, const int64_t *x, sp_num v)
{
  int64_t i = x[0], b = i >> pl->shift, p;
  if (i >= pl->rows || (p = pl->next[b]) == pl->end[b])
    return sp__io_changed (pl->name);
  pl->next[b] = p + 1;
  if (pl->row)
    pl->row[p] = (int32_t) i;
  for (int d = 1; d < pl->rank; d++)
    pl->crd[d][p] = (int32_t) x[d];
  sp__num_store (pl->vals, pl->type, p,
                 sp__is_int (pl->type) ? v : sp__num_from (pl->type, v.d));
  return 0;
}

static inline int
sink_push (tns_sink *k, const int64_t *x, sp_num v)
{
  return k->pl ? place_push (k->pl, x, v) : sp__io_push (k->c, x, v);
}

/* Add up to LEFT entries to K (their largest coordinates to MAXC) from
   the lines in S's window that hold exactly an entry, in plain form: how
   many, or -1.  The first other line stops it, for the caller to read
   carefully.  */
static int64_t
tns_fast (sp_src *s, const tns_header *h, tns_sink *k, int64_t *maxc,
          int64_t left)
{
  const char *p = s->cur;
  int64_t x[SP_MAX_RANK], done = 0;
  int rc = 0;
  for (; done < left && p < s->lim; done++)
    {
      const char *q = p;
      sp_num v;
      int d = 0;
      while (d < h->rank && sp__io_coord_fast (&q, h->fast[d], &x[d]))
        d++;
      if (d < h->rank || !sp__io_value_fast (s, &q, 0, h->type, &v)
          || *q != '\n')
        break;
      if ((rc = sink_push (k, x, v)))
        break;
      for (d = 0; d < h->rank; d++)
        maxc[d] = x[d] > maxc[d] ? x[d] : maxc[d];
      p = q + 1;
    }
  s->line += done;
  s->cur = (char *) p;
  return rc ? -1 : done;
}

/* Check the coordinates X of an entry read carefully against the crd
   width of H's format, as far as the extents known tell.  */
static int
entry_crd (sp_src *s, const tns_header *h, const int64_t *x)
{
  if (h->declared)
    return h->narrow ? sp__io_crd_check (s, h->f, h->dims, x) : 0;
  return sp__io_crd_plain (s, h->f, x);
}

/* Read the entries from S's position on into K, their largest
   coordinates into MAXC (from -1), their count into *N: at most the
   header's count, the only check against it here.  */
static int
tns_entries (sp_src *s, const tns_header *h, tns_sink *k, int64_t *maxc,
             int64_t *n)
{
  int64_t x[SP_MAX_RANK], m;
  const char *p;
  for (int d = 0; d < h->rank; d++)
    maxc[d] = -1;
  *n = 0;
  while ((p = sp__io_content_line (s, '#')))
    {
      sp_num v;
      if (*n == h->nnz)
        return sp__io_fail (s, "more entries than the %lld the header "
                            "declares", (long long) h->nnz);
      if (tns_entry (s, h, p, x, &v) || entry_crd (s, h, x)
          || sink_push (k, x, v))
        return -1;
      for (int d = 0; d < h->rank; d++)
        maxc[d] = x[d] > maxc[d] ? x[d] : maxc[d];
      /* Entries to check against the crd width take the careful way.  */
      m = h->narrow ? 0 : tns_fast (s, h, k, maxc, h->nnz - *n - 1);
      if (m < 0)
        return -1;
      *n += 1 + m;
    }
  return s->err ? -1 : 0;
}

/* A list for the entries of H from a part of the input of BYTES bytes,
   of an input of SIZE bytes holding about ESTIMATE entries after the
   header.  */
static int
tns_list (sp_coo *c, const tns_header *h, int64_t bytes, int64_t size,
          int64_t estimate)
{
  if (size > 0 && bytes < size)
    estimate = (int64_t) ((double) estimate * bytes / size) + 1024;
  int64_t cap = sp__io_reserve (bytes, 2 * (h->rank + 1), estimate);
  if (sp__coo_init_narrow (c, h->rank, h->dims, cap))
    return -1;
  c->ints = sp__is_int (h->type);
  return 0;
}

/* Files of at least this many lines a thread are read by parts, one a
   thread (as Matrix Market files).  */
#define TNS_PART_LINES (1 << 20)

/* The parts of a file read on threads: each byte range's entries into a
   list of its own, which joined in the order of the ranges hold the
   file's entries in file order.  */
typedef struct tns_parts
{
  const tns_header *h;
  const int64_t *from;      /* the byte ranges */
  int64_t size, estimate;
  sp_coo *c;
  int64_t maxc[SP_MAX_THREADS][SP_MAX_RANK];
  int64_t n[SP_MAX_THREADS];
} tns_parts;

static int
tns_part (sp_src *s, int t, void *ctx)
{
  tns_parts *x = ctx;
  tns_sink k = { &x->c[t], NULL };
  if (tns_list (&x->c[t], x->h, x->from[t + 1] - x->from[t], x->size,
                x->estimate))
    return -1;
  return tns_entries (s, x->h, &k, x->maxc[t], &x->n[t]);
}

/* Files read by parts so far.  */
static int64_t parts_read;

int64_t
sp__tns_parts_read (void)
{
  return __atomic_load_n (&parts_read, __ATOMIC_RELAXED);
}

/* Read S's entries, from its position on, in PARTS parts at once into
   C[0 .. PARTS), their largest coordinates into MAXC: 1 when they are
   read, 0 when the serial reading must do it (nothing to free), -1 on
   failure.  */
static int
tns_parallel (sp_src *s, const tns_header *h, int64_t estimate, sp_coo *c,
              int64_t *maxc, int parts)
{
  int64_t from[SP_MAX_THREADS + 1], n = 0;
  tns_parts x = { h, from, s->size - sp__src_tell (s), estimate, c,
                  { { 0 } }, { 0 } };
  memset (c, 0, (size_t) parts * sizeof *c);
  if (sp__parts_cut (s, parts, from))
    return -1;
  int ok = sp__parts_read (s, parts, from, tns_part, &x);
  for (int t = 0; t < parts; t++)
    {
      n += x.n[t];
      for (int d = 0; d < h->rank; d++)
        maxc[d] = x.maxc[t][d] > maxc[d] ? x.maxc[t][d] : maxc[d];
    }
  if (!ok || (h->declared && n != h->nnz))
    {
      for (int t = 0; t < parts; t++)
        sp__coo_free (&c[t]);
      return 0;
    }
  __atomic_add_fetch (&parts_read, 1, __ATOMIC_RELAXED);
  return 1;
}

/* Read S's entries into C[0 .. *NC) and their largest coordinates into
   MAXC: by parts on threads when the file is large enough, else (or when
   a part fails) serially, which says what is wrong where.  */
static int
tns_body (sp_src *s, const tns_header *h, int flags, int64_t estimate,
          sp_coo *c, int64_t *maxc, int *nc)
{
  int64_t pos = sp__src_tell (s), n;
  int parts = sp__threads (estimate, flags & SP_IO_PARTS ? 0
                                     : TNS_PART_LINES);
  int r = 0;
  for (int d = 0; d < h->rank; d++)
    maxc[d] = -1;
  /* The parts read the file through sources of their own: S stays
     where it is for the serial reading.  */
  if (parts > 1 && sp__src_can_seek (s)
      && (r = tns_parallel (s, h, estimate, c, maxc, parts)) != 0)
    {
      *nc = parts;
      return r < 0 ? -1 : 0;
    }
  tns_sink k = { c, NULL };
  *nc = 1;
  if (tns_list (c, h, s->size - pos, s->size - pos, estimate))
    return -1;
  if (tns_entries (s, h, &k, maxc, &n))
    {
      sp__coo_free (c);
      return -1;
    }
  if (h->declared && n < h->nnz)
    {
      sp__coo_free (c);
      return sp__io_fail (s, "file ends after %lld of the %lld entries the "
                          "header declares", (long long) n,
                          (long long) h->nnz);
    }
  return 0;
}

/* ---------------------------------------------- building in place */

/* Files of this many entries or more are built in place (tns_place): a
   second reading of the file costs less than a list and records of the
   entries, whose fresh memory is most of their cost, as for Matrix
   Market files out of row order (mmio.c).  */
#define TNS_TWO_PASS_MIN (1 << 21)

/* Whether tns_place builds F, COO or CSF (named_formats.h; DCSR is
   CSF's matrix) with 32-bit pos and crd: 1, with *CSF for CSF.  */
static int
place_format (const sp_format *f, int *csf)
{
  const sp_named_format *nf;
  if (f->rank < 2 || f->posw != 32 || f->crdw != 32
      || !(nf = sp_named_format_of (f)))
    return 0;
  *csf = !strcmp (nf->name, "csf") || !strcmp (nf->name, "dcsr");
  return *csf || !strcmp (nf->name, "coo");
}

static void
place_free (tns_place *pl)
{
  sp__free_array (pl->cnt);
  sp__free_array (pl->start);
  sp__free_array (pl->next);
  sp__free_array (pl->end);
  for (int d = 0; d < SP_MAX_RANK; d++)
    {
      sp__free_array (pl->crd[d]);
      sp__free_array (pl->pos[d]);
    }
  sp__free_array (pl->vals);
  memset (pl, 0, sizeof *pl);
}

/* Count into PL the entries of each first coordinate, below MOST, from
   S's position on: 1; 0 when a line does not start with a plain first
   coordinate below MOST (only the full reading can say what is wrong),
   or -1 with a message.  */
static int
place_count (sp_src *s, const tns_header *h, tns_place *pl, int64_t most,
             int64_t *n)
{
  /* A count may wrap only where there are more entries than a tensor
     built in place can hold, which the caller refuses.  */
  for (*n = 0;;)
    {
      if (s->cur == s->lim)
        {
          int r = sp__src_refill (s);
          if (r < 0)
            return -1;
          if (r == 0)
            break;
        }
      int64_t before = *n, i;
      s->cur = (char *) sp__io_count_plain (s->cur, s->lim,
                                            pl->cap < h->fast[0] ? pl->cap
                                                                 : h->fast[0],
                                            pl->cnt, 0, n, INT64_MAX);
      s->line += *n - before;
      if (s->cur == s->lim)
        continue;
      const char *p = sp__io_blanks (s->cur);
      if (*p != '#' && !sp__io_eol (s, p))
        {
          if (!sp__io_coord_fast (&p, h->fast[0], &i) || i >= most)
            return 0;
          if (i >= pl->cap
              && sp__grow ((void **) &pl->cnt, &pl->cap, i + 1,
                           sizeof *pl->cnt, 0, "entry counts"))
            return -1;
          pl->cnt[i]++;
          ++*n;
        }
      p = sp__io_line_end (p);
      if (*p != '\n' && p != s->lim)
        return 0;
      s->cur = (char *) p + (p != s->lim);
      s->line++;
    }
  for (pl->rows = pl->cap; pl->rows > 0 && !pl->cnt[pl->rows - 1];)
    pl->rows--;
  return 1;
}

/* Blocks of first coordinates: at most 2^PLACE_BLOCK_BITS of them.  */
#define PLACE_BLOCK_BITS 10

/* The end of block B of PL: where the first coordinate after it
   starts.  */
static int64_t
block_end (const tns_place *pl, int64_t b)
{
  int64_t i = (b + 1) << pl->shift;
  return pl->start[i < pl->rows ? i : pl->rows];
}

/* The arrays of the tensor for the N entries counted, each block's part
   after those of the blocks before it: 0 or -1 with a message.  */
static int
place_parts (tns_place *pl, int64_t n)
{
  int64_t at = 0;
  int r = pl->rank, bits = sp__io_bits (pl->rows);
  if (!(pl->start = sp__alloc_array (pl->rows + 1, sizeof *pl->start, -1,
                                     "entry counts")))
    return -1;
  for (int64_t i = 0; i < pl->rows; i++)
    {
      pl->start[i] = at;
      at += pl->cnt[i];
    }
  pl->start[pl->rows] = at;
  /* A CSF matrix has no array to hold the first coordinates for the
     blocks: a block a first coordinate.  */
  pl->shift = bits > PLACE_BLOCK_BITS && (!pl->csf || r > 2)
              ? bits - PLACE_BLOCK_BITS : 0;
  pl->blocks = ((pl->rows - 1) >> pl->shift) + 1;
  if (!(pl->next = sp__alloc_array (pl->blocks, sizeof *pl->next, -1,
                                    "entry counts"))
      || !(pl->end = sp__alloc_array (pl->blocks, sizeof *pl->end, -1,
                                      "entry counts")))
    return -1;
  for (int64_t b = 0; b < pl->blocks; b++)
    {
      pl->next[b] = pl->start[b << pl->shift];
      pl->end[b] = block_end (pl, b);
    }
  for (int d = 0; d < r; d++)
    if (!(pl->crd[d] = sp__alloc_array (d == 0 && pl->csf ? pl->rows : n,
                                        sizeof (int32_t), -1,
                                        "a crd array")))
      return -1;
  /* Level 0's pos array, and CSF's others: room for one more than the
     positions of the level above, of which only those packed are
     touched.  */
  for (int d = 0; d < (pl->csf ? r : 1); d++)
    if (!(pl->pos[d] = sp__alloc_array ((d == 0 ? 1 : d == 1 ? pl->rows
                                                             : n) + 1,
                                        sizeof (int32_t), d ? -1 : 0,
                                        "a pos array")))
      return -1;
  if (pl->shift)
    pl->row = pl->csf ? pl->pos[r - 1] : pl->crd[0];
  pl->vals = sp__alloc_array (n, sp__esize (pl->type), -1, "the values");
  return pl->vals ? 0 : -1;
}

/* The sort key of the coordinates below the first: one word of them
   all where they fit, else a word each.  */
typedef struct place_key
{
  int kw, bits;
  int shift[SP_MAX_RANK];
  uint64_t mask[SP_MAX_RANK];
} place_key;

static void
place_key_init (place_key *k, int rank, const int64_t *dims)
{
  int total = 0;
  for (int d = rank - 1; d > 0; d--)
    {
      k->shift[d] = total;
      k->mask[d] = ((uint64_t) 1 << sp__io_bits (dims[d])) - 1;
      total += sp__io_bits (dims[d]);
    }
  k->kw = total <= 64 ? 1 : rank - 1;
  k->bits = total <= 64 ? total
                        : 64 * (rank - 2) + sp__io_bits (dims[rank - 1]);
}

/* The record of entry E of PL, for K, into R.  */
static inline void
place_record (const tns_place *pl, const place_key *k, int64_t e,
              uint64_t *r)
{
  uint64_t key = 0;
  for (int d = 1; d < pl->rank; d++)
    if (k->kw == 1)
      key |= (uint64_t) pl->crd[d][e] << k->shift[d];
    else
      r[d - 1] = (uint64_t) pl->crd[d][e];
  if (k->kw == 1)
    r[0] = key;
  r[k->kw] = (uint64_t) sp__num_load (pl->vals, pl->type, e).i;
}

/* The coordinates below the first of record R into X.  */
static void
place_unkey (const tns_place *pl, const place_key *k, const uint64_t *r,
             int64_t *x)
{
  for (int d = 1; d < pl->rank; d++)
    x[d] = k->kw > 1 ? (int64_t) r[d - 1]
                     : (int64_t) (r[0] >> k->shift[d] & k->mask[d]);
}

/* Append to PL's levels the entry of first coordinate I and the others
   X = V: COO's levels each take it; CSF's from the first level whose
   coordinate is not that of the entry before (FIRST: it starts I's
   part) on.  */
static void
place_put (tns_place *pl, int64_t i, const int64_t *x, sp_num v, int first)
{
  int r = pl->rank, d = 1;
  int64_t *m = pl->m;
  if (!pl->csf)
    {
      pl->crd[0][m[0]] = (int32_t) i;
      for (d = 1; d < r; d++)
        pl->crd[d][m[0]] = (int32_t) x[d];
      sp__num_store (pl->vals, pl->type, m[0], v);
      for (d = 0; d < r; d++)
        m[d]++;
      return;
    }
  if (first)
    {
      pl->crd[0][m[0]] = (int32_t) i;
      pl->pos[1][m[0]++] = (int32_t) m[1];
    }
  else
    while (d < r - 1 && pl->crd[d][m[d] - 1] == x[d])
      d++;
  for (; d < r; d++)
    {
      if (d + 1 < r)
        pl->pos[d + 1][m[d]] = (int32_t) m[d + 1];
      pl->crd[d][m[d]++] = (int32_t) x[d];
    }
  sp__num_store (pl->vals, pl->type, m[r - 1] - 1, v);
}

/* Sort the N records REC of the entries of first coordinate I of PL by
   key K, stably, and append them to the levels, repeated ones added up
   in file order.  0, or -1 with a message.  */
static int
place_row (tns_place *pl, const place_key *k, int64_t i, uint64_t *rec,
           int64_t n)
{
  int64_t x[SP_MAX_RANK];
  int kw = k->kw, rw = kw + 1;
  if (sp__sort_records (rec, n, kw, rw, k->bits))
    return -1;
  for (int64_t e = 0, g; e < n; e = g)
    {
      const uint64_t *r = rec + e * rw;
      sp_num v = { .i = (int64_t) r[kw] };
      for (g = e + 1; g < n && !memcmp (rec + g * rw, r, kw * sizeof *r);
           g++)
        v = sp__num_add (pl->type, v,
                         (sp_num) { .i = (int64_t) rec[g * rw + kw] });
      place_unkey (pl, k, r, x);
      place_put (pl, i, x, v, e == 0);
    }
  return 0;
}

/* Append block B of PL to the levels: its entries made records REC of
   key K (room for the block), moved to their first coordinate's place
   (stably, by the counts of the first pass; CUR: room for a cursor per
   first coordinate of a block), and each first coordinate's sorted and
   packed.  The levels are packed over the blocks before, whose arrays
   the records have left.  0, or -1 with a message.  */
static int
place_block (tns_place *pl, const place_key *k, int64_t b, uint64_t *rec,
             int64_t *cur)
{
  int64_t i0 = b << pl->shift, i1 = (b + 1) << pl->shift;
  int64_t lo = pl->start[i0], hi = block_end (pl, b);
  int rw = k->kw + 1;
  if (i1 > pl->rows)
    i1 = pl->rows;
  for (int64_t i = i0; i < i1; i++)
    cur[i - i0] = pl->start[i] - lo;
  for (int64_t e = lo; e < hi; e++)
    place_record (pl, k, e, rec + rw * (pl->row ? cur[pl->row[e] - i0]++
                                                : e - lo));
  for (int64_t i = i0; i < i1; i++)
    if (pl->start[i + 1] > pl->start[i]
        && place_row (pl, k, i, rec + rw * (pl->start[i] - lo),
                      pl->start[i + 1] - pl->start[i]))
      return -1;
  return 0;
}

/* Give T PL's arrays, packed: level L's positions PL->M[L].  */
static void
place_install (tns_place *pl, sp_tensor *t)
{
  int64_t parents = 1;
  for (int l = 0; l < pl->rank; l++)
    {
      sp_level_store *ls = &t->lv[l];
      int64_t c = pl->m[l];
      if (l == 0 || pl->csf)
        {
          pl->pos[l][parents] = (int32_t) c;
          ls->pos = sp__shrink (pl->pos[l], parents + 1, sizeof (int32_t));
          ls->npos = parents + 1;
          pl->pos[l] = NULL;
        }
      ls->crd = sp__shrink (pl->crd[l], c, sizeof (int32_t));
      ls->ncrd = ls->count = c;
      pl->crd[l] = NULL;
      parents = c;
    }
  t->vals = sp__shrink (pl->vals, parents, sp__esize (pl->type));
  t->nvals = parents;
  pl->vals = NULL;
  ((sp_priv *) t->priv)->built = 1;
  t->dirty = 0;
}

/* The blocks packed by threads: thread T packs blocks [FIRST[T],
   FIRST[T + 1]) through its own view VIEW[T] of the tensor, to the front
   of its own range of each array, whose positions of level d start at
   BASE[T][d]; the ranges are then closed up (place_close).  */
typedef struct place_pack
{
  tns_place *pl;
  const place_key *k;
  int64_t first[SP_MAX_THREADS + 1];
  int64_t base[SP_MAX_THREADS][SP_MAX_RANK];
  tns_place view[SP_MAX_THREADS];
  int ok[SP_MAX_THREADS];
} place_pack;

static void
place_range (void *ctx, int t, int parts)
{
  place_pack *x = ctx;
  tns_place *v = &x->view[t];
  int64_t b0 = x->first[t], b1 = x->first[t + 1], b = b0, most = 0;
  int64_t *cur = NULL;
  uint64_t *rec = NULL;
  (void) parts;
  for (int64_t c = b0; c < b1; c++)
    if (v->end[c] - v->start[c << v->shift] > most)
      most = v->end[c] - v->start[c << v->shift];
  if ((rec = sp__alloc_array (most, (x->k->kw + 1) * sizeof *rec, -1,
                              "sort records"))
      && (cur = sp__alloc_array ((int64_t) 1 << v->shift, sizeof *cur, -1,
                                 "entry counts")))
    while (b < b1 && !place_block (v, x->k, b, rec, cur))
      b++;
  x->ok[t] = rec && cur && b == b1;
  sp__free_array (rec);
  sp__free_array (cur);
}

/* Close up the ranges the PARTS threads of X packed: each level's
   positions, and the pos entries pointing at them, after those of the
   ranges before.  */
static void
place_close (place_pack *x, int parts)
{
  tns_place *pl = x->pl;
  int r = pl->rank;
  size_t es = sp__esize (pl->type);
  int64_t g[SP_MAX_RANK];
  memcpy (g, x->view[0].m, sizeof g);
  for (int t = 1; t < parts; t++)
    {
      const int64_t *m = x->view[t].m, *base = x->base[t];
      for (int d = 0; d < r; d++)
        {
          memmove (pl->crd[d] + g[d], pl->crd[d] + base[d],
                   (size_t) (m[d] - base[d]) * sizeof *pl->crd[d]);
          for (int64_t q = 0; d && pl->csf && q < m[d - 1] - base[d - 1];
               q++)
            pl->pos[d][g[d - 1] + q] = (int32_t) (pl->pos[d][base[d - 1] + q]
                                                  - base[d] + g[d]);
        }
      memmove ((char *) pl->vals + g[r - 1] * es,
               (char *) pl->vals + base[r - 1] * es,
               (size_t) (m[r - 1] - base[r - 1]) * es);
      for (int d = 0; d < r; d++)
        g[d] += m[d] - base[d];
    }
  memcpy (pl->m, g, sizeof g);
}

/* The tensor of format F and extents DIMS from PL's entries placed,
   its blocks sorted and packed by PARTS threads, each a range of about
   equal entries.  NULL on failure.  */
static sp_tensor *
place_tensor (tns_place *pl, const sp_format *f, const int64_t *dims,
              int parts)
{
  sp_tensor *t = sp__alloc (f, pl->type, dims);
  place_key k;
  place_pack x = { .pl = pl, .k = &k };
  int64_t n = pl->start[pl->rows];
  if (!t)
    return NULL;
  place_key_init (&k, pl->rank, dims);
  if (parts > pl->blocks)
    parts = (int) pl->blocks;
  for (int p = 1, b = 0; p <= parts; p++)
    {
      while (b < pl->blocks && pl->start[b << pl->shift] < n / parts * p)
        b++;
      x.first[p] = p == parts ? pl->blocks : b;
    }
  for (int p = 0; p < parts; p++)
    {
      int64_t i0 = x.first[p] << pl->shift, lo = pl->start[i0];
      x.view[p] = *pl;
      for (int d = 0; d < pl->rank; d++)
        x.view[p].m[d] = x.base[p][d] = d == 0 && pl->csf ? i0 : lo;
    }
  sp__parallel (parts, place_range, &x);
  for (int p = 0; p < parts; p++)
    if (!x.ok[p])
      {
        sp_free (t);
        return NULL;
      }
  place_close (&x, parts);
  place_install (pl, t);
  return t;
}

/* Files built in place so far.  */
static int64_t placed_read;

int64_t
sp__tns_placed_read (void)
{
  return __atomic_load_n (&placed_read, __ATOMIC_RELAXED);
}

/* Whether each block of PL got the entries counted for it.  */
static int
place_full (const tns_place *pl)
{
  for (int64_t b = 0; b < pl->blocks; b++)
    if (pl->next[b] != pl->end[b])
      return 0;
  return 1;
}

/* Count and place S's entries from its position on into PL on one
   thread, their count into *N and largest coordinates into MAXC: 1, 0
   when the first pass cannot take a line (S where it was), -1 with a
   message.  */
static int
place_serial (sp_src *s, const tns_header *h, int64_t most, tns_place *pl,
              int64_t *n, int64_t *maxc)
{
  int64_t pos = sp__src_tell (s), line = s->line, got;
  tns_sink k = { NULL, pl };
  int r = place_count (s, h, pl, most, n);
  sp__src_seek (s, pos, line);
  if (r <= 0 || *n == 0 || *n > INT32_MAX || (h->declared && *n != h->nnz))
    return r < 0 ? -1 : 0;
  if (place_parts (pl, *n) || tns_entries (s, h, &k, maxc, &got))
    return -1;
  return place_full (pl) ? 1 : sp__io_changed (pl->name);
}

/* The parts of a file placed on threads: each byte range counted, then
   placed, by a thread, into its own share of each first coordinate's
   part of the arrays (after the shares of the ranges before it, so that
   repeated coordinates still add up in file order).  */
typedef struct place_job
{
  const tns_header *h;
  int64_t most;
  int placing;                          /* the second pass */
  tns_place part[SP_MAX_THREADS];       /* each range's view of the file's */
  int64_t n[SP_MAX_THREADS];
  int64_t maxc[SP_MAX_THREADS][SP_MAX_RANK];
} place_job;

static int
place_pass (sp_src *s, int t, void *ctx)
{
  place_job *x = ctx;
  tns_sink k = { NULL, &x->part[t] };
  if (!x->placing)
    return place_count (s, x->h, &x->part[t], x->most, &x->n[t]) > 0
           ? 0 : -1;
  return tns_entries (s, x->h, &k, x->maxc[t], &x->n[t]);
}

/* The counts of the PARTS ranges of X, N entries, into PL's, and each
   range's share of each block's part: its next place and the end of
   its share (so that place_push and place_full take a range as the
   file).  0, or -1 with a message.  */
static int
place_shares (tns_place *pl, place_job *x, int parts, int64_t n)
{
  for (int t = 0; t < parts; t++)
    pl->rows = x->part[t].rows > pl->rows ? x->part[t].rows : pl->rows;
  if (!(pl->cnt = sp__alloc_array (pl->rows, sizeof *pl->cnt, 0,
                                   "entry counts")))
    return -1;
  for (int t = 0; t < parts; t++)
    for (int64_t i = 0; i < x->part[t].rows; i++)
      pl->cnt[i] += x->part[t].cnt[i];
  if (place_parts (pl, n))
    return -1;
  for (int t = 0; t < parts; t++)
    {
      tns_place *q = &x->part[t];
      if (!(q->next = sp__alloc_array (pl->blocks, sizeof *q->next, -1,
                                       "entry counts"))
          || !(q->end = sp__alloc_array (pl->blocks, sizeof *q->end, 0,
                                         "entry counts")))
        return -1;
      for (int64_t i = 0; i < q->rows; i++)
        q->end[i >> pl->shift] += q->cnt[i];
    }
  for (int64_t b = 0; b < pl->blocks; b++)
    {
      int64_t at = pl->next[b];
      for (int t = 0; t < parts; t++)
        {
          x->part[t].next[b] = at;
          x->part[t].end[b] = at += x->part[t].end[b];
        }
    }
  for (int t = 0; t < parts; t++)
    {
      tns_place *q = &x->part[t];
      q->rows = pl->rows;
      q->shift = pl->shift;
      q->blocks = pl->blocks;
      q->row = pl->row;
      memcpy (q->crd, pl->crd, sizeof pl->crd);
      q->vals = pl->vals;
    }
  return 0;
}

/* Count and place S's entries from its position on into PL in PARTS
   ranges at once, as place_serial: 1, or 0 when a range fails (the
   serial reading says why), or -1 with a message.  */
static int
place_parallel (sp_src *s, const tns_header *h, int64_t most, tns_place *pl,
                int parts, int64_t *n, int64_t *maxc)
{
  int64_t from[SP_MAX_THREADS + 1];
  place_job x = { .h = h, .most = most };
  int r = 0;
  for (int t = 0; t < parts; t++)
    x.part[t] = (tns_place) { .name = pl->name, .rank = pl->rank,
                              .type = pl->type };
  if (sp__parts_cut (s, parts, from))
    return -1;
  *n = 0;
  if (sp__parts_read (s, parts, from, place_pass, &x))
    {
      for (int t = 0; t < parts; t++)
        *n += x.n[t];
      if (*n > 0 && *n <= INT32_MAX && (!h->declared || *n == h->nnz))
        r = place_shares (pl, &x, parts, *n) ? -1 : 1;
      x.placing = 1;
      if (r > 0 && !sp__parts_read (s, parts, from, place_pass, &x))
        r = 0;
    }
  for (int t = 0; t < parts; t++)
    {
      if (r > 0 && !place_full (&x.part[t]))
        r = sp__io_changed (pl->name);
      for (int d = 0; d < h->rank; d++)
        maxc[d] = x.maxc[t][d] > maxc[d] ? x.maxc[t][d] : maxc[d];
      sp__free_array (x.part[t].cnt);
      sp__free_array (x.part[t].next);
      sp__free_array (x.part[t].end);
    }
  return r;
}

/* Read S's entries (about ESTIMATE of them) from its position on into
   the tensor *T of format F, built in place, when F is tns_place's and
   the file is large enough: 1 when *T is read, 0 when the entries are
   still to read (S where it was), -1 with a message.  A line the first
   pass cannot take leaves the file to the list, whose reading says
   what is wrong; the second pass reads lines as the list does.  */
static int
tns_placed (sp_src *s, const tns_header *h, int flags, int64_t estimate,
            const sp_format *f, sp_tensor **t)
{
  tns_place pl = { .name = s->name, .rank = h->rank, .type = h->type };
  int64_t n, maxc[SP_MAX_RANK], dims[SP_MAX_RANK];
  int parts = sp__threads (estimate, flags & SP_IO_PARTS ? 0
                                     : TNS_PART_LINES), r;
  if ((flags & SP_IO_ONE_PASS) || h->narrow || !sp__src_can_seek (s)
      || (estimate < TNS_TWO_PASS_MIN && !(flags & SP_IO_TWO_PASS))
      || !place_format (f, &pl.csf))
    return 0;
  for (int d = 0; d < h->rank; d++)
    maxc[d] = -1;
  /* A first coordinate beyond what the file can hold leaves the file to
     the list, which does not count first coordinates.  */
  r = parts > 1 ? place_parallel (s, h, 4 * estimate + 65536, &pl, parts, &n,
                                  maxc)
                : place_serial (s, h, 4 * estimate + 65536, &pl, &n, maxc);
  if (r <= 0)
    {
      place_free (&pl);
      return r;
    }
  for (int d = 0; d < h->rank; d++)
    dims[d] = h->declared ? h->dims[d] : maxc[d] + 1;
  *t = place_tensor (&pl, f, dims, parts);
  place_free (&pl);
  if (!*t)
    return -1;
  __atomic_add_fetch (&placed_read, 1, __ATOMIC_RELAXED);
  if (parts > 1)
    __atomic_add_fetch (&parts_read, 1, __ATOMIC_RELAXED);
  return 1;
}

/* Read S's header into H (its TYPE set) and FORMAT, for the file's
   rank, into F; about how many entries follow into *ESTIMATE.  */
static int
tns_start (sp_src *s, const char *format, tns_header *h, sp_format *f,
           int64_t *estimate)
{
  int want_rank = sp__io_format_rank (format);
  if (tns_header_read (s, h, estimate))
    return -1;
  if (want_rank && h->rank != want_rank)
    return sp__io_fail (s, "rank mismatch: the file holds a rank-%d tensor, "
                        "the format has rank %d", h->rank, want_rank);
  if (sp__io_format (format, h->rank, s->name, f))
    return -1;
  h->f = f;
  h->narrow = h->declared && sp__io_crd_narrow (f, h->dims);
  memcpy (h->fast, h->dims, sizeof h->fast);
  if (!h->declared)
    sp__io_crd_bounds (f, h->fast);
  return 0;
}

int
sp__tns_read_part (sp_src *s, const char *format, sp_type type, int part,
                   int parts, sp_format *f, sp_coo *c, int64_t *dims,
                   int64_t *declared, int64_t *lines)
{
  tns_header h = { .type = type };
  int64_t estimate = 0, maxc[SP_MAX_RANK], from, to;
  tns_sink k = { c, NULL };
  sp_src p;
  if (tns_start (s, format, &h, f, &estimate))
    return -1;
  if (!sp__src_can_seek (s))
    return 1;
  if (sp__parts_range (s, part, parts, &from, &to)
      || tns_list (c, &h, to - from, s->size - sp__src_tell (s), estimate))
    return -1;
  sp__src_part (&p, s, from, to);
  int rc = tns_entries (&p, &h, &k, maxc, lines);
  sp__src_close (&p);
  if (rc)
    {
      sp__coo_free (c);
      return -1;
    }
  for (int d = 0; d < h.rank; d++)
    dims[d] = h.declared ? h.dims[d] : maxc[d] + 1;
  *declared = h.declared ? h.nnz : -1;
  return 0;
}

int
sp__tns_read (sp_src *s, const char *format, sp_type type, int flags,
              sp_format *f, sp_coo *c, int *nc, sp_tensor **t)
{
  tns_header h = { .type = type };
  int64_t estimate = 0, maxc[SP_MAX_RANK];
  if (tns_start (s, format, &h, f, &estimate))
    return -1;
  int r = tns_placed (s, &h, flags, estimate, f, t);
  if (r)
    return r < 0 ? -1 : 0;
  if (tns_body (s, &h, flags, estimate, c, maxc, nc))
    return -1;
  for (int k = 0; !h.declared && k < *nc; k++)
    for (int d = 0; d < h.rank; d++)
      c[k].dims[d] = maxc[d] + 1;
  return 0;
}

/* ----------------------------------------------------------- writing */

int
sp__tns_head (const sp_tensor *t, FILE *f, const char *name, int flags,
              int64_t n)
{
  int rank = sp_rank (t);
  if (rank < 0)
    return -1;
  if (rank == 0)
    return sp__fail ("%s: a rank-0 tensor has no coordinates to write",
                     name);
  if (flags & SP_IO_TNS_HEADER)
    {
      fprintf (f, "%d %lld\n", rank, (long long) n);
      for (int d = 0; d < rank; d++)
        fprintf (f, "%lld%c", (long long) sp_dim (t, d),
                 d + 1 < rank ? ' ' : '\n');
    }
  return 0;
}

int
sp__tns_write (const sp_tensor *t, FILE *f, const char *name, int flags)
{
  int64_t n = flags & SP_IO_TNS_HEADER && sp_rank (t) > 0 ? sp__io_count (t)
                                                           : 0;
  if (n < 0 || sp__tns_head (t, f, name, flags, n))
    return -1;
  return sp__io_put_entries (t, f);
}
