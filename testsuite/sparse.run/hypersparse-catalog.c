/* The catalog's kernels (SpMV, SpMM, SpGEMM, SpAdd, SDDMM, TTV, MTTKRP)
   over DCSR, DCSC and CSF operands whose rows, columns and slices are
   mostly empty, and intersections whose ranges differ enough in length
   that the loops search the longer one (a few full rows against rows of
   one or two entries, either operand the short one), and a DCSR top
   level locating the rows of a CSR and of a dense matrix.  */
#include "sparse-run.h"

enum { M = 40, K = 36, N = 30, R = 3, I = 12, J = 10, L = 9 };

/* An M x N matrix in FMT whose entries (where the hash is 0 mod MOD)
   lie in the rows and columns kept: a row where its own hash is 0 mod
   ROWS, a column likewise mod COLS.  Rows whose hash is 0 mod FULL
   (FULL > 0) are full.  */
static sp_tensor *
hyper (const char *fmt, int64_t m, int64_t n, int seed, int mod, int rows,
       int cols, int full)
{
  int64_t dims[2] = { m, n };
  sp_tensor *t = sr_check (sp_new (fmt, SP_F64, 2, dims), fmt);
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++)
      {
        uint32_t h = sr_hash (i, j, 0, seed);
        int all = full > 0 && sr_hash (i, 0, 3, seed) % full == 0;
        if (all || (h % mod == 0 && sr_hash (i, 0, 2, seed) % rows == 0
                    && sr_hash (0, j, 2, seed) % cols == 0))
          sp_insert (t, (int64_t[]) { i, j }, sr_val (h));
      }
  return t;
}

/* An I x J x L tensor in CSF, its entries in a few (i, j) fibres.  */
static sp_tensor *
hyper3 (int seed)
{
  int64_t dims[3] = { I, J, L };
  sp_tensor *t = sr_check (sp_new ("CSF", SP_F64, 3, dims), "CSF");
  for (int64_t i = 0; i < I; i++)
    for (int64_t j = 0; j < J; j++)
      for (int64_t l = 0; l < L; l++)
        {
          uint32_t h = sr_hash (i, j, l, seed);
          if (sr_hash (i, 0, 2, seed) % 3 == 0
              && sr_hash (i, j, 2, seed) % 4 == 0 && h % 2 == 0)
            sp_insert (t, (int64_t[]) { i, j, l }, sr_val (h));
        }
  return t;
}

#define SPMV(F, FMT)                                                         \
  static void                                                                \
  spmv_##F (double y[M], double A[M][K] SPARSE (FMT), double x[K])          \
  {                                                                          \
    _Pragma ("sparse einsum y(i) = A(i,j) * x(j)")                           \
    DENSE (for (int i = 0; i < M; i++)                                       \
             {                                                               \
               y[i] = 0;                                                     \
               for (int j = 0; j < K; j++)                                   \
                 y[i] += A[i][j] * x[j];                                     \
             })                                                              \
  }

SPMV (dcsr, "DCSR")
SPMV (dcsc, "DCSC")

#define SPMM(F, FMT)                                                         \
  static void                                                                \
  spmm_##F (double Y[M][N], double A[M][K] SPARSE (FMT), double X[K][N])    \
  {                                                                          \
    _Pragma ("sparse einsum Y(i,j) = A(i,l) * X(l,j)")                       \
    DENSE (for (int i = 0; i < M; i++)                                       \
             for (int j = 0; j < N; j++)                                     \
               {                                                             \
                 Y[i][j] = 0;                                                \
                 for (int l = 0; l < K; l++)                                 \
                   Y[i][j] += A[i][l] * X[l][j];                             \
               })                                                            \
  }

SPMM (dcsr, "DCSR")
SPMM (dcsc, "DCSC")

#define SPGEMM(F, FC, FA, FB)                                                \
  static void                                                                \
  spgemm_##F (double C[M][N] SPARSE (FC), double A[M][K] SPARSE (FA),       \
              double B[K][N] SPARSE (FB))                                    \
  {                                                                          \
    _Pragma ("sparse einsum C(i,j) = A(i,l) * B(l,j)")                       \
    DENSE (for (int i = 0; i < M; i++)                                       \
             for (int j = 0; j < N; j++)                                     \
               {                                                             \
                 double s = 0;                                               \
                 for (int l = 0; l < K; l++)                                 \
                   s += A[i][l] * B[l][j];                                   \
                 C[i][j] = s;                                                \
               })                                                            \
  }

SPGEMM (dcsr, "DCSR", "DCSR", "DCSR")
SPGEMM (dcsc, "DCSC", "DCSC", "DCSC")
/* Rows of A against columns of B: inner products.  */
SPGEMM (inner, "DCSR", "DCSR", "DCSC")

static void
spadd (double C[M][N] SPARSE ("DCSR"), double A[M][N] SPARSE ("DCSR"),
       double B[N][M] SPARSE ("DCSC"))
{
#pragma sparse einsum C(i,j) = A(i,j) + B(j,i)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = A[i][j] + B[j][i];)
}

/* Elementwise: an intersection of rows and of columns.  */
static void
times (double C[M][N] SPARSE ("DCSR"), double A[M][N] SPARSE ("DCSR"),
       double B[M][N] SPARSE ("DCSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) * B(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = A[i][j] * B[i][j];)
}

/* A DCSR top level that locates the rows of B (CSR) and of a dense D.  */
static void
times_mixed (double C[M][N] SPARSE ("DCSR"), double A[M][N] SPARSE ("DCSR"),
             double B[M][N] SPARSE ("CSR"), double D[M][N])
{
#pragma sparse einsum C(i,j) = A(i,j) * B(i,j) * D(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = A[i][j] * B[i][j] * D[i][j];)
}

static void
sddmm (double C[M][N] SPARSE ("DCSR"), double S[M][N] SPARSE ("DCSR"),
       double U[M][R], double V[N][R])
{
#pragma sparse einsum C(i,j) = S(i,j) * U(i,l) * V(j,l)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             {
               double s = 0;
               for (int l = 0; l < R; l++)
                 s += S[i][j] * U[i][l] * V[j][l];
               C[i][j] = s;
             })
}

static void
ttv (double Y[I][J] SPARSE ("DCSR"), double T[I][J][L] SPARSE ("CSF"),
     double x[L])
{
#pragma sparse einsum Y(i,j) = T(i,j,k) * x(k)
  DENSE (for (int i = 0; i < I; i++)
           for (int j = 0; j < J; j++)
             {
               double s = 0;
               for (int k = 0; k < L; k++)
                 s += T[i][j][k] * x[k];
               Y[i][j] = s;
             })
}

static void
mttkrp (double Y[I][R], double T[I][J][L] SPARSE ("CSF"), double C[J][R],
        double D[L][R])
{
#pragma sparse einsum Y(i,r) = T(i,j,k) * C(j,r) * D(k,r)
  DENSE (for (int i = 0; i < I; i++)
           for (int r = 0; r < R; r++)
             {
               double s = 0;
               for (int j = 0; j < J; j++)
                 for (int k = 0; k < L; k++)
                   s += T[i][j][k] * C[j][r] * D[k][r];
               Y[i][r] = s;
             })
}

static sp_tensor *
out (const char *fmt, int64_t m, int64_t n)
{
  int64_t dims[2] = { m, n };
  return sr_check (sp_new (fmt, SP_F64, 2, dims), fmt);
}

int
main (void)
{
  /* Most rows and columns empty; B's rows against A's columns for the
     products.  */
  sp_tensor *a = hyper ("DCSR", M, K, 1, 2, 3, 3, 0);
  sp_tensor *b = hyper ("DCSR", K, N, 2, 2, 3, 2, 0);
  sp_tensor *ac = sr_as (a, "DCSC"), *bc = sr_as (b, "DCSC");
  double x[K], X[K][N], y[M], Y[M][N], U[M][R], V[N][R];
  sr_fill (x, K, 3, 1);
  sr_fill (&X[0][0], K * N, 4, 1);
  sr_fill (&U[0][0], M * R, 5, 1);
  sr_fill (&V[0][0], N * R, 6, 1);

  spmv_dcsr (y, sp_array (a), x);
  sr_print ("spmv dcsr", y, M);
  spmv_dcsc (y, sp_array (ac), x);
  sr_print ("spmv dcsc", y, M);
  spmm_dcsr (Y, sp_array (a), X);
  sr_print ("spmm dcsr", &Y[0][0], M * N);
  spmm_dcsc (Y, sp_array (ac), X);
  sr_print ("spmm dcsc", &Y[0][0], M * N);

  sp_tensor *c = out ("DCSR", M, N);
  spgemm_dcsr (sp_array (c), sp_array (a), sp_array (b));
  sr_print_t ("spgemm dcsr", c, M * N);
  sp_free (c);
  c = out ("DCSC", M, N);
  spgemm_dcsc (sp_array (c), sp_array (ac), sp_array (bc));
  sr_print_t ("spgemm dcsc", c, M * N);
  sp_free (c);
  c = out ("DCSR", M, N);
  spgemm_inner (sp_array (c), sp_array (a), sp_array (bc));
  sr_print_t ("spgemm inner", c, M * N);
  sp_free (c);
  /* Full rows of A' against B's (the ranges of K's top level against
     rows of one or two entries, too).  */
  sp_tensor *af = hyper ("DCSR", M, K, 7, 2, 3, 3, 5);
  sp_tensor *bf = hyper ("DCSR", K, N, 8, 3, 2, 1, 6);
  sp_tensor *bfc = sr_as (bf, "DCSC");
  c = out ("DCSR", M, N);
  spgemm_dcsr (sp_array (c), sp_array (af), sp_array (bf));
  sr_print_t ("spgemm dcsr full rows", c, M * N);
  sp_free (c);
  c = out ("DCSR", M, N);
  spgemm_inner (sp_array (c), sp_array (af), sp_array (bfc));
  sr_print_t ("spgemm inner full rows", c, M * N);
  sp_free (c);

  /* M x N operands for the elementwise kernels.  */
  sp_tensor *p = hyper ("DCSR", M, N, 9, 2, 3, 2, 0);
  sp_tensor *q = hyper ("DCSR", M, N, 10, 3, 2, 3, 4);
  sp_tensor *qt = hyper ("DCSC", N, M, 10, 3, 2, 3, 4);
  c = out ("DCSR", M, N);
  spadd (sp_array (c), sp_array (p), sp_array (qt));
  sr_print_t ("spadd", c, M * N);
  sp_free (c);
  /* Rows of one to three entries against full ones.  */
  sp_tensor *ps = hyper ("DCSR", M, N, 15, 9, 2, 1, 0);
  c = out ("DCSR", M, N);
  times (sp_array (c), sp_array (ps), sp_array (q));
  sr_print_t ("times", c, M * N);
  sp_free (c);
  c = out ("DCSR", M, N);
  times (sp_array (c), sp_array (q), sp_array (ps));
  sr_print_t ("times swapped", c, M * N);
  sp_free (c);
  sp_tensor *qr = sr_as (q, "CSR");
  double DM[M][N];
  sr_fill (&DM[0][0], M * N, 16, 1);
  c = out ("DCSR", M, N);
  times_mixed (sp_array (c), sp_array (ps), sp_array (qr), DM);
  sr_print_t ("times mixed", c, M * N);
  sp_free (c);
  sp_free (qr);
  c = out ("DCSR", M, N);
  sddmm (sp_array (c), sp_array (p), U, V);
  sr_print_t ("sddmm", c, M * N);
  sp_free (c);

  sp_tensor *t = hyper3 (11);
  double xl[L], CJ[J][R], DL[L][R], YI[I][R];
  sr_fill (xl, L, 12, 1);
  sr_fill (&CJ[0][0], J * R, 13, 1);
  sr_fill (&DL[0][0], L * R, 14, 1);
  c = out ("DCSR", I, J);
  ttv (sp_array (c), sp_array (t), xl);
  sr_print_t ("ttv", c, I * J);
  sp_free (c);
  mttkrp (YI, sp_array (t), CJ, DL);
  sr_print ("mttkrp", &YI[0][0], I * R);

  sp_free (a);
  sp_free (b);
  sp_free (ac);
  sp_free (bc);
  sp_free (af);
  sp_free (bf);
  sp_free (bfc);
  sp_free (p);
  sp_free (ps);
  sp_free (q);
  sp_free (qt);
  sp_free (t);
  return 0;
}
