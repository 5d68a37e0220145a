/* order_kernels.c -- Y(i,l) = A(i,j) B(j,k) C(k,l), A in CSR, as the
   pragma (two kernels: the order the compiler picks) and as one loop
   nest (the nest the plugin keeps as written).  Compiled with the
   plugin.  */

#include "order_kernels.h"

static void
pragma (int n, double Y[n][OK_R], double A[n][n] SPARSE ("CSR"),
        const double B[n][OK_R], const double C[OK_R][OK_R])
{
#pragma sparse einsum Y(i,l) = A(i,j) * B(j,k) * C(k,l)
}

static void
one_nest (int n, double Y[n][OK_R], double A[n][n] SPARSE ("CSR"),
          const double B[n][OK_R], const double C[OK_R][OK_R])
{
  for (int i = 0; i < n; i++)
    for (int l = 0; l < OK_R; l++)
      Y[i][l] = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < OK_R; k++)
        for (int l = 0; l < OK_R; l++)
          Y[i][l] += A[i][j] * B[j][k] * C[k][l];
}

void
ok_pragma (int n, double (*y)[OK_R], sp_tensor *a, const double (*b)[OK_R],
           const double (*c)[OK_R])
{
  pragma (n, y, sp_array (a), b, c);
}

void
ok_one_nest (int n, double (*y)[OK_R], sp_tensor *a, const double (*b)[OK_R],
             const double (*c)[OK_R])
{
  one_nest (n, y, sp_array (a), b, c);
}

/* y = A (B x) with A, B in FMT and x, y compressed vectors, in two
   pragmas over a temporary t: dense (a plain array) or compressed (a CU
   vector).  */
#define VEC_KERNELS(NAME, FMT)                                               \
  static void                                                                \
  vec_dense_##NAME (int n, double y[n] SPARSE ("CU"),                       \
                    double A[n][n] SPARSE (FMT), double B[n][n] SPARSE (FMT), \
                    double x[n] SPARSE ("CU"), double t[n])                   \
  {                                                                          \
    _Pragma ("sparse einsum t(j) = B(j,k) * x(k)")                          \
    _Pragma ("sparse einsum y(i) = A(i,j) * t(j)")                          \
  }                                                                          \
  static void                                                                \
  vec_sparse_##NAME (int n, double y[n] SPARSE ("CU"),                      \
                     double A[n][n] SPARSE (FMT),                            \
                     double B[n][n] SPARSE (FMT), double x[n] SPARSE ("CU"), \
                     double t[n] SPARSE ("CU"))                              \
  {                                                                          \
    _Pragma ("sparse einsum t(j) = B(j,k) * x(k)")                          \
    _Pragma ("sparse einsum y(i) = A(i,j) * t(j)")                          \
  }

VEC_KERNELS (csr, "CSR")
VEC_KERNELS (dcsr, "DCSR")

void
ok_vec_dense (int dcsr, int n, sp_tensor *y, sp_tensor *a, sp_tensor *b,
              sp_tensor *x, double *t)
{
  (dcsr ? vec_dense_dcsr : vec_dense_csr) (n, sp_array (y), sp_array (a),
                                           sp_array (b), sp_array (x), t);
}

void
ok_vec_sparse (int dcsr, int n, sp_tensor *y, sp_tensor *a, sp_tensor *b,
               sp_tensor *x, sp_tensor *t)
{
  (dcsr ? vec_sparse_dcsr : vec_sparse_csr) (n, sp_array (y), sp_array (a),
                                             sp_array (b), sp_array (x),
                                             sp_array (t));
}
