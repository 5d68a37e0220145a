/* { dg-do run } */
/* Kernels whose outer loop is marked parallel, compiled with -fopenmp and
   run on two threads (every region taken: SP_PAR_MIN is 0 in the
   testsuite); sums into an integer scalar with a reduction clause
   (lir_reductions), rows taken by the threads in chunks of equal entries
   (lir_make_regions).  Sums into threads' copies of a dense output and
   sparse outputs built by threads: kernel-openmp-build.c (each file
   loads few enough kernels that the loader's bookkeeping of libraries
   kept loaded stays clear of memcheck).  */

#include <stdlib.h>
#include "kernel-util.h"

int
main (void)
{
  kt_opd o[] = {
    { "A", 2, { 40, 30 }, "csr", 0.2, IX_OPD_ARRAY },
    { "B", 2, { 40, 30 }, "dcsr", 0.2, IX_OPD_ARRAY },
    { "E", 2, { 30, 8 }, NULL, 1.0, IX_OPD_ARRAY },
    { "D", 2, { 40, 30 }, NULL, 1.0, IX_OPD_ARRAY },
    { "Y", 2, { 40, 8 }, NULL, 1.0, IX_OPD_ARRAY },
    { "x", 1, { 30 }, NULL, 1.0, IX_OPD_ARRAY },
    { "y", 1, { 40 }, NULL, 1.0, IX_OPD_ARRAY },
    { "Ai", 2, { 40, 30 }, "csr", 0.3, IX_OPD_ARRAY, IX_I64 },
    { "Bi", 2, { 40, 30 }, "dcsr", 0.3, IX_OPD_ARRAY, IX_I32 },
    { "s", 0, { 0 }, "", 1.0, IX_OPD_SCALAR, IX_I64 },
    { NULL, 0, { 0 }, NULL, 0, 0 }
  };
  setenv ("OMP_NUM_THREADS", "2", 1);
  kt_cflags = "-fopenmp";
  failures += kt_run ("omp_spmv", "y(i) = A(i,j) * x(j)", o, 0);
  failures += kt_run ("omp_spmv_dcsr", "y(i) = B(i,j) * x(j)", o, 0);
  failures += kt_run ("omp_spmm", "Y(i,k) = A(i,j) * E(j,k)", o, 0);
  failures += kt_run ("omp_add", "D(i,j) = A(i,j) + B(i,j)", o, 0);
  failures += kt_run ("omp_resid", "y(i) -= D(i,j) * x(j) - B(i,j) * x(j)",
                      o, 0);
  failures += kt_run ("omp_dot", "s = Ai(i,j) * Bi(i,j)", o, 0);
  failures += kt_run ("omp_total", "s += Bi(i,j)", o, 0);
  return failures != 0;
}
