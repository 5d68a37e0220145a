/* nest-diagonal-kept.c built with -fopenmp: the loops over rows on
   threads, the diagonal's positions asked for before them.  */
/* { dg-options "-fopenmp" } */
#include "nest-diagonal-kept.c"
