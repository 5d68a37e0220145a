/* { dg-do run } */
/* The einsum parser's located errors.  */

#include "core-util.h"

static const test_opd tab[] = {
  { "A", IX_OPD_ARRAY, 2, { 10, 20 }, "csr", IX_F64 },
  { "x", IX_OPD_ARRAY, 1, { 20 }, NULL, IX_F64 },
  { "y", IX_OPD_ARRAY, 1, { 10 }, NULL, IX_F64 },
  { "b", IX_OPD_ARRAY, 1, { 10 }, NULL, IX_F64 },
  { "w", IX_OPD_ARRAY, 1, { 12 }, NULL, IX_F64 },
  { "z", IX_OPD_POINTER, 0, { 0 }, NULL, IX_F64 },
  { "alpha", IX_OPD_SCALAR, 0, { 0 }, NULL, IX_F64 },
  { "f", IX_OPD_OTHER, 0, { 0 }, NULL, IX_F64 },
  { NULL, 0, 0, { 0 }, NULL, 0 }
};

/* TEXT must fail at token TOK with a message containing WANT.  */
static void
bad (const char *text, int tok, const char *want)
{
  ein_error err;
  memset (&err, 0, sizeof err);
  ix_stmt *s = parse (text, tab, &err);
  if (s)
    {
      fprintf (stderr, "'%s': accepted, want error '%s'\n", text, want);
      failures++;
      ix_free (s);
      return;
    }
  /* Past the end, the location is the last token's.  */
  unsigned loc = strstr (err.msg, "end of line") ? (unsigned) tok - 1
                 : (unsigned) tok;
  if (err.tok != tok || err.loc != loc || !strstr (err.msg, want))
    {
      fprintf (stderr, "'%s': error at %d '%s', want at %d '%s'\n", text,
               err.tok, err.msg, tok, want);
      failures++;
    }
}

int
main (void)
{
  bad ("y(i) = Q(i)", 5, "unknown name 'Q'");
  bad ("y(i) = A(i) * x(i)", 5, "'A' has rank 2 but is indexed with 1 index");
  bad ("y(i) = alpha(i) * b(i)", 5, "'alpha' is a scalar and cannot be");
  bad ("y(i) = f(i)", 5, "'f' is neither an array nor a scalar");
  bad ("y(i) = A * x(i)", 5, "'A' is an array of rank 2: index it");
  bad ("y(i) = z * b(i)", 5, "'z' is a pointer used as an array");
  bad ("y(i) A(i,j) * x(j)", 4, "expected '=', '+=' or '-=' after the "
       "output 'y'");
  bad ("y(i) = b(i) b(i)", 9, "unexpected 'b' after the expression");
  bad ("y(i) = b(i) + ", 10, "expected an operand at the end of line");
  bad ("y(i) = (b(i)", 10, "expected ')'");
  bad ("y(i,) = b(i)", 4, "expected an index variable");
  bad ("y(i = b(i)", 3, "expected ',' or ')'");
  bad ("y(i) = * b(i)", 5, "expected an operand before '*'");
  bad ("", 0, "empty einsum");
  bad ("3 = b(i)", 0, "expected the output's name");
  bad ("A(i,i) = b(i)", 0, "index 'i' is used twice in output 'A'");
  bad ("y(i) = w(i)", 5, "extents of index 'i' disagree: 'w' has 12");
  bad ("y(i) = b(i) / x(j)", 9, "division by a sum");
  bad ("y(i) = b(i) / A(i,j)", 9, "division by 'A', a sparse operand");
  bad ("y(i) = y(i) + b(i)", 5, "'y' is the output and is also read");
  bad ("y(i) = z(j)", 7, "the extent of index 'j' is unknown");
  bad ("y(i) = b(i) $", 9, "stray '$'");

  /* Operators the lexer of a real front end may hand over.  */
  {
    ein_tok t[16];
    ein_error err;
    int n = einsum_lex ("y(i) = b(i) + b(i)", t, 16, &err);
    CHECK (n == 15);
    strcpy (t[9].text, "%");
    ix_stmt *s = einsum_parse (t, n, table_lookup, (void *) tab, &err);
    CHECK (!s && err.tok == 9 && strstr (err.msg, "bad operator '%'"));
    strcpy (t[9].text, "+");
    strcpy (t[5].text, "[");
    t[5].kind = EIN_PUNCT;
    s = einsum_parse (t, n, table_lookup, (void *) tab, &err);
    CHECK (!s && err.tok == 5 && strstr (err.msg, "bad operator '['"));
    /* An EIN_END ends the input early: "y(i) = b(i)".  */
    strcpy (t[5].text, "b");
    t[5].kind = EIN_NAME;
    t[9].kind = EIN_END;
    s = einsum_parse (t, n, table_lookup, (void *) tab, &err);
    CHECK (s != NULL);
    ix_free (s);
    /* Too many tokens for the lexer's array.  */
    CHECK (einsum_lex ("y(i) = b(i) + b(i)", t, 5, &err) < 0);
  }
  return failures != 0;
}
