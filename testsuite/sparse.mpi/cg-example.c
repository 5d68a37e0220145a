/* mpi: ranks 1 2 3 4; plugin */
/* examples/cg-mpi.c on examples/poisson100.mtx: the conjugate gradient
   method over a distributed matrix converges in the same number of
   iterations to the same solution, bit for bit, as the serial program
   on every number of ranks.  */

#define main cg_main
#include "../../examples/cg-mpi.c"
#undef main

int
main (void)
{
  char *args[] = { "cg-mpi", TESTSUITE "/../examples/poisson100.mtx", NULL };
  return cg_main (2, args);
}
