/* mmio.c -- Matrix Market files: coordinate and array storage of real,
   integer and pattern matrices, general, symmetric or skew-symmetric.
   Symmetric storage is expanded on reading (each off-diagonal entry is
   mirrored, negated for skew-symmetric) unless SP_IO_KEEP_TRIANGLE.
   Writing produces coordinate general files.  */

#include <string.h>
#include "io.h"
#include "threads.h"

typedef enum { FIELD_REAL, FIELD_INTEGER, FIELD_PATTERN } mtx_field;
typedef enum { SYM_GENERAL, SYM_SYMMETRIC, SYM_SKEW } mtx_symmetry;

typedef struct mtx_header
{
  int array;          /* array storage (dense, column-major), else coordinate */
  mtx_field field;
  mtx_symmetry sym;
  int64_t rows, cols;
  int64_t entries;    /* entries (or array values) the file lists */
  int64_t size_line;  /* line number of the size line */
  sp_type type;       /* of the tensor read into */
} mtx_header;

/* ------------------------------------------------------------ banner */

/* The next word of the banner at *P, lowercased into BUF (NAME says what
   it is, for the message when it is missing).  */
static int
banner_word (sp_src *s, const char **p, const char *name, char *buf,
             size_t len)
{
  const char *q = sp__io_blanks (*p);
  size_t k = 0;
  if (sp__io_eol (s, q))
    return sp__io_fail (s, "incomplete banner: no %s", name);
  for (; !sp__io_sep (s, q); q++)
    if (k + 1 < len)
      buf[k++] = (char) (*q >= 'A' && *q <= 'Z' ? *q + 32 : *q);
  buf[k] = '\0';
  *p = q;
  return 0;
}

/* Index of WORD in NAMES (N of them), or -1.  */
static int
lookup (const char *word, const char *const *names, int n)
{
  for (int k = 0; k < n; k++)
    if (strcmp (word, names[k]) == 0)
      return k;
  return -1;
}

/* Check the four words of the banner and fill the header's kinds.  */
static int
banner_kinds (sp_src *s, const char *obj, const char *fmt, const char *field,
              const char *sym, mtx_header *h)
{
  static const char *const fmts[] = { "coordinate", "array" };
  static const char *const fields[] = { "real", "integer", "pattern",
                                        "double", "complex" };
  static const char *const syms[] = { "general", "symmetric",
                                      "skew-symmetric", "hermitian" };
  int f = lookup (fmt, fmts, 2), v = lookup (field, fields, 5);
  int y = lookup (sym, syms, 4);
  if (strcmp (obj, "matrix") != 0)
    return sp__io_fail (s, "unsupported object '%s' in the banner (only "
                        "'matrix')", obj);
  if (f < 0)
    return sp__io_fail (s, "unknown storage '%s' in the banner (expected "
                        "coordinate or array)", fmt);
  if (v == 4)
    return sp__io_fail (s, "complex matrices are not supported");
  if (v < 0)
    return sp__io_fail (s, "unknown field '%s' in the banner (expected real, "
                        "integer or pattern)", field);
  if (y == 3)
    return sp__io_fail (s, "hermitian matrices are not supported (they are "
                        "complex)");
  if (y < 0)
    return sp__io_fail (s, "unknown symmetry '%s' in the banner (expected "
                        "general, symmetric or skew-symmetric)", sym);
  h->array = f == 1;
  h->field = v == 3 ? FIELD_REAL : (mtx_field) v;
  h->sym = (mtx_symmetry) y;
  if (h->array && h->field == FIELD_PATTERN)
    return sp__io_fail (s, "a pattern matrix cannot have array storage");
  if (h->sym == SYM_SKEW && h->field == FIELD_PATTERN)
    return sp__io_fail (s, "a pattern matrix cannot be skew-symmetric");
  return 0;
}

static int
mtx_banner (sp_src *s, mtx_header *h)
{
  static const char tag[] = "%%matrixmarket";
  char obj[24], fmt[24], field[24], sym[24];
  const char *p = sp__src_line (s);
  if (!p)
    return s->err ? -1 : sp__io_fail (s, "empty file: no %%%%MatrixMarket "
                                      "banner");
  for (size_t k = 0; k < sizeof tag - 1; k++)
    if ((p[k] | (p[k] >= 'A' && p[k] <= 'Z' ? 0x20 : 0)) != tag[k])
      return sp__io_fail (s, "missing %%%%MatrixMarket banner");
  p += sizeof tag - 1;
  if (!sp__io_sep (s, p))
    return sp__io_fail (s, "missing %%%%MatrixMarket banner");
  if (banner_word (s, &p, "object", obj, sizeof obj)
      || banner_word (s, &p, "storage", fmt, sizeof fmt)
      || banner_word (s, &p, "field", field, sizeof field)
      || banner_word (s, &p, "symmetry", sym, sizeof sym)
      || banner_kinds (s, obj, fmt, field, sym, h))
    return -1;
  return sp__io_end_line (s, p, "the banner");
}

/* --------------------------------------------------------- size line */

/* Values an array file lists: the whole matrix column by column, or the
   lower triangle (strictly lower when skew-symmetric).  */
static int
array_count (sp_src *s, mtx_header *h)
{
  int64_t n = h->cols, c;
  if (h->sym == SYM_GENERAL
      ? __builtin_mul_overflow (h->rows, h->cols, &c)
      : __builtin_mul_overflow (n, h->sym == SYM_SKEW ? n - 1 : n + 1, &c))
    return sp__io_fail (s, "array of %lldx%lld values is too large",
                        (long long) h->rows, (long long) h->cols);
  h->entries = h->sym == SYM_GENERAL ? c : c / 2;
  return 0;
}

static int
mtx_size (sp_src *s, mtx_header *h)
{
  const char *p = sp__io_content_line (s, '%');
  if (!p)
    return s->err ? -1 : sp__io_fail (s, "file ends before the size line");
  h->size_line = s->line;
  if (sp__io_int (s, &p, "row count", &h->rows)
      || sp__io_int (s, &p, "column count", &h->cols)
      || (!h->array && sp__io_int (s, &p, "entry count", &h->entries))
      || sp__io_end_line (s, p, "the size line"))
    return -1;
  if (h->rows < 1 || h->cols < 1)
    return sp__io_fail (s, "%s %lld is not positive",
                        h->rows < 1 ? "row count" : "column count",
                        (long long) (h->rows < 1 ? h->rows : h->cols));
  if (!h->array && h->entries < 0)
    return sp__io_fail (s, "negative entry count %lld",
                        (long long) h->entries);
  if (h->sym != SYM_GENERAL && h->rows != h->cols)
    return sp__io_fail (s, "a %s matrix must be square, not %lldx%lld",
                        h->sym == SYM_SKEW ? "skew-symmetric" : "symmetric",
                        (long long) h->rows, (long long) h->cols);
  return h->array ? array_count (s, h) : 0;
}

/* ----------------------------------------------------------- entries */

/* Where the entries go: a matrix being built, or a coordinate list.  */
typedef struct mtx_sink
{
  sp_rows *rows;
  sp_coo *coo;
  const sp_format *crd;  /* the list's format, when its crd width may not
                            hold every coordinate (sp__io_crd_narrow) */
} mtx_sink;

/* The rows of a matrix being built hold doubles (rows.c builds f64
   only).  */
static inline __attribute__ ((always_inline)) int
sink_put (sp_src *s, mtx_sink *k, int64_t i, int64_t j, sp_num v)
{
  int64_t x[2] = { i, j };
  if (k->rows)
    return sp__rows_push (k->rows, i, j, v.d);
  if (k->crd && sp__io_crd_check (s, k->crd, k->coo->dims, x))
    return -1;
  return sp__io_push (k->coo, x, v);
}

/* Whether entry (I, J) is outside the triangle symmetric storage keeps
   (the lower, strictly so when skew-symmetric).  */
static inline int
outside (const mtx_header *h, int64_t i, int64_t j)
{
  return h->sym != SYM_GENERAL && (j > i || (h->sym == SYM_SKEW && i == j));
}

/* Whether -V, the mirror image of V in a skew-symmetric matrix, fits
   the element type.  */
static inline int
mirrors (const mtx_header *h, sp_num v)
{
  return !sp__is_int (h->type)
         || (v.i != INT64_MIN && sp__io_int_fits (h->type, -v.i));
}

/* The mirror image of value V in a skew-symmetric matrix, -V, into *M.  */
static int
negated (sp_src *s, const mtx_header *h, sp_num v, sp_num *m)
{
  if (!sp__is_int (h->type))
    m->d = -v.d;
  else if (!mirrors (h, v))
    return sp__io_fail (s, "value %lld: its mirror image %s%llu does not "
                        "fit %s", (long long) v.i, v.i < 0 ? "" : "-",
                        v.i < 0 ? 0 - (unsigned long long) v.i
                                : (unsigned long long) v.i,
                        sp__io_type_name (h->type));
  else
    m->i = -v.i;
  return 0;
}

/* Add entry (I, J) = V to K, with its mirror image for symmetric storage
   (negated for skew-symmetric).  */
static inline __attribute__ ((always_inline)) int
mtx_push (sp_src *s, const mtx_header *h, int flags, mtx_sink *k, int64_t i,
          int64_t j, sp_num v)
{
  if (outside (h, i, j))
    return sp__io_fail (s, "entry (%lld, %lld) %s the diagonal: a %s "
                        "matrix stores the %slower triangle only",
                        (long long) i + 1, (long long) j + 1,
                        i == j ? "on" : "above",
                        h->sym == SYM_SKEW ? "skew-symmetric" : "symmetric",
                        h->sym == SYM_SKEW ? "strictly " : "");
  if (sink_put (s, k, i, j, v))
    return -1;
  if (h->sym == SYM_GENERAL || i == j || (flags & SP_IO_KEEP_TRIANGLE))
    return 0;
  if (h->sym == SYM_SKEW && negated (s, h, v, &v))
    return -1;
  return sink_put (s, k, j, i, v);
}

static int
too_many (sp_src *s, const mtx_header *h, const char *what)
{
  return sp__io_fail (s, "more %s than the %lld the size line (line %lld) "
                      "declares", what, (long long) h->entries,
                      (long long) h->size_line);
}

static int
too_few (sp_src *s, const mtx_header *h, const char *what, int64_t n)
{
  if (s->err)
    return -1;
  return sp__io_fail (s, "file ends after %lld of the %lld %s the size line "
                      "(line %lld) declares", (long long) n,
                      (long long) h->entries, what,
                      (long long) h->size_line);
}

/* Read the entry line at P (blanks skipped) into I, J, V: the fast path
   for plain tokens, else the careful one.  */
static int
mtx_entry (sp_src *s, const mtx_header *h, const char *p, int64_t *i,
           int64_t *j, sp_num *v)
{
  const char *q = p;
  if (sp__io_coord_fast (&q, h->rows, i) && sp__io_coord_fast (&q, h->cols, j)
      && (h->field == FIELD_PATTERN
          || sp__io_value_fast (s, &q, h->field == FIELD_INTEGER, h->type,
                                v))
      && sp__io_end_fast (s, q))
    return 0;
  if (sp__io_coord (s, &p, h->rows, "row index", i)
      || sp__io_coord (s, &p, h->cols, "column index", j)
      || (h->field != FIELD_PATTERN
          && sp__io_value (s, &p, h->field == FIELD_INTEGER, h->type, v)))
    return -1;
  return sp__io_end_line (s, p, "the entry");
}

/* The loop of mtx_fast for values of TYPE (H->type).  */
static inline __attribute__ ((always_inline)) int64_t
fast_run (sp_src *s, const mtx_header *h, int flags, mtx_sink *k,
          int64_t left, sp_type type)
{
  const char *p = s->cur;
  int64_t done = 0;
  sp_num v = sp__num_of_int (type, 1);
  for (; done < left && p < s->lim; done++)
    {
      const char *q = p;
      int64_t i, j;
      if (!sp__io_coord_fast (&q, h->rows, &i)
          || !sp__io_coord_fast (&q, h->cols, &j)
          || (h->field != FIELD_PATTERN
              && !sp__io_value_fast (s, &q, h->field == FIELD_INTEGER, type,
                                     &v))
          || *q != '\n' || outside (h, i, j)
          || (h->sym == SYM_SKEW && !mirrors (h, v)))
        break;
      if (mtx_push (s, h, flags, k, i, j, v))
        return -1;
      p = q + 1;
    }
  s->line += done;
  s->cur = (char *) p;
  return done;
}

/* Read and add up to LEFT entries from the lines in S's window that hold
   exactly an entry, in plain form: how many, or -1.  The first other line
   stops it, for the caller to read carefully, and so does an entry
   outside the triangle symmetric storage keeps or one whose mirror image
   does not fit (failures whose messages name a line: S's line count is
   brought up to date only at the end); coordinates to check against a
   narrow crd width leave every line to the caller.  */
static int64_t
mtx_fast (sp_src *s, const mtx_header *h, int flags, mtx_sink *k,
          int64_t left)
{
  if (k->crd)
    return 0;
  /* f64, the type of the matrices built while read, without a test of
     the type at each value.  */
  if (h->type == SP_F64)
    return fast_run (s, h, flags, k, left, SP_F64);
  return fast_run (s, h, flags, k, left, h->type);
}

/* ------------------------------------------------- two passes (rows.c) */

/* Files of this many entries out of row order are read twice: first only
   their coordinates, to count the entries of each block of rows, then in
   full, each entry placed in its block at once.  That costs less than
   listing the entries and moving them to their rows, which needs memory
   for both (first touching memory is most of that time) and scatters
   them over more than the cache holds; below it (32 MB of list), the
   second reading costs more.  */
#define TWO_PASS_MIN (1 << 21)

/* Whether S's symmetric storage is expanded.  */
static int
mirrored (const mtx_header *h, int flags)
{
  return h->sym != SYM_GENERAL && !(flags & SP_IO_KEEP_TRIANGLE);
}

/* Whether the first entry lines in S's window are in (row, column)
   order.  */
static int
looks_sorted (const sp_src *s, const mtx_header *h, int flags)
{
  const char *p = s->cur;
  int64_t pi = -1, pj = -1;
  for (int k = 0; k < 1024 && p < s->lim; k++)
    {
      int64_t i, j;
      if (!sp__io_coord_fast (&p, h->rows, &i)
          || !sp__io_coord_fast (&p, h->cols, &j))
        break;
      if (i < pi || (i == pi && j < pj) || (i != j && mirrored (h, flags)))
        return 0;
      pi = i;
      pj = j;
      p = sp__io_line_end (p);
      p += *p == '\n';
    }
  return 1;
}

/* Count for B the entries of each block of rows, as mtx_push would store
   them, of the entry lines from S's position on, up to LIMIT lines (*COUNT
   how many): 1; 0 when a line's coordinates are not plain (then only a
   full reading can say what is wrong), -1 on a read error.  A general
   file's lines go through sp__io_count_plain first, line by line here only
   where it stops.  */
static int
mtx_count (sp_src *s, const mtx_header *h, int flags, sp_rows *b,
           int64_t limit, int64_t *count)
{
  int mirror = mirrored (h, flags);
  for (*count = 0; *count < limit;)
    {
      if (s->cur == s->lim)
        {
          int r = sp__src_refill (s);
          if (r <= 0)
            return r < 0 ? -1 : 1;
        }
      if (h->sym == SYM_GENERAL)
        {
          int64_t before = *count;
          s->cur = (char *) sp__io_count_plain (s->cur, s->lim, h->rows,
                                                b->cnt, b->shift, count,
                                                limit);
          /* Lines are counted for the messages of sp__src_refill.  */
          s->line += *count - before;
          if (*count == limit)
            break;
          if (s->cur == s->lim)
            continue;
        }
      const char *p = sp__io_blanks (s->cur);
      int64_t i, j = -1;
      if (*p != '%' && !sp__io_eol (s, p))
        {
          /* The column matters only for symmetric storage.  */
          if (!sp__io_coord_fast (&p, h->rows, &i)
              || (h->sym != SYM_GENERAL
                  && !sp__io_coord_fast (&p, h->cols, &j)))
            return 0;
          if (h->sym != SYM_SKEW || i != j)
            sp__rows_count (b, i);
          if (mirror && i != j)
            sp__rows_count (b, j);
          ++*count;
        }
      p = sp__io_line_end (p);
      if (*p != '\n' && p != s->lim)
        return 0;
      s->cur = (char *) p + (p != s->lim);
      s->line++;
    }
  return 1;
}

/* Read the entry lines of S, WANT of them, into K: 0, or -1 with a
   message.  With GOT, S is a part of the file that may hold fewer: *GOT
   says how many it held.  */
static int
mtx_coordinate (sp_src *s, const mtx_header *h, int flags, mtx_sink *k,
                int64_t want, int64_t *got)
{
  const char *p;
  int64_t n = 0, m;
  sp_num v = sp__num_of_int (h->type, 1);
  while ((p = sp__io_content_line (s, '%')))
    {
      int64_t i, j;
      if (n == want)
        return too_many (s, h, "entries");
      if (mtx_entry (s, h, p, &i, &j, &v) || mtx_push (s, h, flags, k, i, j, v)
          || (m = mtx_fast (s, h, flags, k, want - n - 1)) < 0)
        return -1;
      n += 1 + m;
    }
  if (got)
    {
      *got = n;
      return s->err ? -1 : 0;
    }
  return n < want ? too_few (s, h, "entries", n) : 0;
}

/* Parts of the file read by threads, both passes: each part (a byte
   range from sp__parts_cut) is counted, then placed, by a thread.  A
   part that fails leaves the whole file to the serial reading, which
   says where and why.  */
typedef struct mtx_parts
{
  const mtx_header *h;
  int flags;
  int placing;                          /* the second pass */
  sp_rows rows[SP_MAX_THREADS];         /* each part's view of the matrix */
  int64_t lines[SP_MAX_THREADS];        /* entry lines of each part */
} mtx_parts;

static int
part_pass (sp_src *s, int t, void *ctx)
{
  mtx_parts *x = ctx;
  if (!x->placing)
    return mtx_count (s, x->h, x->flags, &x->rows[t], INT64_MAX,
                      &x->lines[t]) > 0 ? 0 : -1;
  mtx_sink k = { &x->rows[t], NULL, NULL };
  return mtx_coordinate (s, x->h, x->flags, &k, x->lines[t], NULL);
}

/* Files read by parts so far.  */
static int64_t parts_read;

/* Read S's entries, from its position on, in PARTS parts at once into B:
   1 when they are read, 0 when the serial reading must do it (B as it
   was), -1 on failure.  */
static int
mtx_parallel (sp_src *s, const mtx_header *h, int flags, sp_rows *b,
              int parts)
{
  mtx_parts x = { h, flags, 0, { { 0 } }, { 0 } };
  int64_t from[SP_MAX_THREADS + 1], n = 0;
  int r = -1;
  if (sp__parts_cut (s, parts, from) || sp__rows_parts_init (b, x.rows, parts))
    return -1;
  if (!sp__parts_read (s, parts, from, part_pass, &x))
    r = 0;
  else
    {
      for (int t = 0; t < parts; t++)
        n += x.lines[t];
      r = n != h->entries ? 0 : sp__rows_parts_place (b, x.rows, parts);
      x.placing = 1;
      if (r > 0)
        r = !sp__parts_read (s, parts, from, part_pass, &x) ? 0
            : sp__rows_parts_join (b, x.rows, parts) ? -1 : 1;
    }
  sp__rows_parts_free (x.rows, parts);
  if (!r)
    sp__rows_restart (b);
  if (r > 0)
    __atomic_add_fetch (&parts_read, 1, __ATOMIC_RELAXED);
  return r;
}

int64_t
sp__mtx_parts_read (void)
{
  return __atomic_load_n (&parts_read, __ATOMIC_RELAXED);
}

/* Threads for reading a file's entries in two passes, at least 1M lines
   each (any number with SP_IO_TWO_PASS, for tests).  */
static int
mtx_threads (const mtx_header *h, int flags)
{
  return sp__threads (h->entries, flags & SP_IO_TWO_PASS ? 0 : 1 << 20);
}

/* Count the rows of S's entries and go back to place them, if that pays
   (see TWO_PASS_MIN): by threads when there are threads to use.  1 when
   the entries are read, 0 when they are still to read, or -1 with a
   message.  */
static int
mtx_two_pass (sp_src *s, const mtx_header *h, int flags, sp_rows *b)
{
  int64_t pos = sp__src_tell (s), line = s->line, lines;
  int r, parts;
  if (h->array || (h->entries < TWO_PASS_MIN && !(flags & SP_IO_TWO_PASS))
      || !sp__src_can_seek (s) || looks_sorted (s, h, flags))
    return 0;
  b->threads = parts = mtx_threads (h, flags);
  if (parts > 1 && (r = mtx_parallel (s, h, flags, b, parts)))
    return r;
  if ((r = mtx_count (s, h, flags, b, h->entries, &lines)) < 0)
    return -1;
  sp__src_seek (s, pos, line);
  if (r && (r = sp__rows_place (b)) < 0)
    return -1;
  if (!r)
    memset (b->cnt, 0, (size_t) (h->rows + 1) * sizeof *b->cnt);
  return 0;
}

static int
mtx_array (sp_src *s, const mtx_header *h, int flags, mtx_sink *k)
{
  const char *p;
  int64_t n = 0, j = 0;
  int64_t skip = h->sym == SYM_SKEW;
  int64_t i = skip;
  while ((p = sp__io_content_line (s, '%')))
    {
      sp_num v;
      if (n == h->entries)
        return too_many (s, h, "values");
      if (sp__io_value (s, &p, h->field == FIELD_INTEGER, h->type, &v)
          || sp__io_end_line (s, p, "the value")
          || (!sp__num_zero (h->type, v)
              && mtx_push (s, h, flags, k, i, j, v)))
        return -1;
      n++;
      /* Column-major; triangular storage starts each column at or below
         the diagonal.  */
      if (++i == h->rows)
        {
          j++;
          i = h->sym == SYM_GENERAL ? 0 : j + skip;
        }
    }
  return n < h->entries ? too_few (s, h, "values", n) : 0;
}

int
sp__mtx_read (sp_src *s, int flags, const sp_format *f, sp_type type,
              sp_coo *c, sp_tensor **t)
{
  mtx_header h;
  sp_rows rows;
  mtx_sink k = { NULL, c, NULL };
  *t = NULL;
  h.type = type;
  if (mtx_banner (s, &h) || mtx_size (s, &h))
    return -1;
  /* The shortest entry line: "1\n" in an array, "1 1\n" for a pattern,
     "1 1 1\n" otherwise.  */
  int64_t minlen = h.array ? 2 : h.field == FIELD_PATTERN ? 4 : 6;
  int64_t cap = sp__io_reserve (s->size, minlen, h.entries);
  /* No more entries than the size line says, nor than the file's size
     has room for (a short file declaring 10^9 rows and entries gets no
     row counts for them).  */
  int64_t most = s->size < 0 ? h.entries : cap;
  if (mirrored (&h, flags))
    {
      cap *= 2;
      most = most > INT64_MAX / 2 ? INT64_MAX : 2 * most;
    }
  int64_t dims[2] = { h.rows, h.cols };
  int fast = sp__rows_init (&rows, s->name, f, type, dims, most, cap);
  if (fast < 0 || (!fast && sp__coo_init_2d (c, dims, cap)))
    return -1;
  c->ints = !fast && sp__is_int (type);
  if (fast)
    k.rows = &rows;
  else if (sp__io_crd_narrow (f, dims))
    k.crd = f;
  int rc = fast ? mtx_two_pass (s, &h, flags, &rows) : 0;
  if (!rc)
    rc = h.array ? mtx_array (s, &h, flags, &k)
                 : mtx_coordinate (s, &h, flags, &k, h.entries, NULL);
  if (rc < 0)
    {
      if (fast)
        sp__rows_free (&rows);
      else
        sp__coo_free (c);
      return -1;
    }
  if (fast && !(*t = sp__rows_tensor (&rows, f)))
    return -1;
  return 0;
}

int
sp__mtx_read_part (sp_src *s, const sp_format *f, sp_type type, int part,
                   int parts, sp_coo *c, int64_t *declared, int64_t *lines)
{
  mtx_header h;
  mtx_sink k = { NULL, c, NULL };
  sp_src p;
  int64_t from, to;
  h.type = type;
  if (mtx_banner (s, &h) || mtx_size (s, &h))
    return -1;
  if (h.array || !sp__src_can_seek (s))
    return 1;
  int64_t dims[2] = { h.rows, h.cols };
  if (sp__parts_range (s, part, parts, &from, &to))
    return -1;
  int64_t minlen = h.field == FIELD_PATTERN ? 4 : 6;
  int64_t cap = sp__io_reserve (to - from, minlen, h.entries);
  if (sp__coo_init_2d (c, dims, mirrored (&h, 0) ? 2 * cap : cap))
    return -1;
  c->ints = sp__is_int (type);
  if (sp__io_crd_narrow (f, dims))
    k.crd = f;
  sp__src_part (&p, s, from, to);
  int rc = mtx_coordinate (&p, &h, 0, &k, INT64_MAX, lines);
  sp__src_close (&p);
  if (rc)
    sp__coo_free (c);
  *declared = h.entries;
  return rc;
}

/* ----------------------------------------------------------- writing */

int
sp__mtx_head (const sp_tensor *t, FILE *f, const char *name, int64_t n)
{
  int rank = sp_rank (t);
  if (rank != 2)
    return rank < 0 ? -1 : sp__fail ("%s: a Matrix Market file holds a "
                                     "matrix, not a rank-%d tensor (write a "
                                     ".tns file)", name, rank);
  int integer = sp_elem_type (t) == SP_I64 || sp_elem_type (t) == SP_I32;
  fprintf (f, "%%%%MatrixMarket matrix coordinate %s general\n"
           "%lld %lld %lld\n", integer ? "integer" : "real",
           (long long) sp_dim (t, 0), (long long) sp_dim (t, 1),
           (long long) n);
  return 0;
}

int
sp__mtx_write (const sp_tensor *t, FILE *f, const char *name)
{
  int64_t n = sp_rank (t) == 2 ? sp__io_count (t) : 0;
  if (n < 0 || sp__mtx_head (t, f, name, n))
    return -1;
  return sp__io_put_entries (t, f);
}
