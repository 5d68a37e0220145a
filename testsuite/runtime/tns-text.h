/* tns-text.h -- what the tests of .tns reading share: failures counted
   and printed, the text of a generated file built line by line, a line
   of it overwritten.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void
fail (const char *what, const char *detail)
{
  if (++failures <= 30)
    printf ("FAIL %s: %s\n", what, detail);
}

typedef struct text
{
  char *s;
  size_t len, cap;
  int64_t lines;
} text;

static void
put (text *t, const char *line)
{
  size_t n = strlen (line);
  if (t->len + n + 1 > t->cap)
    {
      t->cap = 2 * (t->len + n + 1);
      t->s = realloc (t->s, t->cap);
    }
  memcpy (t->s + t->len, line, n + 1);
  t->len += n;
  t->lines++;
}

/* Make line K (from 1) of T hold LINE, padded with blanks.  */
static void
set_line (text *t, int64_t k, const char *line)
{
  char *p = t->s;
  while (--k)
    p = strchr (p, '\n') + 1;
  size_t len = strcspn (p, "\n"), n = strlen (line);
  memset (p, ' ', len);
  memcpy (p, line, n < len ? n : len);
}
