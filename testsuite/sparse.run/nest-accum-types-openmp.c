/* nest-accum-types.c built with -fopenmp: the sums in unsigned types
   split among 1 to 4 threads, each its own register or its own copy of
   the output (in the unsigned type of an int output), added at the end;
   the products on one thread.  */
/* { dg-options "-fopenmp" } */
#include "nest-accum-types.c"
