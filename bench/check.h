/* check.h -- results compared with the hand-written C's.  */

#ifndef BENCH_CHECK_H
#define BENCH_CHECK_H

#include <stddef.h>
#include <stdint.h>
#include "baseline.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest |a - b| / max(|a|, |b|, 1e-6 max|REF|) over N entries.  */
double check_dense (const double *ref, const double *got, size_t n);

/* The same over two CSR matrices of equal shape whose rows may be in any
   order; an entry stored in one only is compared with zero.  *PATTERN
   gets the number of such entries with a nonzero value (stored zeros do
   not count), or -1 when the shapes differ.  */
double check_csr (const base_csr *ref, const base_csr *got,
                  int64_t *pattern);

/* Copies for peers' fetch functions: a CSR matrix; a DCSR matrix (N0
   stored rows ROWS of NROWS) expanded to CSR.  0, or -1 when out of
   memory.  */
int csr_copy (const base_csr *a, base_csr *out);
int dcsr_expand (int32_t nrows, int32_t ncols, int32_t n0,
                 const int32_t *rows, const int32_t *pos, const int32_t *crd,
                 const double *val, base_csr *out);

#ifdef __cplusplus
}
#endif

#endif
