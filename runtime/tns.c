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

/* Add up to LEFT entries to C (their largest coordinates to MAXC) from
   the lines in S's window that hold exactly an entry, in plain form: how
   many, or -1.  The first other line stops it, for the caller to read
   carefully.  */
static int64_t
tns_fast (sp_src *s, const tns_header *h, sp_coo *c, int64_t *maxc,
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
      if ((rc = sp__io_push (c, x, v)))
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

/* Read the entries from S's position on into C, their largest
   coordinates into MAXC (from -1), their count into *N: at most the
   header's count, the only check against it here.  */
static int
tns_entries (sp_src *s, const tns_header *h, sp_coo *c, int64_t *maxc,
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
          || sp__io_push (c, x, v))
        return -1;
      for (int d = 0; d < h->rank; d++)
        maxc[d] = x[d] > maxc[d] ? x[d] : maxc[d];
      /* Entries to check against the crd width take the careful way.  */
      m = h->narrow ? 0 : tns_fast (s, h, c, maxc, h->nnz - *n - 1);
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
  if (tns_list (&x->c[t], x->h, x->from[t + 1] - x->from[t], x->size,
                x->estimate))
    return -1;
  return tns_entries (s, x->h, &x->c[t], x->maxc[t], &x->n[t]);
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
  *nc = 1;
  if (tns_list (c, h, s->size - pos, s->size - pos, estimate))
    return -1;
  if (tns_entries (s, h, c, maxc, &n))
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

int
sp__tns_read (sp_src *s, const char *format, sp_type type, int flags,
              sp_format *f, sp_coo *c, int *nc)
{
  tns_header h = { .type = type };
  int64_t estimate = 0, maxc[SP_MAX_RANK];
  int want_rank = sp__io_format_rank (format);
  if (tns_header_read (s, &h, &estimate))
    return -1;
  if (want_rank && h.rank != want_rank)
    return sp__io_fail (s, "rank mismatch: the file holds a rank-%d tensor, "
                        "the format has rank %d", h.rank, want_rank);
  if (sp__io_format (format, h.rank, s->name, f))
    return -1;
  h.f = f;
  h.narrow = h.declared && sp__io_crd_narrow (f, h.dims);
  memcpy (h.fast, h.dims, sizeof h.fast);
  if (!h.declared)
    sp__io_crd_bounds (f, h.fast);
  if (tns_body (s, &h, flags, estimate, c, maxc, nc))
    return -1;
  for (int k = 0; !h.declared && k < *nc; k++)
    for (int d = 0; d < h.rank; d++)
      c[k].dims[d] = maxc[d] + 1;
  return 0;
}

/* ----------------------------------------------------------- writing */

int
sp__tns_write (const sp_tensor *t, FILE *f, const char *name, int flags)
{
  int rank = sp_rank (t);
  if (rank < 0)
    return -1;
  if (rank == 0)
    return sp__fail ("%s: a rank-0 tensor has no coordinates to write",
                     name);
  if (flags & SP_IO_TNS_HEADER)
    {
      int64_t n = sp__io_count (t);
      if (n < 0)
        return -1;
      fprintf (f, "%d %lld\n", rank, (long long) n);
      for (int d = 0; d < rank; d++)
        fprintf (f, "%lld%c", (long long) sp_dim (t, d),
                 d + 1 < rank ? ' ' : '\n');
    }
  return sp__io_put_entries (t, f);
}
