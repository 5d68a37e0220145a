/* { dg-do run } */
/* Kernels of threads' own copies and parts, compiled with -fopenmp and
   run on two threads (every region taken: SP_PAR_MIN is 0 in the
   testsuite): sums into threads' copies of a dense output
   (lir_make_regions); sparse outputs built by threads
   (lir_build_by_threads), laid out by bounds (a union into CSR), by
   counts (a product through a workspace), by first coordinates (DCSR),
   each phase in chunks of rows the threads take in turn; and a dense
   loop whose rows the threads take in chunks of equal numbers.  */

#include <stdlib.h>
#include "kernel-util.h"

int
main (void)
{
  kt_opd o[] = {
    { "A", 2, { 40, 30 }, "csr", 0.2, IX_OPD_ARRAY },
    { "B", 2, { 40, 30 }, "dcsr", 0.2, IX_OPD_ARRAY },
    { "C", 2, { 40, 30 }, "csr", 0.2, IX_OPD_ARRAY },
    { "G", 2, { 40, 30 }, "dcsr", 0.2, IX_OPD_ARRAY },
    { "F", 2, { 30, 30 }, "csr", 0.1, IX_OPD_ARRAY },
    { "D", 2, { 40, 30 }, NULL, 1.0, IX_OPD_ARRAY },
    { "x", 1, { 30 }, NULL, 1.0, IX_OPD_ARRAY },
    { "y", 1, { 40 }, NULL, 1.0, IX_OPD_ARRAY },
    { "Ai", 2, { 40, 30 }, "csr", 0.3, IX_OPD_ARRAY, IX_I64 },
    { "Bi", 2, { 40, 30 }, "dcsr", 0.3, IX_OPD_ARRAY, IX_I32 },
    { "u", 1, { 30 }, NULL, 1.0, IX_OPD_ARRAY, IX_I64 },
    { "w", 1, { 40 }, NULL, 1.0, IX_OPD_ARRAY, IX_I64 },
    { NULL, 0, { 0 }, NULL, 0, 0 }
  };
  setenv ("OMP_NUM_THREADS", "2", 1);
  kt_cflags = "-fopenmp";
  /* Integer sums into threads' copies of the output (any order gives
     the same), added up after the rows.  */
  failures += kt_run ("omp_spmtv", "u(j) = Ai(i,j) * w(i)", o, 0);
  failures += kt_run ("omp_spmtv_acc", "u(j) += 2 * Bi(i,j) * w(i)", o, 0);
  failures += kt_run ("omp_spadd", "C(i,j) = A(i,j) + B(i,j)", o, 0);
  failures += kt_run ("omp_spgemm", "C(i,j) = A(i,k) * F(k,j)", o, 0);
  failures += kt_run ("omp_spadd_dcsr", "G(i,j) = A(i,j) + B(i,j)", o, 0);
  failures += kt_run ("omp_scale", "C(i,j) = 2 * B(i,j)", o, 0);
  failures += kt_run ("omp_dense", "y(i) = D(i,j) * x(j)", o, 0);
  return failures != 0;
}
