/* nest-jacobi.c built with -fopenmp: the loop over rows, each running
   the row's loop and then the diagonal's search, on threads.  */
/* { dg-options "-fopenmp" } */
#include "nest-jacobi.c"
