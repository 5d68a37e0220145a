/* einsum_fuzz.c -- libFuzzer harness for the einsum pragma's lexer and
   parser.

   The input is the text after `#pragma sparse einsum`.  Names resolve
   through a fixed scope: A..H are tagged CSR/CSF-like arrays of rank
   (letter % 4) + 1, P..S dense arrays of the same rule, p..s scalars,
   u..w pointers, f a function; anything else is unknown.  Every input must
   either fail with a message at a token inside the input, or give a
   statement that prints and frees cleanly.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "einsum.h"
#include "sparse_format.h"

#define MAX_TOKS 256

static int
lookup (void *ctx, const char *name, ix_operand *out)
{
  (void) ctx;
  char c = name[0];
  if (name[1] != 0)
    return 0;
  if ((c >= 'A' && c <= 'H') || (c >= 'P' && c <= 'S'))
    {
      out->kind = IX_OPD_ARRAY;
      out->rank = c % 4 + 1;
      out->type = SP_F64;
      for (int d = 0; d < out->rank; d++)
        out->extent[d] = c < 'P' ? -1 : 5;
      if (c < 'P')
        {
          sp_format_error err;
          out->tagged = 1;
          if (sp_format_parse (out->rank == 2 ? "csr" : "csf", out->rank,
                               &out->fmt, &err))
            abort ();
        }
      return 1;
    }
  if (c >= 'p' && c <= 's')
    {
      out->kind = IX_OPD_SCALAR;
      out->type = c == 's' ? SP_I32 : SP_F64;
      return 1;
    }
  if (c >= 'u' && c <= 'w')
    {
      out->kind = IX_OPD_POINTER;
      out->type = SP_F64;
      return 1;
    }
  if (c == 'f')
    {
      out->kind = IX_OPD_OTHER;
      return 1;
    }
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static ein_tok toks[MAX_TOKS];
  ein_error err;
  char *text = malloc (size + 1), buf[1024];
  memcpy (text, data, size);
  text[size] = 0;
  int n = einsum_lex (text, toks, MAX_TOKS, &err);
  if (n < 0)
    {
      if (!err.msg[0])
        abort ();
      free (text);
      return 0;
    }
  memset (&err, 0, sizeof err);
  ix_stmt *s = einsum_parse (toks, n, lookup, NULL, &err);
  if (!s)
    {
      /* A located message at one of the tokens (or the statement).  */
      if (!err.msg[0] || err.tok < -1 || err.tok >= n)
        abort ();
    }
  else
    {
      ix_print (s, buf, sizeof buf);
      if (!memchr (buf, 0, sizeof buf))
        abort ();
      ix_free (s);
    }
  free (text);
  return 0;
}
