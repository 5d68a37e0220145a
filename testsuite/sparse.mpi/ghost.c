/* mpi: ranks 1 2 3 4; plugin */
/* Vectors tagged "D" beside a distributed matrix: a product's output is
   distributed like the matrix's rows, and the next product receives
   only the entries its rows' columns read (ghosts), not the whole
   vector; dot products, updates in place and an output read back
   follow the blocks, a dense matrix's rows are exchanged as a vector's
   entries are, and a vector every row reads whole is gathered.
   A power iteration on a banded matrix and on one
   with a dense row and column prints the serial program's bits, and on
   several ranks moves no vector whole.  */

#include <math.h>
#include "dist-check.h"

static void
spmv (int n, double y[n] SPARSE ("D"), double A[n][n] SPARSE ("CSR"),
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
fill (int n, double x[n] SPARSE ("D"))
{
  for (int i = 0; i < n; i++)
    x[i] = 1.0 / (i + 3);
}

/* x = y * s, then x += z (in place).  */
static void
scale_add (int n, double x[n] SPARSE ("D"), double y[n] SPARSE ("D"),
           double s, double z[n] SPARSE ("D"))
{
  for (int i = 0; i < n; i++)
    x[i] = y[i] * s;
  for (int i = 0; i < n; i++)
    x[i] = x[i] + z[i];
}

/* Y = A X over three columns, the rows of X read at A's columns.  */
static void
spmm (int n, double Y[n][3] SPARSE ("D,D"), double A[n][n] SPARSE ("CSR"),
      double X[n][3] SPARSE ("D,D"))
{
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 3; k++)
      {
        double s = 0;
        for (int j = 0; j < n; j++)
          s += A[i][j] * X[j][k];
        Y[i][k] = s;
      }
}

/* X = Y s + Z, Z's rows the vector z.  */
static void
rescale (int n, double X[n][3] SPARSE ("D,D"), double Y[n][3] SPARSE ("D,D"),
         double s, double z[n] SPARSE ("D"))
{
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 3; k++)
      X[i][k] = Y[i][k] * s + z[i] * (k + 1);
}

static double
total (int n, double Y[n][3] SPARSE ("D,D"))
{
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 3; k++)
      s += Y[i][k] * (k + 2);
  return s;
}

/* y(i) = w(i) times the sum of x(j) (i + j): every row reads all of x,
   which is gathered whole.  */
static void
spread (int n, double y[n] SPARSE ("D"), double x[n] SPARSE ("D"),
        double w[n] SPARSE ("D"))
{
  for (int i = 0; i < n; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += x[j] * (i + j);
      y[i] = s * w[i];
    }
}

/* Rank 0 writes a banded N x N matrix (bandwidth 2), with a dense row
   and column 0 when HUB.  */
static void
matrix_file (const char *path, int n, int hub)
{
  if (me == 0)
    {
      FILE *f = fopen (path, "w");
      check (f != NULL, "write %s", path);
      int nnz = 0;
      for (int pass = 0; pass < 2; pass++)
        {
          if (pass)
            fprintf (f, "%%%%MatrixMarket matrix coordinate real general\n"
                     "%d %d %d\n", n, n, nnz);
          for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
              if ((j >= i - 2 && j <= i + 2) || (hub && (i == 0 || j == 0)))
                {
                  if (pass)
                    fprintf (f, "%d %d %.17g\n", i + 1, j + 1,
                             (i == j ? 4.0 : -1.0) / (1 + (i + j) % 7));
                  else
                    nnz++;
                }
        }
      check (fclose (f) == 0, "write %s", path);
    }
  MPI_Barrier (MPI_COMM_WORLD);
}

static void
run (const char *path, int n)
{
  sp_tensor *A = sp_read_dist (path, "CSR", SP_F64, MPI_COMM_WORLD);
  int64_t dims[1] = { n };
  sp_tensor *X = sp_new ("D", SP_F64, 1, dims);
  sp_tensor *Y = sp_new ("D", SP_F64, 1, dims);
  sp_tensor *Z = sp_new ("D", SP_F64, 1, dims);
  check (A && X && Y && Z, "%s: %s", path, sp_error ());
  fill (n, sp_array (X));
  fill (n, sp_array (Z));
  sp_dist_stats_reset ();
  for (int k = 0; k < 6; k++)
    {
      spmv (n, sp_array (Y), sp_array (A), sp_array (X));
      double yy = dot (n, sp_array (Y), sp_array (Y));
      double xy = dot (n, sp_array (X), sp_array (Y));
      scale_add (n, sp_array (X), sp_array (Y), 1 / sqrt (yy),
                 sp_array (Z));
      if (me == 0)
        printf ("%s %d: %.17g %.17g\n", path, k, yy, xy);
    }
  /* An element put into the block that holds it reaches the ranks that
     read it.  */
  int64_t mid = n / 2, lo, hi;
  check (sp_dist_block (X, &lo, &hi) >= 0, "block");
  if (mid >= lo && mid < hi)
    check (sp_put (X, &mid, 0.25) == 0, "sp_put: %s", sp_error ());
  spmv (n, sp_array (Y), sp_array (A), sp_array (X));
  double yy = dot (n, sp_array (Y), sp_array (Y));
  double xx = dot (n, sp_array (X), sp_array (X));
  if (me == 0)
    printf ("%s: after a put %.17g\n", path, yy);
  /* The distributed output counts and writes its own entries once.  */
  int64_t nnz = sp_dist_nnz (Y);
  check (sp_write (Y, "ghost-y.tns") == 0, "sp_write: %s", sp_error ());
  if (me == 0)
    {
      sp_tensor *W = sp_read ("ghost-y.tns", "D", SP_F64);
      check (W && sp_nnz (W) == nnz, "ghost-y.tns: %s", sp_error ());
      double sum = 0;
      for (int64_t i = 0; i < n; i++)
        sum = sum * 0.5 + sp_get (W, &i);
      printf ("%s: %.17g, y: %lld entries, %.17g\n", path, xx,
              (long long) nnz, sum);
      sp_free (W);
    }
  sp_dist_traffic t;
  sp_dist_stats (&t);
  check (sp_dist_block (A, &lo, &hi) >= 0, "block");
  if (ranks > 1 && hi - lo < n)
    {
      /* Every product after the first (whose x is whole) exchanges
         ghosts, all by one plan; nothing is gathered whole.  */
      check (t.ghost_exchanges == 6 && t.ghost_plans == 1
             && t.replications == 0 && t.row_gathers == 0,
             "traffic: %lld ghost exchanges, %lld plans, %lld "
             "replications, %lld row gathers",
             (long long) t.ghost_exchanges, (long long) t.ghost_plans,
             (long long) t.replications, (long long) t.row_gathers);
      check (sp_dist_block (Y, &lo, &hi) == 1, "Y is distributed");
    }
  /* The same with blocks of three columns: rows of X are exchanged.  */
  int64_t d2[2] = { n, 3 };
  sp_tensor *MX = sp_new ("D,D", SP_F64, 2, d2);
  sp_tensor *MY = sp_new ("D,D", SP_F64, 2, d2);
  check (MX && MY, "%s", sp_error ());
  sp_dist_stats_reset ();
  rescale (n, sp_array (MX), sp_array (MY), 0, sp_array (Z));
  for (int k = 0; k < 4; k++)
    {
      spmm (n, sp_array (MY), sp_array (A), sp_array (MX));
      double tot = total (n, sp_array (MY));
      rescale (n, sp_array (MX), sp_array (MY), 1 / tot, sp_array (Z));
      if (me == 0)
        printf ("%s spmm %d: %.17g\n", path, k, tot);
    }
  sp_dist_stats (&t);
  check (ranks == 1 || hi - lo == n
         || (t.ghost_exchanges == 3 && t.replications == 0
             && t.row_gathers == 0),
         "spmm: %lld ghost exchanges, %lld replications, %lld row gathers",
         (long long) t.ghost_exchanges, (long long) t.replications,
         (long long) t.row_gathers);
  sp_free (MX);
  sp_free (MY);

  sp_dist_stats_reset ();
  spread (n, sp_array (Z), sp_array (X), sp_array (Y));
  double zz = dot (n, sp_array (Z), sp_array (Z));
  if (me == 0)
    printf ("%s: spread %.17g\n", path, zz);
  sp_dist_stats (&t);
  check (ranks == 1 || (t.replications == 1 && t.ghost_exchanges == 0
                        && sp_dist_block (X, &lo, &hi) == 0),
         "spread: %lld replications, %lld ghost exchanges",
         (long long) t.replications, (long long) t.ghost_exchanges);
  sp_free (A);
  sp_free (X);
  sp_free (Y);
  sp_free (Z);
}

int
main (int argc, char **argv)
{
  start (&argc, &argv);
  matrix_file ("ghost-band.mtx", 40, 0);
  matrix_file ("ghost-hub.mtx", 30, 1);
  run ("ghost-band.mtx", 40);
  run ("ghost-hub.mtx", 30);
  MPI_Finalize ();
  return 0;
}
