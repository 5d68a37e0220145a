/* The kernels of sparse-openmp.c over fewer entries than are worth
   threads (SP_PAR_MIN): their parallel loops run as the serial copies
   beside the regions, their sparse outputs are built on one thread.
   Same results as the serial dense program.  */
/* { dg-options "-fopenmp" } */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#define main openmp_main
#include "sparse-openmp.c"
#undef main

int
main (void)
{
  setenv ("SP_PAR_MIN", "1000000000", 1);
  return openmp_main ();
}
