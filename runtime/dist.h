/* dist.h -- distributed tensors, as the runtime sees them.

   libsparsert holds no MPI code: a tensor is distributed when its flag
   remote (sparse_abi.h) is set, with its state in sp_priv.dist, which
   only libsparse-mpi does (sparse_mpi.h).
   That library installs its operations here the first time it makes a
   distributed tensor; the kernel calls of sparse_kernel.h (sp_kdist_*)
   reach them through this table and cost a test when no operand is
   distributed.  */

#ifndef SPARSE_DIST_H
#define SPARSE_DIST_H

#include <stdint.h>
#include "sparse.h"
#include "sparse_abi.h"
#include "storage.h"

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

  /* Of a distributed tensor T.  sp_free: forget its state.  */
  void (*release) (sp_tensor *t);
  /* sp_write (with writer FLAGS), collective: 0 or -1 with a message,
     the same on every rank.  */
  int (*write) (const sp_tensor *t, const char *path, int flags);
  /* An element access WHAT at coordinates X (in range) outside kernels:
     returns when X lies in this rank's block, else stops the job.  */
  void (*check) (const sp_tensor *t, const int64_t *x, const char *what);
  /* This rank's block of first-level coordinates, [*LO, *HI).  */
  void (*block) (const sp_tensor *t, int64_t *lo, int64_t *hi);
  /* sp_convert, collective: T in format F, distributed; NULL with a
     message, the same on every rank.  */
  sp_tensor *(*convert) (const sp_tensor *t, const sp_format *f);
} sp_dist_ops;

/* The operations of libsparse-mpi, NULL until it installs them.  */
extern const sp_dist_ops *sp__dist_ops;
void sp__dist_install (const sp_dist_ops *ops);

/* Whether T is distributed: its flag, which the generated code's own
   element reads test too (sparse_abi.h), set with its state.  */
static inline int
sp__distributed (const sp_tensor *t)
{
  return t && __builtin_expect (t->remote != 0, 0);
}

/* Stop the job on an access WHAT at X to T unless T is whole or X lies
   in this rank's block.  */
static inline void
sp__dist_check (const sp_tensor *t, const int64_t *x, const char *what)
{
  if (sp__distributed (t))
    sp__dist_ops->check (t, x, what);
}

#endif /* SPARSE_DIST_H */
