/* Matrix-vector products over every matrix format, index widths
   included: y = A x, w = A^T y (against the storage of row formats),
   y += A x, RESIDUAL y = b - A x and MATTRANSMUL w = alpha A^T y + beta z,
   each the same matrix converted to the format of the parameter.  */
#include "sparse-run.h"

enum { M = 11, N = 9 };

#define KERNELS(F, FMT)                                                      \
  static void                                                                \
  spmv_##F (double y[M], double A[M][N] SPARSE (FMT), double x[N])          \
  {                                                                          \
    _Pragma ("sparse einsum y(i) = A(i,j) * x(j)")                           \
    DENSE (for (int i = 0; i < M; i++)                                       \
             {                                                               \
               y[i] = 0;                                                     \
               for (int j = 0; j < N; j++)                                   \
                 y[i] += A[i][j] * x[j];                                     \
             })                                                              \
  }                                                                          \
  static void                                                                \
  spmvt_##F (double w[N], double A[M][N] SPARSE (FMT), double y[M])         \
  {                                                                          \
    _Pragma ("sparse einsum w(j) = A(i,j) * y(i)")                           \
    DENSE (for (int j = 0; j < N; j++)                                       \
             {                                                               \
               w[j] = 0;                                                     \
               for (int i = 0; i < M; i++)                                   \
                 w[j] += A[i][j] * y[i];                                     \
             })                                                              \
  }                                                                          \
  static void                                                                \
  spmva_##F (double y[M], double A[M][N] SPARSE (FMT), double x[N])         \
  {                                                                          \
    _Pragma ("sparse einsum y(i) += A(i,j) * x(j)")                          \
    DENSE (for (int i = 0; i < M; i++)                                       \
             for (int j = 0; j < N; j++)                                     \
               y[i] += A[i][j] * x[j];)                                      \
  }                                                                          \
  static void                                                                \
  resid_##F (double y[M], double b[M], double A[M][N] SPARSE (FMT),         \
             double x[N])                                                    \
  {                                                                          \
    _Pragma ("sparse einsum y(i) = b(i) - A(i,j) * x(j)")                    \
    DENSE (for (int i = 0; i < M; i++)                                       \
             {                                                               \
               double s = 0;                                                 \
               for (int j = 0; j < N; j++)                                   \
                 s += A[i][j] * x[j];                                        \
               y[i] = b[i] - s;                                              \
             })                                                              \
  }                                                                          \
  static void                                                                \
  mtm_##F (double w[N], double alpha, double A[M][N] SPARSE (FMT),          \
           double y[M], double beta, double z[N])                            \
  {                                                                          \
    _Pragma ("sparse einsum w(j) = alpha * A(i,j) * y(i) + beta * z(j)")     \
    DENSE (for (int j = 0; j < N; j++)                                       \
             {                                                               \
               double s = 0;                                                 \
               for (int i = 0; i < M; i++)                                   \
                 s += alpha * A[i][j] * y[i];                                \
               w[j] = s + beta * z[j];                                       \
             })                                                              \
  }                                                                          \
  static void                                                                \
  run_##F (const sp_tensor *a)                                               \
  {                                                                          \
    sp_tensor *t = sr_as (a, FMT);                                           \
    double x[N], y[M], w[N], b[M], z[N];                                     \
    sr_fill (x, N, 1, 1);                                                    \
    sr_fill (b, M, 2, 1);                                                    \
    sr_fill (z, N, 3, 2);                                                    \
    for (int i = 0; i < M; i++)                                              \
      y[i] = 1e9;                                                            \
    spmv_##F (y, sp_array (t), x);                                           \
    sr_print (#F " spmv", y, M);                                             \
    spmvt_##F (w, sp_array (t), y);                                          \
    sr_print (#F " spmv transposed", w, N);                                  \
    spmva_##F (y, sp_array (t), x);                                          \
    sr_print (#F " spmv +=", y, M);                                          \
    resid_##F (y, b, sp_array (t), x);                                       \
    sr_print (#F " residual", y, M);                                         \
    mtm_##F (w, 0.5, sp_array (t), y, -2, z);                                \
    sr_print (#F " mattransmul", w, N);                                      \
    sp_free (t);                                                             \
  }

KERNELS (csr, "CSR")
KERNELS (csc, "CSC")
KERNELS (dcsr, "DCSR")
KERNELS (dcsc, "DCSC")
KERNELS (coo, "COO")
KERNELS (ell, "ELL")
KERNELS (dia, "DIA")
KERNELS (bcsr22, "BCSR(2,2)")
KERNELS (bcsr34, "BCSR(3,4)")
KERNELS (dense, "D,D")
KERNELS (csr8, "CSR;pos=8;crd=8")
KERNELS (csr16, "CSR;pos=16;crd=16")
KERNELS (dcsc64, "DCSC;pos=64;crd=64")
KERNELS (coo16, "COO;pos=16;crd=16")

int
main (void)
{
  for (int mod = 2; mod <= 7; mod += 5)
    {
      sp_tensor *a = sr_matrix ("COO", M, N, 10 + mod, mod);
      printf ("density 1/%d\n", mod);
      run_csr (a);
      run_csc (a);
      run_dcsr (a);
      run_dcsc (a);
      run_coo (a);
      run_ell (a);
      run_dia (a);
      run_bcsr22 (a);
      run_bcsr34 (a);
      run_dense (a);
      run_csr8 (a);
      run_csr16 (a);
      run_dcsc64 (a);
      run_coo16 (a);
      sp_free (a);
    }
  return 0;
}
