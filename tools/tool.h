/* tool.h -- the parts of the `sparse` program (tools/sparse.c): its
   commands and what they share.  Built on <sparse.h> alone.  */

#ifndef SPARSE_TOOL_H
#define SPARSE_TOOL_H

#include <sparse.h>

/* Exit statuses: done, the operation failed (a file, a format), the
   command line was wrong.  */
enum { TOOL_OK = 0, TOOL_FAILED = 1, TOOL_USAGE = 2 };

/* Print "sparse: " and the message to stderr; returns TOOL_FAILED.  */
int tool_fail (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));

/* Read PATH (.mtx or .tns) into FORMAT: integer values as int64_t
   (exactly), else as double.  NULL after tool_fail with the runtime's
   message.  */
sp_tensor *tool_read (const char *path, const char *format);

int tool_info (const char *path);
int tool_spy (const char *path, const char *svg);

#endif
