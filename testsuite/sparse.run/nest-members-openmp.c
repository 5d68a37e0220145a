/* nest-members.c built with -fopenmp: the Jacobi sweep under the
   program's `#pragma omp parallel for` on threads.  */
/* { dg-options "-fopenmp" } */
#include "nest-members.c"
