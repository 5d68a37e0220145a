/* mpi: ranks 1 2 3; plugin; omp */
/* catalog.c built with -fopenmp, each rank running its kernels on two
   threads: the rows of a rank's block split among its threads, the
   sparse outputs built by them, the same results.  */

#include "catalog.c"
