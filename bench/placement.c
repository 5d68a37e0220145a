/* placement.c -- where a function's hot loop starts relative to the
   64-byte lines the processor fetches code in, read from `objdump -d` of
   the running program's file.

   A loop is a jump back into the function; the shortest one is taken
   for the innermost, hottest loop.  The program may be loaded anywhere
   (PIE), but always at a page boundary, so offsets within lines are
   those of the file; a function's address in the file is found from its
   distance to this file's own function.  */

#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "placement.h"

#define LINE 64

/* The function starting at ADDR in the disassembly F: the start of its
   shortest loop, else the address of the first function it calls, the
   runtime's left out (as a negative number minus one), else 0.  */
static int64_t
shortest_loop (FILE *f, uint64_t addr)
{
  char line[512];
  int in = 0;
  uint64_t best = 0, span = UINT64_MAX, callee = 0;
  rewind (f);
  while (fgets (line, sizeof line, f))
    {
      uint64_t at, to;
      char name[256];
      if (sscanf (line, "%" SCNx64 " <%255[^>]>:", &at, name) == 2)
        {
          if (in)
            break;
          in = at == addr;
          continue;
        }
      if (!in || sscanf (line, " %" SCNx64 ":", &at) != 1)
        continue;
      char *op = strchr (line, '\t'), *sym;
      if (!op || sscanf (op + 1, "%*s %" SCNx64 " <", &to) != 1
          || !(sym = strchr (op, '<')))
        continue;
      if (op[1] == 'j' && to >= addr && to <= at && at - to < span)
        {
          span = at - to;
          best = to;
        }
      /* A call, or a jump as the last call, to the start of a function
         of the program other than the runtime's (sp_).  */
      else if ((op[1] == 'j' || strncmp (op + 1, "call", 4) == 0)
               && !callee && !strchr (sym, '+') && !strstr (sym, "@plt>")
               && strncmp (sym, "<sp_", 4) != 0)
        callee = to;
    }
  if (span != UINT64_MAX)
    return (int64_t) best;
  return callee ? -(int64_t) callee - 1 : 0;
}

/* The disassembly of the running program, in a temporary file, and the
   address there of placement_line_offset; read once.  */
static FILE *text;
static uint64_t self;

static int
disassemble (void)
{
  if (text)
    return self != 0;
  char exe[4096], cmd[4200];
  ssize_t len = readlink ("/proc/self/exe", exe, sizeof exe - 1);
  if (len <= 0 || memchr (exe, '\'', (size_t) len))
    return 0;
  exe[len] = 0;
  snprintf (cmd, sizeof cmd, "objdump -d --no-show-raw-insn '%s' 2>/dev/null",
            exe);
  FILE *f = popen (cmd, "r");
  text = tmpfile ();
  if (!f || !text)
    {
      if (f)
        pclose (f);
      return 0;
    }
  char buf[4096], name[256];
  size_t n;
  while ((n = fread (buf, 1, sizeof buf, f)) > 0)
    fwrite (buf, 1, n, text);
  pclose (f);
  rewind (text);
  while (!self && fgets (buf, sizeof buf, text))
    if (sscanf (buf, "%" SCNx64 " <%255[^>]>:", &self, name) != 2
        || strcmp (name, "placement_line_offset") != 0)
      self = 0;
  return self != 0;
}

int
placement_line_offset (void (*fn) (void))
{
  if (!disassemble ())
    return -1;
  uint64_t addr = self + (uint64_t) ((uintptr_t) fn
                                     - (uintptr_t) placement_line_offset);
  int64_t loop = shortest_loop (text, addr);
  if (loop < 0)
    loop = shortest_loop (text, (uint64_t) (-(loop + 1)));
  return loop > 0 ? (int) (loop % LINE) : -1;
}
