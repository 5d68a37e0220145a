/* entries.c -- a tensor's entries as records of words, and records
   moved between ranks (MPI_Alltoallv, MPI_Allgatherv).  */

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "io.h"
#include "level_types.h"
#include "mpi-int.h"

int
sp__mpi_records (const sp_tensor *t, uint64_t **rec, int64_t *n)
{
  int64_t x[SP_BATCH * SP_MAX_RANK], p[SP_BATCH];
  sp_layout lo;
  sp_walk it;
  int m, w = t->fmt.rank + 1;
  *rec = NULL;
  *n = 0;
  if (sp__ready (t, "sp_read_dist") || sp__layout (&t->fmt, t->dims, &lo))
    return -1;
  int64_t count = sp__io_count (t);
  if (count < 0 || !(*rec = malloc ((size_t) (count ? count : 1) * w * 8)))
    return count < 0 ? -1 : sp__fail ("out of memory for %lld entries",
                                      (long long) count);
  /* A distributed tensor's dense levels also store the other blocks'
     coordinates, whose values are not this rank's.  */
  const sp_mpi_dist *d = sp__mpi_state (t);
  int64_t klo = d ? d->cuts[d->rank] : INT64_MIN;
  int64_t khi = d ? d->cuts[d->rank + 1] : INT64_MAX;
  sp__iter_init (&it, t, &lo);
  while ((m = sp__iter_batch (&it, x, p)) > 0)
    for (int e = 0; e < m; e++)
      {
        uint64_t *r = *rec + *n * w;
        for (int k = 0; k < w - 1; k++)
          r[k] = (uint64_t) x[k * SP_BATCH + e];
        int64_t key = sp__mpi_key (&t->fmt, t->dims, r);
        if (key < klo || key >= khi)
          continue;
        r[w - 1] = (uint64_t) sp__num_load (t->vals, t->type, p[e]).i;
        ++*n;
      }
  return 0;
}

int
sp__mpi_dense_stored (const sp_tensor *t)
{
  return sp_format_dense_upto (&t->fmt, t->fmt.nlevels);
}

sp_tensor *
sp__mpi_block_copy (const sp_tensor *t)
{
  uint64_t *rec;
  int64_t n;
  if (sp__mpi_records (t, &rec, &n))
    return NULL;
  sp_tensor *b = sp__mpi_build (&t->fmt, t->type, t->dims, rec, n, 0);
  free (rec);
  return b;
}

int
sp__mpi_coo_records (const sp_coo *c, uint64_t **rec)
{
  int w = c->rank + 1;
  if (!(*rec = malloc ((size_t) (c->n ? c->n : 1) * w * 8)))
    return sp__fail ("out of memory for %lld entries", (long long) c->n);
  for (int64_t e = 0; e < c->n; e++)
    {
      uint64_t *r = *rec + e * w;
      for (int d = 0; d < w - 1; d++)
        r[d] = c->idx32 ? (uint64_t) (int64_t) c->idx32[e * c->rank + d]
                        : (uint64_t) c->idx[e * c->rank + d];
      if (c->ints)
        r[w - 1] = (uint64_t) c->ival[e];
      else
        memcpy (&r[w - 1], &c->val[e], 8);
    }
  return 0;
}

/* The list of the N records REC of a tensor of RANK, TYPE and DIMS into
   C (to free).  */
static int
records_coo (const uint64_t *rec, int64_t n, int rank, sp_type type,
             const int64_t *dims, sp_coo *c)
{
  int w = rank + 1;
  if (sp__coo_init (c, rank, dims, n))
    return -1;
  c->ints = sp__is_int (type);
  for (int64_t e = 0; e < n; e++)
    {
      const uint64_t *r = rec + e * w;
      for (int d = 0; d < rank; d++)
        c->idx[e * rank + d] = (int64_t) r[d];
      if (c->ints)
        c->ival[e] = (int64_t) r[w - 1];
      else
        memcpy (&c->val[e], &r[w - 1], 8);
    }
  c->n = n;
  return 0;
}

sp_tensor *
sp__mpi_build (const sp_format *f, sp_type type, const int64_t *dims,
               const uint64_t *rec, int64_t n, int mtx)
{
  sp_part p = { .tns = !mtx, .type = type, .f = *f };
  memcpy (p.dims, dims, sizeof p.dims);
  if (records_coo (rec, n, f->rank, type, dims, &p.c))
    return NULL;
  return sp__part_tensor (&p);
}

/* ---------------------------------------------------------- exchange */

/* Displacements DISP of the counts CNT of SIZE ranks; their total.  */
static int64_t
displacements (MPI_Comm comm, const int *cnt, int size, int *disp)
{
  int64_t total = 0;
  for (int r = 0; r < size; r++)
    {
      disp[r] = (int) total;
      total += cnt[r];
      if (total > INT_MAX)
        sp__mpi_stop (comm, "more entries to move at once than an MPI count holds");
    }
  return total;
}

/* The MPI type of a record of W words.  */
static MPI_Datatype
record_type (int w)
{
  MPI_Datatype t;
  MPI_Type_contiguous (w, MPI_UINT64_T, &t);
  MPI_Type_commit (&t);
  return t;
}

void
sp__mpi_send (MPI_Comm comm, int w, const uint64_t *rec, int64_t n,
              const int *dest, uint64_t **out, int64_t *nout, sp_mpi_op op)
{
  int rank, size;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);
  int *scnt = sp__mpi_alloc (comm, (size_t) size * sizeof *scnt);
  int *sdisp = sp__mpi_alloc (comm, (size_t) size * sizeof *sdisp);
  int *rcnt = sp__mpi_alloc (comm, (size_t) size * sizeof *rcnt);
  int *rdisp = sp__mpi_alloc (comm, (size_t) size * sizeof *rdisp);
  int *next = sp__mpi_alloc (comm, (size_t) size * sizeof *next);
  memset (scnt, 0, (size_t) size * sizeof *scnt);
  for (int64_t e = 0; e < n; e++)
    scnt[dest[e]]++;
  MPI_Alltoall (scnt, 1, MPI_INT, rcnt, 1, MPI_INT, comm);
  int64_t sent = displacements (comm, scnt, size, sdisp);
  int64_t got = displacements (comm, rcnt, size, rdisp);
  /* Each rank's records together, in their order.  */
  uint64_t *packed = sp__mpi_alloc (comm, (size_t) sent * w * 8);
  memcpy (next, sdisp, (size_t) size * sizeof *next);
  for (int64_t e = 0; e < n; e++)
    memcpy (packed + (int64_t) next[dest[e]]++ * w, rec + e * w,
            (size_t) w * 8);
  *out = sp__mpi_alloc (comm, (size_t) got * w * 8);
  MPI_Datatype rt = record_type (w);
  MPI_Alltoallv (packed, scnt, sdisp, rt, *out, rcnt, rdisp, rt, comm);
  MPI_Type_free (&rt);
  *nout = got;
  sp__mpi_count (op, (sent - scnt[rank]) * w * 8, (got - rcnt[rank]) * w * 8);
  free (packed);
  free (scnt);
  free (sdisp);
  free (rcnt);
  free (rdisp);
  free (next);
}

void
sp__mpi_gather (MPI_Comm comm, int w, const uint64_t *rec, int64_t n,
                uint64_t **out, int64_t *nout, sp_mpi_op op)
{
  int rank, size;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);
  int *cnt = sp__mpi_alloc (comm, (size_t) size * sizeof *cnt);
  int *disp = sp__mpi_alloc (comm, (size_t) size * sizeof *disp);
  if (n > INT_MAX)
    sp__mpi_stop (comm, "more entries to move at once than an MPI count holds");
  int mine = (int) n;
  MPI_Allgather (&mine, 1, MPI_INT, cnt, 1, MPI_INT, comm);
  int64_t total = displacements (comm, cnt, size, disp);
  *out = sp__mpi_alloc (comm, (size_t) total * w * 8);
  MPI_Datatype rt = record_type (w);
  MPI_Allgatherv (rec, mine, rt, *out, cnt, disp, rt, comm);
  MPI_Type_free (&rt);
  *nout = total;
  sp__mpi_count (op, (size > 1) * n * w * 8, (total - n) * w * 8);
  free (cnt);
  free (disp);
}
