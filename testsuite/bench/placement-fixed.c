/* bench/placement.c on functions whose loops stand where the test puts
   them: a loop aligned to 64 bytes and moved on by a known number of
   bytes of padding, the same loop reached through a call, and a
   function with neither.  Prints each offset.  */
#include <stdio.h>
#include "placement.h"

volatile int sink;

/* A loop whose head is 20 bytes into a 64-byte line.  */
__attribute__ ((noinline)) static void
loop_at_20 (void)
{
  __asm__ volatile (".p2align 6\n\t.nops 20\n"
                    "1:\n\t"
                    "decl sink(%%rip)\n\t"
                    "jnz 1b" ::: "memory", "cc");
}

__attribute__ ((noinline)) static void
calls_loop (void)
{
  loop_at_20 ();
  sink = 1;
}

__attribute__ ((noinline)) static void
straight (void)
{
  sink = 2;
}

int
main (void)
{
  printf ("%d %d %d\n", placement_line_offset (loop_at_20),
          placement_line_offset (calls_loop),
          placement_line_offset (straight));
  return 0;
}
