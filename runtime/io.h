/* io.h -- what the file readers and writers share: an input source handed
   out in whole lines, token helpers with located error messages, and the
   entry points of the Matrix Market (mmio.c) and FROSTT (tns.c) code.

   A reader sees a window of whole lines [cur, lim) with a NUL sentinel at
   lim, so number scanning needs no length checks.  A NUL byte before lim is
   garbage in the file, never the end.  */

#ifndef SPARSE_IO_H
#define SPARSE_IO_H

#include <stdint.h>
#include <stdio.h>
#include "numscan.h"
#include "storage.h"
#include "threads.h"

/* Reader and writer options.  */
#define SP_IO_KEEP_TRIANGLE 1 /* symmetric .mtx: only the stored triangle */
#define SP_IO_TNS_HEADER 2    /* write .tns with the "rank nnz" and dims lines */
#define SP_IO_TWO_PASS 4      /* read a matrix out of row order, or a .tns
                                 file into a tensor built in place, in two
                                 passes whatever its size (for tests) */
#define SP_IO_PARTS 8         /* read a .tns file by parts on threads
                                 whatever its size (for tests) */
#define SP_IO_ONE_PASS 16     /* read a .tns file into a list whatever its
                                 size (for tests) */

typedef struct sp_src
{
  const char *name;    /* for messages */
  int fd;              /* the file, or -1 when reading MEM */
  const char *mem;     /* the rest of an in-memory input */
  const char *mem0;    /* all of it */
  size_t memlen;
  int64_t size;        /* bytes of input, -1 when unknown */
  char *buf;           /* cap bytes of data plus SP_SRC_PAD */
  size_t cap, len;     /* allocated, held */
  char *cur, *lim;     /* the unread part of the window; *lim == '\0' */
  char saved;          /* the byte the sentinel replaced */
  int eof;             /* no more input past buf[len] */
  int err;             /* a read failed (the message is set) */
  int64_t line;        /* number of the line last handed out */
  int64_t bol;         /* its offset in buf, -1 once the window moved */
  int64_t off;         /* bytes of input before buf[len] */
  int64_t end;         /* the offset the input stops at, -1: its end */
  int borrowed;        /* fd is another source's: not closed here */
} sp_src;

/* Open PATH; 0, or -1 with a message.  */
int sp__src_file (sp_src *s, const char *path);
/* Read LEN bytes at DATA, named NAME in messages.  */
void sp__src_mem (sp_src *s, const char *data, size_t len, const char *name);
/* Make the window hold more whole lines, keeping [cur, lim).  1 when it
   grew, 0 at the end of input, -1 on a read error (S->err set).  */
int sp__src_refill (sp_src *s);
void sp__src_close (sp_src *s);
/* The input offset of S->cur.  */
int64_t sp__src_tell (const sp_src *s);
/* Whether S can go back (a regular file, or memory).  */
int sp__src_can_seek (const sp_src *s);
/* Go back to offset POS (from sp__src_tell), where LINE lines had been
   handed out.  */
void sp__src_seek (sp_src *s, int64_t pos, int64_t line);
/* A source PART over the bytes [FROM, TO) of the input of S, which can
   seek: reading it does not move S, so that threads can read parts of
   one file at once.  Its line numbers count from 0.  */
void sp__src_part (sp_src *part, const sp_src *s, int64_t from, int64_t to);
/* The offset of the first line of S's input that starts at POS or after
   it (POS > 0; a line starts after a newline), the input's size when none
   does, or -1 with a message.  */
int64_t sp__src_line_at (const sp_src *s, int64_t pos);

/* Reading by parts on threads: S's input from its position on, cut
   into PARTS byte ranges at line starts, FROM[0 .. PARTS] (0, or -1
   with a message).  */
int sp__parts_cut (const sp_src *s, int parts, int64_t *from);
/* Range PART of PARTS of S's input from its position on, as
   sp__parts_cut cuts it: [*FROM, *TO) (0, or -1 with a message).  */
int sp__parts_range (const sp_src *s, int part, int parts, int64_t *from,
                     int64_t *to);
/* READ (PART, T, CTX) for each range T of FROM (cut by sp__parts_cut),
   each on a thread with its own source PART over the range (line
   numbers counting from 0 there): whether each returned 0.  A part's
   failure only says that the serial reading must read the file, which
   names the line.  */
int sp__parts_read (const sp_src *s, int parts, const int64_t *from,
                    int (*read) (sp_src *part, int t, void *ctx),
                    void *ctx);

/* The next line, counted in S->line; NULL at the end of input or on error
   (S->err).  The reader sets S->cur past the line when done with it.  */
static inline const char *
sp__src_line (sp_src *s)
{
  if (s->cur == s->lim && sp__src_refill (s) <= 0)
    return NULL;
  s->line++;
  s->bol = s->cur - s->buf;
  return s->cur;
}

/* Fail with "NAME:LINE: " and the message, or "NUL byte: not a text
   file" when the line last handed out holds one (what stopped the
   scanning, whatever it was looking for); always -1.  */
int sp__io_fail (const sp_src *s, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

/* The token at P, printable, for messages ("" at the end of the line).  */
const char *sp__io_token (const sp_src *s, const char *p, char *buf,
                          size_t len);

static inline const char *
sp__io_blanks (const char *p)
{
  while (*p == ' ' || *p == '\t' || *p == '\r')
    p++;
  return p;
}

/* Whether P, past blanks, is at the end of its line.  */
static inline int
sp__io_eol (const sp_src *s, const char *p)
{
  return *p == '\n' || p == s->lim;
}

/* Whether a token may end at P: a blank, the line's end.  */
static inline int
sp__io_sep (const sp_src *s, const char *p)
{
  return *p == ' ' || *p == '\t' || *p == '\r' || sp__io_eol (s, p);
}

/* The first newline or NUL byte from P on, eight bytes at a time (the
   window ends in a NUL and zero bytes after it).  */
static inline const char *
sp__io_line_end (const char *p)
{
  const uint64_t ones = 0x0101010101010101ULL, high = ones << 7;
  for (;; p += 8)
    {
      uint64_t x = sp__load8 (p), y = x ^ (ones * '\n');
      /* Only a byte after the first zero one can be flagged wrongly.  */
      uint64_t m = (((x - ones) & ~x) | ((y - ones) & ~y)) & high;
      if (m)
        return p + (__builtin_ctzll (m) >> 3);
    }
}

/* Bits of the coordinates below N.  */
static inline int
sp__io_bits (int64_t n)
{
  return n > 1 ? 64 - __builtin_clzll ((uint64_t) n - 1) : 0;
}

/* The first pass over the entry lines at P, a line start in a window
   ending at LIM, while each starts with a plain first coordinate of 1 to
   7 digits below ROWS and a blank: each counted in CNT[(coordinate - 1)
   >> SHIFT], and in *COUNT, up to LIMIT.  Stops at the last 64 bytes of
   the window, or at the first line it cannot take, which it returns for
   a careful loop.  */
const char *sp__io_count_plain (const char *p, const char *lim, int64_t rows,
                                int32_t *cnt, int shift, int64_t *count,
                                int64_t limit);

/* The fast paths: a token of plain digits (1 to 18 of them, no sign)
   ending in a blank or the newline, read without calls.  0 when the
   token is anything else; the caller then reads the line again with the
   careful helpers below, which say what is wrong.  A digit at a time:
   eight at once (numscan.h) makes the next token's address wait for the
   count of digits, which cost small files 15-25% and gained 3-5% on
   rmat_s20_ef16 only.  */
static inline int
sp__io_uint_fast (const char **pp, uint64_t *v)
{
  const char *p = *pp, *d = p;
  uint64_t x = 0;
  while ((unsigned char) (*p - '0') < 10)
    x = x * 10 + (uint64_t) (*p++ - '0');
  if ((uint64_t) (p - d) - 1 >= 18
      || !(*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
    return 0;
  *v = x;
  *pp = sp__io_blanks (p);
  return 1;
}

/* A 1-based coordinate in 1..N, stored 0-based.  */
static inline int
sp__io_coord_fast (const char **pp, int64_t n, int64_t *x)
{
  uint64_t v;
  if (!sp__io_uint_fast (pp, &v) || v - 1 >= (uint64_t) n)
    return 0;
  *x = (int64_t) v - 1;
  return 1;
}

/* Values are read for the element type TYPE of the tensor being read,
   into an sp_num: .i for the integer types, .d for the float types (a
   float's value for SP_F32).  A float type gets the number rounded
   correctly from its decimal text, an integer one the number exactly;
   a value with a fractional part or beyond the type's range is an error
   of its line.  */

/* Whether integer X fits TYPE exactly or, for a float type, at all.  */
static inline int
sp__io_int_fits (sp_type type, int64_t x)
{
  return type != SP_I32 || (x >= INT32_MIN && x <= INT32_MAX);
}


/* sp__io_f32 for a D of any size.  */
int sp__io_f32_any (double d, double *f);

/* The float nearest a number whose nearest double is D, into *F: 1, or 0
   when D cannot tell (D is halfway between two floats, so the number
   may be on either side) or the float overflows.  */
static inline int
sp__io_f32 (double d, double *f)
{
  uint64_t b;
  memcpy (&b, &d, 8);
  unsigned e = (unsigned) (b >> 52) & 0x7FF;
  /* Within the normal floats a tie has the 29 bits of D below the
     float's 24 at 1 followed by zeros.  */
  if (e - (1023 - 126) > 253)
    return sp__io_f32_any (d, f);
  float r = (float) d;
  if ((b & 0x1FFFFFFF) == 0x10000000 || r - r != 0)
    return 0;
  *f = r;
  return 1;
}

/* A value at *PP: an integer token when INTEGER (or TYPE is an integer
   type), else any number, followed by blanks or the newline.  */
static inline __attribute__ ((always_inline)) int
sp__io_value_fast (const sp_src *s, const char **pp, int integer,
                   sp_type type, sp_num *v)
{
  const char *p = *pp;
  if (integer || sp__is_int (type))
    {
      uint64_t u;
      int neg = *p == '-';
      p += neg;
      if (!sp__io_uint_fast (&p, &u)
          || !sp__io_int_fits (type, neg ? -(int64_t) u : (int64_t) u))
        return 0;
      /* An integer zero is +0 whatever its sign, as in sp__io_value.  */
      *v = sp__num_of_int (type, neg ? -(int64_t) u : (int64_t) u);
    }
  else
    {
      /* A plain decimal at once, anything else by the general scanner.  */
      const char *e = sp__scan_plain (p, &v->d);
      sp_scan_status st = SP_SCAN_OK;
      p = e ? e : sp__scan_double (p, s->lim, &v->d, &st);
      if (st != SP_SCAN_OK
          || !(*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
          || (type == SP_F32 && !sp__io_f32 (v->d, &v->d)))
        return 0;
      p = sp__io_blanks (p);
    }
  *pp = p;
  return 1;
}

/* The end of the line: finish it and return 1, or 0.  */
static inline int
sp__io_end_fast (sp_src *s, const char *p)
{
  if (*p != '\n')
    return 0;
  s->cur = (char *) p + 1;
  return 1;
}

/* Add an entry to C (a list of integers when C->INTS): the layout is
   internal.h's.  A narrow list turns wide at the first coordinate of 2^31
   or more.  */
static inline int
sp__io_push (sp_coo *c, const int64_t *x, sp_num v)
{
  if (c->n == c->cap && sp__coo_grow (c))
    return -1;
  if (c->idx32)
    {
      int32_t *dst = c->idx32 + c->n * c->rank;
      int64_t wide = 0;
      for (int d = 0; d < c->rank; d++)
        {
          wide |= x[d] >> 31;
          dst[d] = (int32_t) x[d];
        }
      if (wide && (sp__coo_widen (c) || sp__coo_grow (c)))
        return -1;
    }
  if (!c->idx32)
    {
      int64_t *dst = c->idx + c->n * c->rank;
      for (int d = 0; d < c->rank; d++)
        dst[d] = x[d];
    }
  if (c->ints)
    c->ival[c->n++] = v.i;
  else
    c->val[c->n++] = v.d;
  return 0;
}

/* Report that the file NAME's entries are not those a first pass over
   it counted; -1.  */
int sp__io_changed (const char *name);

/* Finish the line at P: only blanks may remain.  0, or -1 with a message
   naming what came before (AFTER, e.g. "the value").  */
int sp__io_end_line (sp_src *s, const char *p, const char *after);
/* Pass over the rest of the line at P (a comment, a blank line).  */
void sp__io_skip_line (sp_src *s, const char *p);
/* The next line that is neither blank nor a comment (starting with
   COMMENT), past its leading blanks; NULL at the end or on error.  */
const char *sp__io_content_line (sp_src *s, char comment);

/* An integer token at *P (blanks before it skipped) named WHAT; 0 and *P
   past it, or -1 with a message.  */
int sp__io_int (sp_src *s, const char **p, const char *what, int64_t *v);
/* A 1-based coordinate token at *P named WHAT, in 1..N, stored 0-based
   into *X.  0 or -1 as above.  */
int sp__io_coord (sp_src *s, const char **p, int64_t n, const char *what,
                  int64_t *x);
/* A value token at *P for TYPE, an integer when INTEGER is nonzero.  */
int sp__io_value (sp_src *s, const char **p, int integer, sp_type type,
                  sp_num *v);
/* The name of TYPE in messages ("f64", "i32", ...).  */
const char *sp__io_type_name (sp_type type);

/* Whether an entry of a tensor of format F and extents DIMS may have a
   level coordinate beyond F's crd width: then the reader checks each
   with sp__io_crd_check, so that the message names its line.  */
int sp__io_crd_narrow (const sp_format *f, const int64_t *dims);
/* 0 when the level coordinates of entry X fit F's crd width, else -1
   with a message.  */
int sp__io_crd_check (sp_src *s, const sp_format *f, const int64_t *dims,
                      const int64_t *x);

/* Where the extents are not known yet: lower BOUND[d], the coordinates
   of dimension d (0-based) a fast path takes, to those that levels of F
   storing that coordinate as it is can hold.  */
void sp__io_crd_bounds (const sp_format *f, int64_t *bound);
/* 0 when the coordinates of entry X fit the levels of F that store them
   as they are, else -1 with a message.  */
int sp__io_crd_plain (sp_src *s, const sp_format *f, const int64_t *x);

/* Entries a file of SIZE bytes (-1: unknown) can hold at MINLEN bytes an
   entry, at most WANT: the capacity to reserve, so that a lying header
   costs no memory.  */
int64_t sp__io_reserve (int64_t size, int64_t minlen, int64_t want);

/* A matrix built while its file is read (rows.c), for COO and CSR with
   32-bit index arrays and double values.  */
typedef enum
{
  SP_ROWS_SORTED, /* in (row, column) order: counted by row, listed */
  SP_ROWS_LIST,   /* out of order: listed with their rows */
  SP_ROWS_PLACED  /* placed in their block of rows, which a first pass over
                     the file has counted */
} sp_rows_mode;

typedef struct sp_rows
{
  sp_rows_mode mode;
  const char *name;     /* the file's, for messages */
  int csr;              /* building CSR, else COO */
  int shift;            /* a block holds the rows of equal i >> shift */
  int64_t dims[2];
  int64_t n, cap;       /* entries held, and room */
  int32_t *row;         /* LIST, PLACED: their rows */
  int32_t *col;
  double *val;
  int32_t *cnt;         /* dims[0] + 1 counters: of each row, or of each
                           block in the first pass */
  int32_t *block;       /* PLACED: per block, the next place and the end
                           of its part */
  int64_t lasti, lastj; /* SORTED: the last entry */
  int threads;          /* PLACED: for sorting the blocks */
  int keyed;            /* PLACED: COL holds 32-bit keys, the row within
                           the block above the column's CB bits (ROW only
                           for COO's output) */
  int cb;
} sp_rows;

/* Start B for the file NAME holding a matrix of format F, TYPE and
   extents DIMS, of at most MOST entries, with room for CAP: 1, or 0 (and
   nothing to free) when F, TYPE or the sizes are not B's case, or -1 with
   a message.  */
int sp__rows_init (sp_rows *b, const char *name, const sp_format *f,
                   sp_type type, const int64_t *dims, int64_t most,
                   int64_t cap);
int sp__rows_grow (sp_rows *b);
/* The first entry out of order has come: list the entries with rows.  */
int sp__rows_unsorted (sp_rows *b);
/* B->cnt holds the count of each block (and B nothing else): place the
   entries from now on (1), or not, B unchanged, when there cannot be so
   many (0), or -1 with a message.  */
int sp__rows_place (sp_rows *b);
/* Parts of the file placed at once by threads, each into its own range
   of every block: start PART[0 .. PARTS) to count their entries by
   blocks of rows (0, or -1 with a message).  */
int sp__rows_parts_init (sp_rows *b, sp_rows *part, int parts);
/* Once they are counted: as sp__rows_place, each part's entries of a
   block after those of the parts before it (file order).  */
int sp__rows_parts_place (sp_rows *b, sp_rows *part, int parts);
/* Once they are placed: 0 when each part got the entries it counted (B
   then holds them all), else -1 with a message.  */
int sp__rows_parts_join (sp_rows *b, sp_rows *part, int parts);
void sp__rows_parts_free (sp_rows *part, int parts);
/* Forget B's entries (B's settings stay).  */
void sp__rows_restart (sp_rows *b);
/* Report that the file's entries are not the ones counted; -1.  */
int sp__rows_changed (const sp_rows *b);
/* The tensor of format F (the one B was started for) holding B's entries,
   or NULL; B is freed either way.  */
sp_tensor *sp__rows_tensor (sp_rows *b, const sp_format *f);
void sp__rows_free (sp_rows *b);

/* Count a coordinate of row I in the first pass.  */
static inline void
sp__rows_count (sp_rows *b, int64_t i)
{
  b->cnt[i >> b->shift]++;
}

/* Add entry (I, J) = V to B (coordinates in range).  */
static inline int
sp__rows_push (sp_rows *b, int64_t i, int64_t j, double v)
{
  int32_t p;
  if (b->mode == SP_ROWS_PLACED)
    {
      int32_t *next = b->block + 2 * (i >> b->shift);
      if (next[0] == next[1])
        return sp__rows_changed (b);
      p = next[0]++;
    }
  else
    {
      if (b->n == b->cap && sp__rows_grow (b))
        return -1;
      if (b->mode == SP_ROWS_SORTED
          && (i < b->lasti || (i == b->lasti && j < b->lastj))
          && sp__rows_unsorted (b))
        return -1;
      p = (int32_t) b->n;
    }
  if (b->mode != SP_ROWS_PLACED)
    b->cnt[i]++;
  if (b->mode == SP_ROWS_SORTED)
    {
      b->lasti = i;
      b->lastj = j;
    }
  else if (b->keyed)
    {
      uint32_t r = (uint32_t) i & (((uint32_t) 1 << b->shift) - 1);
      j = (int32_t) (r << b->cb | (uint32_t) j);
    }
  else
    b->row[p] = (int32_t) i;
  b->col[p] = (int32_t) j;
  b->val[p] = v;
  b->n++;
  return 0;
}

/* Read the Matrix Market input S for format F and TYPE (parsed by the
   caller): into the tensor *T when rows.c builds F, else into C
   (initialised here, to be freed by the caller with sp__coo_free on
   success; nothing to free on failure).  */
int sp__mtx_read (sp_src *s, int flags, const sp_format *f, sp_type type,
                  sp_coo *c, sp_tensor **t);
/* How many Matrix Market files have been read by parts on threads (for
   tests: the other ways give the same tensors).  */
int64_t sp__mtx_parts_read (void);
/* Read the FROSTT input S for FORMAT (parsed into F once the file's
   rank is known) and TYPE with reader FLAGS: into the tensor *T when
   tns.c builds F in place, else into the lists C[0 .. *NC) (at most
   SP_MAX_THREADS), whose entries in turn are the file's in file order:
   several when parts of the file were read on threads, each initialised
   here and to be freed by the caller on success.  */
int sp__tns_read (sp_src *s, const char *format, sp_type type, int flags,
                  sp_format *f, sp_coo *c, int *nc, sp_tensor **t);
/* How many .tns files have been read by parts on threads (for tests).  */
int64_t sp__tns_parts_read (void);
/* How many .tns files have been read in two passes into a tensor built
   in place (for tests).  */
int64_t sp__tns_placed_read (void);

/* Part PART of PARTS of a Matrix Market file S (whose header is read
   here) into the list C (a list of integers for integer TYPEs; freed
   here on failure): its entries as sp__mtx_read lists them, in file
   order, *LINES the entry lines read, *DECLARED those of the whole file.
   0; 1 when the file must be read whole (array storage, or S cannot
   seek); -1 with a message (a part's: only the whole reading tells the
   line).  */
int sp__mtx_read_part (sp_src *s, const sp_format *f, sp_type type,
                       int part, int parts, sp_coo *c, int64_t *declared,
                       int64_t *lines);
/* The same for a FROSTT file and FORMAT (parsed into F): DIMS gets the
   declared extents, else the largest coordinates of the part plus 1 (0
   for none); *DECLARED the declared entries, else -1.  */
int sp__tns_read_part (sp_src *s, const char *format, sp_type type,
                       int part, int parts, sp_format *f, sp_coo *c,
                       int64_t *dims, int64_t *declared, int64_t *lines);

/* A part of a file read by a process of its own (sparse_mpi.h's
   sp_read_dist): the file's byte range PART of PARTS.  */
typedef struct sp_part
{
  int tns;                   /* a FROSTT file, else Matrix Market */
  sp_type type;
  sp_format f;
  sp_coo c;                  /* the entries, in file order */
  int64_t dims[SP_MAX_RANK]; /* as sp__tns_read_part's DIMS */
  int64_t declared, lines;   /* as sp__mtx_read_part's */
} sp_part;

/* Read part PART of PARTS of the file PATH for FORMAT and TYPE into OUT:
   as sp__mtx_read_part returns.  On 0 the caller frees OUT->c, or makes
   it a tensor with sp__part_tensor.  */
int sp__read_part (const char *path, const char *format, sp_type type,
                   int part, int parts, sp_part *out);
/* The tensor of P's list, whose extents P->dims are by now the file's,
   built as sp_read builds it from the same entries; P->c is freed.  */
sp_tensor *sp__part_tensor (sp_part *p);

/* The rank FORMAT states by itself (an explicit level list), else 0.  */
int sp__io_format_rank (const char *format);
/* Parse FORMAT for the rank-RANK tensor of file NAME into F: 0, or -1
   with a message.  */
int sp__io_format (const char *format, int rank, const char *name,
                   sp_format *f);

/* The entries sp__foreach visits in T, or -1.  */
int64_t sp__io_count (const sp_tensor *t);
/* Write each entry of T to F as a line "i1 .. iN value" (1-based; the
   value exactly: an integer for integer types, else digits enough to
   read back the same double or float).  */
int sp__io_put_entries (const sp_tensor *t, FILE *f);

/* Write T to F (opened on the file NAME).  0 or -1 with a message.  */
int sp__mtx_write (const sp_tensor *t, FILE *f, const char *name);
int sp__tns_write (const sp_tensor *t, FILE *f, const char *name, int flags);
/* The lines of those files before the entries, for N entries of T.  */
int sp__mtx_head (const sp_tensor *t, FILE *f, const char *name, int64_t n);
int sp__tns_head (const sp_tensor *t, FILE *f, const char *name, int flags,
                  int64_t n);
/* The one of them PATH's extension chooses.  */
int sp__io_head (const sp_tensor *t, FILE *f, const char *path, int flags,
                 int64_t n);

/* sp_read with reader FLAGS.  */
sp_tensor *sp__read_flags (const char *path, const char *format,
                           sp_type type, int flags);
/* sp_read on LEN bytes at DATA as if read from a file called NAME (whose
   extension chooses the reader), with reader FLAGS.  */
sp_tensor *sp__read_mem (const char *data, size_t len, const char *name,
                         const char *format, sp_type type, int flags);
/* sp_write with writer FLAGS.  */
int sp__write_flags (const sp_tensor *t, const char *path, int flags);

#endif /* SPARSE_IO_H */
