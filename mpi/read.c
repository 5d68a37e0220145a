/* read.c -- sp_read_dist: each rank reads its byte range of the file
   (io.h's sp__read_part), the ranks cut the first-level coordinates
   into blocks of about equal entries (cut.c), and each entry goes to
   the rank whose block holds it (MPI_Alltoallv), which builds its block
   as sp_read builds the whole tensor: the same entries, in file order,
   so that repeats add up alike.

   A single rank reads with sp_read.

   A part that fails only says that the file is bad somewhere (its
   messages count lines from the part's start), and a count of entries
   unlike the header's shows only once the parts are added up: then
   every rank reads the file whole with sp_read, whose message names
   the file and line, the same on every rank.  */

#include <stdlib.h>
#include <string.h>
#include "io.h"
#include "mpi-int.h"

/* The layout LO of format F at extents DIMS, when a tensor of them can
   be cut into blocks of first-level coordinates: 0, or -1 with a
   message.  */
static int
cuttable (const sp_format *f, const int64_t *dims, sp_layout *lo)
{
  char buf[160];
  if (sp__layout (f, dims, lo))
    return -1;
  if (lo->count_lv == 0)
    return sp__fail ("format \"%s\" cannot be distributed: its first level "
                     "(#) counts entries, it holds no coordinates",
                     sp_format_print (f, buf, sizeof buf));
  return 0;
}

/* Make the whole tensor T (freed) this rank's block of it over COMM.  */
static sp_tensor *
block_of_whole (sp_tensor *t, MPI_Comm comm)
{
  int rank, size, w = t->fmt.rank + 1;
  uint64_t *rec = NULL;
  int64_t n, keep = 0, *keys = NULL, *cuts = NULL;
  sp_tensor *b = NULL;
  sp_layout lo;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);
  if (cuttable (&t->fmt, t->dims, &lo))
    goto done;
  cuts = malloc ((size_t) (size + 1) * sizeof *cuts);
  if (!cuts)
    {
      sp__fail ("out of memory for a distributed tensor's state");
      goto done;
    }
  if (size == 1)
    {
      /* One block holds everything: T as it is.  */
      cuts[0] = 0;
      cuts[1] = lo.size[0];
      b = t;
      t = NULL;
      goto done;
    }
  if (sp__mpi_records (t, &rec, &n))
    goto done;
  keys = malloc ((size_t) (n ? n : 1) * sizeof *keys);
  if (!keys)
    {
      sp__fail ("out of memory for %lld entries", (long long) n);
      goto done;
    }
  for (int64_t e = 0; e < n; e++)
    keys[e] = sp__mpi_key (&t->fmt, t->dims, rec + e * w);
  sp__mpi_cut (comm, size, keys, n, lo.size[0], 1, cuts);
  /* The entries in storage order: this rank's are together.  */
  for (int64_t e = 0; e < n; e++)
    {
      int64_t k = sp__mpi_key (&t->fmt, t->dims, rec + e * w);
      if (k >= cuts[rank] && k < cuts[rank + 1])
        memmove (rec + keep++ * w, rec + e * w, (size_t) w * 8);
    }
  b = sp__mpi_build (&t->fmt, t->type, t->dims, rec, keep, 0);
done:
  if (b)
    {
      sp_mpi_dist *d = sp__mpi_dist_new (comm, cuts);
      if (d)
        sp__mpi_attach (b, d);
      else
        {
          sp_free (b);
          b = NULL;
        }
    }
  free (rec);
  free (keys);
  free (cuts);
  sp_free (t);
  return b;
}

/* This rank's block of the entries of part P (its list freed), the
   parts of all ranks read well: NULL with a message on failure, this
   rank's or another's.  */
static sp_tensor *
block_of_parts (sp_part *p, MPI_Comm comm)
{
  uint64_t *rec = NULL;
  int64_t n = p->c.n;
  int ok = !sp__mpi_coo_records (&p->c, &rec);
  sp__coo_free (&p->c);
  return sp__mpi_spread (comm, &p->f, p->type, p->dims, rec, n, ok,
                         !p->tns, SP_MPI_READ);
}

sp_tensor *
sp__mpi_spread (MPI_Comm comm, const sp_format *f, sp_type type,
                const int64_t *dims, uint64_t *rec, int64_t n, int ok,
                int mtx, sp_mpi_op op)
{
  int rank, size, w = f->rank + 1;
  uint64_t *got = NULL;
  int64_t ngot, *keys = NULL, *cuts = NULL;
  int *dest = NULL;
  sp_tensor *t = NULL;
  sp_layout lo;
  MPI_Comm_rank (comm, &rank);
  MPI_Comm_size (comm, &size);
  ok = ok && !cuttable (f, dims, &lo);
  keys = malloc ((size_t) (n ? n : 1) * sizeof *keys);
  dest = malloc ((size_t) (n ? n : 1) * sizeof *dest);
  cuts = malloc ((size_t) (size + 1) * sizeof *cuts);
  if (ok && (!keys || !dest || !cuts))
    ok = !sp__fail ("out of memory for %lld entries", (long long) n);
  if (sp__mpi_agree (comm, ok) >= 0)
    goto done;
  for (int64_t e = 0; e < n; e++)
    keys[e] = sp__mpi_key (f, dims, rec + e * w);
  sp__mpi_cut (comm, size, keys, n, lo.size[0], 0, cuts);
  for (int64_t e = 0; e < n; e++)
    dest[e] = sp__mpi_owner (cuts, size, sp__mpi_key (f, dims, rec + e * w));
  free (keys);
  keys = NULL;
  sp__mpi_send (comm, w, rec, n, dest, &got, &ngot, op);
  free (rec);
  rec = NULL;
  t = sp__mpi_build (f, type, dims, got, ngot, mtx);
  sp_mpi_dist *d = t ? sp__mpi_dist_new (comm, cuts) : NULL;
  if (d)
    sp__mpi_attach (t, d);
  if (sp__mpi_agree (comm, d != NULL) >= 0)
    {
      sp_free (t);
      t = NULL;
    }
done:
  free (got);
  free (rec);
  free (keys);
  free (dest);
  free (cuts);
  return t;
}

sp_tensor *
sp_read_dist (const char *path, const char *format, sp_type type,
              MPI_Comm comm)
{
  MPI_Comm c = sp__mpi_comm (comm);
  int rank, size;
  sp_part p;
  MPI_Comm_rank (c, &rank);
  MPI_Comm_size (c, &size);
  if (size == 1)
    {
      /* No other rank to share the reading with.  */
      sp_tensor *t = sp_read (path, format, type);
      return t ? block_of_whole (t, c) : NULL;
    }
  int st = sp__read_part (path, format, type, rank, size, &p);
  /* Whether a part failed, whether the file is to be read whole, and
     the extents (a .tns file's largest coordinates over all parts).  */
  int64_t all[2 + SP_MAX_RANK] = { st < 0, st > 0 }, lines;
  for (int d = 0; st == 0 && d < p.f.rank; d++)
    all[2 + d] = p.dims[d];
  MPI_Allreduce (MPI_IN_PLACE, all, 2 + SP_MAX_RANK, MPI_INT64_T, MPI_MAX, c);
  lines = st == 0 ? p.lines : 0;
  MPI_Allreduce (MPI_IN_PLACE, &lines, 1, MPI_INT64_T, MPI_SUM, c);
  if (!all[0] && !all[1] && (p.declared < 0 || lines == p.declared))
    {
      memcpy (p.dims, all + 2, sizeof p.dims);
      return block_of_parts (&p, c);
    }
  if (st == 0)
    sp__coo_free (&p.c);
  sp_tensor *t = sp_read (path, format, type);
  if (t)
    t = block_of_whole (t, c);
  if (sp__mpi_agree (c, t != NULL) >= 0)
    {
      sp_free (t);
      t = NULL;
    }
  return t;
}
