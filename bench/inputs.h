/* inputs.h -- the operands of one benchmark input, read from a Matrix
   Market (.mtx) or FROSTT (.tns) file.  */

#ifndef BENCH_INPUTS_H
#define BENCH_INPUTS_H

#include "kernels.h"

/* Read PATH into IN, named NAME, with dense operands of NK columns
   filled with fixed pseudo-random values.  0, or -1 with a message.  */
int input_load (bench_in *in, const char *name, const char *path, int nk);
void input_free (bench_in *in);

/* Stored entries of IN's matrix or tensor.  */
int64_t input_nnz (const bench_in *in);

/* Whether kernel K applies to IN (rank, squareness).  */
int input_offers (const bench_in *in, enum bench_kernel k);

/* Multiply-adds of SpGEMM A A on IN: the entries it accumulates.  */
int64_t input_spgemm_flops (const bench_in *in);

/* Doubles in K's dense result (0 for a sparse result).  */
size_t input_dense_len (const bench_in *in, enum bench_kernel k);

/* The bytes kernel K must move at the least: every index and value array
   of its operands read once (int32 indices, double values), dense
   operands read once, results written once; OUT_NNZ is a sparse
   result's entry count.  For SpMV:
     4 (nrows + 1) + 12 nnz + 8 ncols + 8 nrows.  */
double input_bytes (const bench_in *in, enum bench_kernel k,
                    int64_t out_nnz);

#endif
