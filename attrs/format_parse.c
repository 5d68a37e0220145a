/* format_parse.c -- parse, print and compare format strings.

   The grammar and the expansions of the named formats are in
   sparse_format.h; the level types are in level_types.c, the named
   formats in named_formats.c.  The runtime and the plugin both link this
   file, and the runtime may call it from several threads at once: it
   keeps no state outside its arguments.  Blanks are dropped wherever they appear, so
   "C U" reads as "CU"; every offset reported points into the string as the
   user wrote it.  */

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "level_types.h"
#include "named_formats.h"
#include "sparse_format.h"

/* Longest word kept (names, level types, index variables), with its NUL.  */
#define WORD_MAX 32

/* Room for one level spelled out, such as "name/9223372036854775807:CU".  */
#define LEVEL_STR_MAX (2 * WORD_MAX + 24)

/* Names of the dimensions in printed formats and in messages about formats
   written without index variables.  */
static const char canon_var[SP_MAX_RANK][WORD_MAX]
  = { "i", "j", "k", "l", "m", "n", "o", "p" };

/* The state of one parse.  */
typedef struct parser
{
  const char *s;
  size_t pos;                      /* next byte to read */
  size_t word_end;                 /* just past the last word read */
  sp_format_error *err;
  int nvars;                       /* index variables of a mapping, else 0 */
  char var[SP_MAX_RANK][WORD_MAX]; /* names of the dimensions */
  size_t varoff[SP_MAX_RANK + 1];  /* where each index variable is declared */
  size_t lxoff[SP_MAX_LEVELS];     /* where each level's expression starts */
  size_t tyoff[SP_MAX_LEVELS];     /* where each level's type starts */
} parser;

/* A bounded output buffer that always stays NUL-terminated.  */
typedef struct outbuf
{
  char *b;
  size_t len, n;
} outbuf;

static void
put (outbuf *o, const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));

static void
put (outbuf *o, const char *fmt, ...)
{
  va_list ap;
  int w;

  if (o->n + 1 >= o->len)
    return;
  va_start (ap, fmt);
  w = vsnprintf (o->b + o->n, o->len - o->n, fmt, ap);
  va_end (ap);
  if (w > 0)
    o->n = o->n + (size_t) w < o->len ? o->n + (size_t) w : o->len - 1;
}

static int
fail (parser *p, size_t off, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));

/* Record the error at byte OFF; returns -1.  */
static int
fail (parser *p, size_t off, const char *fmt, ...)
{
  va_list ap;

  p->err->offset = off > INT_MAX ? INT_MAX : (int) off;
  va_start (ap, fmt);
  vsnprintf (p->err->msg, sizeof p->err->msg, fmt, ap);
  va_end (ap);
  return -1;
}

static int
is_blank (int c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
         || c == '\v';
}

static int
lower (int c)
{
  return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static int
is_digit (int c)
{
  return c >= '0' && c <= '9';
}

static int
is_word_start (int c)
{
  return (c >= 'a' && c <= 'z') || c == '_';
}

/* The next significant character, lowercased, or 0 at the end; leaves
   P->pos on it.  */
static int
peek (parser *p)
{
  while (is_blank ((unsigned char) p->s[p->pos]))
    p->pos++;
  return lower ((unsigned char) p->s[p->pos]);
}

static int
accept (parser *p, int c)
{
  if (peek (p) != c)
    return 0;
  p->pos++;
  return 1;
}

/* The offset of the next significant character.  */
static size_t
here (parser *p)
{
  peek (p);
  return p->pos;
}

/* Describe the next significant character for a message, in BUF.  */
static const char *
found (parser *p, char *buf, size_t len)
{
  int c = (unsigned char) p->s[here (p)];

  if (c == 0)
    return "the end of the string";
  if (c >= 0x20 && c < 0x7f)
    snprintf (buf, len, "'%c'", c);
  else
    snprintf (buf, len, "byte 0x%02x", c);
  return buf;
}

/* Consume C, or fail saying that WHAT was expected.  */
static int
expect (parser *p, int c, const char *what)
{
  char buf[16];

  if (accept (p, c))
    return 0;
  return fail (p, p->pos, "expected %s but found %s", what,
               found (p, buf, sizeof buf));
}

/* Read a word (a letter or '_', then letters, digits and '_') into W
   without its blanks, and its offset into *OFF.  Returns its length, which
   may exceed what W holds, or 0 when no word starts here.  */
static size_t
read_word (parser *p, char w[WORD_MAX], size_t *off)
{
  size_t n = 0;
  int c = peek (p);

  *off = p->word_end = p->pos;
  w[0] = 0;
  if (!is_word_start (c))
    return 0;
  while (is_word_start (c) || is_digit (c))
    {
      if (n < WORD_MAX - 1)
        w[n] = p->s[p->pos];
      n++;
      p->word_end = ++p->pos;
      c = peek (p);
    }
  w[n < WORD_MAX ? n : WORD_MAX - 1] = 0;
  return n;
}

/* The last word read, from OFF, as written (blanks and all, each shown as
   a space), for a message; in BUF.  */
static const char *
word_text (const parser *p, size_t off, char *buf, size_t len)
{
  size_t n = 0;

  for (; off < p->word_end && n + 4 < len; off++)
    buf[n++] = is_blank ((unsigned char) p->s[off]) ? ' ' : p->s[off];
  strcpy (buf + n, off < p->word_end ? "..." : "");
  return buf;
}

/* Read a decimal integer into *V and its offset into *OFF; WHAT names it
   in messages.  */
static int
read_int (parser *p, int64_t *v, size_t *off, const char *what)
{
  char buf[16];
  int64_t x = 0;
  int c = peek (p);

  *off = p->pos;
  if (!is_digit (c))
    return fail (p, *off, "expected %s (a positive integer) but found %s",
                 what, found (p, buf, sizeof buf));
  for (; is_digit (c); c = peek (p))
    {
      if (x > (INT64_MAX - (c - '0')) / 10)
        return fail (p, *off, "%s is too large: it does not fit in a "
                     "64-bit integer", what);
      x = x * 10 + (c - '0');
      p->pos++;
    }
  *v = x;
  return 0;
}

/* Read a positive integer (a block size) into *V.  */
static int
read_positive (parser *p, int64_t *v, const char *what)
{
  size_t off;

  if (read_int (p, v, &off, what))
    return -1;
  if (*v == 0)
    return fail (p, off, "%s must be positive", what);
  return 0;
}

/* Whether words A and B are equal, ignoring case.  */
static int
same_word (const char *a, const char *b)
{
  for (; *a && lower ((unsigned char) *a) == lower ((unsigned char) *b);
       a++, b++)
    ;
  return *a == 0 && *b == 0;
}

static int
level_type_of (const char *w)
{
  for (int t = 0; sp_lvl_known (t); t++)
    if (same_word (w, sp_lvl_props (t)->name))
      return t;
  return -1;
}

static const sp_named_format *
named_of (const char *w)
{
  const sp_named_format *nf;

  for (int i = 0; (nf = sp_named_format_at (i)); i++)
    if (same_word (w, nf->name))
      return nf;
  return NULL;
}

/* The level types for a message, "D, CU, CN, S or O", in BUF.  */
static const char *
level_type_list (char *buf, size_t len)
{
  outbuf o = { buf, len, 0 };

  buf[0] = 0;
  for (int t = 0; sp_lvl_known (t); t++)
    put (&o, "%s%s", t == 0 ? "" : sp_lvl_known (t + 1) ? ", " : " or ",
         sp_lvl_props (t)->name);
  return buf;
}

/* The named formats for a message, "dense, csr, ..., bcsr(R,C)", in
   BUF.  */
static const char *
named_list (char *buf, size_t len)
{
  outbuf o = { buf, len, 0 };
  const sp_named_format *nf;

  buf[0] = 0;
  for (int i = 0; (nf = sp_named_format_at (i)); i++)
    put (&o, "%s%s%s", i ? ", " : "", nf->name,
         sp_named_format_blocked (nf) ? "(R,C)" : "");
  return buf;
}

static void
add_level (sp_format *f, int type, int kind, int dim, int dim2, int64_t k)
{
  sp_level_fmt *lv = &f->lv[f->nlevels++];

  lv->type = (uint8_t) type;
  lv->kind = (uint8_t) kind;
  lv->dim = (uint8_t) dim;
  lv->dim2 = (uint8_t) dim2;
  lv->k = k;
}

/* Spell the expression of LV (and with TYPE its level type), dimensions
   named by NAMES; unknown values print as '?'.  */
static void
put_level (outbuf *o, const sp_level_fmt *lv,
           const char (*names)[WORD_MAX], int type)
{
  const char *a = lv->dim < SP_MAX_RANK ? names[lv->dim] : "?";
  const char *b = lv->dim2 < SP_MAX_RANK ? names[lv->dim2] : "?";

  switch (lv->kind)
    {
    case SP_LX_VAR:
      put (o, "%s", a);
      break;
    case SP_LX_DIV:
      put (o, "%s/%lld", a, (long long) lv->k);
      break;
    case SP_LX_MOD:
      put (o, "%s%%%lld", a, (long long) lv->k);
      break;
    case SP_LX_DIFF:
      put (o, "%s-%s", a, b);
      break;
    case SP_LX_COUNT:
      put (o, "#%s", a);
      break;
    default:
      put (o, "?");
    }
  if (type)
    put (o, ":%s", sp_lvl_props (lv->type)->name);
}

/* LV spelled with the user's names, for messages.  */
static const char *
level_str (const parser *p, const sp_level_fmt *lv, int type, char *buf,
           size_t len)
{
  outbuf o = { buf, len, 0 };

  buf[0] = 0;
  put_level (&o, lv, (const char (*)[WORD_MAX]) p->var, type);
  return buf;
}

/* The named format NF at OFF (its name just read) for a tensor of RANK.  */
static int
parse_named (parser *p, const sp_named_format *nf, size_t off, int rank,
             sp_format *f)
{
  int64_t bs[2] = { 0, 0 };

  if (sp_named_format_blocked (nf))
    {
      char comma[WORD_MAX + 48], close[WORD_MAX + 48];

      snprintf (comma, sizeof comma, "',' between the block sizes of "
                "%s(R,C)", nf->name);
      snprintf (close, sizeof close, "')' after the block sizes of %s(R,C)",
                nf->name);
      if (!accept (p, '('))
        return fail (p, p->pos, "%s needs its block sizes: %s(R,C), "
                     "e.g. %s(4,4)", nf->name, nf->name, nf->name);
      if (read_positive (p, &bs[0], "the block row count R")
          || expect (p, ',', comma)
          || read_positive (p, &bs[1], "the block column count C")
          || expect (p, ')', close))
        return -1;
    }
  if (nf->rank == 0 && rank == 0)
    return fail (p, off, "\"%s\" fits any rank and needs the array's rank; "
                 "spell its levels out instead, e.g. %s,%s for a matrix",
                 nf->name, sp_lvl_props (nf->lv[0].type)->name,
                 sp_lvl_props (nf->lv[1].type)->name);
  if (nf->rank && rank && rank != nf->rank)
    return fail (p, off, "\"%s\" is a rank-%d format but the array has "
                 "rank %d", nf->name, nf->rank, rank);
  sp_named_format_levels (nf, rank, bs, f);
  for (int l = 0; l < f->nlevels; l++)
    p->lxoff[l] = p->tyoff[l] = off;
  return 0;
}

/* A level type into *TYPE.  */
static int
parse_level_type (parser *p, int *type, size_t *off)
{
  char w[WORD_MAX], buf[WORD_MAX + 8], types[64];
  size_t n = read_word (p, w, off);

  if (n == 0)
    return fail (p, *off, "expected a level type (%s) but found %s",
                 level_type_list (types, sizeof types),
                 found (p, buf, sizeof buf));
  *type = level_type_of (w);
  if (*type < 0)
    return fail (p, *off, "unknown level type \"%s\" (expected %s)",
                 word_text (p, *off, buf, sizeof buf),
                 level_type_list (types, sizeof types));
  return 0;
}

static int
check_level_room (parser *p, const sp_format *f)
{
  if (f->nlevels < SP_MAX_LEVELS)
    return 0;
  return fail (p, here (p), "more than %d levels: a format has at most %d "
               "(SP_MAX_LEVELS)", SP_MAX_LEVELS, SP_MAX_LEVELS);
}

/* Fail unless a format of N levels or index variables (WHAT) fits the
   tensor's RANK; EXTRA points at the first one beyond RANK, END at where
   more were expected.  */
static int
check_rank (parser *p, int n, int rank, const char *what, size_t extra,
            size_t end)
{
  if (rank == 0 || n == rank)
    return 0;
  return fail (p, n > rank ? extra : end, "format has %d %s%s but the "
               "array has rank %d", n, what, n == 1 ? "" : "s", rank);
}

/* LEVELS: a list of level types, level k storing dimension k.  */
static int
parse_levels (parser *p, int rank, sp_format *f)
{
  size_t end;

  do
    {
      int type;

      if (check_level_room (p, f)
          || parse_level_type (p, &type, &p->tyoff[f->nlevels]))
        return -1;
      p->lxoff[f->nlevels] = p->tyoff[f->nlevels];
      add_level (f, type, SP_LX_VAR, f->nlevels, 0, 0);
      end = p->word_end;
    }
  while (accept (p, ','));
  f->rank = f->nlevels;
  return check_rank (p, f->nlevels, rank, "level",
                     rank < f->nlevels ? p->tyoff[rank] : 0, end);
}

static int
find_var (const parser *p, const char *w)
{
  for (int v = 0; v < p->nvars; v++)
    if (same_word (p->var[v], w))
      return v;
  return -1;
}

/* One index variable of a mapping's left side.  */
static int
parse_var_decl (parser *p, size_t *off)
{
  char w[WORD_MAX], buf[16];
  size_t n = read_word (p, w, off);

  if (n == 0)
    return fail (p, *off, "expected an index variable name but found %s",
                 found (p, buf, sizeof buf));
  if (n >= WORD_MAX)
    return fail (p, *off, "index variable name longer than %d characters",
                 WORD_MAX - 1);
  if (p->nvars == SP_MAX_RANK)
    return fail (p, *off, "more than %d index variables: a tensor has at "
                 "most rank %d (SP_MAX_RANK)", SP_MAX_RANK, SP_MAX_RANK);
  if (find_var (p, w) >= 0)
    return fail (p, *off, "index variable \"%s\" is declared twice", w);
  strcpy (p->var[p->nvars++], w);
  return 0;
}

/* A use of an index variable in a level expression, into *DIM.  */
static int
parse_var_use (parser *p, int *dim)
{
  char w[WORD_MAX], buf[WORD_MAX + 8], decl[SP_MAX_RANK * WORD_MAX];
  size_t off, n = read_word (p, w, &off);
  outbuf o = { decl, sizeof decl, 0 };

  if (n == 0)
    return fail (p, off, "expected an index variable but found %s",
                 found (p, buf, sizeof buf));
  *dim = n < WORD_MAX ? find_var (p, w) : -1;
  if (*dim >= 0)
    return 0;
  decl[0] = 0;
  for (int v = 0; v < p->nvars; v++)
    put (&o, "%s%s", v ? "," : "", p->var[v]);
  return fail (p, off, "\"%s\" is not an index variable of the left "
               "side (%s)", word_text (p, off, buf, sizeof buf), decl);
}

/* LEXPR into LV.  */
static int
parse_lexpr (parser *p, sp_level_fmt *lv)
{
  int d, d2, c;
  size_t off;

  lv->kind = accept (p, '#') ? SP_LX_COUNT : SP_LX_VAR;
  if (parse_var_use (p, &d))
    return -1;
  lv->dim = (uint8_t) d;
  if (lv->kind == SP_LX_COUNT)
    return 0;
  c = peek (p);
  if (c == '/' || c == '%')
    {
      p->pos++;
      lv->kind = c == '/' ? SP_LX_DIV : SP_LX_MOD;
      return read_positive (p, &lv->k, "the block size");
    }
  if (!accept (p, '-'))
    return 0;
  off = here (p);
  if (parse_var_use (p, &d2))
    return -1;
  if (d2 == d)
    return fail (p, off, "%s-%s is always 0: a difference needs two "
                 "different index variables", p->var[d], p->var[d]);
  lv->kind = SP_LX_DIFF;
  lv->dim2 = (uint8_t) d2;
  return 0;
}

/* MAPPING: '(' ivars ')' '->' '(' lexpr ':' level, ... ')'.  */
static int
parse_mapping (parser *p, int rank, sp_format *f)
{
  size_t close, arrow;

  p->pos++;
  do
    if (parse_var_decl (p, &p->varoff[p->nvars]))
      return -1;
  while (accept (p, ','));
  close = here (p);
  if (expect (p, ')', "',' or ')' after an index variable"))
    return -1;
  arrow = here (p);
  if (!(accept (p, '-') && accept (p, '>')))
    return fail (p, arrow, "expected '->' after the index variables");
  if (expect (p, '(', "'(' and the levels after '->'"))
    return -1;
  do
    {
      sp_level_fmt lv = { 0, 0, 0, 0, 0 };
      int type;

      if (check_level_room (p, f))
        return -1;
      p->lxoff[f->nlevels] = here (p);
      if (parse_lexpr (p, &lv)
          || expect (p, ':', "':' and a level type after the level "
                     "expression")
          || parse_level_type (p, &type, &p->tyoff[f->nlevels]))
        return -1;
      add_level (f, type, lv.kind, lv.dim, lv.dim2, lv.k);
    }
  while (accept (p, ','));
  if (expect (p, ')', "',' or ')' after a level"))
    return -1;
  f->rank = p->nvars;
  return check_rank (p, p->nvars, rank, "index variable",
                     rank < p->nvars ? p->varoff[rank] : 0, close);
}

/* BODY: a named format, a level list or a mapping.  */
static int
parse_body (parser *p, int rank, sp_format *f)
{
  char w[WORD_MAX], buf[WORD_MAX + 8], names[128];
  size_t off, n;
  const sp_named_format *nf;
  int c = peek (p);

  if (c == 0)
    return fail (p, p->pos, "empty format: expected a name such as csr, "
                 "level types such as D,CU, or a mapping (i,j)->(...)");
  if (c == '(')
    return parse_mapping (p, rank, f);
  n = read_word (p, w, &off);
  if (n == 0)
    return fail (p, off, "expected a format (a name such as csr, level "
                 "types such as D,CU, or a mapping (i,j)->(...)) but "
                 "found %s", found (p, buf, sizeof buf));
  nf = n < WORD_MAX ? named_of (w) : NULL;
  if (nf && peek (p) == ',')
    return fail (p, off, "\"%s\" is a whole format: it cannot be listed "
                 "with other levels", nf->name);
  if (nf)
    return parse_named (p, nf, off, rank, f);
  if (level_type_of (w) < 0 && peek (p) != ',' && n > 2)
    return fail (p, off, "unknown format \"%s\" (expected %s, or level "
                 "types such as D,CU)", word_text (p, off, buf, sizeof buf),
                 named_list (names, sizeof names));
  p->pos = off;
  return parse_levels (p, rank, f);
}

/* OPTION after ';': pos=BITS or crd=BITS.  SEEN collects the options
   already given.  */
static int
parse_option (parser *p, sp_format *f, int *seen)
{
  char w[WORD_MAX], buf[WORD_MAX + 8];
  size_t off, noff, n = read_word (p, w, &off);
  int64_t bits;
  int which;

  if (n == 0)
    return fail (p, off, "expected an option (pos=BITS or crd=BITS) after "
                 "';' but found %s", found (p, buf, sizeof buf));
  if (same_word (w, "pos") || same_word (w, "crd"))
    which = lower (w[0]) == 'p' ? 1 : 2;
  else
    return fail (p, off, "unknown option \"%s\" (expected pos=BITS or "
                 "crd=BITS)", word_text (p, off, buf, sizeof buf));
  if (*seen & which)
    return fail (p, off, "option %s is given twice", w);
  *seen |= which;
  if (expect (p, '=', which == 1 ? "'=' after pos" : "'=' after crd")
      || read_int (p, &bits, &noff, which == 1 ? "the pos width"
                   : "the crd width"))
    return -1;
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return fail (p, noff, "%s width %lld is not 8, 16, 32 or 64 (bits)", w,
                 (long long) bits);
  if (which == 1)
    f->posw = (uint8_t) bits;
  else
    f->crdw = (uint8_t) bits;
  return 0;
}

/* Whether dimension D is stored by a level before level L: by a plain
   index variable, or by both halves of a blocked pair.  */
static int
known_before (const sp_format *f, int l, int d)
{
  int div = 0, mod = 0;

  for (int m = 0; m < l; m++)
    if (f->lv[m].dim == d)
      {
        if (f->lv[m].kind == SP_LX_VAR)
          return 1;
        div |= f->lv[m].kind == SP_LX_DIV;
        mod |= f->lv[m].kind == SP_LX_MOD;
      }
  return div && mod;
}

/* Whether dimension D follows from the levels before L: a difference with
   another dimension that is itself known there.  */
static int
follows_before (const sp_format *f, int l, int d)
{
  for (int m = 0; m < l; m++)
    {
      const sp_level_fmt *lv = &f->lv[m];

      if (lv->kind == SP_LX_DIFF
          && (lv->dim == d || lv->dim2 == d)
          && known_before (f, l, lv->dim == d ? lv->dim2 : lv->dim))
        return 1;
    }
  return 0;
}

/* The rules of S, O and # levels for level L.  */
static int
check_level_type (parser *p, const sp_format *f, int l)
{
  const sp_level_fmt *lv = &f->lv[l];
  const char *v = p->var[lv->dim];
  int counted = 0;
  char buf[LEVEL_STR_MAX];
  /* S stores the coordinate of its parent's one entry; O computes it.  */
  int stored_single = sp_lvl_is_singleton (lv->type)
                      && !sp_lvl_is_computed (lv->type);

  for (int m = 0; m < l; m++)
    counted |= f->lv[m].kind == SP_LX_COUNT;
  if (stored_single && l == 0)
    return fail (p, p->tyoff[l], "S (singleton) cannot be the first level: "
                 "it stores one coordinate per entry of the level above it");
  if (stored_single && !counted && !sp_lvl_is_sparse (f->lv[l - 1].type))
    return fail (p, p->tyoff[l], "S (singleton) must come under a CU, CN "
                 "or S level, or below a #i level as in ELL: it holds one "
                 "coordinate for every position of its parent, and most "
                 "positions of a D level are empty");
  if (sp_lvl_is_computed (lv->type) && lv->kind != SP_LX_VAR)
    return fail (p, p->tyoff[l], "O (offset) stores nothing, so it must "
                 "be a plain index variable, not %s",
                 level_str (p, lv, 0, buf, sizeof buf));
  if (sp_lvl_is_computed (lv->type) && !follows_before (f, l, lv->dim))
    return fail (p, p->tyoff[l], "%s:O needs %s to follow from earlier "
                 "levels: a difference with %s and a level storing the "
                 "other variable must come first, as in DIA "
                 "(j-i:CU,i:D,j:O)", v, v, v);
  if (lv->kind == SP_LX_COUNT && !sp_lvl_is_dense (lv->type))
    return fail (p, p->tyoff[l], "#%s must be a D level: it numbers the "
                 "entries that share %s, and every number up to the largest "
                 "count is a slot", v, v);
  return 0;
}

/* Whether a level after L stores dimension D as a plain index variable.  */
static int
stored_after (const sp_format *f, int l, int d)
{
  for (int m = l + 1; m < f->nlevels; m++)
    if (f->lv[m].kind == SP_LX_VAR && f->lv[m].dim == d)
      return 1;
  return 0;
}

/* Whether levels A and B have the same difference or count expression.  */
static int
same_aux (const sp_level_fmt *a, const sp_level_fmt *b)
{
  if (a->kind != b->kind || (a->kind != SP_LX_DIFF && a->kind != SP_LX_COUNT))
    return 0;
  if (a->kind == SP_LX_COUNT)
    return a->dim == b->dim;
  return (a->dim == b->dim && a->dim2 == b->dim2)
         || (a->dim == b->dim2 && a->dim2 == b->dim);
}

/* The rules of # and difference levels for level L.  */
static int
check_aux (parser *p, const sp_format *f, int l)
{
  const sp_level_fmt *lv = &f->lv[l];
  char a[LEVEL_STR_MAX], b[LEVEL_STR_MAX];

  if (lv->kind == SP_LX_COUNT && !stored_after (f, l, lv->dim))
    return fail (p, p->lxoff[l], "#%s must be followed by a level storing "
                 "%s: it numbers the entries within each %s (as in ELL: "
                 "#i:D,i:D,j:S)", p->var[lv->dim], p->var[lv->dim],
                 p->var[lv->dim]);
  for (int m = 0; m < l; m++)
    if (same_aux (lv, &f->lv[m]))
      return fail (p, p->lxoff[l], "%s repeats what level %s stores",
                   level_str (p, lv, 0, a, sizeof a),
                   level_str (p, &f->lv[m], 1, b, sizeof b));
  return 0;
}

/* Fail at level L, which stores a dimension that level M stores.  */
static int
stored_twice (parser *p, const sp_format *f, int l, int m)
{
  char a[LEVEL_STR_MAX], b[LEVEL_STR_MAX];

  return fail (p, p->lxoff[l], "%s stores %s a second time (%s already "
               "does): a dimension is stored by one level, or by one pair "
               "i/K, i%%K", level_str (p, &f->lv[l], 1, a, sizeof a),
               p->var[f->lv[l].dim], level_str (p, &f->lv[m], 1, b,
                                                sizeof b));
}

/* Fail at level L, a blocked half whose other half is level M (or
   missing when M < 0).  */
static int
unpaired (parser *p, const sp_format *f, int l, int m)
{
  const sp_level_fmt *lv = &f->lv[l];
  const char *v = p->var[lv->dim];
  char a[LEVEL_STR_MAX], b[LEVEL_STR_MAX];
  sp_level_fmt want = *lv;

  want.kind = lv->kind == SP_LX_DIV ? SP_LX_MOD : SP_LX_DIV;
  level_str (p, &want, 0, b, sizeof b);
  level_str (p, lv, 0, a, sizeof a);
  if (m < 0)
    return fail (p, p->lxoff[l], "%s needs a matching %s level: a blocked "
                 "dimension is stored as the block %s/K and the offset "
                 "%s%%K in it, with the same K", a, b, v, v);
  return fail (p, p->lxoff[l], "%s does not match %s: a blocked dimension "
               "needs %s/K and %s%%K with the same K", a,
               level_str (p, &f->lv[m], 0, b, sizeof b), v, v);
}

/* Fail because no level stores dimension D.  */
static int
not_stored (parser *p, const sp_format *f, int d)
{
  const char *v = p->var[d];
  size_t off = p->nvars ? p->varoff[d] : 0;

  if (follows_before (f, f->nlevels, d))
    return fail (p, off, "no level stores %s: its value follows from a "
                 "difference, so add a level %s:O after it (as in DIA: "
                 "j-i:CU,i:D,j:O)", v, v);
  return fail (p, off, "no level stores %s: every index variable needs a "
               "level %s, or a pair %s/K and %s%%K", v, v, v, v);
}

/* Every dimension is stored once: by a plain index variable or by a pair
   i/K, i%K.  */
static int
check_dims (parser *p, const sp_format *f)
{
  int var[SP_MAX_RANK], div[SP_MAX_RANK], mod[SP_MAX_RANK];

  for (int d = 0; d < SP_MAX_RANK; d++)
    var[d] = div[d] = mod[d] = -1;
  for (int l = 0; l < f->nlevels; l++)
    {
      const sp_level_fmt *lv = &f->lv[l];
      int d = lv->dim, *mine, *other;

      if (lv->kind == SP_LX_VAR)
        {
          int m = var[d] >= 0 ? var[d] : div[d] >= 0 ? div[d] : mod[d];

          if (m >= 0)
            return stored_twice (p, f, l, m);
          var[d] = l;
          continue;
        }
      if (lv->kind != SP_LX_DIV && lv->kind != SP_LX_MOD)
        continue;
      mine = lv->kind == SP_LX_DIV ? div : mod;
      other = lv->kind == SP_LX_DIV ? mod : div;
      if (var[d] >= 0 || mine[d] >= 0)
        return stored_twice (p, f, l, var[d] >= 0 ? var[d] : mine[d]);
      if (other[d] >= 0 && f->lv[other[d]].k != lv->k)
        return unpaired (p, f, l, other[d]);
      mine[d] = l;
    }
  for (int d = 0; d < f->rank; d++)
    {
      if (div[d] >= 0 && mod[d] < 0)
        return unpaired (p, f, div[d], -1);
      if (mod[d] >= 0 && div[d] < 0)
        return unpaired (p, f, mod[d], -1);
      if (var[d] < 0 && div[d] < 0)
        return not_stored (p, f, d);
    }
  return 0;
}

/* The semantic rules over all levels of F.  */
static int
check_levels (parser *p, const sp_format *f)
{
  for (int l = 0; l < f->nlevels; l++)
    if (check_level_type (p, f, l) || check_aux (p, f, l))
      return -1;
  return check_dims (p, f);
}

/* FORMAT: body { ';' option }, then the end of the string.  */
static int
parse_format (parser *p, int rank, sp_format *f)
{
  char buf[16];
  int seen = 0;

  if (rank < 0 || rank > SP_MAX_RANK)
    return fail (p, 0, "rank %d is not supported: a tensor has rank 1 to "
                 "%d (SP_MAX_RANK)", rank, SP_MAX_RANK);
  if (parse_body (p, rank, f))
    return -1;
  while (accept (p, ';'))
    if (parse_option (p, f, &seen))
      return -1;
  if (peek (p) != 0)
    return fail (p, p->pos, "unexpected %s after the format (only options "
                 "such as ;pos=64 may follow)", found (p, buf, sizeof buf));
  return check_levels (p, f);
}

int
sp_format_parse (const char *s, int rank, sp_format *f, sp_format_error *err)
{
  sp_format_error spare;
  sp_format out;
  parser p;

  memset (&p, 0, sizeof p);
  p.s = s ? s : "";
  p.err = err ? err : &spare;
  p.err->offset = 0;
  p.err->msg[0] = 0;
  memcpy (p.var, canon_var, sizeof p.var);
  if (!s)
    return fail (&p, 0, "no format string (NULL)");
  if (!f)
    return fail (&p, 0, "no format to fill (NULL)");
  memset (&out, 0, sizeof out);
  out.posw = out.crdw = 32;
  if (parse_format (&p, rank, &out))
    return -1;
  *f = out;
  return 0;
}

/* Whether level k of F stores dimension k, so that the level list alone
   spells F.  */
static int
is_identity (const sp_format *f)
{
  if (f->nlevels != f->rank || f->nlevels > SP_MAX_LEVELS)
    return 0;
  for (int l = 0; l < f->nlevels; l++)
    if (f->lv[l].kind != SP_LX_VAR || f->lv[l].dim != l)
      return 0;
  return 1;
}

char *
sp_format_print (const sp_format *f, char *buf, size_t len)
{
  outbuf o = { buf, len, 0 };
  int nl, rank;

  if (!buf || len == 0)
    return buf;
  buf[0] = 0;
  if (!f)
    return buf;
  nl = f->nlevels < 0 ? 0 : f->nlevels > SP_MAX_LEVELS ? SP_MAX_LEVELS
       : f->nlevels;
  rank = f->rank < 0 ? 0 : f->rank > SP_MAX_RANK ? SP_MAX_RANK : f->rank;
  if (is_identity (f))
    for (int l = 0; l < nl; l++)
      put (&o, "%s%s", l ? "," : "", sp_lvl_props (f->lv[l].type)->name);
  else
    {
      put (&o, "(");
      for (int d = 0; d < rank; d++)
        put (&o, "%s%s", d ? "," : "", canon_var[d]);
      put (&o, ")->(");
      for (int l = 0; l < nl; l++)
        {
          put (&o, "%s", l ? "," : "");
          put_level (&o, &f->lv[l], canon_var, 1);
        }
      put (&o, ")");
    }
  if (f->posw != 32)
    put (&o, ";pos=%d", f->posw);
  if (f->crdw != 32)
    put (&o, ";crd=%d", f->crdw);
  return buf;
}

/* Whether levels A and B are the same; K and DIM2 count only for the
   kinds that use them.  */
static int
level_equal (const sp_level_fmt *a, const sp_level_fmt *b)
{
  if (a->type != b->type || a->kind != b->kind || a->dim != b->dim)
    return 0;
  if (a->kind == SP_LX_DIFF)
    return a->dim2 == b->dim2;
  if (a->kind == SP_LX_DIV || a->kind == SP_LX_MOD)
    return a->k == b->k;
  return 1;
}

int
sp_format_equal (const sp_format *a, const sp_format *b)
{
  if (!a || !b)
    return a == b;
  if (a->rank != b->rank || a->nlevels != b->nlevels || a->posw != b->posw
      || a->crdw != b->crdw || a->nlevels < 0 || a->nlevels > SP_MAX_LEVELS)
    return 0;
  for (int l = 0; l < a->nlevels; l++)
    if (!level_equal (&a->lv[l], &b->lv[l]))
      return 0;
  return 1;
}
