/* mmio.c -- Matrix Market files: coordinate and array storage of real,
   integer and pattern matrices, general, symmetric or skew-symmetric.
   Symmetric storage is expanded on reading (each off-diagonal entry is
   mirrored, negated for skew-symmetric) unless SP_IO_KEEP_TRIANGLE.
   Writing produces coordinate general files.  */

#include <string.h>
#include "io.h"

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

/* Add entry (I, J) = V to C, with its mirror image for symmetric storage
   (negated for skew-symmetric).  */
static int
mtx_push (sp_src *s, const mtx_header *h, int flags, sp_coo *c, int64_t i,
          int64_t j, double v)
{
  int64_t x[2] = { i, j };
  if (h->sym == SYM_SKEW && i == j)
    {
      if (v != 0)
        return sp__io_fail (s, "nonzero diagonal entry in a skew-symmetric "
                            "matrix");
      return 0;
    }
  if (sp__io_push (c, x, v))
    return -1;
  if (h->sym == SYM_GENERAL || i == j || (flags & SP_IO_KEEP_TRIANGLE))
    return 0;
  x[0] = j;
  x[1] = i;
  return sp__io_push (c, x, h->sym == SYM_SKEW ? -v : v);
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
           int64_t *j, double *v)
{
  const char *q = p;
  if (sp__io_coord_fast (&q, h->rows, i) && sp__io_coord_fast (&q, h->cols, j)
      && (h->field == FIELD_PATTERN
          || sp__io_value_fast (s, &q, h->field == FIELD_INTEGER, v))
      && sp__io_end_fast (s, q))
    return 0;
  if (sp__io_coord (s, &p, h->rows, "row index", i)
      || sp__io_coord (s, &p, h->cols, "column index", j)
      || (h->field != FIELD_PATTERN
          && sp__io_value (s, &p, h->field == FIELD_INTEGER, v)))
    return -1;
  return sp__io_end_line (s, p, "the entry");
}

static int
mtx_coordinate (sp_src *s, const mtx_header *h, int flags, sp_coo *c)
{
  const char *p;
  int64_t n = 0;
  double v = 1;
  while ((p = sp__io_content_line (s, '%')))
    {
      int64_t i, j;
      if (n == h->entries)
        return too_many (s, h, "entries");
      if (mtx_entry (s, h, p, &i, &j, &v) || mtx_push (s, h, flags, c, i, j, v))
        return -1;
      n++;
    }
  return n < h->entries ? too_few (s, h, "entries", n) : 0;
}

static int
mtx_array (sp_src *s, const mtx_header *h, int flags, sp_coo *c)
{
  const char *p;
  int64_t n = 0, j = 0;
  int64_t skip = h->sym == SYM_SKEW;
  int64_t i = skip;
  while ((p = sp__io_content_line (s, '%')))
    {
      double v;
      if (n == h->entries)
        return too_many (s, h, "values");
      if (sp__io_value (s, &p, h->field == FIELD_INTEGER, &v)
          || sp__io_end_line (s, p, "the value")
          || (v != 0 && mtx_push (s, h, flags, c, i, j, v)))
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
sp__mtx_read (sp_src *s, int flags, sp_coo *c)
{
  mtx_header h;
  if (mtx_banner (s, &h) || mtx_size (s, &h))
    return -1;
  /* The shortest entry line: "1\n" in an array, "1 1\n" for a pattern,
     "1 1 1\n" otherwise.  */
  int64_t minlen = h.array ? 2 : h.field == FIELD_PATTERN ? 4 : 6;
  int64_t cap = sp__io_reserve (s->size, minlen, h.entries);
  if (h.sym != SYM_GENERAL && !(flags & SP_IO_KEEP_TRIANGLE))
    cap *= 2;
  int64_t dims[2] = { h.rows, h.cols };
  if (sp__coo_init_2d (c, dims, cap))
    return -1;
  int rc = h.array ? mtx_array (s, &h, flags, c)
                   : mtx_coordinate (s, &h, flags, c);
  if (rc)
    sp__coo_free (c);
  return rc;
}

/* ----------------------------------------------------------- writing */

int
sp__mtx_write (const sp_tensor *t, FILE *f, const char *name)
{
  int rank = sp_rank (t);
  if (rank != 2)
    return rank < 0 ? -1 : sp__fail ("%s: a Matrix Market file holds a "
                                     "matrix, not a rank-%d tensor (write a "
                                     ".tns file)", name, rank);
  int64_t n = sp__io_count (t);
  if (n < 0)
    return -1;
  int integer = sp_elem_type (t) == SP_I64 || sp_elem_type (t) == SP_I32;
  fprintf (f, "%%%%MatrixMarket matrix coordinate %s general\n"
           "%lld %lld %lld\n", integer ? "integer" : "real",
           (long long) sp_dim (t, 0), (long long) sp_dim (t, 1),
           (long long) n);
  return sp__io_put_entries (t, f);
}
