/* nest-mathcalls.c built with -fopenmp: the rows' sums on threads, the
   same calls on the same values, the same bits.  */
/* { dg-options "-fopenmp" } */
#include "nest-mathcalls.c"
