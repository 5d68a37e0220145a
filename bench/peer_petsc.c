/* peer_petsc.c -- the peer of kernels_mpi.c's SpMV: PETSc's MatMult on the
   same matrix over the same ranks.

   Every rank reads the whole matrix with sp_read (untimed) and keeps the
   block of rows whose entries come to its share of them, cut as the
   runtime cuts a distributed tensor's rows (by entries); the columns are
   split like the rows, as for a square operator.  The local rows go to
   MatCreateMPIAIJWithArrays; MatMult then scatters the ghost entries of
   x the block's columns need (PETSc's VecScatter) and multiplies.

     mpirun -np P peer_petsc MATRIX REPS OUT.tsv

   MATRIX is a file, or gen:NAME for the input bench/gen.h generated
   into bench/out (kernels_mpi.c's first run writes it).

   appends one line to OUT.tsv (rank 0): peer ("petsc", or
   "petsc_noinode" under PETSc's option -mat_no_inode, which turns off
   its multiplication of consecutive rows of one pattern together),
   kernel, ranks, median
   seconds a call, bytes each rank receives a call (the largest over the
   ranks: the ghost entries of x), the growth of a rank's resident memory
   while PETSc builds its matrix (the largest; PetscMemoryGetCurrentUsage),
   and the sum of y as a check.  */

#include <petscmat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gen.h"
#include "sparse.h"

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

int
main (int argc, char **argv)
{
  PetscCall (PetscInitialize (&argc, &argv, NULL, NULL));
  if (argc < 4)
    {
      PetscCall (PetscPrintf (PETSC_COMM_WORLD,
                              "usage: peer_petsc MATRIX REPS OUT.tsv\n"));
      PetscCall (PetscFinalize ());
      return 2;
    }
  int rank, size, reps = atoi (argv[2]);
  MPI_Comm_rank (PETSC_COMM_WORLD, &rank);
  MPI_Comm_size (PETSC_COMM_WORLD, &size);
  const char *path = strncmp (argv[1], "gen:", 4) ? argv[1]
                     : gen_file ("bench/out", argv[1] + 4);
  sp_tensor *t = sp_read (path, "COO", SP_F64);
  if (!t)
    {
      fprintf (stderr, "peer_petsc: %s\n", sp_error ());
      MPI_Abort (PETSC_COMM_WORLD, 1);
    }
  int64_t n = sp_dim (t, 0), nnz = sp_nnz (t);
  int64_t *count = calloc ((size_t) n + 1, sizeof *count);
  int64_t (*ent)[2] = malloc ((size_t) nnz * sizeof *ent);
  double *val = malloc ((size_t) nnz * sizeof *val);
  sp_iter *it = sp_iter_new (t);
  for (int64_t p = 0; p < nnz && sp_iter_next (it, ent[p], &val[p]) > 0; p++)
    count[ent[p][0] + 1]++;
  sp_iter_free (it);
  for (int64_t i = 0; i < n; i++)
    count[i + 1] += count[i];
  /* Rank r's rows: from the first row whose entries before it reach
     r / size of them.  */
  int64_t lo = 0, hi = 0;
  for (int r = 0; r <= rank; r++)
    {
      lo = hi;
      int64_t goal = nnz * (r + 1) / size;
      while (hi < n && (r == size - 1 || count[hi] < goal))
        hi++;
    }
  PetscInt m = (PetscInt) (hi - lo);
  PetscInt *ii = malloc (((size_t) m + 1) * sizeof *ii);
  PetscInt *jj = malloc (((size_t) (count[hi] - count[lo]) + 1) * sizeof *jj);
  PetscScalar *aa = malloc (((size_t) (count[hi] - count[lo]) + 1)
                            * sizeof *aa);
  /* COO's entries are sorted by row, then column.  */
  for (PetscInt i = 0; i <= m; i++)
    ii[i] = (PetscInt) (count[lo + i] - count[lo]);
  for (int64_t p = count[lo]; p < count[hi]; p++)
    {
      jj[p - count[lo]] = (PetscInt) ent[p][1];
      aa[p - count[lo]] = val[p];
    }
  /* The ghost columns: those of the block's entries another rank owns,
     each once.  */
  char *seen = calloc ((size_t) n, 1);
  int64_t ghosts = 0;
  for (int64_t p = count[lo]; p < count[hi]; p++)
    {
      int64_t c = ent[p][1];
      if ((c < lo || c >= hi) && !seen[c])
        seen[c] = 1, ghosts++;
    }
  Mat A;
  PetscLogDouble rss0, rss1;
  PetscCall (PetscMemoryGetCurrentUsage (&rss0));
  PetscCall (MatCreateMPIAIJWithArrays (PETSC_COMM_WORLD, m, m, (PetscInt) n,
                                        (PetscInt) n, ii, jj, aa, &A));
  Vec x, y;
  PetscCall (MatCreateVecs (A, &x, &y));
  PetscCall (MatMult (A, x, y));
  PetscCall (PetscMemoryGetCurrentUsage (&rss1));
  for (int64_t i = lo; i < hi; i++)
    PetscCall (VecSetValue (x, (PetscInt) i, 1.0 / (double) (i + 1),
                            INSERT_VALUES));
  PetscCall (VecAssemblyBegin (x));
  PetscCall (VecAssemblyEnd (x));
  double *times = malloc ((size_t) reps * sizeof *times);
  for (int r = 0; r < reps; r++)
    {
      MPI_Barrier (PETSC_COMM_WORLD);
      double t0 = MPI_Wtime ();
      PetscCall (MatMult (A, x, y));
      double t1 = MPI_Wtime () - t0, tmax;
      MPI_Allreduce (&t1, &tmax, 1, MPI_DOUBLE, MPI_MAX, PETSC_COMM_WORLD);
      times[r] = tmax;
    }
  qsort (times, (size_t) reps, sizeof *times, cmp_double);
  PetscScalar sum;
  PetscCall (VecSum (y, &sum));
  double mem = rss1 - rss0, mem_max, bytes = 8.0 * (double) ghosts, bytes_max;
  MPI_Reduce (&mem, &mem_max, 1, MPI_DOUBLE, MPI_MAX, 0, PETSC_COMM_WORLD);
  MPI_Reduce (&bytes, &bytes_max, 1, MPI_DOUBLE, MPI_MAX, 0,
              PETSC_COMM_WORLD);
  PetscBool no_inode = PETSC_FALSE;
  PetscCall (PetscOptionsHasName (NULL, NULL, "-mat_no_inode", &no_inode));
  if (rank == 0)
    {
      FILE *f = fopen (argv[3], "a");
      if (!f)
        MPI_Abort (PETSC_COMM_WORLD, 1);
      fprintf (f, "%s\tSpMV\t%d\t%.9f\t%.0f\t%.0f\t%.17g\n",
               no_inode ? "petsc_noinode" : "petsc", size,
               times[reps / 2], bytes_max, mem_max, (double) sum);
      fclose (f);
    }
  PetscCall (VecDestroy (&x));
  PetscCall (VecDestroy (&y));
  PetscCall (MatDestroy (&A));
  free (times);
  free (seen);
  free (ii);
  free (jj);
  free (aa);
  free (count);
  free (ent);
  free (val);
  sp_free (t);
  PetscCall (PetscFinalize ());
  return 0;
}
