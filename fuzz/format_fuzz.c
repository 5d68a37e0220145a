/* format_fuzz.c -- libFuzzer harness for the format parser.

   The first byte picks the rank argument (-1 to 9, so bad ranks are
   tried too); the rest is the format string.  Any input must either fail
   with an offset inside the string and a message, or parse to a format
   whose canonical spelling parses back to an equal format and prints the
   same again.  The bytes are also read as a raw sp_format, which printing
   and comparing must survive.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sparse_format.h"

static void
die (const char *what, const char *s, const char *printed)
{
  fprintf (stderr, "format_fuzz: %s\n  input: \"%s\"\n  printed: \"%s\"\n",
           what, s, printed);
  abort ();
}

/* Print and compare whatever struct the bytes DATA spell.  */
static void
raw_format (const uint8_t *data, size_t size)
{
  sp_format f, g;
  char buf[512];
  int sane;

  memset (&f, 0, sizeof f);
  memcpy (&f, data, size < sizeof f ? size : sizeof f);
  g = f;
  sane = f.nlevels >= 0 && f.nlevels <= SP_MAX_LEVELS;
  sp_format_print (&f, buf, sizeof buf);
  if (memchr (buf, 0, sizeof buf) == NULL)
    die ("raw struct printed without a NUL", "", "");
  if (sp_format_equal (&f, &g) != sane)
    die ("raw struct compared wrongly with its copy", "", buf);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  sp_format f, g;
  sp_format_error err;
  char *s, buf[512], again[512];
  int rank;

  if (size == 0)
    return 0;
  raw_format (data, size);
  rank = data[0] % 11 - 1;
  s = malloc (size);
  if (!s)
    return 0;
  memcpy (s, data + 1, size - 1);
  s[size - 1] = 0;
  if (sp_format_parse (s, rank, &f, &err) != 0)
    {
      if (err.offset < 0 || (size_t) err.offset > strlen (s)
          || err.msg[0] == 0 || memchr (err.msg, 0, sizeof err.msg) == NULL)
        die ("bad error report", s, err.msg);
      free (s);
      return 0;
    }
  if (f.rank < 1 || f.rank > SP_MAX_RANK || f.nlevels < 1
      || f.nlevels > SP_MAX_LEVELS || (rank && f.rank != rank))
    die ("accepted a format of impossible shape", s, "");
  sp_format_print (&f, buf, sizeof buf);
  if (strlen (buf) + 1 >= sizeof buf)
    die ("canonical spelling does not fit 512 bytes", s, buf);
  if (sp_format_parse (buf, 0, &g, &err) != 0)
    die (err.msg, s, buf);
  if (!sp_format_equal (&f, &g) || !sp_format_equal (&g, &f))
    die ("canonical spelling parses to a different format", s, buf);
  if (sp_format_parse (buf, f.rank, &g, &err) != 0
      || !sp_format_equal (&f, &g))
    die ("canonical spelling fails at the format's own rank", s, buf);
  if (strcmp (sp_format_print (&g, again, sizeof again), buf))
    die ("printing is not stable", s, again);
  free (s);
  return 0;
}
