/* dist-check.h -- what the tests of distributed tensors share: failing
   the whole job, writing input files from rank 0, and checking a rank's
   block against the whole tensor sp_read reads.  */

#ifndef DIST_CHECK_H
#define DIST_CHECK_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sparse.h>
#include <sparse_mpi.h>

static int me, ranks;

static void
start (int *argc, char ***argv)
{
  MPI_Init (argc, argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &me);
  MPI_Comm_size (MPI_COMM_WORLD, &ranks);
}

/* A failed check stops every rank.  */
static void __attribute__ ((format (printf, 2, 3)))
check (int ok, const char *fmt, ...)
{
  va_list ap;
  if (ok)
    return;
  fprintf (stderr, "rank %d of %d: FAIL: ", me, ranks);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  MPI_Abort (MPI_COMM_WORLD, 1);
}

/* Rank 0 writes TEXT to PATH; every rank then sees it.  */
static void __attribute__ ((unused))
put_file (const char *path, const char *text)
{
  if (me == 0)
    {
      FILE *f = fopen (path, "w");
      check (f && fputs (text, f) >= 0 && fclose (f) == 0, "write %s", path);
    }
  MPI_Barrier (MPI_COMM_WORLD);
}

/* Whether the values of T and W at X are the same bits.  */
static int
same_value (const sp_tensor *t, const sp_tensor *w, const int64_t *x)
{
  sp_type ty = sp_elem_type (t);
  if (ty == SP_I64 || ty == SP_I32)
    return sp_get_i64 (t, x) == sp_get_i64 (w, x);
  double a = sp_get (t, x), b = sp_get (w, x);
  return memcmp (&a, &b, sizeof a) == 0;
}

/* T is this rank's block, over dimension DIM (its format's first
   level), of the whole tensor W: the blocks are contiguous and cover
   every coordinate, T holds exactly W's entries in its block with the
   same bits, and the ranks' entries add up to W's.  Returns the
   entries of T.  */
static int64_t __attribute__ ((unused))
check_block (const sp_tensor *t, const sp_tensor *w, int dim,
             const char *what)
{
  int64_t lo, hi, x[8], n = 0, inblock = 0, all;
  int rank = sp_rank (w);
  check (t != NULL, "%s: sp_read_dist: %s", what, sp_error ());
  check (sp_rank (t) == rank, "%s: rank", what);
  for (int d = 0; d < rank; d++)
    check (sp_dim (t, d) == sp_dim (w, d), "%s: extent %d", what, d);
  check (sp_dist_block (t, &lo, &hi) == 1, "%s: not distributed", what);
  int64_t *blocks = malloc (2 * ranks * sizeof *blocks), mine[2] = { lo, hi };
  MPI_Allgather (mine, 2, MPI_INT64_T, blocks, 2, MPI_INT64_T,
                 MPI_COMM_WORLD);
  check (blocks[0] == 0 && blocks[2 * ranks - 1] == sp_dim (w, dim),
         "%s: blocks cover [0, %lld)", what, (long long) sp_dim (w, dim));
  for (int r = 0; r + 1 < ranks; r++)
    check (blocks[2 * r + 1] == blocks[2 * r + 2] && blocks[2 * r] <= blocks[2 * r + 1],
           "%s: blocks contiguous at rank %d", what, r);
  free (blocks);
  sp_iter *it = sp_iter_new (t);
  while (sp_iter_next (it, x, NULL) > 0)
    {
      n++;
      check (x[dim] >= lo && x[dim] < hi, "%s: entry outside the block",
             what);
      check (same_value (t, w, x), "%s: value at (%lld, %lld)", what,
             (long long) x[0], (long long) x[1]);
    }
  sp_iter_free (it);
  it = sp_iter_new (w);
  while (sp_iter_next (it, x, NULL) > 0)
    inblock += x[dim] >= lo && x[dim] < hi;
  sp_iter_free (it);
  check (n == inblock && n == sp_nnz (t), "%s: %lld entries, the whole "
         "tensor has %lld in the block", what, (long long) n,
         (long long) inblock);
  MPI_Allreduce (&n, &all, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
  check (all == sp_nnz (w) && sp_dist_nnz (t) == all, "%s: %lld entries "
         "over the ranks, %lld in the whole tensor", what, (long long) all,
         (long long) sp_nnz (w));
  return n;
}

#endif /* DIST_CHECK_H */
