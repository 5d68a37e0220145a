/* Element-wise kernels: sparse add and subtract (union) into sparse and
   dense outputs, element-wise multiply (intersection), PLUS3 A = B + C +
   D, scaling and negation, mixes of sparse, dense and differently
   stored operands (CSR + CSC needs a conversion), vectors included.  */
#include "sparse-run.h"

enum { M = 12, N = 9 };

#define ADD(F, FC, FA, FB, OP, TEXT)                                         \
  static void                                                                \
  add_##F (double C[M][N] SPARSE (FC), double A[M][N] SPARSE (FA),          \
           double B[M][N] SPARSE (FB))                                       \
  {                                                                          \
    _Pragma (TEXT)                                                           \
    DENSE (for (int i = 0; i < M; i++)                                       \
             for (int j = 0; j < N; j++)                                     \
               C[i][j] = A[i][j] OP B[i][j];)                                \
  }

ADD (csr, "CSR", "CSR", "CSR", +,
     "sparse einsum C(i,j) = A(i,j) + B(i,j)")
ADD (dcsr, "DCSR", "DCSR", "DCSR", +,
     "sparse einsum C(i,j) = A(i,j) + B(i,j)")
ADD (sub, "CSR", "CSR", "DCSR", -,
     "sparse einsum C(i,j) = A(i,j) - B(i,j)")
ADD (mul, "CSR", "CSR", "CSR", *,
     "sparse einsum C(i,j) = A(i,j) * B(i,j)")
ADD (muld, "DCSR", "CSR", "DCSR", *,
     "sparse einsum C(i,j) = A(i,j) * B(i,j)")
ADD (conv, "CSR", "CSR", "CSC", +,
     "sparse einsum C(i,j) = A(i,j) + B(i,j)")
ADD (csc, "CSC", "CSC", "CSC", -,
     "sparse einsum C(i,j) = A(i,j) - B(i,j)")
ADD (coo, "CSR", "COO", "CSR", +,
     "sparse einsum C(i,j) = A(i,j) + B(i,j)")

static void
add_dense (double C[M][N], double A[M][N] SPARSE ("CSR"),
           double B[M][N] SPARSE ("DCSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) - B(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = A[i][j] - B[i][j];)
}

/* Sparse plus dense: every element is written.  */
static void
add_sd (double C[M][N], double A[M][N] SPARSE ("CSR"), double D[M][N])
{
#pragma sparse einsum C(i,j) = 2 * A(i,j) + D(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = 2 * A[i][j] + D[i][j];)
}

/* Sparse times dense into a sparse output: only A's entries.  */
static void
mul_sd (double C[M][N] SPARSE ("CSR"), double A[M][N] SPARSE ("CSR"),
        double D[M][N])
{
#pragma sparse einsum C(i,j) = A(i,j) * D(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = A[i][j] * D[i][j];)
}

static void
plus3 (double A[M][N] SPARSE ("CSR"), double B[M][N] SPARSE ("CSR"),
       double C[M][N] SPARSE ("CSR"), double D[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum A(i,j) = B(i,j) + C(i,j) + D(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             A[i][j] = B[i][j] + C[i][j] + D[i][j];)
}

static void
plus3_mixed (double A[M][N], double B[M][N] SPARSE ("CSR"),
             double C[M][N] SPARSE ("DCSR"), double D[M][N] SPARSE ("COO"))
{
#pragma sparse einsum A(i,j) = B(i,j) - C(i,j) + 0.5 * D(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             A[i][j] = B[i][j] - C[i][j] + 0.5 * D[i][j];)
}

static void
scale (double C[M][N] SPARSE ("DCSR"), double s, double A[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = -(A(i,j) * s) / 4
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = -(A[i][j] * s) / 4;)
}

/* Vectors: sparse + sparse into sparse, sparse .* dense into dense.  */
static void
vadd (double z[N] SPARSE ("CU"), double x[N] SPARSE ("CU"),
      double y[N] SPARSE ("CU"))
{
#pragma sparse einsum z(i) = x(i) + 3 * y(i)
  DENSE (for (int i = 0; i < N; i++)
           z[i] = x[i] + 3 * y[i];)
}

static void
vmul (double z[N], double x[N] SPARSE ("CU"), double d[N])
{
#pragma sparse einsum z(i) = x(i) * d(i)
  DENSE (for (int i = 0; i < N; i++)
           z[i] = x[i] * d[i];)
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, N, 1, 3);
  sp_tensor *b = sr_matrix ("CSR", M, N, 2, 4);
  sp_tensor *d = sr_matrix ("CSR", M, N, 3, 5);
  double C[M][N], D[M][N];
  sr_fill (&D[0][0], M * N, 4, 2);

#define RUN(F, FC, FA, FB)                                                   \
  do                                                                         \
    {                                                                        \
      sp_tensor *ta = sr_as (a, FA), *tb = sr_as (b, FB);                    \
      sp_tensor *tc = sr_matrix (FC, M, N, 9, 2);                            \
      add_##F (sp_array (tc), sp_array (ta), sp_array (tb));                 \
      sr_print_t (#F, tc, M * N);                                            \
      sp_free (ta);                                                          \
      sp_free (tb);                                                          \
      sp_free (tc);                                                          \
    }                                                                        \
  while (0)
  RUN (csr, "CSR", "CSR", "CSR");
  RUN (dcsr, "DCSR", "DCSR", "DCSR");
  RUN (sub, "CSR", "CSR", "DCSR");
  RUN (mul, "CSR", "CSR", "CSR");
  RUN (muld, "DCSR", "CSR", "DCSR");
  RUN (conv, "CSR", "CSR", "CSC");
  RUN (csc, "CSC", "CSC", "CSC");
  RUN (coo, "CSR", "COO", "CSR");

  sp_tensor *bd = sr_as (b, "DCSR");
  add_dense (C, sp_array (a), sp_array (bd));
  sr_print ("sub into dense", &C[0][0], M * N);
  add_sd (C, sp_array (a), D);
  sr_print ("sparse + dense", &C[0][0], M * N);
  sp_tensor *tc = sr_matrix ("CSR", M, N, 9, 2);
  mul_sd (sp_array (tc), sp_array (a), D);
  sr_print_t ("sparse * dense", tc, M * N);
  plus3 (sp_array (tc), sp_array (a), sp_array (b), sp_array (d));
  sr_print_t ("plus3", tc, M * N);
  sp_tensor *dc = sr_as (d, "COO");
  plus3_mixed (C, sp_array (a), sp_array (bd), sp_array (dc));
  sr_print ("plus3 mixed", &C[0][0], M * N);
  sp_tensor *sc = sr_matrix ("DCSR", M, N, 9, 2);
  scale (sp_array (sc), 3, sp_array (a));
  sr_print_t ("scale", sc, M * N);

  int64_t n = N;
  sp_tensor *x = sr_check (sp_new ("CU", SP_F64, 1, &n), "x");
  sp_tensor *y = sr_check (sp_new ("CU", SP_F64, 1, &n), "y");
  sp_tensor *z = sr_check (sp_new ("CU", SP_F64, 1, &n), "z");
  for (int64_t i = 0; i < N; i++)
    {
      if (i % 3 == 0)
        sp_insert (x, &i, 1 + i);
      if (i % 2 == 0)
        sp_insert (y, &i, 0.25 * i - 1);
      if (i == 5)
        sp_insert (z, &i, 42);
    }
  vadd (sp_array (z), sp_array (x), sp_array (y));
  sr_print_t ("vector add", z, N);
  double zd[N], dv[N];
  sr_fill (dv, N, 5, 1);
  vmul (zd, sp_array (x), dv);
  sr_print ("vector mul", zd, N);

  sp_free (x);
  sp_free (y);
  sp_free (z);
  sp_free (sc);
  sp_free (dc);
  sp_free (tc);
  sp_free (bd);
  sp_free (a);
  sp_free (b);
  sp_free (d);
  return 0;
}
