/* Sparse outputs in formats the generated loops do not write directly
   (COO, ELL, DIA, BCSR, dense rows under a compressed level) are written
   in CSR or DCSR and converted at the end; `+=` and `-=` read their old
   entries from that copy.  C += A B with B stored by columns goes in
   Gustavson's order, the output (DCSR too) written as CSR.  Same results
   as the dense program.  */
#include "sparse-run.h"

enum { M = 9, K = 7, N = 10 };

#define KERNELS(F, FMT)                                                      \
  static void                                                                \
  add_##F (double C[M][N] SPARSE (FMT), double A[M][N] SPARSE ("CSR"),      \
           double B[N][M] SPARSE ("CSR"))                                    \
  {                                                                          \
    _Pragma ("sparse einsum C(i,j) = A(i,j) + 2 * B(j,i)")                   \
    DENSE (for (int i = 0; i < M; i++)                                       \
             for (int j = 0; j < N; j++)                                     \
               C[i][j] = A[i][j] + 2 * B[j][i];)                             \
  }                                                                          \
  static void                                                                \
  acc_##F (double C[M][N] SPARSE (FMT), double A[M][N] SPARSE ("DCSR"))     \
  {                                                                          \
    _Pragma ("sparse einsum C(i,j) -= A(i,j) / 4")                           \
    DENSE (for (int i = 0; i < M; i++)                                       \
             for (int j = 0; j < N; j++)                                     \
               C[i][j] -= A[i][j] / 4;)                                      \
  }                                                                          \
  static void                                                                \
  mul_##F (double C[M][N] SPARSE (FMT), double A[M][K] SPARSE ("CSR"),      \
           double B[K][N] SPARSE ("CSR"))                                    \
  {                                                                          \
    _Pragma ("sparse einsum C(i,j) = A(i,k) * B(k,j)")                       \
    DENSE (for (int i = 0; i < M; i++)                                       \
             for (int j = 0; j < N; j++)                                     \
               {                                                             \
                 double s = 0;                                               \
                 for (int k = 0; k < K; k++)                                 \
                   s += A[i][k] * B[k][j];                                   \
                 C[i][j] = s;                                                \
               })                                                            \
  }                                                                          \
  static void                                                                \
  mac_##F (double C[M][N] SPARSE (FMT), double A[M][K] SPARSE ("CSR"),      \
           double B[K][N] SPARSE ("CSC"))                                    \
  {                                                                          \
    _Pragma ("sparse einsum C(i,j) += A(i,k) * B(k,j)")                      \
    DENSE (for (int i = 0; i < M; i++)                                       \
             for (int j = 0; j < N; j++)                                     \
               for (int k = 0; k < K; k++)                                   \
                 C[i][j] += A[i][k] * B[k][j];)                              \
  }                                                                          \
  static void                                                                \
  run_##F (void)                                                             \
  {                                                                          \
    sp_tensor *c = sr_matrix (FMT, M, N, 1, 3);                              \
    sp_tensor *a = sr_matrix ("CSR", M, N, 2, 3);                            \
    sp_tensor *b = sr_matrix ("CSR", N, M, 3, 4);                            \
    sp_tensor *ad = sr_as (a, "DCSR");                                       \
    sp_tensor *l = sr_matrix ("CSR", M, K, 4, 3);                            \
    sp_tensor *r = sr_matrix ("CSR", K, N, 5, 3);                            \
    add_##F (sp_array (c), sp_array (a), sp_array (b));                      \
    sr_print_t (FMT " add", c, M * N);                                       \
    acc_##F (sp_array (c), sp_array (ad));                                   \
    sr_print_t (FMT " sub", c, M * N);                                       \
    mul_##F (sp_array (c), sp_array (l), sp_array (r));                      \
    sr_print_t (FMT " mul", c, M * N);                                       \
    sp_tensor *rc = sr_as (r, "CSC");                                        \
    mac_##F (sp_array (c), sp_array (l), sp_array (rc));                     \
    sr_print_t (FMT " mul-add", c, M * N);                                   \
    sp_free (rc);                                                            \
    char buf[128];                                                           \
    printf ("%s stored as %s\n", FMT, sp_format_string (c, buf, sizeof buf)); \
    sp_free (c), sp_free (a), sp_free (b), sp_free (ad), sp_free (l);        \
    sp_free (r);                                                             \
  }

KERNELS (coo, "COO")
KERNELS (ell, "ELL")
KERNELS (dia, "DIA")
KERNELS (bcsr, "BCSR(2,2)")
KERNELS (rows, "CU,D")
KERNELS (dcsr, "DCSR")

int
main (void)
{
  run_coo ();
  run_ell ();
  run_dia ();
  run_bcsr ();
  run_rows ();
  run_dcsr ();
  return 0;
}
