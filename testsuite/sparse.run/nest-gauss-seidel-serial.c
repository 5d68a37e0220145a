/* nest-gauss-seidel.c built without -fopenmp.  */
#include "nest-gauss-seidel.c"
