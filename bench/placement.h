/* placement.h -- where a function's hot loop starts relative to the
   64-byte lines the processor fetches code in.  */

#ifndef BENCH_PLACEMENT_H
#define BENCH_PLACEMENT_H

/* The byte within its 64-byte line at which the shortest loop of FN (or,
   when FN has none, of the first function FN calls, the runtime's sp_
   functions left out) starts, read from the running program's
   disassembly; -1 when it cannot be read.  */
int placement_line_offset (void (*fn) (void));

#endif
