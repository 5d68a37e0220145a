/* io.c -- sp_read and sp_write: the choice of reader or writer by file
   extension, the line source the readers scan, and their token helpers.  */

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "dist.h"
#include "io.h"
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Bytes read at a time, and zero bytes kept after the data so that an
   eight-byte load near the end stays in the buffer.  */
#define SP_SRC_CHUNK (1 << 20)
#define SP_SRC_PAD 16

/* ------------------------------------------------------------ sources */

int
sp__src_file (sp_src *s, const char *path)
{
  struct stat st;
  memset (s, 0, sizeof *s);
  s->name = path;
  s->fd = open (path, O_RDONLY | O_CLOEXEC);
  if (s->fd < 0)
    return sp__fail ("cannot open %s: %s", path, strerror (errno));
  s->size = -1;
  s->end = -1;
  if (fstat (s->fd, &st) == 0 && S_ISREG (st.st_mode))
    s->size = st.st_size;
  return 0;
}

void
sp__src_mem (sp_src *s, const char *data, size_t len, const char *name)
{
  memset (s, 0, sizeof *s);
  s->name = name;
  s->fd = -1;
  s->mem = s->mem0 = data;
  s->memlen = len;
  s->size = (int64_t) len;
  s->end = -1;
}

void
sp__src_part (sp_src *part, const sp_src *s, int64_t from, int64_t to)
{
  if (s->fd < 0)
    {
      sp__src_mem (part, s->mem0 + from, (size_t) (to - from), s->name);
      return;
    }
  memset (part, 0, sizeof *part);
  part->name = s->name;
  part->fd = s->fd;
  part->borrowed = 1;
  part->size = s->size;
  part->off = from;
  part->end = to;
}

void
sp__src_close (sp_src *s)
{
  if (s->fd >= 0 && !s->borrowed)
    close (s->fd);
  free (s->buf);
  s->fd = -1;
  s->buf = NULL;
}

/* Up to N bytes of the file F from offset OFF (-1: from where F is) into
   DST: how many, 0 at the end, -1 on error.  Regular files are read at an
   offset, so that sources over parts of one file can share it.  */
static ssize_t
file_read (int f, char *dst, size_t n, int64_t off)
{
  for (;;)
    {
      ssize_t r = off >= 0 ? pread (f, dst, n, (off_t) off)
                           : read (f, dst, n);
      if (r >= 0 || errno != EINTR)
        return r;
    }
}

/* Up to N bytes of input into DST: how many, 0 at the end, -1 on error.  */
static ssize_t
src_read (sp_src *s, char *dst, size_t n)
{
  if (s->end >= 0 && (int64_t) n > s->end - s->off)
    n = (size_t) (s->end - s->off);
  if (s->fd < 0)
    {
      if (n > s->memlen)
        n = s->memlen;
      memcpy (dst, s->mem, n);
      s->mem += n;
      s->memlen -= n;
      s->off += (int64_t) n;
      return (ssize_t) n;
    }
  ssize_t r = file_read (s->fd, dst, n, s->size >= 0 ? s->off : -1);
  s->off += r > 0 ? r : 0;
  return r;
}

/* Room for more input after buf[len]: allocate, or grow when full.  */
static int
src_room (sp_src *s)
{
  if (s->buf && s->len < s->cap)
    return 0;
  size_t cap = s->cap ? 2 * s->cap : SP_SRC_CHUNK;
  /* A small input needs no more than its size (and a byte to see its
     end).  */
  if (!s->cap && s->size >= 0 && (uint64_t) s->size < SP_SRC_CHUNK)
    cap = (size_t) s->size + 1;
  size_t cur = s->buf ? (size_t) (s->cur - s->buf) : 0;
  size_t lim = s->buf ? (size_t) (s->lim - s->buf) : 0;
  char *b = realloc (s->buf, cap + SP_SRC_PAD);
  if (!b)
    {
      s->err = 1;
      return sp__fail ("%s: out of memory for a line of %zu bytes", s->name,
                       s->len);
    }
  s->buf = b;
  s->cur = b + cur;
  s->lim = b + lim;
  s->cap = cap;
  return 0;
}

/* The last newline in [P, P + N), or NULL.  Lines are short, so looking
   backwards from the end finds it at once.  */
static char *
last_newline (char *p, size_t n)
{
  while (n > 0)
    if (p[--n] == '\n')
      return p + n;
  return NULL;
}

/* Refuse the N bytes of input just read at P where no text file holds
   them: a NUL byte where no line ends (reading /dev/zero would never
   find one), and at the start of the input a NUL byte, a UTF-8
   byte-order mark or a line end of CR alone (old Mac files, one long
   line to the readers).  The scanners stop at a NUL byte anywhere else
   (sp__io_fail names it).  0, or -1 with a message naming the line.  */
static int
text_check (sp_src *s, const char *p, size_t n)
{
  int start = s->off == (int64_t) n;
  const char *z = start || !memchr (p, '\n', n) ? memchr (p, '\0', n) : NULL;
  if (z)
    {
      /* The lines before it from S->cur on are still to be handed out.  */
      int64_t line = s->line + 1;
      for (const char *q = s->cur; q < z; q++)
        line += *q == '\n';
      s->err = 1;
      return sp__fail ("%s:%lld: NUL byte: not a text file", s->name,
                       (long long) line);
    }
  if (!start)
    return 0;
  s->err = n >= 3 && memcmp (p, "\xEF\xBB\xBF", 3) == 0;
  if (s->err)
    return sp__fail ("%s:1: byte-order mark (UTF-8) before the first line: "
                     "not supported, save the file without it", s->name);
  const char *nl = memchr (p, '\n', n), *end = nl ? nl : p + n;
  const char *cr = memchr (p, '\r', (size_t) (end - p));
  s->err = cr && cr + 1 < end;
  if (s->err)
    return sp__fail ("%s:1: lines end in CR alone (old Mac text): not "
                     "supported, convert them to LF or CRLF", s->name);
  return 0;
}

int
sp__src_refill (sp_src *s)
{
  if (s->err)
    return -1;
  s->bol = -1;
  if (s->buf)
    {
      /* Drop what was read; keep the window's rest and the partial line
         after it.  */
      *s->lim = s->saved;
      size_t keep = s->len - (size_t) (s->cur - s->buf);
      size_t win = (size_t) (s->lim - s->cur);
      memmove (s->buf, s->cur, keep);
      s->cur = s->buf;
      s->lim = s->buf + win;
      s->len = keep;
    }
  size_t old = s->buf ? (size_t) (s->lim - s->buf) : 0;
  char *nl = NULL;
  while (!nl && !s->eof)
    {
      if (src_room (s))
        return -1;
      ssize_t r = src_read (s, s->buf + s->len, s->cap - s->len);
      if (r < 0)
        {
          s->err = 1;
          return sp__fail ("cannot read %s: %s", s->name, strerror (errno));
        }
      if (text_check (s, s->buf + s->len, (size_t) r))
        return -1;
      s->eof = r == 0;
      nl = last_newline (s->buf + s->len, (size_t) r);
      s->len += (size_t) r;
    }
  char *lim = nl ? nl + 1 : s->buf + s->len;
  memset (s->buf + s->len, 0, SP_SRC_PAD);
  s->cur = s->buf;
  s->lim = lim;
  s->saved = *lim;
  *lim = '\0';
  return (size_t) (lim - s->buf) > old;
}

int64_t
sp__src_tell (const sp_src *s)
{
  return s->off - (int64_t) s->len + (s->buf ? s->cur - s->buf : 0);
}

int
sp__src_can_seek (const sp_src *s)
{
  return s->size >= 0;
}

void
sp__src_seek (sp_src *s, int64_t pos, int64_t line)
{
  if (s->fd < 0)
    {
      s->mem = s->mem0 + pos;
      s->memlen = (size_t) (s->size - pos);
    }
  if (s->buf)
    *s->lim = s->saved;
  s->len = 0;
  s->cur = s->lim = s->buf;
  s->eof = 0;
  s->off = pos;
  s->line = line;
  s->bol = -1;
}

int64_t
sp__src_line_at (const sp_src *s, int64_t pos)
{
  char buf[4096];
  for (int64_t at = pos - 1; at < s->size;)
    {
      size_t n = s->size - at < (int64_t) sizeof buf ? (size_t) (s->size - at)
                                                      : sizeof buf;
      const char *p = buf;
      if (s->fd < 0)
        p = s->mem0 + at;
      else
        {
          ssize_t r = file_read (s->fd, buf, n, at);
          if (r <= 0)
            return r < 0 ? sp__fail ("cannot read %s: %s", s->name,
                                     strerror (errno))
                         : s->size;
          n = (size_t) r;
        }
      const char *nl = memchr (p, '\n', n);
      if (nl)
        return at + (nl - p) + 1;
      at += (int64_t) n;
    }
  return s->size;
}

/* ------------------------------------------------------------- parts */

/* Where part T of PARTS of S's input from POS on starts.  */
static int64_t
part_start (const sp_src *s, int64_t pos, int t, int parts)
{
  if (t == 0)
    return pos;
  if (t == parts)
    return s->size;
  return sp__src_line_at (s, pos + (s->size - pos) / parts * t);
}

int
sp__parts_cut (const sp_src *s, int parts, int64_t *from)
{
  int64_t pos = sp__src_tell (s);
  for (int t = 0; t <= parts; t++)
    if ((from[t] = part_start (s, pos, t, parts)) < 0)
      return -1;
  return 0;
}

int
sp__parts_range (const sp_src *s, int part, int parts, int64_t *from,
                 int64_t *to)
{
  int64_t pos = sp__src_tell (s);
  *from = part_start (s, pos, part, parts);
  *to = part_start (s, pos, part + 1, parts);
  return *from < 0 || *to < 0 ? -1 : 0;
}

typedef struct parts_job
{
  const sp_src *src;
  const int64_t *from;
  int (*read) (sp_src *, int, void *);
  void *ctx;
  int ok[SP_MAX_THREADS];
} parts_job;

static void
part_run (void *ctx, int t, int parts)
{
  parts_job *j = ctx;
  sp_src s;
  (void) parts;
  sp__src_part (&s, j->src, j->from[t], j->from[t + 1]);
  j->ok[t] = j->read (&s, t, j->ctx) == 0;
  sp__src_close (&s);
}

int
sp__parts_read (const sp_src *s, int parts, const int64_t *from,
                int (*read) (sp_src *part, int t, void *ctx), void *ctx)
{
  parts_job j = { s, from, read, ctx, { 0 } };
  int ok = 1;
  sp__parallel (parts, part_run, &j);
  for (int t = 0; t < parts; t++)
    ok &= j.ok[t];
  return ok;
}

#ifdef __SSE2__
/* The newlines among the 64 bytes at C, a bit each.  */
static inline uint64_t
newlines64 (const char *c)
{
  const __m128i nl = _mm_set1_epi8 ('\n');
  uint64_t m = 0;
  for (int k = 0; k < 4; k++)
    m |= (uint64_t) (uint16_t) _mm_movemask_epi8
           (_mm_cmpeq_epi8 (_mm_loadu_si128 ((const __m128i *) (c + 16 * k)),
                            nl)) << (16 * k);
  return m;
}
#endif

/* The first pass over lines at P, a line start in a window ending at
   LIM, counted while each is plain: a first coordinate (a matrix's row)
   of 1 to 7 digits below ROWS at the line's start, then a blank, counted
   in CNT[(coordinate - 1) >> SHIFT].  The newlines of 64
   bytes are found at once and each row read in one 8-byte load, so that
   no branch waits on a line's length or its digits.  Stops at LIMIT
   entries, at the last 64 bytes of the window, or at the first line it
   cannot take, which it returns for the careful loop.  */
const char *
sp__io_count_plain (const char *p, const char *lim, int64_t rows,
                    int32_t *cnt, int shift, int64_t *count, int64_t limit)
{
#ifdef __SSE2__
  const char *start = p;
  int64_t n = *count;
  for (const char *c = p; c + 64 <= lim && n < limit; c += 64)
    {
      uint64_t m = newlines64 (c);
      for (; m && n < limit; m &= m - 1)
        {
          uint64_t x = sp__load8 (start);
          int d = sp__lead_digits (x);
          uint64_t v = d ? sp__lead_value (x, d) : 0;
          char after = (char) (x >> (8 * (d & 7)));
          /* Eight digits leave no room for the blank: careful loop.  */
          if (d == 0 || (after != ' ' && after != '\t')
              || v - 1 >= (uint64_t) rows)
            break;
          cnt[(v - 1) >> shift]++;
          n++;
          start = c + __builtin_ctzll (m) + 1;
        }
      if (m && n < limit)
        break;
    }
  *count = n;
  return start;
#else
  (void) lim, (void) rows, (void) cnt, (void) shift, (void) count;
  (void) limit;
  return p;
#endif
}

/* ------------------------------------------------------- token helpers */

int
sp__io_changed (const char *name)
{
  return sp__fail ("%s changed while it was read", name);
}

/* Whether the line last handed out holds a NUL byte.  */
static int
line_has_nul (const sp_src *s)
{
  if (s->bol < 0 || !s->buf)
    return 0;
  const char *p = s->buf + s->bol;
  const char *nl = memchr (p, '\n', (size_t) (s->lim - p));
  return memchr (p, '\0', (size_t) ((nl ? nl : s->lim) - p)) != NULL;
}

int
sp__io_fail (const sp_src *s, const char *fmt, ...)
{
  char msg[400];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (msg, sizeof msg, fmt, ap);
  va_end (ap);
  if (line_has_nul (s))
    snprintf (msg, sizeof msg, "NUL byte: not a text file");
  return sp__fail ("%s:%lld: %s", s->name,
                   (long long) (s->line > 0 ? s->line : 1), msg);
}

const char *
sp__io_token (const sp_src *s, const char *p, char *buf, size_t len)
{
  size_t k = 0;
  for (; !sp__io_sep (s, p) && k + 5 < len; p++)
    {
      unsigned char c = (unsigned char) *p;
      if (c >= 0x20 && c < 0x7F)
        buf[k++] = (char) c;
      else
        k += (size_t) snprintf (buf + k, len - k, "\\x%02x", c);
    }
  buf[k] = '\0';
  if (!sp__io_sep (s, p))
    snprintf (buf + k, len - k, "...");
  return buf;
}

int
sp__io_end_line (sp_src *s, const char *p, const char *after)
{
  char tok[40];
  p = sp__io_blanks (p);
  if (*p == '\n')
    p++;
  else if (p != s->lim)
    return sp__io_fail (s, "unexpected '%s' after %s",
                        sp__io_token (s, p, tok, sizeof tok), after);
  s->cur = (char *) p;
  return 0;
}

void
sp__io_skip_line (sp_src *s, const char *p)
{
  const char *nl = memchr (p, '\n', (size_t) (s->lim - p));
  s->cur = nl ? (char *) nl + 1 : s->lim;
}

const char *
sp__io_content_line (sp_src *s, char comment)
{
  const char *p;
  while ((p = sp__src_line (s)))
    {
      const char *q = sp__io_blanks (p);
      if (*q != comment && !sp__io_eol (s, q))
        return q;
      /* A comment is skipped, but not the garbage it may hold.  */
      if (line_has_nul (s))
        {
          s->err = 1;
          sp__io_fail (s, "NUL byte: not a text file");
          return NULL;
        }
      sp__io_skip_line (s, q);
    }
  return NULL;
}

/* The token at *P (after blanks) for WHAT: its start, or NULL with a
   message when the line has ended.  */
static const char *
token_start (sp_src *s, const char **p, const char *what)
{
  const char *q = sp__io_blanks (*p);
  if (sp__io_eol (s, q))
    {
      sp__io_fail (s, "missing %s", what);
      return NULL;
    }
  return q;
}

/* Report the token at P (named WHAT) that did not scan as a number.  */
static int
bad_number (sp_src *s, const char *p, const char *what, sp_scan_status st,
            const char *range)
{
  char tok[40];
  sp__io_token (s, p, tok, sizeof tok);
  if (st == SP_SCAN_RANGE)
    return sp__io_fail (s, "%s %s does not fit in %s", what, tok, range);
  return sp__io_fail (s, "bad %s '%s'", what, tok);
}

int
sp__io_int (sp_src *s, const char **p, const char *what, int64_t *v)
{
  sp_scan_status st;
  const char *q = token_start (s, p, what);
  if (!q)
    return -1;
  const char *e = sp__scan_int64 (q, v, &st);
  if (st != SP_SCAN_OK || !sp__io_sep (s, e))
    return bad_number (s, q, what, st == SP_SCAN_RANGE && sp__io_sep (s, e)
                                   ? st : SP_SCAN_NONE, "64 bits");
  *p = e;
  return 0;
}

int
sp__io_coord (sp_src *s, const char **p, int64_t n, const char *what,
              int64_t *x)
{
  int64_t v;
  if (sp__io_int (s, p, what, &v))
    return -1;
  if (v < 1 || v > n)
    {
      if (n == INT64_MAX)
        return sp__io_fail (s, "coordinate %lld below 1 in %s",
                            (long long) v, what);
      return sp__io_fail (s, "coordinate %lld out of range 1..%lld in %s",
                          (long long) v, (long long) n, what);
    }
  *x = v - 1;
  return 0;
}

const char *
sp__io_type_name (sp_type type)
{
  static const char *const names[] = { "f64", "f32", "i64", "i32" };
  return names[type];
}

int
sp__io_f32_any (double d, double *f)
{
  float r = (float) d;
  if (isinf (r) && !isinf (d))
    return 0;
  if ((double) r != d)
    {
      /* The float on D's other side.  */
      double o = nextafterf (r, d > r ? INFINITY : -INFINITY);
      if (d - r == o - d)
        return 0;
    }
  *f = r;
  return 1;
}

/* Integer X, the value token at Q, as TYPE's value.  */
static int
int_value (sp_src *s, const char *q, sp_type type, int64_t x, sp_num *v)
{
  char tok[40];
  if (!sp__io_int_fits (type, x))
    return sp__io_fail (s, "value %s does not fit %s",
                        sp__io_token (s, q, tok, sizeof tok),
                        sp__io_type_name (type));
  *v = sp__num_of_int (type, x);
  return 0;
}

/* The value token at Q for an integer TYPE: an integer, in any form.  */
static int
integral_value (sp_src *s, const char **p, const char *q, sp_type type,
                sp_num *v)
{
  char tok[40];
  sp_scan_status st;
  int64_t x;
  double d;
  const char *e = sp__scan_integral (q, &x, &st);
  if (st == SP_SCAN_NONE || !sp__io_sep (s, e))
    {
      /* inf and nan are numbers, but not integers.  */
      e = sp__scan_double (q, s->lim, &d, &st);
      if (st == SP_SCAN_NONE || !sp__io_sep (s, e))
        return bad_number (s, q, "value", SP_SCAN_NONE, "");
      st = SP_SCAN_FRACTION;
    }
  sp__io_token (s, q, tok, sizeof tok);
  if (st == SP_SCAN_FRACTION)
    return sp__io_fail (s, "value %s is not an integer (the element type "
                        "is %s)", tok, sp__io_type_name (type));
  if (st == SP_SCAN_RANGE)
    return sp__io_fail (s, "value %s does not fit %s", tok,
                        sp__io_type_name (type));
  *p = e;
  return int_value (s, q, type, x, v);
}

int
sp__io_value (sp_src *s, const char **p, int integer, sp_type type,
              sp_num *v)
{
  char tok[40];
  const char *q = token_start (s, p, integer ? "integer value" : "value");
  if (!q)
    return -1;
  if (integer)
    {
      int64_t x;
      return sp__io_int (s, p, "integer value", &x)
             || int_value (s, q, type, x, v) ? -1 : 0;
    }
  if (sp__is_int (type))
    return integral_value (s, p, q, type, v);
  sp_scan_status st;
  const char *e = sp__scan_double (q, s->lim, &v->d, &st);
  if (st != SP_SCAN_OK || !sp__io_sep (s, e))
    return bad_number (s, q, "value", st == SP_SCAN_RANGE && sp__io_sep (s, e)
                                      ? st : SP_SCAN_NONE, "a double");
  if (type == SP_F32 && !sp__io_f32 (v->d, &v->d))
    {
      /* strtof reads the same token (what follows it is a blank or the
         window's NUL) and rounds it once.  */
      float r = strtof (q, NULL);
      if (isinf (r) && !isinf (v->d))
        return sp__io_fail (s, "value %s does not fit f32",
                            sp__io_token (s, q, tok, sizeof tok));
      v->d = r;
    }
  *p = e;
  return 0;
}

/* Whether level K of F stores coordinates that its crd width bounds.  */
static int
stores_crd (const sp_format *f, int k)
{
  return sp_lvl_is_sparse (f->lv[k].type) && f->lv[k].kind != SP_LX_COUNT;
}

int
sp__io_crd_narrow (const sp_format *f, const int64_t *dims)
{
  sp_layout lo;
  if (sp__layout (f, dims, &lo))
    return 0;
  for (int k = 0; k < f->nlevels; k++)
    if (stores_crd (f, k) && lo.size[k] - 1 > sp__ix_max (f->crdw))
      return 1;
  return 0;
}

/* 0 when level K of F can store coordinate C, else -1 with assembly's
   message, of S's line.  */
static int
crd_fits (sp_src *s, const sp_format *f, int k, int64_t c)
{
  sp_tensor t = { .fmt = *f };
  char msg[300];
  if (!sp__check_crd (&t, k, c))
    return 0;
  snprintf (msg, sizeof msg, "%s", sp_error ());
  return sp__io_fail (s, "%s", msg);
}

int
sp__io_crd_check (sp_src *s, const sp_format *f, const int64_t *dims,
                  const int64_t *x)
{
  int64_t lc[SP_MAX_LEVELS];
  sp__lcs (f, dims, x, lc);
  for (int k = 0; k < f->nlevels; k++)
    if (stores_crd (f, k) && crd_fits (s, f, k, lc[k]))
      return -1;
  return 0;
}

void
sp__io_crd_bounds (const sp_format *f, int64_t *bound)
{
  int64_t most = sp__ix_max (f->crdw);
  for (int k = 0; k < f->nlevels; k++)
    if (stores_crd (f, k) && f->lv[k].kind == SP_LX_VAR && most < INT64_MAX
        && bound[f->lv[k].dim] > most + 1)
      bound[f->lv[k].dim] = most + 1;
}

int
sp__io_crd_plain (sp_src *s, const sp_format *f, const int64_t *x)
{
  for (int k = 0; k < f->nlevels; k++)
    if (stores_crd (f, k) && f->lv[k].kind == SP_LX_VAR
        && crd_fits (s, f, k, x[f->lv[k].dim]))
      return -1;
  return 0;
}

int64_t
sp__io_reserve (int64_t size, int64_t minlen, int64_t want)
{
  int64_t most = size < 0 ? (int64_t) 1 << 16 : size / minlen + 1;
  return want < most ? want : most;
}

/* ------------------------------------------------------------ writing */

static int
count_one (void *ctx, const int64_t *x, double v)
{
  (void) x;
  (void) v;
  ++*(int64_t *) ctx;
  return 0;
}

int64_t
sp__io_count (const sp_tensor *t)
{
  int64_t n = 0;
  return sp__foreach (t, count_one, &n) ? -1 : n;
}

static char *
put_uint (char *p, uint64_t v)
{
  char tmp[20];
  int n = 0;
  do
    tmp[n++] = (char) ('0' + v % 10);
  while (v /= 10);
  while (n)
    *p++ = tmp[--n];
  return p;
}

/* Write the entry at X (E-th of a batch of SP_BATCH) with value V of
   TYPE to F as a line.  */
static int
put_entry (FILE *f, int rank, const int64_t *x, int e, sp_type type,
           sp_num v)
{
  char line[SP_MAX_RANK * 21 + 48];
  char *p = line;
  for (int d = 0; d < rank; d++)
    {
      p = put_uint (p, (uint64_t) x[d * SP_BATCH + e] + 1);
      *p++ = ' ';
    }
  /* %.17g reads back as the same double, %.9g as the same float.  */
  if (sp__is_int (type))
    {
      *p = '-';
      p += v.i < 0;
      p = put_uint (p, v.i < 0 ? 0 - (uint64_t) v.i : (uint64_t) v.i);
    }
  else
    p += snprintf (p, (size_t) (line + sizeof line - 1 - p),
                   type == SP_F32 ? "%.9g" : "%.17g", v.d);
  *p++ = '\n';
  size_t n = (size_t) (p - line);
  return fwrite (line, 1, n, f) == n ? 0 : -1;
}

int
sp__io_put_entries (const sp_tensor *t, FILE *f)
{
  int64_t x[SP_BATCH * SP_MAX_RANK], p[SP_BATCH];
  sp_layout lo;
  sp_walk it;
  int n;
  if (sp__ready (t, "sp_write") || sp__layout (&t->fmt, t->dims, &lo))
    return -1;
  sp__iter_init (&it, t, &lo);
  while ((n = sp__iter_batch (&it, x, p)) > 0)
    for (int e = 0; e < n; e++)
      if (put_entry (f, lo.rank, x, e, t->type,
                     sp__num_load (t->vals, t->type, p[e])))
        return -1;
  return 0;
}

/* ---------------------------------------------------------- dispatch */

typedef enum { KIND_NONE, KIND_MTX, KIND_TNS } file_kind;

static file_kind
kind_of (const char *path)
{
  const char *dot = strrchr (path, '.');
  if (dot && strchr (dot, '/') == NULL)
    {
      if (strcasecmp (dot, ".mtx") == 0)
        return KIND_MTX;
      if (strcasecmp (dot, ".tns") == 0)
        return KIND_TNS;
    }
  sp__fail ("%s: unknown file type (expected a .mtx or .tns extension)",
            path);
  return KIND_NONE;
}

int
sp__io_format_rank (const char *format)
{
  sp_format f;
  sp_format_error err;
  return sp_format_parse (format, 0, &f, &err) == 0 ? f.rank : 0;
}

int
sp__io_format (const char *format, int rank, const char *name, sp_format *f)
{
  int r = sp__io_format_rank (format);
  if (r && r != rank)
    return sp__fail ("%s: rank mismatch: the file holds a rank-%d tensor, "
                     "format \"%.100s\" has rank %d", name, rank, format, r);
  return sp__parse_format (format, rank, f);
}

/* Read S (of KIND) for FORMAT and TYPE: into *T when the reader builds
   the tensor itself, else into the lists C[0 .. *NC), with FORMAT parsed
   into F.  */
static int
read_coo (sp_src *s, file_kind kind, const char *format, sp_type type,
          int flags, sp_format *f, sp_coo *c, int *nc, sp_tensor **t)
{
  *t = NULL;
  *nc = 1;
  /* Matrix Market files are matrices: a bad format fails before the file
     is read.  */
  if (kind == KIND_MTX)
    return sp__io_format (format, 2, s->name, f)
           || sp__mtx_read (s, flags, f, type, c, t) ? -1 : 0;
  return sp__tns_read (s, format, type, flags, f, c, nc, t);
}

/* Lists of many entries whose keys fit a word are sorted in buckets of
   the keys' top bits: their records go straight to their bucket (a first
   pass over the lists counts them), and each bucket, a few thousand
   records, is sorted in the cache by the rest of its key.  That needs no
   second array of records as sorting them all at once does, and no pass
   of that sort over all the records.  */
#define BUCKET_MIN ((int64_t) 1 << 16)  /* fewer records: sorted at once */
#define BUCKET_SIZE 8192                /* records of a bucket, about */
#define BUCKET_BITS_MAX 12

/* Lists turned into sort records, one a thread.  */
typedef struct list_pack
{
  const sp_format *f;
  const sp_layout *lo;
  sp_type type;
  sp_coo *c;
  uint64_t *rec;
  int64_t first[SP_MAX_THREADS];   /* the first record of each list */
  int shift;                       /* a bucket holds the keys of equal
                                      key >> shift; -1: no buckets */
  int counting;                    /* the first pass */
  int64_t (*next)[1 << BUCKET_BITS_MAX]; /* of each list, its count in
                                      each bucket, then where its next
                                      record there goes */
  int64_t *start;                  /* of each bucket, its first record */
  int64_t n;
  int ok[SP_MAX_THREADS];
  /* A key of one word whose levels each store a coordinate as it is:
     the coordinate of dimension DIM[i] shifted by SHIFT_OF[i], for the
     TERMS of them (-1: not so).  */
  int terms;
  int dim[SP_MAX_LEVELS], shift_of[SP_MAX_LEVELS];
} list_pack;

/* Set K->terms (and its terms) for the layout K->lo.  */
static void
plain_key (list_pack *k)
{
  const sp_layout *lo = k->lo;
  int off = lo->keybits;
  k->terms = -1;
  if (lo->keywords != 1)
    return;
  int n = 0;
  for (int i = 0; i < lo->nkey; i++)
    {
      const sp_level_fmt *l = &k->f->lv[lo->key[i]];
      if (lo->kbits[i] == 0)
        continue;
      if (l->kind != SP_LX_VAR)
        return;
      off -= lo->kbits[i];
      k->dim[n] = l->dim;
      k->shift_of[n++] = off;
    }
  k->terms = n;
}

/* The key of entry E of list C into R: of a narrow list and a plain
   key without the general packing.  */
static inline void
entry_key (const list_pack *k, const sp_coo *c, int64_t e, uint64_t *r)
{
  int64_t lc[SP_MAX_LEVELS], x[SP_MAX_RANK];
  if (k->terms >= 0 && c->idx32)
    {
      const int32_t *xe = c->idx32 + e * c->rank;
      uint64_t key = 0;
      for (int i = 0; i < k->terms; i++)
        key |= (uint64_t) xe[k->dim[i]] << k->shift_of[i];
      *r = key;
      return;
    }
  const int64_t *xe = c->idx ? c->idx + e * c->rank : x;
  for (int d = 0; !c->idx && d < c->rank; d++)
    x[d] = c->idx32[e * c->rank + d];
  sp__lcs (k->f, c->dims, xe, lc);
  sp__key_pack (k->lo, lc, r);
}

/* The value of entry E of list C as a record's word.  */
static inline uint64_t
entry_value (const list_pack *k, const sp_coo *c, int64_t e)
{
  return c->ints ? (uint64_t) c->ival[e]
                 : (uint64_t) sp__num_from (k->type, c->val[e]).i;
}

/* List T: counted by buckets, or made records (in its part of the
   records, or in its part of each bucket) and freed.  */
static void
pack_list (void *ctx, int t, int parts)
{
  list_pack *k = ctx;
  sp_coo *c = &k->c[t];
  int rw = k->lo->keywords + 1, shift = k->shift;
  int64_t *next = shift >= 0 ? k->next[t] : NULL;
  uint64_t key;
  (void) parts;
  if (k->counting)
    for (int64_t e = 0; e < c->n; e++)
      {
        entry_key (k, c, e, &key);
        next[key >> shift]++;
      }
  else if (shift >= 0)
    for (int64_t e = 0; e < c->n; e++)
      {
        entry_key (k, c, e, &key);
        uint64_t *r = k->rec + 2 * next[key >> shift]++;
        r[0] = key;
        r[1] = entry_value (k, c, e);
      }
  else
    for (int64_t e = 0; e < c->n; e++)
      {
        uint64_t *r = k->rec + (k->first[t] + e) * rw;
        entry_key (k, c, e, r);
        r[rw - 1] = entry_value (k, c, e);
      }
  if (!k->counting)
    sp__coo_release (c);
}

/* Sort the buckets holding records n*T/PARTS to n*(T+1)/PARTS (those
   whose first record is there), by the key bits below the bucket's.  */
static void
sort_buckets (void *ctx, int t, int parts)
{
  list_pack *k = ctx;
  int64_t lo = k->n * t / parts, hi = k->n * (t + 1) / parts;
  int nb = 1 << (k->lo->keybits - k->shift);
  k->ok[t] = 1;
  for (int b = 0; b < nb && k->ok[t]; b++)
    if (k->start[b] >= lo && k->start[b] < hi)
      k->ok[t] = !sp__sort_records (k->rec + 2 * k->start[b],
                                    k->start[b + 1] - k->start[b], 1, 2,
                                    k->shift);
}

/* The records of the lists of K (NC of them) in K->rec, sorted by key,
   the lists freed: in buckets when K->shift >= 0 (the lists of several
   at once by threads, and the buckets).  0, or -1 with a message.  */
static int
list_records (list_pack *k, int nc)
{
  int rc = 0;
  if (k->shift < 0)
    {
      sp__parallel (nc, pack_list, k);
      return sp__sort_records (k->rec, k->n, k->lo->keywords,
                               k->lo->keywords + 1, k->lo->keybits);
    }
  int nb = 1 << (k->lo->keybits - k->shift);
  k->next = calloc ((size_t) nc, sizeof *k->next);
  k->start = malloc ((size_t) (nb + 1) * sizeof *k->start);
  if (!k->next || !k->start)
    rc = sp__fail ("out of memory for sorting %lld records",
                   (long long) k->n);
  else
    {
      k->counting = 1;
      sp__parallel (nc, pack_list, k);
      /* Each bucket holds the records of the lists in turn: file order
         among equal keys.  */
      int64_t at = 0;
      for (int b = 0; b < nb; b++)
        {
          k->start[b] = at;
          for (int t = 0; t < nc; t++)
            {
              int64_t m = k->next[t][b];
              k->next[t][b] = at;
              at += m;
            }
        }
      k->start[nb] = at;
      k->counting = 0;
      sp__parallel (nc, pack_list, k);
      sp__parallel (nc, sort_buckets, k);
      for (int t = 0; t < nc && !rc; t++)
        if (!k->ok[t])
          rc = sp__fail ("out of memory for sorting %lld records",
                         (long long) k->n);
    }
  free (k->next);
  free (k->start);
  return rc;
}

/* The tensor of format F and TYPE holding the entries of the lists
   C[0 .. NC) (of equal extents) one after the other, which add up where
   they repeat, in that order: built from records sorted by key, as
   sp__from_coo builds from a list out of order, but for lists of
   integers and narrow lists of any rank as they are.  The lists are
   freed once the records hold their entries; several lists are made
   records at once by threads.  */
static sp_tensor *
list_tensor (const sp_format *f, sp_type type, sp_coo *c, int nc)
{
  uint64_t *rec = NULL;
  sp_layout lo;
  list_pack k = { f, &lo, type, c, NULL, { 0 }, -1, 0, NULL, NULL, 0,
                  { 0 }, -1, { 0 }, { 0 } };
  for (int t = 0; t < nc; t++)
    {
      k.first[t] = k.n;
      k.n += c[t].n;
    }
  sp_tensor *t = sp__alloc (f, type, c->dims);
  int rw = !t || sp__layout (f, c->dims, &lo) ? 0 : lo.keywords + 1;
  if (!rw || !(rec = sp__alloc_array (k.n, rw * sizeof *rec, -1,
                                      "sort records")))
    goto fail;
  k.rec = rec;
  plain_key (&k);
  if (lo.keywords == 1 && k.n >= BUCKET_MIN)
    {
      int bits = 1;
      while (bits < BUCKET_BITS_MAX && bits < lo.keybits
             && (k.n >> bits) > BUCKET_SIZE)
        bits++;
      k.shift = lo.keybits - bits;
    }
  if (list_records (&k, nc) || sp__build_sorted (t, &lo, rec, k.n, 0))
    goto fail;
  sp__free_array (rec);
  ((sp_priv *) t->priv)->built = 1;
  t->dirty = 0;
  return t;
fail:
  sp__free_array (rec);
  sp_free (t);
  return NULL;
}

/* Make the message of the failure just reported start with NAME.  */
static void
name_failure (const char *name)
{
  char msg[512];
  size_t n = strlen (name);
  snprintf (msg, sizeof msg, "%s", sp_error ());
  if (strncmp (msg, name, n) != 0 || msg[n] != ':')
    sp__fail ("%s: %s", name, msg);
}

/* The tensor of the lists C[0 .. NC) a reader of KIND made (freed
   here).  */
static sp_tensor *
lists_tensor (file_kind kind, const sp_format *f, sp_type type, sp_coo *c,
              int nc)
{
  /* Matrix Market lists of doubles go the ways sp__from_coo has for
     matrices.  */
  sp_tensor *t = c->ints || kind == KIND_TNS ? list_tensor (f, type, c, nc)
                                             : sp__from_coo (f, type, c);
  for (int k = 0; k < nc; k++)
    sp__coo_free (&c[k]);
  return t;
}

/* Read S (of KIND) into a tensor of FORMAT and TYPE.  */
static sp_tensor *
read_src (sp_src *s, file_kind kind, const char *format, sp_type type,
          int flags)
{
  sp_format f;
  sp_coo c[SP_MAX_THREADS];
  sp_tensor *t = NULL;
  int nc = 0;
  if ((unsigned) type > SP_I32)
    sp__fail ("bad element type %d", (int) type);
  else if (read_coo (s, kind, format, type, flags, &f, c, &nc, &t) == 0
           && !t)
    t = lists_tensor (kind, &f, type, c, nc);
  if (!t)
    name_failure (s->name);
  return t;
}

sp_tensor *
sp__read_flags (const char *path, const char *format, sp_type type,
                int flags)
{
  sp_src s;
  if (!path)
    {
      sp__fail ("sp_read: no path");
      return NULL;
    }
  file_kind kind = kind_of (path);
  if (kind == KIND_NONE || sp__src_file (&s, path))
    return NULL;
  sp_tensor *t = read_src (&s, kind, format, type, flags);
  sp__src_close (&s);
  return t;
}

sp_tensor *
sp_read (const char *path, const char *format, sp_type type)
{
  return sp__read_flags (path, format, type, 0);
}

int
sp__read_part (const char *path, const char *format, sp_type type, int part,
               int parts, sp_part *out)
{
  sp_src s;
  int rc;
  memset (out, 0, sizeof *out);
  out->type = type;
  file_kind kind = path ? kind_of (path) : KIND_NONE;
  out->tns = kind == KIND_TNS;
  if (kind == KIND_NONE || (unsigned) type > SP_I32
      || sp__src_file (&s, path))
    return -1;
  if (kind == KIND_MTX)
    {
      rc = sp__io_format (format, 2, path, &out->f) ? -1
           : sp__mtx_read_part (&s, &out->f, type, part, parts, &out->c,
                                &out->declared, &out->lines);
      if (!rc)
        memcpy (out->dims, out->c.dims, 2 * sizeof *out->dims);
    }
  else
    rc = sp__tns_read_part (&s, format, type, part, parts, &out->f, &out->c,
                            out->dims, &out->declared, &out->lines);
  sp__src_close (&s);
  return rc;
}

sp_tensor *
sp__part_tensor (sp_part *p)
{
  memcpy (p->c.dims, p->dims, sizeof p->dims);
  return lists_tensor (p->tns ? KIND_TNS : KIND_MTX, &p->f, p->type, &p->c,
                       1);
}

sp_tensor *
sp__read_mem (const char *data, size_t len, const char *name,
              const char *format, sp_type type, int flags)
{
  sp_src s;
  file_kind kind = kind_of (name);
  if (kind == KIND_NONE)
    return NULL;
  sp__src_mem (&s, data, len, name);
  sp_tensor *t = read_src (&s, kind, format, type, flags);
  sp__src_close (&s);
  return t;
}

int
sp__io_head (const sp_tensor *t, FILE *f, const char *path, int flags,
             int64_t n)
{
  file_kind kind = kind_of (path);
  if (kind == KIND_NONE)
    return -1;
  return kind == KIND_MTX ? sp__mtx_head (t, f, path, n)
                          : sp__tns_head (t, f, path, flags, n);
}

int
sp__write_flags (const sp_tensor *t, const char *path, int flags)
{
  if (!t || !path)
    return sp__fail ("sp_write: no %s", t ? "path" : "tensor");
  if (sp__distributed (t))
    return sp__dist_ops->write (t, path, flags);
  file_kind kind = kind_of (path);
  if (kind == KIND_NONE)
    return -1;
  FILE *f = fopen (path, "w");
  if (!f)
    return sp__fail ("cannot create %s: %s", path, strerror (errno));
  setvbuf (f, NULL, _IOFBF, 1 << 16);
  int rc = kind == KIND_MTX ? sp__mtx_write (t, f, path)
                            : sp__tns_write (t, f, path, flags);
  /* A write error explains a failure better than anything else.  */
  int bad = ferror (f);
  bad |= fclose (f) != 0;
  if (bad)
    rc = sp__fail ("cannot write %s: %s", path, strerror (errno));
  /* Leave no half-written file behind.  */
  if (rc)
    remove (path);
  return rc;
}

int
sp_write (const sp_tensor *t, const char *path)
{
  return sp__write_flags (t, path, 0);
}
