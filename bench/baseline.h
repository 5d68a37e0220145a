/* baseline.h -- straightforward C versions of what the runtime does, for
   same-run comparison in the benchmarks: 0-based int32 CSR arrays.  */

#ifndef BENCH_BASELINE_H
#define BENCH_BASELINE_H

#include <stdint.h>

typedef struct base_csr
{
  int32_t nrows, ncols;
  int32_t *pos, *crd;
  double *val;
} base_csr;

/* Read a Matrix Market coordinate file with fgets/strtol/strtod, the way
   most code does; entries as read (no symmetry expansion).  -1 on error.  */
int base_read_mtx (const char *path, int64_t *nrows, int64_t *ncols,
                   int64_t *n, int64_t **row, int64_t **col, double **val);
/* COO -> CSR by counting sort (duplicates kept).  */
int base_coo_to_csr (int64_t nrows, int64_t ncols, int64_t n,
                     const int64_t *row, const int64_t *col,
                     const double *val, base_csr *out);
/* CSR -> CSC (the transpose's CSR) by counting sort.  */
int base_transpose (const base_csr *a, base_csr *out);
/* CSR -> DIA: offsets array and a ndiag x nrows value array.  */
int base_csr_to_dia (const base_csr *a, int32_t *ndiag, int32_t **offsets,
                     double **vals);
/* CSR -> ELL: K = max row length; column-major K x nrows slots.  */
int base_csr_to_ell (const base_csr *a, int32_t *k, int32_t **crd,
                     double **vals);
/* Arrays for NROWS x NCOLS with room for NNZ entries; pos zeroed.  */
int base_csr_alloc (base_csr *a, int32_t nrows, int32_t ncols, int64_t nnz);
void base_csr_free (base_csr *a);

#endif
