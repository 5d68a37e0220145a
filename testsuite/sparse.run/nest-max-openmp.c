/* nest-max.c built with -fopenmp: the maxima and minima still take the
   rows in order, on one thread (a maximum's ties and NaNs depend on the
   order).  */
/* { dg-options "-fopenmp" } */
#include "nest-max.c"
