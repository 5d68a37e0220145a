/* ghost.c -- the entries of a distributed vector (or the rows of a
   tensor stored densely) that a kernel's rows read at another operand's
   coordinates (its ghosts), fetched from the ranks holding them.

   In y(i) = A(i,j) * x(j) with A's rows and x distributed, a rank reads
   x only at the columns its rows of A store: it receives those entries
   from their owners instead of the whole vector.  Which coordinates come
   from which rank (the plan) follows from A's storage and the blocks
   alone, so it is made once, kept with A, and made again when A's
   storage, the blocks or the level read change; each kernel call then
   moves the values only (MPI_Alltoallv).  */

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "mpi-int.h"

struct sp_mpi_ghost
{
  const sp_tensor *src;   /* whose coordinates are read */
  uint64_t src_gen;       /* the storage they were read from */
  int level;
  int64_t *lead_cuts;     /* the rows, size + 1 */
  int64_t *x_cuts;        /* the vector's blocks, size + 1 */
  /* Coordinates to receive, in rank order (RDISP), and to send to each
     rank (SDISP): counts and offsets in elements.  */
  int *rcnt, *rdisp, *scnt, *sdisp;
  int64_t *need, *give, nneed, ngive;
};

void
sp__mpi_ghost_free (sp_mpi_ghost *g)
{
  if (!g)
    return;
  free (g->lead_cuts);
  free (g->x_cuts);
  free (g->rcnt);
  free (g->rdisp);
  free (g->scnt);
  free (g->sdisp);
  free (g->need);
  free (g->give);
  free (g);
}

/* Whether plan G was made for SRC's LEVEL under LEAD's rows, for a
   vector cut as XD.  */
static int
fits (const sp_mpi_ghost *g, const sp_tensor *src, int level,
      const sp_mpi_dist *lead, const sp_mpi_dist *xd)
{
  size_t cuts = (size_t) (lead->size + 1) * sizeof *lead->cuts;
  return g && g->src == src
         && g->src_gen == ((const sp_priv *) src->priv)->gen
         && g->level == level && memcmp (g->lead_cuts, lead->cuts, cuts) == 0
         && memcmp (g->x_cuts, xd->cuts, cuts) == 0;
}

/* A copy of CUTS over COMM's SIZE ranks.  */
static int64_t *
copy_cuts (MPI_Comm comm, int size, const int64_t *cuts)
{
  size_t len = (size_t) (size + 1) * sizeof *cuts;
  int64_t *c = sp__mpi_alloc (comm, len);
  memcpy (c, cuts, len);
  return c;
}

/* The coordinates of dimension DIM in SRC's entries whose first-level
   coordinate lies in [LO, HI), below EXTENT, and that X's blocks XD give
   to another rank than this one, each once, increasing: *NEED (N).  */
static void
needed (const sp_tensor *src, int dim, int64_t lo, int64_t hi,
        const sp_mpi_dist *xd, int64_t extent, int64_t **need, int64_t *n)
{
  uint64_t *rec;
  int64_t m;
  int w = src->fmt.rank + 1;
  if (sp__mpi_records (src, &rec, &m))
    sp__mpi_stop (xd->comm, sp_error ());
  unsigned char *seen = sp__mpi_alloc (xd->comm, (size_t) extent);
  memset (seen, 0, (size_t) extent);
  for (int64_t e = 0; e < m; e++)
    {
      int64_t key = sp__mpi_key (&src->fmt, src->dims, rec + e * w);
      int64_t c = (int64_t) rec[e * w + dim];
      if (key >= lo && key < hi && c < extent)
        seen[c] = 1;
    }
  free (rec);
  int64_t mine_lo = xd->cuts[xd->rank], mine_hi = xd->cuts[xd->rank + 1];
  *n = 0;
  for (int64_t c = 0; c < extent; c++)
    *n += seen[c] && (c < mine_lo || c >= mine_hi);
  *need = sp__mpi_alloc (xd->comm, (size_t) (*n ? *n : 1) * sizeof **need);
  *n = 0;
  for (int64_t c = 0; c < extent; c++)
    if (seen[c] && (c < mine_lo || c >= mine_hi))
      (*need)[(*n)++] = c;
  free (seen);
}

/* Offsets of the counts CNT of SIZE ranks into DISP; the total.  */
static int64_t
offsets (const int *cnt, int size, int *disp)
{
  int64_t all = 0;
  for (int r = 0; r < size; r++)
    {
      disp[r] = (int) all;
      all += cnt[r];
    }
  return all;
}

/* The plan for X (blocks XD, EXTENT) read at SRC's LEVEL in LEAD's
   rows.  Collective.  */
static sp_mpi_ghost *
plan (const sp_mpi_dist *xd, int64_t extent, const sp_tensor *src,
      int level, const sp_mpi_dist *lead)
{
  MPI_Comm comm = xd->comm;
  int size = xd->size;
  sp_mpi_ghost *g = sp__mpi_alloc (comm, sizeof *g);
  memset (g, 0, sizeof *g);
  g->src = src;
  g->src_gen = ((const sp_priv *) src->priv)->gen;
  g->level = level;
  g->lead_cuts = copy_cuts (comm, size, lead->cuts);
  g->x_cuts = copy_cuts (comm, size, xd->cuts);
  g->rcnt = sp__mpi_alloc (comm, (size_t) size * sizeof (int));
  g->rdisp = sp__mpi_alloc (comm, (size_t) size * sizeof (int));
  g->scnt = sp__mpi_alloc (comm, (size_t) size * sizeof (int));
  g->sdisp = sp__mpi_alloc (comm, (size_t) size * sizeof (int));

  int64_t n;
  needed (src, src->fmt.lv[level].dim, lead->cuts[lead->rank],
          lead->cuts[lead->rank + 1], xd, extent, &g->need, &n);
  g->nneed = n;
  if (n > INT_MAX)
    sp__mpi_stop (comm, "too many entries of a distributed vector to "
                  "exchange in one MPI call");
  memset (g->rcnt, 0, (size_t) size * sizeof (int));
  for (int64_t e = 0; e < n; e++)
    g->rcnt[sp__mpi_owner (xd->cuts, size, g->need[e])]++;
  MPI_Alltoall (g->rcnt, 1, MPI_INT, g->scnt, 1, MPI_INT, comm);
  offsets (g->rcnt, size, g->rdisp);
  int64_t s = offsets (g->scnt, size, g->sdisp);
  g->ngive = s;
  g->give = sp__mpi_alloc (comm, (size_t) (s ? s : 1) * sizeof *g->give);
  MPI_Alltoallv (g->need, g->rcnt, g->rdisp, MPI_INT64_T, g->give, g->scnt,
                 g->sdisp, MPI_INT64_T, comm);
  sp__mpi_count (SP_MPI_GHOST_PLAN, s * 8, n * 8);
  return g;
}

void
sp__mpi_ghosts (sp_tensor *x, const sp_mpi_dist *xd, const sp_tensor *src,
                sp_mpi_dist *sd, int level, const sp_mpi_dist *lead)
{
  int ok, all;
  if (xd->size == 1)
    return;
  /* Every rank makes the plan again if one must (a rank's storage may
     have changed alone).  */
  ok = fits (sd->ghost, src, level, lead, xd);
  MPI_Allreduce (&ok, &all, 1, MPI_INT, MPI_MIN, xd->comm);
  if (!all)
    {
      sp__mpi_ghost_free (sd->ghost);
      sd->ghost = plan (xd, x->dims[0], src, level, lead);
    }
  const sp_mpi_ghost *g = sd->ghost;
  /* A row of X: its elements at one first coordinate, together.  */
  size_t es = sp__esize (x->type);
  for (int d = 1; d < x->fmt.rank; d++)
    es *= (size_t) x->dims[d];
  int64_t ns = g->ngive, nr = g->nneed;
  char *out = sp__mpi_alloc (xd->comm, (size_t) (ns ? ns : 1) * es);
  char *in = sp__mpi_alloc (xd->comm, (size_t) (nr ? nr : 1) * es);
  char *vals = x->vals;
  for (int64_t e = 0; e < ns; e++)
    memcpy (out + e * es, vals + g->give[e] * es, es);
  MPI_Datatype elem;
  MPI_Type_contiguous ((int) es, MPI_BYTE, &elem);
  MPI_Type_commit (&elem);
  MPI_Alltoallv (out, g->scnt, g->sdisp, elem, in, g->rcnt, g->rdisp, elem,
                 xd->comm);
  MPI_Type_free (&elem);
  for (int64_t e = 0; e < nr; e++)
    memcpy (vals + g->need[e] * es, in + e * es, es);
  free (out);
  free (in);
  sp__mpi_count (SP_MPI_GHOST, ns * (int64_t) es, nr * (int64_t) es);
}
