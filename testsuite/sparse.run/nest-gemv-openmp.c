/* nest-gemv.c built with -fopenmp: the rows run on threads, each
   reading and writing its own element.  */
/* { dg-options "-fopenmp" } */
#include "nest-gemv.c"
