/* nest-argmax.c built with -fopenmp: the rows (columns) run on
   threads, each index taken in the dense loops' order.  */
/* { dg-options "-fopenmp" } */
#include "nest-argmax.c"
