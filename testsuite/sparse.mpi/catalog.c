/* mpi: ranks 1 2 3 4; plugin */
/* The kernels of the catalog over distributed operands, as pragmas and
   as loop nests: SpMV (CSR and DCSR), SpMM, SpGEMM, SpAdd of two
   matrices cut differently, SDDMM, TTV and MTTKRP over a CSF tensor, a
   floating-point sum in the serial order, an integer count, and a
   product along the columns, whose operand is gathered whole.  Every
   rank prints nothing of its own: rank 0 prints each dense result and,
   through the collective sp_write, each sparse one; the run without
   the plugin on one rank is the reference.  The traffic shows the rows
   kernels ran by rows.  */

#include <math.h>
#include "dist-check.h"

enum { M = 41, N = 41, R = 3, K = 11 };

static void
spmv (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"),
      double x[n])
{
#ifdef __SPARSE_PLUGIN__
#pragma sparse einsum y(i) = A(i,j) * x(j)
#else
  for (int i = 0; i < m; i++)
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
        y[i] += A[i][j] * x[j];
    }
#endif
}

static void
spmv_dcsr (int m, int n, double y[m], double A[m][n] SPARSE ("DCSR"),
           double x[n])
{
  for (int i = 0; i < m; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}

static void
spmm (int m, int n, int r, double Y[m][r], double A[m][n] SPARSE ("CSR"),
      double X[n][r])
{
  for (int i = 0; i < m; i++)
    for (int k = 0; k < r; k++)
      {
        double s = 0;
        for (int j = 0; j < n; j++)
          s += A[i][j] * X[j][k];
        Y[i][k] = s;
      }
}

static void
spgemm (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"),
        double B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
        double s = 0;
        for (int k = 0; k < n; k++)
          s += A[i][k] * B[k][j];
        C[i][j] = s;
      }
}

static void
spadd (int m, int n, double C[m][n] SPARSE ("CSR"),
       double A[m][n] SPARSE ("CSR"), double B[m][n] SPARSE ("CSR"))
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = A[i][j] + 2 * B[i][j];
}

static void
sddmm (int m, int n, int r, double C[m][n] SPARSE ("CSR"),
       double A[m][n] SPARSE ("CSR"), double U[m][r], double V[n][r])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      {
        double s = 0;
        for (int k = 0; k < r; k++)
          s += U[i][k] * V[j][k];
        C[i][j] = A[i][j] * s;
      }
}

static void
ttv (int m, int n, int k, double Y[m][n], double T[m][n][k] SPARSE ("CSF"),
     double v[k])
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      {
        double s = 0;
        for (int l = 0; l < k; l++)
          s += T[i][j][l] * v[l];
        Y[i][j] = s;
      }
}

static void
mttkrp (int m, int n, int k, int r, double Y[m][r],
        double T[m][n][k] SPARSE ("CSF"), double B[n][r], double C[k][r])
{
  for (int i = 0; i < m; i++)
    for (int q = 0; q < r; q++)
      Y[i][q] = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      for (int l = 0; l < k; l++)
        for (int q = 0; q < r; q++)
          Y[i][q] += T[i][j][l] * B[j][q] * C[l][q];
}

static double
squares (int m, int n, double A[m][n] SPARSE ("CSR"))
{
  double s = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      s += A[i][j] * A[i][j];
  return s;
}

static long
count (int m, int n, long A[m][n] SPARSE ("CSR"))
{
  long c = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      c += A[i][j];
  return c;
}

static void
spmtv (int m, int n, double y[n], double A[m][n] SPARSE ("CSR"),
       double x[m])
{
  for (int j = 0; j < n; j++)
    y[j] = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      y[j] += A[i][j] * x[i];
}

/* A general M x N file: entry (i, j) where (i * 7 + j * 3) % MOD < 2,
   its value from i and j; a third of the rows empty.  */
static void
matrix_file (const char *path, int mod, int integer)
{
  if (me != 0)
    {
      MPI_Barrier (MPI_COMM_WORLD);
      return;
    }
  FILE *f = fopen (path, "w");
  int e = 0;
  for (int pass = 0; pass < 2; pass++)
    {
      if (pass)
        fprintf (f, "%%%%MatrixMarket matrix coordinate %s general\n"
                 "%d %d %d\n", integer ? "integer" : "real", M, N, e);
      for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++)
          if (i % 3 != 1 && (i * 7 + j * 3) % mod < 2)
            {
              if (!pass)
                e++;
              else if (integer)
                fprintf (f, "%d %d %d\n", i + 1, j + 1, (i + 2 * j) % 9 - 4);
              else
                fprintf (f, "%d %d %.17g\n", i + 1, j + 1,
                         (i + 1) / 7.0 - j / 3.0);
            }
    }
  fclose (f);
  MPI_Barrier (MPI_COMM_WORLD);
}

/* An M x N x K tensor file, some slices empty.  */
static void
tensor_file (const char *path)
{
  if (me == 0)
    {
      FILE *f = fopen (path, "w");
      for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++)
          for (int l = 0; l < K; l++)
            if (i % 4 != 2 && (i + 2 * j + 5 * l) % 13 == 0)
              fprintf (f, "%d %d %d %.17g\n", i + 1, j + 1, l + 1,
                       (i - j) / 5.0 + l);
      fclose (f);
    }
  MPI_Barrier (MPI_COMM_WORLD);
}

static void
print_vec (const char *what, const double *v, int n)
{
  if (me != 0)
    return;
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %.17g", v[i]);
  printf ("\n");
}

/* The nonzeros of sparse T, written collectively, printed by rank 0
   (a sum that cancels is stored as an explicit zero by the kernel, and
   not by the dense program's copy).  */
static void
print_sparse (const char *what, sp_tensor *t)
{
  check (sp_write (t, "catalog-out.mtx") == 0, "sp_write %s: %s", what,
         sp_error ());
  if (me == 0)
    {
      FILE *f = fopen ("catalog-out.mtx", "r");
      char line[256];
      int i, j, header = 1;
      double v;
      printf ("%s:\n", what);
      while (fgets (line, sizeof line, f))
        if (line[0] == '%')
          continue;
        else if (header)
          header = 0;
        else if (sscanf (line, "%d %d %lf", &i, &j, &v) == 3 && v != 0)
          fputs (line, stdout);
      fclose (f);
    }
  MPI_Barrier (MPI_COMM_WORLD);
}

static sp_tensor *
read_dist (const char *path, const char *fmt, sp_type type)
{
  sp_tensor *t = sp_read_dist (path, fmt, type, MPI_COMM_WORLD);
  check (t != NULL, "sp_read_dist %s: %s", path, sp_error ());
  return t;
}

int
main (int argc, char **argv)
{
  start (&argc, &argv);
  matrix_file ("catalog-a.mtx", 5, 0);
  matrix_file ("catalog-b.mtx", 3, 0);
  matrix_file ("catalog-i.mtx", 4, 1);
  tensor_file ("catalog-t.tns");
  sp_tensor *A = read_dist ("catalog-a.mtx", "CSR", SP_F64);
  sp_tensor *B = read_dist ("catalog-b.mtx", "CSR", SP_F64);
  sp_tensor *Ad = read_dist ("catalog-a.mtx", "DCSR", SP_F64);
  sp_tensor *Ai = read_dist ("catalog-i.mtx", "CSR", SP_I64);
  sp_tensor *T = read_dist ("catalog-t.tns", "CSF", SP_F64);
  /* A's transpose pattern, read whole by every rank.  */
  sp_tensor *W = sp_read ("catalog-b.mtx", "CSR", SP_F64);
  int64_t dims[2] = { M, N }, sq[2] = { M, M };
  sp_tensor *C = sp_new ("CSR", SP_F64, 2, dims);
  sp_tensor *G = sp_new ("CSR", SP_F64, 2, sq);
  check (W && C && G, "tensors: %s", sp_error ());

  static double x[N], xm[M], y[M], yn[N], X[N][R], Y[M][R], U[M][R],
    V[N][R], TY[M][N], TB[N][R], TC[K][R], tv[K];
  for (int j = 0; j < N; j++)
    {
      x[j] = 1.0 / (j + 1);
      for (int r = 0; r < R; r++)
        X[j][r] = V[j][r] = TB[j][r] = (j + r) % 5 - 1.5;
    }
  for (int i = 0; i < M; i++)
    {
      xm[i] = i % 4 - 1;
      for (int r = 0; r < R; r++)
        U[i][r] = (i * r) % 7 / 3.0;
    }
  for (int l = 0; l < K; l++)
    {
      tv[l] = l - 4.5;
      for (int r = 0; r < R; r++)
        TC[l][r] = (l + 2 * r) / 4.0;
    }

  /* B is moved to A's blocks where they differ.  */
  int64_t alo, ahi, blo, bhi;
  int differ, recut;
  sp_dist_block (A, &alo, &ahi);
  sp_dist_block (B, &blo, &bhi);
  differ = alo != blo || ahi != bhi;
  MPI_Allreduce (&differ, &recut, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  sp_dist_stats_reset ();
  spmv (M, N, y, sp_array (A), x);
  print_vec ("spmv", y, M);
  spmv_dcsr (M, N, y, sp_array (Ad), x);
  print_vec ("spmv dcsr", y, M);
  spmm (M, N, R, Y, sp_array (A), X);
  print_vec ("spmm", &Y[0][0], M * R);
  spgemm (M, sp_array (G), sp_array (A), sp_array (W));
  print_sparse ("spgemm", G);
  spadd (M, N, sp_array (C), sp_array (A), sp_array (B));
  print_sparse ("spadd", C);
  sddmm (M, N, R, sp_array (C), sp_array (A), U, V);
  print_sparse ("sddmm", C);
  ttv (M, N, K, TY, sp_array (T), tv);
  print_vec ("ttv", &TY[0][0], M * N);
  mttkrp (M, N, K, R, Y, sp_array (T), TB, TC);
  print_vec ("mttkrp", &Y[0][0], M * R);
  double s = squares (M, N, sp_array (A));
  long c = count (M, N, sp_array (Ai));
  if (me == 0)
    printf ("squares %.17g count %ld\n", s, c);
  sp_dist_traffic tr;
  sp_dist_stats (&tr);
  /* Every kernel by rows: the five dense outputs' rows gathered, the
     two sums, B moved to A's blocks for their sum, no operand gathered
     whole (W is whole already).  */
  check (ranks == 1 || (tr.row_gathers == 5 && tr.replications == 0
                        && tr.recuts == recut && tr.chains == 1
                        && tr.reductions == 1),
         "traffic: %lld gathers, %lld replications, %lld recuts, "
         "%lld chains, %lld reductions", (long long) tr.row_gathers,
         (long long) tr.replications, (long long) tr.recuts,
         (long long) tr.chains, (long long) tr.reductions);
  /* Along the columns: A gathered whole, then whole.  */
  spmtv (M, N, yn, sp_array (A), xm);
  print_vec ("spmtv", yn, N);
  int64_t lo, hi;
  check (sp_dist_block (A, &lo, &hi) == 0 || ranks == 1,
         "A whole after a kernel read it along its columns");
  sp_free (A);
  sp_free (B);
  sp_free (Ad);
  sp_free (Ai);
  sp_free (T);
  sp_free (W);
  sp_free (C);
  sp_free (G);
  MPI_Finalize ();
  return 0;
}
