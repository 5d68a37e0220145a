/* mpi-int.h -- what the files of libsparse-mpi share: a distributed
   tensor's state, the communicator the library talks on, entries as
   records, the balanced cut, and the traffic counters.  */

#ifndef SPARSE_MPI_INT_H
#define SPARSE_MPI_INT_H

#include "sparse_mpi.h"
#include "dist.h"
#include "storage.h"

/* A distributed tensor's state (sp_priv.dist), and a kernel's context
   (a copy of its lead operand's): rank R holds the first-level
   coordinates [cuts[R], cuts[R + 1]).  */
typedef struct sp_mpi_ghost sp_mpi_ghost;
typedef struct sp_mpi_dist
{
  MPI_Comm comm;    /* the library's duplicate of the user's */
  int rank, size;
  int64_t *cuts;    /* size + 1 */
  sp_mpi_ghost *ghost;  /* the last plan of the vector entries read at
                           this tensor's coordinates (ghost.c) */
} sp_mpi_dist;

/* The library's own communicator beside COMM (made once, collectively;
   its messages never meet the program's).  */
MPI_Comm sp__mpi_comm (MPI_Comm comm);

/* T's state, or NULL when T is whole.  */
static inline sp_mpi_dist *
sp__mpi_state (const sp_tensor *t)
{
  return sp__distributed (t) ? ((const sp_priv *) t->priv)->dist : NULL;
}

/* A state over COMM with CUTS (copied): NULL with a message when out of
   memory.  */
sp_mpi_dist *sp__mpi_dist_new (MPI_Comm comm, const int64_t *cuts);
void sp__mpi_dist_free (sp_mpi_dist *d);
/* Make T distributed with state D (T's old state freed), or whole when
   D is NULL.  */
void sp__mpi_attach (sp_tensor *t, sp_mpi_dist *d);

/* A collective step cannot go on on this rank, for WHAT: the other
   ranks would wait for it, so the job stops (MPI_Abort on COMM).  */
void sp__mpi_stop (MPI_Comm comm, const char *what)
  __attribute__ ((noreturn));
/* N bytes from malloc, or the job stops.  */
void *sp__mpi_alloc (MPI_Comm comm, size_t n);

/* Every rank's OK: -1 when all are 1, else the lowest rank whose OK is
   0, whose message (sp_error) every rank then has.  Collective.  */
int sp__mpi_agree (MPI_Comm comm, int ok);

/* The traffic counters (sp_dist_stats): a call of OP moving SENT bytes
   to other ranks and RECEIVED from them (SP_MPI_READ: not counted).  */
typedef enum
{
  SP_MPI_ROWS, SP_MPI_SUM, SP_MPI_CHAIN, SP_MPI_REPLICATE, SP_MPI_RECUT,
  SP_MPI_GHOST, SP_MPI_GHOST_PLAN, SP_MPI_READ
} sp_mpi_op;
void sp__mpi_count (sp_mpi_op op, int64_t sent, int64_t received);

/* Entries as records of W = rank + 1 words: the coordinates, then the
   value's sp_num bits.  */

/* T's stored entries (assembled first), in storage order: *N records
   into *REC (to free).  0 or -1 with a message.  */
int sp__mpi_records (const sp_tensor *t, uint64_t **rec, int64_t *n);
/* Whether T's levels are all dense: a distributed T then stores every
   block's coordinates, with values only in this rank's.  */
int sp__mpi_dense_stored (const sp_tensor *t);
/* A tensor (not distributed) of T's format holding the entries of T's
   block only, or NULL with a message.  */
sp_tensor *sp__mpi_block_copy (const sp_tensor *t);
/* The records of list C, in its order, into *REC.  */
int sp__mpi_coo_records (const sp_coo *c, uint64_t **rec);
/* The tensor of format F, TYPE and DIMS of the N records REC, repeats
   added in their order: built as sp_read builds a .tns file's entries
   (a .mtx file's when MTX).  */
sp_tensor *sp__mpi_build (const sp_format *f, sp_type type,
                          const int64_t *dims, const uint64_t *rec,
                          int64_t n, int mtx);

/* The first-level coordinate of record R of T's format F and DIMS.  */
static inline int64_t
sp__mpi_key (const sp_format *f, const int64_t *dims, const uint64_t *r)
{
  return sp__lc (f, dims, 0, (const int64_t *) r);
}

/* A tensor of format F, TYPE and DIMS distributed over COMM in blocks
   of its first-level coordinates cut by entries, from the records
   REC[0 .. N) of every rank (freed here; OK: this rank's are good), moved
   as OP, built as sp__mpi_build builds them (MTX).  Collective: NULL
   with a message on every rank on failure.  */
sp_tensor *sp__mpi_spread (MPI_Comm comm, const sp_format *f, sp_type type,
                           const int64_t *dims, uint64_t *rec, int64_t n,
                           int ok, int mtx, sp_mpi_op op);

/* The rank of CUTS (SIZE + 1) holding first-level coordinate K.  */
int sp__mpi_owner (const int64_t *cuts, int size, int64_t k);

/* Records of W words moved over COMM: each of REC[0 .. N) to rank
   DEST[e] (sp__mpi_send), or every rank's to every rank
   (sp__mpi_gather); what arrives, in rank order, into *OUT (to free)
   and *NOUT.  The move counts as OP in the traffic.  A rank that cannot
   take part (out of memory) stops the job: the others wait for it.  */
void sp__mpi_send (MPI_Comm comm, int w, const uint64_t *rec, int64_t n,
                   const int *dest, uint64_t **out, int64_t *nout,
                   sp_mpi_op op);
void sp__mpi_gather (MPI_Comm comm, int w, const uint64_t *rec, int64_t n,
                     uint64_t **out, int64_t *nout, sp_mpi_op op);

/* Cut first-level coordinates [0, N0) into SIZE blocks of about equal
   entries, CUTS[0 .. SIZE]: KEYS[0 .. M) are the first-level coordinates
   of this rank's entries (reordered here), or of all entries when WHOLE
   (nothing is then exchanged).  Collective unless WHOLE.  */
void sp__mpi_cut (MPI_Comm comm, int size, int64_t *keys, int64_t m,
                  int64_t n0, int whole, int64_t *cuts);

/* The operations libsparsert calls (dist.h), installed with the first
   distributed tensor.  */
extern const sp_dist_ops sp__mpi_ops;
/* sp_kdist_* (kernel.c).  */
void *sp__mpi_open (int n, sp_tensor **t, const int *role);
int64_t sp__mpi_lo (const void *ctx);
int64_t sp__mpi_hi (const void *ctx, int64_t n);
double sp__mpi_sum_d (void *ctx, double v);
int64_t sp__mpi_sum_l (void *ctx, int64_t v);
double sp__mpi_chain_in_d (void *ctx, double v);
double sp__mpi_chain_out_d (void *ctx, double v);
void sp__mpi_rows (void *ctx, void *data, int64_t rows, int64_t row_bytes);
void sp__mpi_mark (void *ctx, sp_tensor *out);
void sp__mpi_close (void *ctx);
/* Fill the rows of X (dense levels, the first its first dimension,
   distributed over XD) at the coordinates that level LEVEL of SRC
   (distributed over SD, which keeps the plan) stores in the rows of
   LEAD's block, from the ranks holding them.  Collective.  */
void sp__mpi_ghosts (sp_tensor *x, const sp_mpi_dist *xd,
                     const sp_tensor *src, sp_mpi_dist *sd, int level,
                     const sp_mpi_dist *lead);
void sp__mpi_ghost_free (sp_mpi_ghost *g);
/* sp_convert (convert.c).  */
sp_tensor *sp__mpi_convert (const sp_tensor *t, const sp_format *f);
/* sp_write (write.c).  */
int sp__mpi_write (const sp_tensor *t, const char *path, int flags);

#endif /* SPARSE_MPI_INT_H */
