/* SpMM-like kernels whose dense inner loop is computed in strips of
   vector accumulators, for every number of dense columns from 1 to 70
   (full strips, partial strips and the scalar columns left over), with
   =, += and -=, float and double, CSR, DCSR and COO operands, a scaled
   product and TTM over a rank-3 tensor.  */
#include "sparse-run.h"

enum { M = 9, K = 7, NMAX = 70 };

static void
spmm (int n, double C[M][n], double A[M][K] SPARSE ("CSR"), double B[K][n])
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < n; j++)
             {
               C[i][j] = 0;
               for (int k = 0; k < K; k++)
                 C[i][j] += A[i][k] * B[k][j];
             })
}

static void
spmm_acc (int n, double C[M][n], double A[M][K] SPARSE ("DCSR"),
          double B[K][n], double s)
{
#pragma sparse einsum C(i,j) += s * A(i,k) * B(k,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < n; j++)
             for (int k = 0; k < K; k++)
               C[i][j] += s * A[i][k] * B[k][j];)
}

static void
spmm_sub (int n, double C[M][n], double A[M][K] SPARSE ("COO"),
          double B[K][n], double D[K][n])
{
#pragma sparse einsum C(i,j) -= A(i,k) * (B(k,j) - D(k,j) / 2)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < n; j++)
             for (int k = 0; k < K; k++)
               C[i][j] -= A[i][k] * (B[k][j] - D[k][j] / 2);)
}

static void
spmm_f (int n, float C[M][n], float A[M][K] SPARSE ("CSR"), float B[K][n])
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < n; j++)
             {
               C[i][j] = 0;
               for (int k = 0; k < K; k++)
                 C[i][j] += A[i][k] * B[k][j];
             })
}

static void
ttm (int n, double Y[3][M][n], double T[3][M][K] SPARSE ("CSF"),
     double B[K][n])
{
#pragma sparse einsum Y(a,i,l) = T(a,i,k) * B(k,l)
  DENSE (for (int a = 0; a < 3; a++)
           for (int i = 0; i < M; i++)
             for (int l = 0; l < n; l++)
               {
                 Y[a][i][l] = 0;
                 for (int k = 0; k < K; k++)
                   Y[a][i][l] += T[a][i][k] * B[k][l];
               })
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, K, 1, 2);
  sp_tensor *ad = sr_as (a, "DCSR"), *ac = sr_as (a, "COO");
  sp_tensor *t = sr_tensor3 ("CSF", 3, M, K, 2, 3);
  int64_t dims[2] = { M, K };
  sp_tensor *af = sr_check (sp_new ("CSR", SP_F32, 2, dims), "af");
  for (int64_t i = 0; i < M; i++)
    for (int64_t k = 0; k < K; k++)
      if ((i + 2 * k) % 3 == 0)
        sp_insert (af, (int64_t[]) { i, k }, (double) (i - k) / 4);
  static double B[K * NMAX], D[K * NMAX], C[M * NMAX], Y[3 * M * NMAX];
  static float Bf[K * NMAX], Cf[M * NMAX], Cd[M * NMAX];
  char what[64];
  for (int n = 1; n <= NMAX; n += n < 20 ? 1 : 7)
    {
      sr_fill (B, K * n, n, 1);
      sr_fill (D, K * n, n + 100, 2);
      for (int p = 0; p < M * n; p++)
        C[p] = 1e9;
      spmm (n, (double (*)[n]) C, sp_array (a), (double (*)[n]) B);
      snprintf (what, sizeof what, "n=%d spmm", n);
      sr_print (what, C, M * n);
      spmm_acc (n, (double (*)[n]) C, sp_array (ad), (double (*)[n]) B, -1.5);
      snprintf (what, sizeof what, "n=%d spmm +=", n);
      sr_print (what, C, M * n);
      spmm_sub (n, (double (*)[n]) C, sp_array (ac), (double (*)[n]) B,
                (double (*)[n]) D);
      snprintf (what, sizeof what, "n=%d spmm -=", n);
      sr_print (what, C, M * n);
      for (int p = 0; p < K * n; p++)
        Bf[p] = (float) B[p];
      spmm_f (n, (float (*)[n]) Cf, sp_array (af), (float (*)[n]) Bf);
      for (int p = 0; p < M * n; p++)
        Cd[p] = Cf[p];
      double cd[M * NMAX];
      for (int p = 0; p < M * n; p++)
        cd[p] = Cd[p];
      snprintf (what, sizeof what, "n=%d spmm float", n);
      sr_print (what, cd, M * n);
      ttm (n, (double (*)[M][n]) Y, sp_array (t), (double (*)[n]) B);
      snprintf (what, sizeof what, "n=%d ttm", n);
      sr_print (what, Y, 3 * M * n);
    }
  sp_free (a);
  sp_free (ad);
  sp_free (ac);
  sp_free (af);
  sp_free (t);
  return 0;
}
