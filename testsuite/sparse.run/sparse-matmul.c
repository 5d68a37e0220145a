/* Matrix-matrix products: SpMM (sparse times dense into dense, over
   several formats, both operand orders), SpGEMM CSR x CSR -> CSR and into
   DCSR, CSC, dense and accumulating (+=, -=) outputs, a product whose second
   operand is stored against the loop order (converted), and SDDMM
   C = S .* (U V) into a sparse output.  */
#include "sparse-run.h"

enum { M = 13, K = 11, N = 10 };

/* SpMM with the sparse operand on the left: C = A B.  */
#define SPMM(F, FMT)                                                         \
  static void                                                                \
  spmm_##F (double C[M][N], double A[M][K] SPARSE (FMT), double B[K][N])    \
  {                                                                          \
    _Pragma ("sparse einsum C(i,j) = A(i,k) * B(k,j)")                       \
    DENSE (for (int i = 0; i < M; i++)                                       \
             for (int j = 0; j < N; j++)                                     \
               {                                                             \
                 C[i][j] = 0;                                                \
                 for (int k = 0; k < K; k++)                                 \
                   C[i][j] += A[i][k] * B[k][j];                             \
               })                                                            \
  }

SPMM (csr, "CSR")
SPMM (csc, "CSC")
SPMM (dcsr, "DCSR")
SPMM (coo, "COO")
SPMM (ell, "ELL")
SPMM (bcsr, "BCSR(2,2)")

/* Dense times sparse: D = B^T-shaped X times A, X dense on the left.  */
static void
dxs (double D[N][K], double X[N][M], double A[M][K] SPARSE ("CSR"))
{
#pragma sparse einsum D(i,j) = X(i,k) * A(k,j)
  DENSE (for (int i = 0; i < N; i++)
           for (int j = 0; j < K; j++)
             {
               D[i][j] = 0;
               for (int k = 0; k < M; k++)
                 D[i][j] += X[i][k] * A[k][j];
             })
}

/* SpGEMM into a sparse output parameter.  */
#define SPGEMM(F, FA, FB, FC)                                                \
  static void                                                                \
  spgemm_##F (double C[M][N] SPARSE (FC), double A[M][K] SPARSE (FA),       \
              double B[K][N] SPARSE (FB))                                    \
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
  }

SPGEMM (csr, "CSR", "CSR", "CSR")
SPGEMM (dcsr, "DCSR", "DCSR", "DCSR")
SPGEMM (mixed, "CSR", "DCSR", "CSR")
SPGEMM (conv, "CSR", "CSC", "CSR")
SPGEMM (narrow, "CSR;pos=16;crd=16", "CSR", "CSR;pos=16;crd=8")

/* SpGEMM into a dense array, and accumulated into a sparse one.  */
static void
spgemm_dense (double C[M][N], double A[M][K] SPARSE ("CSR"),
              double B[K][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             {
               C[i][j] = 0;
               for (int k = 0; k < K; k++)
                 C[i][j] += A[i][k] * B[k][j];
             })
}

static void
spgemm_acc (double C[M][N] SPARSE ("CSR"), double A[M][K] SPARSE ("CSR"),
            double B[K][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) += A(i,k) * B(k,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             for (int k = 0; k < K; k++)
               C[i][j] += A[i][k] * B[k][j];)
}

/* ... A stored with compressed rows (COO): the old rows of C that A does
   not have are kept too.  */
static void
spgemm_acc_coo (double C[M][N] SPARSE ("CSR"), double A[M][K] SPARSE ("COO"),
                double B[K][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) += A(i,k) * B(k,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             for (int k = 0; k < K; k++)
               C[i][j] += A[i][k] * B[k][j];)
}

/* A product plus a matrix stored like C: Gustavson's order, D's row
   added to each row's workspace after the products (then, for -=, the
   old row).  */
static void
spgemm_plus (double C[M][N] SPARSE ("CSR"), double A[M][K] SPARSE ("CSR"),
             double B[K][N] SPARSE ("CSR"), double D[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j) + D(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             {
               double s = 0;
               for (int k = 0; k < K; k++)
                 s += A[i][k] * B[k][j];
               C[i][j] = s + D[i][j];
             })
}

static void
spgemm_minus (double C[M][N] SPARSE ("CSR"), double A[M][K] SPARSE ("COO"),
              double B[K][N] SPARSE ("CSR"), double D[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) -= D(i,j) - A(i,k) * B(k,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             {
               double s = 0;
               for (int k = 0; k < K; k++)
                 s += A[i][k] * B[k][j];
               C[i][j] -= D[i][j] - s;
             })
}

/* ... and subtracted, B stored by columns (converted for Gustavson's
   order, the old entries of C added to each row's workspace).  */
static void
spgemm_sub (double C[M][N] SPARSE ("CSR"), double A[M][K] SPARSE ("CSR"),
            double B[K][N] SPARSE ("CSC"))
{
#pragma sparse einsum C(i,j) -= A(i,k) * B(k,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             {
               double s = 0;
               for (int k = 0; k < K; k++)
                 s += A[i][k] * B[k][j];
               C[i][j] -= s;
             })
}

/* SDDMM: only the entries of S are computed.  */
static void
sddmm (double C[M][N] SPARSE ("CSR"), double S[M][N] SPARSE ("CSR"),
       double U[M][K], double V[K][N])
{
#pragma sparse einsum C(i,j) = S(i,j) * U(i,k) * V(k,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             {
               double s = 0;
               for (int k = 0; k < K; k++)
                 s += U[i][k] * V[k][j];
               C[i][j] = S[i][j] * s;
             })
}

static void
sddmm_dense (double C[M][N], double S[M][N] SPARSE ("DCSR"), double U[M][K],
             double V[K][N])
{
#pragma sparse einsum C(i,j) = S(i,j) * U(i,k) * V(k,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             {
               double s = 0;
               for (int k = 0; k < K; k++)
                 s += U[i][k] * V[k][j];
               C[i][j] = S[i][j] * s;
             })
}

/* A fresh sparse output of FMT, its old entries to be overwritten.  */
static sp_tensor *
output (const char *fmt)
{
  sp_tensor *c = sr_matrix (fmt, M, N, 99, 3);
  return c;
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, K, 1, 3);
  sp_tensor *b = sr_matrix ("CSR", K, N, 2, 4);
  double B[K][N], C[M][N], X[N][M], D[N][K], U[M][K], V[K][N];
  sr_fill (&B[0][0], K * N, 3, 1);
  sr_fill (&X[0][0], N * M, 4, 2);
  sr_fill (&U[0][0], M * K, 5, 1);
  sr_fill (&V[0][0], K * N, 6, 1);

#define RUN_SPMM(F, FMT)                                                     \
  do                                                                         \
    {                                                                        \
      sp_tensor *t = sr_as (a, FMT);                                         \
      for (int i = 0; i < M; i++)                                            \
        for (int j = 0; j < N; j++)                                          \
          C[i][j] = -7;                                                      \
      spmm_##F (C, sp_array (t), B);                                         \
      sr_print ("spmm " #F, &C[0][0], M * N);                                \
      sp_free (t);                                                           \
    }                                                                        \
  while (0)
  RUN_SPMM (csr, "CSR");
  RUN_SPMM (csc, "CSC");
  RUN_SPMM (dcsr, "DCSR");
  RUN_SPMM (coo, "COO");
  RUN_SPMM (ell, "ELL");
  RUN_SPMM (bcsr, "BCSR(2,2)");

  dxs (D, X, sp_array (a));
  sr_print ("dense x sparse", &D[0][0], N * K);

#define RUN_SPGEMM(F, FA, FB, FC)                                            \
  do                                                                         \
    {                                                                        \
      sp_tensor *ta = sr_as (a, FA), *tb = sr_as (b, FB), *tc = output (FC); \
      spgemm_##F (sp_array (tc), sp_array (ta), sp_array (tb));              \
      sr_print_t ("spgemm " #F, tc, M * N);                                  \
      sp_free (ta);                                                          \
      sp_free (tb);                                                          \
      sp_free (tc);                                                          \
    }                                                                        \
  while (0)
  RUN_SPGEMM (csr, "CSR", "CSR", "CSR");
  RUN_SPGEMM (dcsr, "DCSR", "DCSR", "DCSR");
  RUN_SPGEMM (mixed, "CSR", "DCSR", "CSR");
  RUN_SPGEMM (conv, "CSR", "CSC", "CSR");
  RUN_SPGEMM (narrow, "CSR;pos=16;crd=16", "CSR", "CSR;pos=16;crd=8");

  spgemm_dense (C, sp_array (a), sp_array (b));
  sr_print ("spgemm into dense", &C[0][0], M * N);
  sp_tensor *c = output ("CSR");
  spgemm_acc (sp_array (c), sp_array (a), sp_array (b));
  sr_print_t ("spgemm +=", c, M * N);
  spgemm_acc (sp_array (c), sp_array (a), sp_array (b));
  sr_print_t ("spgemm += twice", c, M * N);
  sp_tensor *bc = sr_as (b, "CSC");
  spgemm_sub (sp_array (c), sp_array (a), sp_array (bc));
  sr_print_t ("spgemm -=", c, M * N);
  sp_free (bc);
  sp_free (c);
  c = output ("CSR");
  sp_tensor *rare = sr_matrix ("COO", M, K, 11, 9);
  spgemm_acc_coo (sp_array (c), sp_array (rare), sp_array (b));
  sr_print_t ("spgemm += rows of A only", c, M * N);
  sp_free (rare);
  sp_free (c);
  c = output ("CSR");
  sp_tensor *dd = sr_matrix ("CSR", M, N, 12, 4);
  spgemm_plus (sp_array (c), sp_array (a), sp_array (b), sp_array (dd));
  sr_print_t ("spgemm + D", c, M * N);
  rare = sr_matrix ("COO", M, K, 13, 9);
  spgemm_minus (sp_array (c), sp_array (rare), sp_array (b), sp_array (dd));
  sr_print_t ("-= D - spgemm", c, M * N);
  sp_free (rare);
  sp_free (dd);
  sp_free (c);

  sp_tensor *s = sr_matrix ("CSR", M, N, 7, 3);
  c = output ("CSR");
  sddmm (sp_array (c), sp_array (s), U, V);
  sr_print_t ("sddmm", c, M * N);
  sp_tensor *sd = sr_as (s, "DCSR");
  sddmm_dense (C, sp_array (sd), U, V);
  sr_print ("sddmm into dense", &C[0][0], M * N);
  sp_free (sd);
  sp_free (c);
  sp_free (s);
  sp_free (a);
  sp_free (b);
  return 0;
}
