/* format.c -- format strings as the runtime's calls take them.  */

#include <string.h>
#include "internal.h"

int
sp__parse_format (const char *format, int rank, sp_format *f)
{
  sp_format_error err;

  if (sp_format_parse (format, rank, f, &err) == 0)
    return 0;
  if (!format)
    return sp__fail ("bad format: %s", err.msg);
  /* Character numbers count from 1, as an editor's columns do.  */
  return sp__fail ("bad format \"%.200s%s\" at character %d: %s", format,
                   strlen (format) > 200 ? "..." : "", err.offset + 1,
                   err.msg);
}
