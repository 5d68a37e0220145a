/* nest-product.c built with -fopenmp: the rows run on threads, each
   multiplying its own element's factors in the dense loops' order.  */
/* { dg-options "-fopenmp" } */
#include "nest-product.c"
