/* plan.h -- a statement's schedule and kernel, chosen so that no two
   loops visit every pair of coordinates that no operand stores densely
   when a conversion avoids it.

   The scheduler follows the operands' storage orders; for CSR x CSC the
   only such order is the inner product, whose j loop runs over every
   column for every row: Theta(M N) work however sparse the operands.
   ix_plan detects that from the kernel's loop kinds and asks for the
   reduction loop above the pair's inner loop, which converts the
   operand stored the other way (Gustavson's SpGEMM over CSR).  A sparse
   += into an output whose first level is compressed (DCSR) gets
   Gustavson's order only when written under dense rows: as CSR,
   converted back at the end.  */

#ifndef SPARSE_PLAN_H
#define SPARSE_PLAN_H

#include "loops.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The plan of IX under OPTS: its schedule (ix_schedule) and the kernel
   built from it (lir_build), which owns the schedule (K->sc, freed with
   the kernel by lir_free).  The one way from a statement to its kernel:
   the loop-nest recognizer and the code generator keep what it returns.
   NULL with D filled when IX cannot be scheduled.  */
lir_kernel *ix_plan (const ix_stmt *ix, const ix_sched_opts *opts,
                     ix_diag *d);

/* The nest of K with two dense loops, one right inside the other, whose
   pairs of coordinates no operand stores densely; their loop variables
   in *SV0 (outer) and *SV1.  -1 when there is none.  */
int lir_dense_product (const ix_sched *sc, const lir_kernel *k, int *sv0,
                       int *sv1);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_PLAN_H */
