/* report.h -- one line saying how a statement was sparsified (SPEC 5).

   "y(i) = sum(j, A(i,j) * x(j)); A: CSR; loops: i for (parallel),
   j for over A; y: dense" -- the index expression as scheduled, the
   format of each tagged operand (and the conversions made), then per nest
   its loops in order, each "for" (a dense loop over the whole range),
   "for over X" (the positions of one sparse level) or "co-iterate X, Y"
   (while loops merging several), and how the output is written.  */

#ifndef SPARSE_REPORT_H
#define SPARSE_REPORT_H

#include <stddef.h>
#include "loops.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The report of kernel K into BUF (LEN bytes, truncated); returns BUF.  */
char *lir_report (const lir_kernel *k, char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_REPORT_H */
