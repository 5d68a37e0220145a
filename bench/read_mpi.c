/* read_mpi.c -- reading distributed tensors on the ranks of one
   machine: the time of sp_read_dist against sp_read of the same file
   (the kernels over them: kernels_mpi.c).  Every measurement runs RUNS times
   on every rank, the same number everywhere (a collective loop cut
   short on one rank would hang); a run's time is the slowest rank's,
   and the best run counts.  Rank 0 prints a markdown row per file.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sparse.h>
#include <sparse_mpi.h>
#include "timing.h"

#define RUNS 7

static int me, ranks;

/* The slowest rank's time of a run that took T here.  */
static double
slowest (double t)
{
  MPI_Allreduce (MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return t;
}

static void
bench_file (const char *path)
{
  double best_read = 1e30, best_dist = 1e30;
  sp_tensor *a = NULL;
  int64_t nnz = 0;
  for (int r = 0; r < RUNS; r++)
    {
      /* sp_read on rank 0 alone, the others waiting.  */
      MPI_Barrier (MPI_COMM_WORLD);
      if (me == 0)
        {
          double t0 = now ();
          sp_tensor *w = sp_read (path, "csr", SP_F64);
          double t = now () - t0;
          if (!w)
            {
              fprintf (stderr, "%s\n", sp_error ());
              MPI_Abort (MPI_COMM_WORLD, 1);
            }
          nnz = sp_nnz (w);
          sp_free (w);
          best_read = t < best_read ? t : best_read;
        }
      MPI_Barrier (MPI_COMM_WORLD);
      double t0 = now ();
      sp_free (a);
      a = sp_read_dist (path, "csr", SP_F64, MPI_COMM_WORLD);
      double t = slowest (now () - t0);
      if (!a)
        {
          fprintf (stderr, "%s\n", sp_error ());
          MPI_Abort (MPI_COMM_WORLD, 1);
        }
      best_dist = t < best_dist ? t : best_dist;
    }
  int64_t m = sp_dim (a, 0), n = sp_dim (a, 1);
  const char *name = strrchr (path, '/');
  if (me == 0)
    printf ("| %s | %lld x %lld | %lld | %d | %.2f | %.2f |\n",
            name ? name + 1 : path, (long long) m, (long long) n,
            (long long) nnz, ranks, best_read * 1e3, best_dist * 1e3);
  sp_free (a);
}

int
main (int argc, char **argv)
{
  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &me);
  MPI_Comm_size (MPI_COMM_WORLD, &ranks);
  for (int k = 1; k < argc; k++)
    bench_file (argv[k]);
  MPI_Finalize ();
  return 0;
}
