/* format.c -- format strings as the runtime's calls take them.  */

#include <string.h>
#include "internal.h"

/* The last format text each thread parsed and what it gave: programs
   name the same few formats over and over (a conversion of a small
   matrix spent a tenth of its time parsing "csc").  */
static _Thread_local struct
{
  char text[64];
  int rank;
  sp_format f;
} last;

int
sp__parse_format (const char *format, int rank, sp_format *f)
{
  sp_format_error err;

  if (format && last.text[0] && last.rank == rank
      && strcmp (format, last.text) == 0)
    {
      *f = last.f;
      return 0;
    }
  if (sp_format_parse (format, rank, f, &err) == 0)
    {
      if (strlen (format) < sizeof last.text)
        {
          strcpy (last.text, format);
          last.rank = rank;
          last.f = *f;
        }
      return 0;
    }
  if (!format)
    return sp__fail ("bad format: %s", err.msg);
  /* Character numbers count from 1, as an editor's columns do.  */
  return sp__fail ("bad format \"%.200s%s\" at character %d: %s", format,
                   strlen (format) > 200 ? "..." : "", err.offset + 1,
                   err.msg);
}
