/* dist.h -- distributed tensors, as the runtime sees them.

   libsparsert holds no MPI code: a tensor is distributed when its
   sp_priv.dist is set, which only libsparse-mpi does (sparse_mpi.h).
   That library installs its operations here the first time it makes a
   distributed tensor; the kernel calls of sparse_kernel.h (sp_kdist_*)
   reach them through this table and cost a test when no operand is
   distributed.  */

#ifndef SPARSE_DIST_H
#define SPARSE_DIST_H

#include <stdint.h>
#include "sparse.h"
#include "sparse_abi.h"

typedef struct sp_dist_ops
{
  /* sp_kdist_open with at least one operand distributed: T[0..N) and
     their ROLE (sparse_kernel.h).  */
  void *(*open) (int n, sp_tensor **t, const int *role);
  int64_t (*lo) (const void *ctx);
  int64_t (*hi) (const void *ctx, int64_t n);
  double (*sum_d) (void *ctx, double v);
  int64_t (*sum_l) (void *ctx, int64_t v);
  double (*chain_in_d) (void *ctx, double v);
  double (*chain_out_d) (void *ctx, double v);
  void (*rows) (void *ctx, void *data, int64_t rows, int64_t row_bytes);
  /* OUT written under CTX (NULL: whole on every rank).  */
  void (*mark) (void *ctx, sp_tensor *out);
  void (*close) (void *ctx);
} sp_dist_ops;

/* The operations of libsparse-mpi, NULL until it installs them.  */
extern const sp_dist_ops *sp__dist_ops;
void sp__dist_install (const sp_dist_ops *ops);

#endif /* SPARSE_DIST_H */
