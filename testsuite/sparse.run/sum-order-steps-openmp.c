/* sum-order-steps.c built with -fopenmp: the loops over rows on
   threads (SP_PAR_MIN=0), each row's additions still in the program's
   order.  */
/* { dg-options "-fopenmp" } */
#include "sum-order-steps.c"
