/* kernel.c -- the operations of kernels over distributed operands
   (sparse_kernel.h, sp_kdist_*): at the kernel's start operands are
   made whole or moved to the lead operand's blocks, and the context is
   the lead's blocks; after the loop over this rank's block, scalars are
   summed over the ranks or passed along them, and dense outputs' rows
   gathered.  Every rank makes the same calls in the same order (each
   runs the kernel), so the collectives match.  */

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "mpi-int.h"
#include "sparse_kernel.h"

/* The tag of the running sum a chain passes on.  */
#define CHAIN_TAG 1

/* T, distributed over D, rebuilt from the records REC[0 .. N) that
   moved (freed here) and made whole (ND NULL) or distributed over ND.  */
static void
rebuild (sp_tensor *t, const sp_mpi_dist *d, uint64_t *rec, int64_t n,
         sp_mpi_dist *nd)
{
  sp_tensor *b = sp__mpi_build (&t->fmt, t->type, t->dims, rec, n, 0);
  free (rec);
  if (!b)
    sp__mpi_stop (d->comm, sp_error ());
  sp__take_arrays (t, b);
  sp_free (b);
  sp__mpi_attach (t, nd);
}

/* T's entries, as records into *REC, *N; the job stops on failure (the
   other ranks are on their way to the exchange).  */
static void
records (const sp_tensor *t, const sp_mpi_dist *d, uint64_t **rec,
         int64_t *n)
{
  if (sp__mpi_records (t, rec, n))
    sp__mpi_stop (d->comm, sp_error ());
}

/* T gathered whole on every rank.  */
static void
replicate (sp_tensor *t, const sp_mpi_dist *d)
{
  uint64_t *rec, *all;
  int64_t n, nall;
  records (t, d, &rec, &n);
  sp__mpi_gather (d->comm, t->fmt.rank + 1, rec, n, &all, &nall,
                  SP_MPI_REPLICATE);
  free (rec);
  rebuild (t, d, all, nall, NULL);
}

/* T, distributed over D, moved to the blocks of LEAD.  */
static void
recut (sp_tensor *t, const sp_mpi_dist *d, const sp_mpi_dist *lead)
{
  uint64_t *rec, *got;
  int64_t n, ngot;
  int w = t->fmt.rank + 1;
  records (t, d, &rec, &n);
  int *dest = sp__mpi_alloc (d->comm, (size_t) n * sizeof *dest);
  for (int64_t e = 0; e < n; e++)
    dest[e] = sp__mpi_owner (lead->cuts, lead->size,
                             sp__mpi_key (&t->fmt, t->dims, rec + e * w));
  sp__mpi_send (lead->comm, w, rec, n, dest, &got, &ngot, SP_MPI_RECUT);
  free (rec);
  free (dest);
  sp_mpi_dist *nd = sp__mpi_dist_new (lead->comm, lead->cuts);
  if (!nd)
    sp__mpi_stop (d->comm, sp_error ());
  rebuild (t, d, got, ngot, nd);
}

static int
same_blocks (const sp_mpi_dist *a, const sp_mpi_dist *b)
{
  return a->size == b->size
         && memcmp (a->cuts, b->cuts,
                    (size_t) (a->size + 1) * sizeof *a->cuts) == 0;
}

void *
sp__mpi_open (int n, sp_tensor **t, const int *role)
{
  sp_mpi_dist *d, *lead = NULL;
  for (int i = 0; i < n; i++)
    if (role[i] == 1 && (d = sp__mpi_state (t[i])))
      {
        if (!lead)
          lead = d;
        else if (!same_blocks (d, lead))
          recut (t[i], d, lead);
      }
  for (int i = 0; i < n; i++)
    if (role[i] != 1 && (d = sp__mpi_state (t[i])))
      {
        int src = (role[i] - 2) / SP_KDIST_LEVELS;
        sp_mpi_dist *sd = role[i] >= 2 ? sp__mpi_state (t[src]) : NULL;
        if (sd && role[src] == 1 && sp__mpi_dense_stored (t[i]))
          sp__mpi_ghosts (t[i], d, t[src], sd,
                          (role[i] - 2) % SP_KDIST_LEVELS, lead);
        else
          replicate (t[i], d);
      }
  if (!lead)
    return NULL;
  d = sp__mpi_dist_new (lead->comm, lead->cuts);
  if (!d)
    sp__mpi_stop (lead->comm, sp_error ());
  return d;
}

int64_t
sp__mpi_lo (const void *ctx)
{
  const sp_mpi_dist *d = ctx;
  return d->cuts[d->rank];
}

int64_t
sp__mpi_hi (const void *ctx, int64_t n)
{
  const sp_mpi_dist *d = ctx;
  int64_t hi = d->cuts[d->rank + 1];
  return hi < n ? hi : n;
}

/* Every rank's V gathered and added in rank order, not by
   MPI_Allreduce, whose order of additions may differ from rank to rank:
   every rank gets the same bits, so that a test on the sum takes the
   same branch everywhere.  */
double
sp__mpi_sum_d (void *ctx, double v)
{
  const sp_mpi_dist *d = ctx;
  double *all = sp__mpi_alloc (d->comm, (size_t) d->size * sizeof *all);
  MPI_Allgather (&v, 1, MPI_DOUBLE, all, 1, MPI_DOUBLE, d->comm);
  v = all[0];
  for (int r = 1; r < d->size; r++)
    v += all[r];
  free (all);
  sp__mpi_count (SP_MPI_SUM, (d->size > 1) * sizeof v,
                 (int64_t) (d->size - 1) * sizeof v);
  return v;
}

int64_t
sp__mpi_sum_l (void *ctx, int64_t v)
{
  const sp_mpi_dist *d = ctx;
  MPI_Allreduce (MPI_IN_PLACE, &v, 1, MPI_INT64_T, MPI_SUM, d->comm);
  sp__mpi_count (SP_MPI_SUM, (d->size > 1) * sizeof v,
                 (d->size > 1) * sizeof v);
  return v;
}

double
sp__mpi_chain_in_d (void *ctx, double v)
{
  const sp_mpi_dist *d = ctx;
  if (d->rank > 0)
    MPI_Recv (&v, 1, MPI_DOUBLE, d->rank - 1, CHAIN_TAG, d->comm,
              MPI_STATUS_IGNORE);
  return v;
}

double
sp__mpi_chain_out_d (void *ctx, double v)
{
  const sp_mpi_dist *d = ctx;
  int last = d->size - 1;
  if (d->rank < last)
    MPI_Send (&v, 1, MPI_DOUBLE, d->rank + 1, CHAIN_TAG, d->comm);
  MPI_Bcast (&v, 1, MPI_DOUBLE, last, d->comm);
  /* In and out of this rank, then the total from the last.  */
  sp__mpi_count (SP_MPI_CHAIN, (d->rank < last) * 8 + (d->rank == last
                                                       && last > 0) * 8,
                 (d->rank > 0) * 8 + (d->rank != last) * 8);
  return v;
}

void
sp__mpi_rows (void *ctx, void *data, int64_t rows, int64_t row_bytes)
{
  const sp_mpi_dist *d = ctx;
  if (rows <= 0 || row_bytes <= 0)
    return;
  if (rows > INT_MAX || row_bytes > INT_MAX)
    sp__mpi_stop (d->comm, "a dense output too large to gather in one "
                  "MPI call");
  int *cnt = sp__mpi_alloc (d->comm, (size_t) d->size * sizeof *cnt);
  int *disp = sp__mpi_alloc (d->comm, (size_t) d->size * sizeof *disp);
  int64_t all = 0;
  for (int r = 0; r < d->size; r++)
    {
      int64_t a = d->cuts[r] < rows ? d->cuts[r] : rows;
      int64_t b = d->cuts[r + 1] < rows ? d->cuts[r + 1] : rows;
      disp[r] = (int) a;
      cnt[r] = (int) (b - a);
      all += cnt[r];
    }
  MPI_Datatype row;
  MPI_Type_contiguous ((int) row_bytes, MPI_BYTE, &row);
  MPI_Type_commit (&row);
  MPI_Allgatherv (MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, data, cnt, disp, row,
                  d->comm);
  MPI_Type_free (&row);
  sp__mpi_count (SP_MPI_ROWS, (d->size > 1) * cnt[d->rank] * row_bytes,
                 (all - cnt[d->rank]) * row_bytes);
  free (cnt);
  free (disp);
}

void
sp__mpi_mark (void *ctx, sp_tensor *out)
{
  const sp_mpi_dist *d = ctx;
  sp_mpi_dist *nd = NULL;
  if (d && !(nd = sp__mpi_dist_new (d->comm, d->cuts)))
    sp__mpi_stop (d->comm, sp_error ());
  sp__mpi_attach (out, nd);
}

void
sp__mpi_close (void *ctx)
{
  sp__mpi_dist_free (ctx);
}
