/* state.c -- a distributed tensor's state: its communicator and blocks,
   what sp_free and element accesses ask of it, and the agreement of the
   ranks on a collective call's outcome.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mpi-int.h"

/* The key of the library's communicator among a user communicator's
   attributes.  */
static int comm_key = MPI_KEYVAL_INVALID;

static int
comm_delete (MPI_Comm comm, int key, void *value, void *extra)
{
  MPI_Comm inner = (MPI_Comm) value;
  (void) comm;
  (void) key;
  (void) extra;
  MPI_Comm_free (&inner);
  return MPI_SUCCESS;
}

MPI_Comm
sp__mpi_comm (MPI_Comm comm)
{
  void *value;
  int found;
  MPI_Comm inner;
  if (comm_key == MPI_KEYVAL_INVALID)
    MPI_Comm_create_keyval (MPI_COMM_NULL_COPY_FN, comm_delete, &comm_key,
                            NULL);
  MPI_Comm_get_attr (comm, comm_key, &value, &found);
  if (found)
    return (MPI_Comm) value;
  MPI_Comm_dup (comm, &inner);
  MPI_Comm_set_attr (comm, comm_key, (void *) inner);
  return inner;
}

sp_mpi_dist *
sp__mpi_dist_new (MPI_Comm comm, const int64_t *cuts)
{
  sp_mpi_dist *d = malloc (sizeof *d);
  if (d)
    {
      d->comm = comm;
      d->ghost = NULL;
      MPI_Comm_rank (comm, &d->rank);
      MPI_Comm_size (comm, &d->size);
      d->cuts = malloc ((size_t) (d->size + 1) * sizeof *d->cuts);
      if (d->cuts)
        {
          memcpy (d->cuts, cuts, (size_t) (d->size + 1) * sizeof *d->cuts);
          return d;
        }
      free (d);
    }
  sp__fail ("out of memory for a distributed tensor's state");
  return NULL;
}

void
sp__mpi_dist_free (sp_mpi_dist *d)
{
  if (d)
    {
      free (d->cuts);
      sp__mpi_ghost_free (d->ghost);
    }
  free (d);
}

void
sp__mpi_attach (sp_tensor *t, sp_mpi_dist *d)
{
  sp_priv *pv = t->priv;
  sp__dist_install (&sp__mpi_ops);
  sp__mpi_dist_free (pv->dist);
  pv->dist = d;
  t->remote = d != NULL;
  /* Windows made while the tensor was whole may cover other blocks.  */
  sp__new_epoch ();
}

int
sp__mpi_agree (MPI_Comm comm, int ok)
{
  int rank, size, first;
  char msg[512] = "";
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);
  int mine = ok ? size : rank;
  MPI_Allreduce (&mine, &first, 1, MPI_INT, MPI_MIN, comm);
  if (first == size)
    return -1;
  if (rank == first)
    snprintf (msg, sizeof msg, "%s", sp_error ());
  MPI_Bcast (msg, sizeof msg, MPI_CHAR, first, comm);
  sp__fail ("%s", msg);
  return first;
}

/* ------------------------------------------- libsparsert's operations */

static void
release (sp_tensor *t)
{
  sp_priv *pv = t->priv;
  sp__mpi_dist_free (pv->dist);
  pv->dist = NULL;
  t->remote = 0;
}

static void
block (const sp_tensor *t, int64_t *lo, int64_t *hi)
{
  const sp_mpi_dist *d = sp__mpi_state (t);
  *lo = d->cuts[d->rank];
  *hi = d->cuts[d->rank + 1];
}

void
sp__mpi_stop (MPI_Comm comm, const char *what)
{
  fflush (stdout);
  fprintf (stderr, "sparse: error: %s\n", what);
  fflush (stderr);
  MPI_Abort (comm, 1);
  abort ();
}

void *
sp__mpi_alloc (MPI_Comm comm, size_t n)
{
  void *p = malloc (n ? n : 1);
  if (!p)
    sp__mpi_stop (comm, "out of memory in a collective step over "
                  "distributed tensors");
  return p;
}

static void
check (const sp_tensor *t, const int64_t *x, const char *what)
{
  const sp_mpi_dist *d = sp__mpi_state (t);
  const sp_priv *pv = t->priv;
  int64_t lo = d->cuts[d->rank], hi = d->cuts[d->rank + 1];
  char msg[400], at[SP_MAX_RANK * 21 + 4];
  size_t n = 0;
  if (!x)
    {
      if (lo == 0 && hi == pv->lo.size[0])
        return;
      snprintf (msg, sizeof msg, "%s: rank %d of %d holds only its block "
                "[%lld, %lld) of a distributed tensor's first-level "
                "coordinates: there is no dense copy of the tensor here "
                "(compile its kernels with the plugin)", what, d->rank,
                d->size, (long long) lo, (long long) hi);
      sp__mpi_stop (d->comm, msg);
    }
  int64_t k = sp__lc (&t->fmt, t->dims, 0, x);
  if (k >= lo && k < hi)
    return;
  for (int i = 0; i < t->fmt.rank; i++)
    n += (size_t) snprintf (at + n, sizeof at - n, "%s%lld", i ? ", " : "",
                            (long long) x[i]);
  int owner = sp__mpi_owner (d->cuts, d->size, k);
  snprintf (msg, sizeof msg, "%s: element (%s) of a distributed tensor "
            "lies in the block of rank %d (first-level coordinates [%lld, "
            "%lld)), not in this rank's (rank %d: [%lld, %lld)); outside a "
            "kernel only the rank holding an element can read or write it",
            what, at, owner, (long long) d->cuts[owner],
            (long long) d->cuts[owner + 1], d->rank, (long long) lo,
            (long long) hi);
  sp__mpi_stop (d->comm, msg);
}

int
sp__mpi_owner (const int64_t *cuts, int size, int64_t k)
{
  int a = 0, b = size - 1;
  /* The last rank whose block starts at or before K.  */
  while (a < b)
    {
      int m = a + (b - a + 1) / 2;
      if (cuts[m] <= k)
        a = m;
      else
        b = m - 1;
    }
  return a;
}

const sp_dist_ops sp__mpi_ops = {
  sp__mpi_open, sp__mpi_lo, sp__mpi_hi, sp__mpi_sum_d, sp__mpi_sum_l,
  sp__mpi_chain_in_d, sp__mpi_chain_out_d, sp__mpi_rows, sp__mpi_mark,
  sp__mpi_close, release, sp__mpi_write, check, block, sp__mpi_convert
};

/* ----------------------------------------------------------- queries */

int
sp_dist_block (const sp_tensor *t, int64_t *lo, int64_t *hi)
{
  const sp_mpi_dist *d;
  if (sp__check (t, "sp_dist_block"))
    return -1;
  if ((d = sp__mpi_state (t)))
    {
      block (t, lo, hi);
      return 1;
    }
  *lo = 0;
  *hi = ((const sp_priv *) t->priv)->lo.size[0];
  return 0;
}

int64_t
sp_dist_nnz (const sp_tensor *t)
{
  const sp_mpi_dist *d = sp__mpi_state (t);
  if (!d)
    return sp_nnz (t);
  /* A tensor stored densely has values at other blocks' coordinates.  */
  sp_tensor *copy = sp__mpi_dense_stored (t) ? sp__mpi_block_copy (t) : NULL;
  int64_t n = sp__mpi_dense_stored (t) ? (copy ? sp_nnz (copy) : -1)
                                       : sp_nnz (t), all;
  sp_free (copy);
  if (sp__mpi_agree (d->comm, n >= 0) >= 0)
    return -1;
  MPI_Allreduce (&n, &all, 1, MPI_INT64_T, MPI_SUM, d->comm);
  return all;
}
