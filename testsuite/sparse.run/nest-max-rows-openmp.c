/* nest-max-rows.c built with -fopenmp: the rows run on threads, each
   taking its own element's values in the dense loops' order.  */
/* { dg-options "-fopenmp" } */
#include "nest-max-rows.c"
