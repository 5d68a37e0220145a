/* Tensor kernels over rank-3 formats (CSF, COO, CU,CU,D and a
   dense-outer D,CU,CU): TTV, TTM, MTTKRP, tensor PLUS into CSF, INNERPROD,
   scalar sums and a vector dot product, into dense, sparse and scalar
   outputs.  */
#include "sparse-run.h"

enum { I = 7, J = 6, K = 8, L = 5, R = 4 };

#define TENSOR(F, FMT)                                                       \
  static void                                                                \
  ttv_##F (double Y[I][J], double T[I][J][K] SPARSE (FMT), double v[K])     \
  {                                                                          \
    _Pragma ("sparse einsum Y(i,j) = T(i,j,k) * v(k)")                       \
    DENSE (for (int i = 0; i < I; i++)                                       \
             for (int j = 0; j < J; j++)                                     \
               {                                                             \
                 Y[i][j] = 0;                                                \
                 for (int k = 0; k < K; k++)                                 \
                   Y[i][j] += T[i][j][k] * v[k];                             \
               })                                                            \
  }                                                                          \
  static void                                                                \
  ttm_##F (double Y[I][J][L], double T[I][J][K] SPARSE (FMT),               \
           double M[K][L])                                                   \
  {                                                                          \
    _Pragma ("sparse einsum Y(i,j,l) = T(i,j,k) * M(k,l)")                   \
    DENSE (for (int i = 0; i < I; i++)                                       \
             for (int j = 0; j < J; j++)                                     \
               for (int l = 0; l < L; l++)                                   \
                 {                                                           \
                   Y[i][j][l] = 0;                                           \
                   for (int k = 0; k < K; k++)                               \
                     Y[i][j][l] += T[i][j][k] * M[k][l];                     \
                 })                                                          \
  }                                                                          \
  static void                                                                \
  mttkrp_##F (double Y[I][R], double T[I][J][K] SPARSE (FMT),               \
              double B[J][R], double C[K][R])                                \
  {                                                                          \
    _Pragma ("sparse einsum Y(i,r) = T(i,j,k) * B(j,r) * C(k,r)")            \
    DENSE (for (int i = 0; i < I; i++)                                       \
             for (int r = 0; r < R; r++)                                     \
               {                                                             \
                 Y[i][r] = 0;                                                \
                 for (int j = 0; j < J; j++)                                 \
                   for (int k = 0; k < K; k++)                               \
                     Y[i][r] += T[i][j][k] * B[j][r] * C[k][r];              \
               })                                                            \
  }                                                                          \
  static double                                                              \
  inner_##F (double T[I][J][K] SPARSE (FMT), double U[I][J][K] SPARSE (FMT)) \
  {                                                                          \
    double s = 1e9;                                                          \
    _Pragma ("sparse einsum s = T(i,j,k) * U(i,j,k)")                        \
    DENSE (s = 0;                                                            \
           for (int i = 0; i < I; i++)                                       \
             for (int j = 0; j < J; j++)                                     \
               for (int k = 0; k < K; k++)                                   \
                 s += T[i][j][k] * U[i][j][k];)                              \
    return s;                                                                \
  }                                                                          \
  static double                                                              \
  sum_##F (double T[I][J][K] SPARSE (FMT))                                   \
  {                                                                          \
    double s = 0.5;                                                          \
    _Pragma ("sparse einsum s += 2 * T(i,j,k)")                              \
    DENSE (for (int i = 0; i < I; i++)                                       \
             for (int j = 0; j < J; j++)                                     \
               for (int k = 0; k < K; k++)                                   \
                 s += 2 * T[i][j][k];)                                       \
    return s;                                                                \
  }                                                                          \
  static void                                                                \
  run_##F (const sp_tensor *t0, const sp_tensor *u0)                         \
  {                                                                          \
    sp_tensor *t = sr_as (t0, FMT), *u = sr_as (u0, FMT);                    \
    double v[K], Y2[I][J], Y3[I][J][L], M[K][L], B[J][R], C[K][R], Y[I][R]; \
    sr_fill (v, K, 1, 2);                                                    \
    sr_fill (&M[0][0], K * L, 2, 1);                                         \
    sr_fill (&B[0][0], J * R, 3, 1);                                         \
    sr_fill (&C[0][0], K * R, 4, 1);                                         \
    ttv_##F (Y2, sp_array (t), v);                                           \
    sr_print (#F " ttv", &Y2[0][0], I * J);                                  \
    ttm_##F (Y3, sp_array (t), M);                                           \
    sr_print (#F " ttm", &Y3[0][0][0], I * J * L);                           \
    mttkrp_##F (Y, sp_array (t), B, C);                                      \
    sr_print (#F " mttkrp", &Y[0][0], I * R);                                \
    printf (#F " innerprod %.12g\n", inner_##F (sp_array (t), sp_array (u)));\
    printf (#F " sum %.12g\n", sum_##F (sp_array (t)));                      \
    sp_free (t);                                                             \
    sp_free (u);                                                             \
  }

TENSOR (csf, "CSF")
TENSOR (coo, "COO")
TENSOR (ccd, "CU,CU,D")
TENSOR (dcc, "D,CU,CU")
TENSOR (csf16, "CSF;pos=16;crd=8")

/* Tensor PLUS into a sparse output.  */
static void
plus (double A[I][J][K] SPARSE ("CSF"), double B[I][J][K] SPARSE ("CSF"),
      double C[I][J][K] SPARSE ("CSF"))
{
#pragma sparse einsum A(i,j,k) = B(i,j,k) + C(i,j,k)
  DENSE (for (int i = 0; i < I; i++)
           for (int j = 0; j < J; j++)
             for (int k = 0; k < K; k++)
               A[i][j][k] = B[i][j][k] + C[i][j][k];)
}

static double
dot (double x[K] SPARSE ("CU"), double y[K])
{
  double s = 0;
#pragma sparse einsum s = x(k) * y(k)
  DENSE (for (int k = 0; k < K; k++)
           s += x[k] * y[k];)
  return s;
}

int
main (void)
{
  for (int mod = 3; mod <= 9; mod += 6)
    {
      sp_tensor *t = sr_tensor3 ("COO", I, J, K, mod, mod);
      sp_tensor *u = sr_tensor3 ("COO", I, J, K, mod + 1, 2);
      printf ("density 1/%d\n", mod);
      run_csf (t, u);
      run_coo (t, u);
      run_ccd (t, u);
      run_dcc (t, u);
      run_csf16 (t, u);
      sp_tensor *b = sr_as (t, "CSF"), *c = sr_as (u, "CSF");
      sp_tensor *a = sr_tensor3 ("CSF", I, J, K, 5, 2);
      plus (sp_array (a), sp_array (b), sp_array (c));
      sr_print_t ("plus", a, I * J * K);
      sp_free (a);
      sp_free (b);
      sp_free (c);
      sp_free (t);
      sp_free (u);
    }
  int64_t n = K;
  sp_tensor *x = sr_check (sp_new ("CU", SP_F64, 1, &n), "x");
  for (int64_t k = 1; k < K; k += 3)
    sp_insert (x, &k, k - 2.5);
  double y[K];
  sr_fill (y, K, 8, 1);
  printf ("dot %.12g\n", dot (sp_array (x), y));
  sp_free (x);
  return 0;
}
