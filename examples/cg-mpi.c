/* cg-mpi.c -- cg.c over MPI ranks: the same conjugate gradient method,
   the same tagged matrix-vector product, the matrix read with
   sp_read_dist so that each rank holds a block of its rows.

   Every rank runs the whole program.  The product runs over the rank's
   rows and leaves the complete vector on every rank (the runtime
   gathers it); the vector operations are plain C on every rank's full
   copy, so every rank takes the same steps as the serial program and
   prints (on rank 0) what cg.c prints.

     mpirun -np 4 ./cg-mpi [matrix.mtx]  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sparse.h>
#include <sparse_mpi.h>

static void
matvec (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}

static double
dot (int n, const double *a, const double *b)
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

/* Solve A x = b from x = 0 until the residual's norm falls below TOL
   times b's; returns the number of iterations.  R, P and AP are work
   vectors.  */
static int
cg (int n, double A[n][n] SPARSE ("CSR"), double b[n], double x[n],
    double tol, int max_iter, double r[n], double p[n], double ap[n])
{
  for (int i = 0; i < n; i++)
    {
      x[i] = 0;
      r[i] = b[i];
      p[i] = b[i];
    }
  double rr = dot (n, r, r), stop = tol * tol * rr;
  int k = 0;
  while (k < max_iter && rr > stop)
    {
      matvec (n, ap, A, p);
      double alpha = rr / dot (n, p, ap);
      for (int i = 0; i < n; i++)
        {
          x[i] += alpha * p[i];
          r[i] -= alpha * ap[i];
        }
      double rr_new = dot (n, r, r);
      for (int i = 0; i < n; i++)
        p[i] = r[i] + rr_new / rr * p[i];
      rr = rr_new;
      k++;
    }
  return k;
}

int
main (int argc, char **argv)
{
  MPI_Init (&argc, &argv);
  int rank;
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  const char *path = argc > 1 ? argv[1] : "poisson100.mtx";
  sp_tensor *a = sp_read_dist (path, "CSR", SP_F64, MPI_COMM_WORLD);
  if (!a)
    {
      fprintf (stderr, "cg-mpi: %s\n", sp_error ());
      MPI_Finalize ();
      return 1;
    }
  int n = (int) sp_dim (a, 0);
  double *v = malloc (sizeof *v * 6 * n);
  if (!v || sp_dim (a, 1) != n)
    MPI_Abort (MPI_COMM_WORLD, 1);
  double *ones = v, *b = v + n, *x = v + 2 * n;
  for (int i = 0; i < n; i++)
    ones[i] = 1;

  matvec (n, b, sp_array (a), ones);
  int iters = cg (n, sp_array (a), b, x, 1e-10, 1000, v + 3 * n, v + 4 * n,
                  v + 5 * n);

  double err = 0;
  for (int i = 0; i < n; i++)
    err = fmax (err, fabs (x[i] - 1));
  /* sp_nnz counts the entries this rank holds.  */
  long long nnz = sp_nnz (a), total;
  MPI_Allreduce (&nnz, &total, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    {
      printf ("%s: %d x %d, %lld nonzeros\n", path, n, n, total);
      printf ("converged in %d iterations; largest error %.3e\n", iters, err);
      printf ("x[0] %.15g x[n-1] %.15g\n", x[0], x[n - 1]);
    }
  free (v);
  sp_free (a);
  MPI_Finalize ();
  return 0;
}
