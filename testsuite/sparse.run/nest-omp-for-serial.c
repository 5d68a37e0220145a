/* nest-omp-for.c built without -fopenmp: the constructs are unknown
   pragmas, the nests plain loops, sparsified alike.  */
/* { dg-options "-Wno-unknown-pragmas" } */
#include "nest-omp-for.c"
