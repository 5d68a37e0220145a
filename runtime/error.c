/* error.c -- the last error of the calling thread.  */

#include <stdarg.h>
#include <stdio.h>
#include "internal.h"

static _Thread_local char last_error[512];

int
sp__fail (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (last_error, sizeof last_error, fmt, ap);
  va_end (ap);
  return -1;
}

const char *
sp_error (void)
{
  return last_error[0] ? last_error : "no error";
}
