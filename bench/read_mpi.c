/* bench_mpi.c -- distributed tensors on the ranks of one machine: the
   time of sp_read_dist against sp_read of the same file, and of a
   row-distributed SpMV made with the kernels' calls (sp_kdist_*: the
   rows of the local block, then the rows of y gathered), with the bytes
   that SpMV moves (sp_dist_stats).  Every measurement runs RUNS times
   on every rank, the same number everywhere (a collective loop cut
   short on one rank would hang); a run's time is the slowest rank's,
   and the best run counts.  Rank 0 prints a markdown row per file.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sparse.h>
#include <sparse_kernel.h>
#include <sparse_mpi.h>
#include "timing.h"

#define RUNS 7
#define SPMV_CALLS 20

static int me, ranks;

/* The slowest rank's time of a run that took T here.  */
static double
slowest (double t)
{
  MPI_Allreduce (MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return t;
}

/* y = A x over the rows of A this rank holds, by A's CSR arrays, then
   every rank's rows of y gathered.  */
static void
spmv (sp_tensor *a, const double *x, double *y)
{
  void *ctx = sp_kdist_open (1, a, 1);
  const int32_t *pos = sp_pos (a, 1), *crd = sp_crd (a, 1);
  const double *v = sp_values (a);
  int64_t m = sp_dim (a, 0);
  for (int64_t i = sp_kdist_lo (ctx); i < sp_kdist_hi (ctx, m); i++)
    {
      double s = 0;
      for (int32_t p = pos[i]; p < pos[i + 1]; p++)
        s += v[p] * x[crd[p]];
      y[i] = s;
    }
  sp_kdist_rows (ctx, y, m, sizeof *y);
  sp_kdist_close (ctx);
}

static void
bench_file (const char *path)
{
  double best_read = 1e30, best_dist = 1e30, best_spmv = 1e30;
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
  double *x = malloc (n * sizeof *x), *y = malloc (m * sizeof *y);
  for (int64_t j = 0; j < n; j++)
    x[j] = 1 + j % 7;
  sp_dist_traffic tr;
  for (int r = 0; r < RUNS; r++)
    {
      MPI_Barrier (MPI_COMM_WORLD);
      sp_dist_stats_reset ();
      double t0 = now ();
      for (int c = 0; c < SPMV_CALLS; c++)
        spmv (a, x, y);
      double t = slowest (now () - t0) / SPMV_CALLS;
      best_spmv = t < best_spmv ? t : best_spmv;
    }
  sp_dist_stats (&tr);
  int64_t moved = tr.bytes_received / SPMV_CALLS;
  MPI_Allreduce (MPI_IN_PLACE, &moved, 1, MPI_INT64_T, MPI_SUM,
                 MPI_COMM_WORLD);
  const char *name = strrchr (path, '/');
  if (me == 0)
    printf ("| %s | %lld x %lld | %lld | %d | %.2f | %.2f | %.3f | %lld |\n",
            name ? name + 1 : path, (long long) m, (long long) n,
            (long long) nnz, ranks, best_read * 1e3, best_dist * 1e3,
            best_spmv * 1e3, (long long) moved);
  free (x);
  free (y);
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
