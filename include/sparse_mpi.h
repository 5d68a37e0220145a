/* sparse_mpi.h -- tensors distributed over the ranks of an MPI
   communicator (libsparse-mpi, linked before libsparsert).

   Every rank runs the same program.  sp_read_dist reads a file
   collectively: each rank reads its own byte range and keeps a block of
   the coordinates of the format's first storage level (the rows of a
   CSR matrix, the slices of a CSF tensor), the blocks contiguous and
   balanced by entries; the extents stay those of the whole tensor.  The
   rest of sparse.h is unchanged and sees the tensor this rank holds:
   sp_nnz, sp_iter, sp_print, sp_to_dense and sp_convert count or visit
   the local entries only (sp_dist_nnz counts all of them).

   A tagged kernel (loop nest or pragma) called with a distributed
   operand runs collectively: every rank must call it, as every rank runs
   the program, and its results are those of the serial program on every
   rank (sparse_kernel.h, sp_kdist_*).  Outside kernels an element access
   (sp_get, sp_put, sp_insert, and the element-by-element code of a loop
   the plugin leaves as it is) gives the exact value when the element
   lies in this rank's block, and otherwise prints why and stops the
   whole job (MPI_Abort): there is no communication in an element
   access.  sp_array of a distributed tensor in a program built without
   the plugin (the dense copy) stops the job the same way unless this
   rank holds every block.  sp_write is collective and writes the file
   sp_write writes for the whole tensor.  sp_free is local.  */

#ifndef SPARSE_MPI_H
#define SPARSE_MPI_H

#include <mpi.h>
#include "sparse.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Read PATH (.mtx of any kind sp_read reads, or .tns) as sp_read does,
   collectively over COMM: this rank's block of the tensor.  A bad file
   gives NULL on every rank, with the message sp_read gives (file and
   line) from sp_error.  A Matrix Market file in array storage is read
   whole by every rank; a format whose first level is # (ELL) is
   refused.  */
sp_tensor *sp_read_dist (const char *path, const char *format, sp_type type,
                         MPI_Comm comm);

/* This rank's block of T's first-level coordinates, [*LO, *HI): 1 when
   T is distributed, 0 when T is whole (the block is then every
   coordinate), -1 for a bad tensor.  */
int sp_dist_block (const sp_tensor *t, int64_t *lo, int64_t *hi);

/* The entries of T over all ranks: collective when T is distributed,
   sp_nnz otherwise.  -1 on failure (on every rank).  */
int64_t sp_dist_nnz (const sp_tensor *t);

/* What the kernels' operations on distributed operands moved to and
   from this rank since the start or the last reset: payload bytes (what
   this rank gave MPI for other ranks, and got from them; not the MPI
   library's own traffic), and the calls of each operation.  */
typedef struct sp_dist_traffic
{
  int64_t bytes_sent, bytes_received;
  int64_t row_gathers;  /* dense outputs' rows gathered on every rank */
  int64_t reductions;   /* scalar sums over the ranks */
  int64_t chains;       /* ordered sums passed from rank to rank */
  int64_t replications; /* operands gathered whole on every rank */
  int64_t recuts;       /* operands moved to another operand's blocks */
  int64_t ghost_exchanges; /* vectors' entries fetched where rows read them */
  int64_t ghost_plans;  /* which entries those are, worked out anew */
} sp_dist_traffic;

void sp_dist_stats (sp_dist_traffic *out);
void sp_dist_stats_reset (void);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_MPI_H */
