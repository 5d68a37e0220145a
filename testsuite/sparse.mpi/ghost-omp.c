/* mpi: ranks 1 2 3; plugin; omp */
/* ghost.c built with -fopenmp, each rank running its kernels on two
   threads: the same results and the same exchanges.  */

#include "ghost.c"
