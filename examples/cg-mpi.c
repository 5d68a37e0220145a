/* cg-mpi.c -- cg.c over MPI ranks: the same conjugate gradient method,
   with the matrix read by sp_read_dist, so that each rank holds a block
   of its rows, and the vectors tagged too ("D": stored densely by the
   runtime).

   Every rank runs the whole program.  A vector computed by rows (the
   product A p, the updates of x, r and p) is distributed like A's rows:
   each rank computes and keeps its block.  The product receives only
   the entries of p its rows' columns read, from the ranks holding them;
   the dot products are summed over the ranks in the serial order.  So
   every rank takes the same steps as the serial program, and rank 0
   prints what cg.c prints.

     mpirun -np 4 ./cg-mpi [matrix.mtx]  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sparse.h>
#include <sparse_mpi.h>

static void
matvec (int n, double y[n] SPARSE ("D"), double A[n][n] SPARSE ("CSR"),
        double x[n] SPARSE ("D"))
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
dot (int n, double a[n] SPARSE ("D"), double b[n] SPARSE ("D"))
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

static void
fill (int n, double x[n] SPARSE ("D"), double v)
{
  for (int i = 0; i < n; i++)
    x[i] = v;
}

static void
copy (int n, double y[n] SPARSE ("D"), double x[n] SPARSE ("D"))
{
  for (int i = 0; i < n; i++)
    y[i] = x[i];
}

/* y += a x.  */
static void
axpy (int n, double y[n] SPARSE ("D"), double a, double x[n] SPARSE ("D"))
{
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

/* p = r + b p.  */
static void
direction (int n, double p[n] SPARSE ("D"), double r[n] SPARSE ("D"),
           double b)
{
  for (int i = 0; i < n; i++)
    p[i] = r[i] + b * p[i];
}

/* Solve A x = b from x = 0 until the residual's norm falls below TOL
   times b's; returns the number of iterations.  R, P and AP are work
   vectors.  */
static int
cg (int n, double A[n][n] SPARSE ("CSR"), double b[n] SPARSE ("D"),
    double x[n] SPARSE ("D"), double tol, int max_iter,
    double r[n] SPARSE ("D"), double p[n] SPARSE ("D"),
    double ap[n] SPARSE ("D"))
{
  fill (n, x, 0);
  copy (n, r, b);
  copy (n, p, b);
  double rr = dot (n, r, r), stop = tol * tol * rr;
  int k = 0;
  while (k < max_iter && rr > stop)
    {
      matvec (n, ap, A, p);
      double alpha = rr / dot (n, p, ap);
      axpy (n, x, alpha, p);
      axpy (n, r, -alpha, ap);
      double rr_new = dot (n, r, r);
      direction (n, p, r, rr_new / rr);
      rr = rr_new;
      k++;
    }
  return k;
}

/* Element I of X, from the rank whose block holds it.  */
static double
element (const sp_tensor *x, int64_t i)
{
  int64_t lo, hi;
  sp_dist_block (x, &lo, &hi);
  double v = i >= lo && i < hi ? sp_get (x, &i) : 0, all;
  MPI_Allreduce (&v, &all, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return all;
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
  sp_tensor *v[6];
  int64_t dims[1] = { n };
  for (int k = 0; k < 6; k++)
    if (!(v[k] = sp_new ("D", SP_F64, 1, dims)) || sp_dim (a, 1) != n)
      MPI_Abort (MPI_COMM_WORLD, 1);
  sp_tensor *ones = v[0], *b = v[1], *x = v[2];
  fill (n, sp_array (ones), 1);

  matvec (n, sp_array (b), sp_array (a), sp_array (ones));
  int iters = cg (n, sp_array (a), sp_array (b), sp_array (x), 1e-10, 1000,
                  sp_array (v[3]), sp_array (v[4]), sp_array (v[5]));

  /* Each rank looks at its block of x; the largest of the ranks' errors
     is the largest in any order.  */
  int64_t lo, hi;
  sp_dist_block (x, &lo, &hi);
  double err = 0;
  for (int64_t i = lo; i < hi; i++)
    err = fmax (err, fabs (sp_get (x, &i) - 1));
  MPI_Allreduce (MPI_IN_PLACE, &err, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  double first = element (x, 0), last = element (x, n - 1);
  long long nnz = sp_dist_nnz (a);
  if (rank == 0)
    {
      printf ("%s: %d x %d, %lld nonzeros\n", path, n, n, nnz);
      printf ("converged in %d iterations; largest error %.3e\n", iters, err);
      printf ("x[0] %.15g x[n-1] %.15g\n", first, last);
    }
  for (int k = 0; k < 6; k++)
    sp_free (v[k]);
  sp_free (a);
  MPI_Finalize ();
  return 0;
}
