/* A sum over all its indices below loops (a factor of every element of
   the output, or of every term of an outer sum) is computed once into
   a scalar temporary before them, not once per iteration: in a pragma's
   product, in a loop nest that sums a whole matrix inside its row loop,
   in an integer nest, and inside an outer sum into a scalar.  */
#include "sparse-run.h"

enum { M = 30, N = 20 };

static void
frob_scaled (double y[M], double A[M][N] SPARSE ("CSR"), double x[N],
             double B[N][N] SPARSE ("CSR"), double C[N][N] SPARSE ("CSC"))
{
#pragma sparse einsum y(i) = A(i,j) * x(j) * B(k,l) * C(k,l) /* { dg-message "split into 2 kernels .contracted in the order of least estimated work, .* over temporaries 't0' scalar: t0 = sum.k, sum.l, B.k,l. . C.k,l...; y.i. = sum.j, A.i,j. . x.j.. . t0" } */
  DENSE (for (int i = 0; i < M; i++)
           {
             double s = 0;
             for (int j = 0; j < N; j++)
               for (int k = 0; k < N; k++)
                 for (int l = 0; l < N; l++)
                   s += A[i][j] * x[j] * B[k][l] * C[k][l];
             y[i] = s;
           })
}

static void
row_times_total (double y[M], double A[M][N] SPARSE ("CSR"), double x[N],
                 double B[N][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++) /* { dg-message "loop nest sparsified: split into 2 kernels over temporaries 't0' scalar: t0 = sum.k, sum.l, B.k,l. . B.k,l...; y.i. = sum.j, A.i,j. . x.j.. . t0;" } */
    {
      double t = 0;
      for (int k = 0; k < N; k++)
        for (int l = 0; l < N; l++)
          t += B[k][l] * B[k][l];
      double s = 0;
      for (int j = 0; j < N; j++)
        s += A[i][j] * x[j];
      y[i] = s * t;
    }
}

static void
int_total (long y[M], long A[M][N] SPARSE ("DCSR"), long b[M])
{
  for (int i = 0; i < M; i++)
    {
      long t = 0;
      for (int k = 0; k < M; k++)
        for (int l = 0; l < N; l++)
          t += A[k][l];
      y[i] = b[i] - t;
    }
}

static double
outer_sum (double A[M][N] SPARSE ("CSR"), double x[N], double r[M])
{
  double nrm = 0;
  for (int i = 0; i < M; i++)
    {
      double t = 0;
      for (int j = 0; j < N; j++)
        t += x[j] * x[j];
      double s = 0;
      for (int j = 0; j < N; j++)
        s += A[i][j];
      nrm += r[i] * s * t;
    }
  return nrm;
}

int
main (void)
{
  static double y[M], x[N], r[M];
  static long yl[M], bl[M];
  sr_fill (x, N, 1, 1);
  sr_fill (r, M, 2, 1);
  for (int i = 0; i < M; i++)
    bl[i] = i * 3 - 7;
  sp_tensor *a = sr_matrix ("CSR", M, N, 3, 3);
  sp_tensor *b = sr_matrix ("CSR", N, N, 4, 4);
  sp_tensor *c = sr_matrix ("CSC", N, N, 5, 2);

  frob_scaled (y, sp_array (a), x, sp_array (b), sp_array (c));
  sr_print ("frob scaled", y, M);
  row_times_total (y, sp_array (a), x, sp_array (b));
  sr_print ("row times total", y, M);
  printf ("outer sum %.17g\n", outer_sum (sp_array (a), x, r));

  sp_tensor *ai = sr_check (sp_new ("DCSR", SP_I64, 2,
                                    (int64_t[]) { M, N }), "ai");
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      if ((i * 7 + j * 3) % 5 == 0)
        sp_insert (ai, (int64_t[]) { i, j }, (double) (i - j));
  int_total (yl, sp_array (ai), bl);
  for (int i = 0; i < M; i++)
    printf ("%ld%c", yl[i], i == M - 1 ? '\n' : ' ');

  sp_free (a);
  sp_free (b);
  sp_free (c);
  sp_free (ai);
  return 0;
}
