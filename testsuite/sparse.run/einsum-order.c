/* Products of three tensors contracted in the order of least estimated
   work: a sparse matrix times the product of two dense ones, a sparse
   matrix times a sparse one times a vector, as the report's order and
   as one loop nest where that is cheaper (SDDMM, MTTKRP), checked
   against the dense loops.  */
#include "sparse-run.h"

enum { N = 40, R = 6 };

#define CHAIN(F, FA)                                                         \
  static void                                                                \
  chain_##F (double Y[N][R], double A[N][N] SPARSE (FA), double B[N][R],    \
             double C[R][R])                                                 \
  {                                                                          \
    _Pragma ("sparse einsum Y(i,l) = A(i,j) * B(j,k) * C(k,l)")             \
    DENSE (for (int i = 0; i < N; i++)                                       \
             for (int l = 0; l < R; l++)                                     \
               {                                                             \
                 double s = 0;                                               \
                 for (int j = 0; j < N; j++)                                 \
                   for (int k = 0; k < R; k++)                               \
                     s += A[i][j] * B[j][k] * C[k][l];                       \
                 Y[i][l] = s;                                                \
               })                                                            \
  }

CHAIN (csr, "CSR")
CHAIN (csc, "CSC")
CHAIN (coo, "COO")

#define MV2(F, FA, FB, OP, TEXT)                                             \
  static void                                                                \
  mv2_##F (double y[N], double A[N][N] SPARSE (FA),                          \
           double B[N][N] SPARSE (FB), double x[N])                          \
  {                                                                          \
    _Pragma (TEXT)                                                           \
    DENSE (for (int i = 0; i < N; i++)                                       \
             {                                                               \
               double s = 0;                                                 \
               for (int j = 0; j < N; j++)                                   \
                 for (int k = 0; k < N; k++)                                 \
                   s += A[i][j] * B[j][k] * x[k];                            \
               y[i] OP s;                                                    \
             })                                                              \
  }

MV2 (csr, "CSR", "CSR", =, "sparse einsum y(i) = A(i,j) * B(j,k) * x(k)")
MV2 (mixed, "DCSR", "CSC", +=,
     "sparse einsum y(i) += A(i,j) * B(j,k) * x(k)")
MV2 (scaled, "CSR", "COO", -=,
     "sparse einsum y(i) -= A(i,j) * B(j,k) * x(k)")

/* Four factors and a scalar: two contractions before the last.  */
static void
four (double y[N], double alpha, double A[N][N] SPARSE ("CSR"),
      double B[N][N] SPARSE ("CSR"), double C[N][N] SPARSE ("CSR"),
      double x[N])
{
#pragma sparse einsum y(i) = alpha * A(i,j) * B(j,k) * C(k,l) * x(l)
  DENSE (for (int i = 0; i < N; i++)
           {
             double s = 0;
             for (int j = 0; j < N; j++)
               for (int k = 0; k < N; k++)
                 for (int l = 0; l < N; l++)
                   s += alpha * A[i][j] * B[j][k] * C[k][l] * x[l];
             y[i] = s;
           })
}

/* SDDMM stays one loop nest: only A's entries are computed.  */
static void
sddmm (double Y[N][N] SPARSE ("CSR"), double A[N][N] SPARSE ("CSR"),
       double U[N][R], double W[R][N])
{
#pragma sparse einsum Y(i,j) = A(i,j) * U(i,k) * W(k,j)
  DENSE (for (int i = 0; i < N; i++)
           for (int j = 0; j < N; j++)
             {
               double s = 0;
               for (int k = 0; k < R; k++)
                 s += A[i][j] * U[i][k] * W[k][j];
               Y[i][j] = s;
             })
}

int
main (void)
{
  static double Y[N][R], B[N][R], C[R][R], y[N], x[N], U[N][R], W[R][N];
  sr_fill (&B[0][0], N * R, 1, 1);
  sr_fill (&C[0][0], R * R, 2, 1);
  sr_fill (x, N, 3, 1);
  sr_fill (&U[0][0], N * R, 6, 1);
  sr_fill (&W[0][0], R * N, 7, 1);
  sp_tensor *a = sr_matrix ("CSR", N, N, 4, 5);
  sp_tensor *b = sr_matrix ("CSR", N, N, 5, 6);
  sp_tensor *c = sr_matrix ("CSR", N, N, 8, 7);
  sp_tensor *ac = sr_as (a, "CSC"), *ao = sr_as (a, "COO");
  sp_tensor *ad = sr_as (a, "DCSR"), *bc = sr_as (b, "CSC");
  sp_tensor *bo = sr_as (b, "COO");

  chain_csr (Y, sp_array (a), B, C);
  sr_print ("chain csr", &Y[0][0], N * R);
  chain_csc (Y, sp_array (ac), B, C);
  sr_print ("chain csc", &Y[0][0], N * R);
  chain_coo (Y, sp_array (ao), B, C);
  sr_print ("chain coo", &Y[0][0], N * R);

  mv2_csr (y, sp_array (a), sp_array (b), x);
  sr_print ("mv2 csr", y, N);
  mv2_mixed (y, sp_array (ad), sp_array (bc), x);
  sr_print ("mv2 mixed +=", y, N);
  mv2_scaled (y, sp_array (a), sp_array (bo), x);
  sr_print ("mv2 -=", y, N);
  four (y, 0.5, sp_array (a), sp_array (b), sp_array (c), x);
  sr_print ("four", y, N);

  sp_tensor *ys = sr_matrix ("CSR", N, N, 9, 3);
  sddmm (sp_array (ys), sp_array (a), U, W);
  sr_print_t ("sddmm", ys, N * N);

  sp_tensor *all[] = { a, b, c, ac, ao, ad, bc, bo, ys };
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    sp_free (all[i]);
  return 0;
}
