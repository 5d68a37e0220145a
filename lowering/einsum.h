/* einsum.h -- the parser of `#pragma sparse einsum`.

   The front end lexes the rest of the pragma line into ein_tok tokens and
   hands them over with a name-lookup callback; the parser builds the index
   notation statement (ix.h) or reports a located error.

     stmt    := access assign expr
     assign  := '=' | '+=' | '-='
     expr    := term { ('+' | '-') term }
     term    := unary { ('*' | '/') unary }
     unary   := '-' unary | '+' unary | primary
     primary := NUMBER | NAME | NAME '(' NAME { ',' NAME } ')' | '(' expr ')'
              | FUNCTION '(' expr ')'

   A FUNCTION is one of the C library's of mathfn.h (exp, sqrtf ...)
   where no array or scalar has its name: the call of it, on its
   argument converted to its type, as in C.

   An index variable appearing only on the right is summed over the
   smallest subexpression containing all its uses (y(i) = b(i) - A(i,j)*x(j)
   sums the product only).  A trailing ';' is accepted.  */

#ifndef SPARSE_EINSUM_H
#define SPARSE_EINSUM_H

#include "ix.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { EIN_NAME, EIN_NUMBER, EIN_PUNCT, EIN_END } ein_tok_kind;

/* One token.  TEXT holds the spelling (NUL-terminated, truncated to 63
   bytes); NUM the value of an EIN_NUMBER; LOC an opaque front-end
   location, handed back in errors.  Punctuators: ( ) , = += -= + - * / ;  */
typedef struct ein_tok
{
  ein_tok_kind kind;
  char text[64];
  ix_num num;
  unsigned loc;
} ein_tok;

/* Errors are ix_diag: the offending token's index and loc, and a message
   ("unknown name 'B'", "A has rank 2 but is indexed with 1 index").  */
typedef ix_diag ein_error;

/* The front end's name lookup.  Fill *OUT for NAME (kind, rank, extents,
   type, tagged and fmt, user; the name itself is filled by the parser)
   and return nonzero, or return 0 when NAME is unknown in the scope of
   the pragma.  *OUT arrives zeroed.  */
typedef int (*ein_lookup_fn) (void *ctx, const char *name, ix_operand *out);

/* Parse the N tokens TOKS (an EIN_END token, if present, ends the input
   early).  Returns a finished statement (see ix_finish) to be released
   with ix_free, or NULL with *ERR filled.  */
ix_stmt *einsum_parse (const ein_tok *toks, int n, ein_lookup_fn lookup,
                       void *ctx, ein_error *err);

/* Split the text of a pragma into tokens (for tests and tools without a
   front end; LOC of token k is k).  Returns the number of tokens written
   (an EIN_END last), or -1 with *ERR filled when the text holds a
   character no token starts with or more than MAX tokens.  */
int einsum_lex (const char *text, ein_tok *toks, int max, ein_error *err);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_EINSUM_H */
