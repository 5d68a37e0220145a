/* einsum.c -- the parser of `#pragma sparse einsum` (grammar in einsum.h).
   A recursive-descent parser over the front end's tokens that builds the
   statement through the ix.h builder.  */

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "einsum.h"
#include "mathfn.h"

/* Parser state: the tokens, the statement being built, the lookup.  */
typedef struct parser
{
  const ein_tok *toks;
  int n;            /* tokens before the end */
  int pos;
  ein_lookup_fn lookup;
  void *ctx;
  ix_stmt *s;
  ein_error *err;
} parser;

static int
error_at (parser *p, int tok, const char *fmt, ...)
{
  va_list ap;
  ein_error *e = p->err;
  if (!e)
    return -1;
  e->tok = tok;
  e->loc = tok >= 0 && tok < p->n ? p->toks[tok].loc
           : p->n > 0 ? p->toks[p->n - 1].loc : 0;
  va_start (ap, fmt);
  vsnprintf (e->msg, sizeof e->msg, fmt, ap);
  va_end (ap);
  return -1;
}

/* The spelling of token K for messages ("end of line" past the end).  */
static const char *
spell (const parser *p, int k)
{
  return k < p->n ? p->toks[k].text : "end of line";
}

static int
is_punct (const parser *p, const char *text)
{
  return p->pos < p->n && p->toks[p->pos].kind == EIN_PUNCT
         && strcmp (p->toks[p->pos].text, text) == 0;
}

static int
accept (parser *p, const char *text)
{
  if (!is_punct (p, text))
    return 0;
  p->pos++;
  return 1;
}

/* The operand called NAME (token TOK), through the lookup on first use.  */
static int
operand (parser *p, const char *name, int tok)
{
  int o = ix_find_operand (p->s, name);
  if (o >= 0)
    return o;
  ix_operand op;
  memset (&op, 0, sizeof op);
  if (strlen (name) >= IX_NAME_MAX)
    return error_at (p, tok, "name '%s' is too long", name);
  if (!p->lookup (p->ctx, name, &op))
    return error_at (p, tok, "unknown name '%s'", name);
  strcpy (op.name, name);
  o = ix_add_operand (p->s, &op, p->err);
  if (o < 0)
    {
      p->err->tok = tok;
      p->err->loc = p->toks[tok].loc;
    }
  return o;
}

/* NAME [ '(' NAME {',' NAME} ')' ]: an access; returns its id, or with
   LEAF, the expression reading it (ix_add_read_leaf).  */
static int
access (parser *p, int leaf)
{
  int tok = p->pos;
  const char *name = p->toks[tok].text;
  int vars[SP_MAX_RANK], n = 0;
  int o = operand (p, name, tok);
  if (o < 0)
    return -1;
  p->pos++;
  if (accept (p, "("))
    {
      do
        {
          if (p->pos >= p->n || p->toks[p->pos].kind != EIN_NAME)
            return error_at (p, p->pos, "expected an index variable in the "
                             "access of '%s', found '%s'", name,
                             spell (p, p->pos));
          if (n == SP_MAX_RANK)
            return error_at (p, p->pos, "too many indices for '%s' (at most "
                             "%d)", name, SP_MAX_RANK);
          int v = ix_add_var (p->s, p->toks[p->pos].text, p->pos,
                              p->toks[p->pos].loc, p->err);
          if (v < 0)
            return -1;
          vars[n++] = v;
          p->pos++;
        }
      while (accept (p, ","));
      if (!accept (p, ")"))
        return error_at (p, p->pos, "expected ',' or ')' in the access of "
                         "'%s', found '%s'", name, spell (p, p->pos));
    }
  if (leaf)
    return ix_add_read_leaf (p->s, o, n, vars, tok, p->toks[tok].loc,
                             p->err);
  return ix_add_read (p->s, o, n, vars, tok, p->toks[tok].loc, p->err);
}

static int expr (parser *p);

/* Whether NAME at the current token, followed by '(', calls the C
   library's function of that name (mathfn.h), *FN the call: it is one,
   and no array or scalar of that name is in scope.  */
static int
is_call (parser *p, const char *name, ix_num *fn)
{
  if (p->pos + 1 >= p->n || p->toks[p->pos + 1].kind != EIN_PUNCT
      || strcmp (p->toks[p->pos + 1].text, "(") != 0
      || !mathfn_find (name, fn) || ix_find_operand (p->s, name) >= 0)
    return 0;
  ix_operand op;
  memset (&op, 0, sizeof op);
  return !p->lookup (p->ctx, name, &op) || op.kind == IX_OPD_OTHER;
}

/* NAME '(' expr ')', a call of function FN; its argument converted to
   the function's type, as C converts it.  */
static int
call (parser *p, ix_num fn)
{
  int tok = p->pos;
  p->pos += 2;
  int a = expr (p);
  if (a < 0)
    return -1;
  if (!accept (p, ")"))
    return error_at (p, p->pos, "expected ')' after the argument of '%s', "
                     "found '%s'", p->toks[tok].text, spell (p, p->pos));
  if (ix_expr_type (p->s, a) != fn.type
      && (a = ix_add_cast (p->s, fn.type, a, p->err)) < 0)
    return -1;
  int e = ix_add_call (p->s, fn, a, p->err);
  if (e >= 0)
    {
      p->s->expr[e].tok = tok;
      p->s->expr[e].loc = p->toks[tok].loc;
    }
  return e;
}

static int
primary (parser *p)
{
  if (p->pos >= p->n)
    return error_at (p, p->pos, "expected an operand at the end of line");
  const ein_tok *t = &p->toks[p->pos];
  if (t->kind == EIN_NUMBER)
    {
      p->pos++;
      return ix_add_const (p->s, t->num, p->pos - 1, t->loc, p->err);
    }
  if (t->kind == EIN_NAME)
    {
      ix_num fn;
      if (is_call (p, t->text, &fn))
        return call (p, fn);
      return access (p, 1);
    }
  if (accept (p, "("))
    {
      int e = expr (p);
      if (e < 0)
        return -1;
      if (!accept (p, ")"))
        return error_at (p, p->pos, "expected ')', found '%s'",
                         spell (p, p->pos));
      return e;
    }
  if (t->kind == EIN_PUNCT && strchr ("=+-*/", t->text[0]))
    return error_at (p, p->pos, "expected an operand before '%s'", t->text);
  return error_at (p, p->pos, "bad operator '%s': the notation has + - * /, "
                   "numbers, arrays and scalars", t->text);
}

static int
unary (parser *p)
{
  int tok = p->pos;
  if (accept (p, "-"))
    {
      int a = unary (p);
      return a < 0 ? -1 : ix_add_op (p->s, IX_NEG, a, -1, tok,
                                     p->toks[tok].loc, p->err);
    }
  if (accept (p, "+"))
    return unary (p);
  return primary (p);
}

static int
term (parser *p)
{
  int a = unary (p);
  while (a >= 0 && (is_punct (p, "*") || is_punct (p, "/")))
    {
      int tok = p->pos++;
      ix_op op = p->toks[tok].text[0] == '*' ? IX_MUL : IX_DIV;
      int b = unary (p);
      if (b < 0)
        return -1;
      a = ix_add_op (p->s, op, a, b, tok, p->toks[tok].loc, p->err);
    }
  return a;
}

static int
expr (parser *p)
{
  int a = term (p);
  while (a >= 0 && (is_punct (p, "+") || is_punct (p, "-")))
    {
      int tok = p->pos++;
      ix_op op = p->toks[tok].text[0] == '+' ? IX_ADD : IX_SUB;
      int b = term (p);
      if (b < 0)
        return -1;
      a = ix_add_op (p->s, op, a, b, tok, p->toks[tok].loc, p->err);
    }
  return a;
}

static int
statement (parser *p)
{
  static const char *const assign_spell[] = { "=", "+=", "-=" };
  if (p->n == 0)
    return error_at (p, 0, "empty einsum: expected 'out(i,...) = "
                     "expression'");
  if (p->toks[0].kind != EIN_NAME)
    return error_at (p, 0, "expected the output's name, found '%s'",
                     spell (p, 0));
  int out = access (p, 0);
  if (out < 0)
    return -1;
  int assign = -1;
  for (int k = 0; k < 3 && assign < 0; k++)
    if (accept (p, assign_spell[k]))
      assign = k;
  if (assign < 0)
    return error_at (p, p->pos, "expected '=', '+=' or '-=' after the "
                     "output '%s', found '%s'",
                     p->s->opd[p->s->acc[out].opd].name, spell (p, p->pos));
  int rhs = expr (p);
  if (rhs < 0)
    return -1;
  accept (p, ";");
  if (p->pos < p->n)
    {
      if (p->toks[p->pos].kind == EIN_PUNCT
          && !strchr ("(),=;", p->toks[p->pos].text[0]))
        return error_at (p, p->pos, "bad operator '%s': the notation has "
                         "+ - * /", p->toks[p->pos].text);
      return error_at (p, p->pos, "unexpected '%s' after the expression",
                       p->toks[p->pos].text);
    }
  ix_set_output (p->s, out, (ix_assign) assign, rhs);
  return 0;
}

ix_stmt *
einsum_parse (const ein_tok *toks, int n, ein_lookup_fn lookup, void *ctx,
              ein_error *err)
{
  ein_error dummy;
  parser p;
  memset (&p, 0, sizeof p);
  p.toks = toks;
  p.lookup = lookup;
  p.ctx = ctx;
  p.err = err ? err : &dummy;
  for (p.n = 0; p.n < n && toks[p.n].kind != EIN_END; p.n++)
    ;
  p.s = ix_new ();
  if (!p.s)
    {
      error_at (&p, -1, "out of memory");
      return NULL;
    }
  if (statement (&p) || ix_finish (p.s, p.err))
    {
      ix_free (p.s);
      return NULL;
    }
  return p.s;
}

/* The number spelled at C into *NUM, typed as C types a constant without
   suffix (int, else long; double); its length, or 0 when an integer is
   too large for long.  */
static size_t
lex_number (const char *c, ix_num *num)
{
  char *end;
  double v = strtod (c, &end);
  size_t len = end - c;
  int hex = c[0] == '0' && (c[1] == 'x' || c[1] == 'X');
  for (size_t k = 0; k < len; k++)
    if (c[k] == '.' || (!hex && (c[k] == 'e' || c[k] == 'E'))
        || c[k] == 'p' || c[k] == 'P')
      {
        *num = ix_num_real (v, IX_F64);
        return len;
      }
  errno = 0;
  long long i = strtoll (c, &end, 0);
  if (errno == ERANGE)
    return 0;
  *num = ix_num_int (i);
  return end - c;
}

int
einsum_lex (const char *text, ein_tok *toks, int max, ein_error *err)
{
  static const char *const puncts[] = { "+=", "-=", "(", ")", ",", "=", "+",
                                        "-", "*", "/", ";" };
  int n = 0;
  const char *c = text;
  for (;;)
    {
      while (isspace ((unsigned char) *c))
        c++;
      if (n == max)
        goto too_many;
      ein_tok *t = &toks[n];
      memset (t, 0, sizeof *t);
      t->loc = n;
      if (!*c)
        {
          t->kind = EIN_END;
          return n + 1;
        }
      size_t len = 0;
      if (isalpha ((unsigned char) *c) || *c == '_')
        {
          while (isalnum ((unsigned char) c[len]) || c[len] == '_')
            len++;
          t->kind = EIN_NAME;
        }
      else if (isdigit ((unsigned char) *c)
               || (*c == '.' && isdigit ((unsigned char) c[1])))
        {
          len = lex_number (c, &t->num);
          t->kind = EIN_NUMBER;
          if (!len)
            {
              if (err)
                {
                  err->tok = n;
                  err->loc = n;
                  snprintf (err->msg, sizeof err->msg, "integer constant "
                            "'%.*s' too large for long", 40, c);
                }
              return -1;
            }
        }
      else
        {
          for (size_t k = 0; k < sizeof puncts / sizeof *puncts; k++)
            if (strncmp (c, puncts[k], strlen (puncts[k])) == 0)
              {
                len = strlen (puncts[k]);
                break;
              }
          t->kind = EIN_PUNCT;
          if (!len)
            {
              if (err)
                {
                  err->tok = n;
                  err->loc = n;
                  snprintf (err->msg, sizeof err->msg,
                            "stray '%c' in einsum", *c);
                }
              return -1;
            }
        }
      if (len >= sizeof t->text)
        len = sizeof t->text - 1;
      memcpy (t->text, c, len);
      t->text[len] = 0;
      c += len;
      n++;
    }
too_many:
  if (err)
    {
      err->tok = n;
      err->loc = n;
      snprintf (err->msg, sizeof err->msg, "einsum too long (more than %d "
                "tokens)", max - 1);
    }
  return -1;
}
