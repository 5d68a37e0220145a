/* A goto into a scope past a tagged local's declaration: the array was
   never created there, and leaving the scope must not free a stray
   handle.  A backward goto over the declaration creates it afresh (the
   old one freed), as a loop would.  */
#include "sparse-run.h"

/* Leaves nonzero bytes in the stack below its caller's frame.  */
static __attribute__ ((noinline)) double
scribble (int n)
{
  volatile unsigned char junk[512];
  for (int i = 0; i < 512; i++)
    junk[i] = (unsigned char) (0xa5 + i + n);
  return junk[n % 512];
}

static __attribute__ ((noinline)) double
jump_in (int k)
{
  double s = 0;
  if (k)
    goto inside;
  {
    double A[6][5] SPARSE ("CSR");
    A[1][2] = 3;
    s += A[1][2];
  inside:
    s += 1;
  }
  return s;
}

static __attribute__ ((noinline)) double
again (int times)
{
  double s = 0;
  int round = 0;
top:
  {
    double B[4][4] SPARSE ("DCSR");
    B[round % 4][1] = round + 1;
    s += B[round % 4][1];
    if (++round < times)
      goto top;
  }
  return s;
}

int
main (void)
{
  for (int k = 0; k < 4; k++)
    {
      scribble (k);
      printf ("jump_in %d: %g\n", k, jump_in (k & 1));
    }
  printf ("again: %g\n", again (5));
  return 0;
}
