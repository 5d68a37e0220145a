/* Statements whose sums cannot share one loop nest in the storage order
   of their operands, or whose sparse output's old entries cannot merge
   with them, run as several kernels over temporaries the generated code
   allocates and frees: a sum below another operator computed first, the
   right-hand side of a sparse += computed whole and added last.  */
#include "sparse-run.h"

enum { M = 7, K = 5, J = 6, L = 4 };

/* The old entries of Y, a sum over j of A's rows and one over m of P's
   fibres in one expression.  */
static void
old_entries (double Y[M][K] SPARSE ("CSR"), double G[M][K],
             double A[M][J] SPARSE ("CSR"), double H[M][K] SPARSE ("DCSR"),
             double P[M][K][L] SPARSE ("CSF"))
{
#pragma sparse einsum Y(i,k) += -G(i,k) * A(i,j) * H(i,k) + P(i,k,m) * G(i,k)
  DENSE (for (int i = 0; i < M; i++)
           for (int k = 0; k < K; k++)
             {
               double s = 0, t = 0;
               for (int j = 0; j < J; j++)
                 s += A[i][j];
               for (int m = 0; m < L; m++)
                 t += P[i][k][m];
               Y[i][k] += -G[i][k] * s * H[i][k] + t * G[i][k];
             })
}

/* A column sum of a CSR matrix inside a sum over its columns, in the
   formats given.  */
#define COLSUM(F, FP, FC)                                                    \
  static double                                                              \
  colsum_##F (double P[M][J] SPARSE (FP), double D[J],                      \
              double C[J][K] SPARSE (FC))                                    \
  {                                                                          \
    double s;                                                                \
    _Pragma ("sparse einsum s = P(i,j) + D(j) * C(j,k) * D(j)")             \
    DENSE (s = 0;                                                            \
           for (int j = 0; j < J; j++)                                       \
             {                                                               \
               double p = 0, c = 0;                                          \
               for (int i = 0; i < M; i++)                                   \
                 p += P[i][j];                                               \
               for (int k = 0; k < K; k++)                                   \
                 c += C[j][k];                                               \
               s += p + D[j] * c * D[j];                                     \
             })                                                              \
    return s;                                                                \
  }

COLSUM (csr, "CSR", "CSC")
COLSUM (dcsr, "DCSR", "CSR")
COLSUM (coo, "COO", "DCSC")

static double
scalar_sums (double H[K][J] SPARSE ("CSR"), double A[M] SPARSE ("CU"),
             double Kv[J])
{
  double s;
#pragma sparse einsum s = H(k,j) * A(i) + 3 * Kv(j)
  DENSE (s = 0;
         for (int j = 0; j < J; j++)
           {
             double h = 0, a = 0;
             for (int k = 0; k < K; k++)
               h += H[k][j];
             for (int i = 0; i < M; i++)
               a += A[i];
             s += h * a + 3 * Kv[j];
           })
  return s;
}

/* An outer product of two sums into a sparse output whose order the
   loops cannot follow.  */
#define OUTER(F, FY, FA, FC)                                                 \
  static void                                                                \
  outer_##F (double Y[M][J] SPARSE (FY), double A[L][J][L] SPARSE (FA),     \
             double C[M][K] SPARSE (FC))                                     \
  {                                                                          \
    _Pragma ("sparse einsum Y(i,j) = A(m,j,l) * C(i,k)")                    \
    DENSE (for (int i = 0; i < M; i++)                                       \
             for (int j = 0; j < J; j++)                                     \
               {                                                             \
                 double a = 0, c = 0;                                        \
                 for (int m = 0; m < L; m++)                                 \
                   for (int l = 0; l < L; l++)                               \
                     a += A[m][j][l];                                        \
                 for (int k = 0; k < K; k++)                                 \
                   c += C[i][k];                                             \
                 Y[i][j] = a * c;                                            \
               })                                                            \
  }

OUTER (csr, "DCSR", "(i,j,k)->(j:D,k:CU,i:CU)", "CSR")
OUTER (dcsr, "DCSR", "(i,j,k)->(j:D,k:CU,i:CU)", "CSC")

static void
vector_sums (double y[M] SPARSE ("CU"), double alpha, double A[M] SPARSE ("CU"),
             double E[M], double B[K][M] SPARSE ("CSR"),
             double Kx[J][M] SPARSE ("DCSR"), double u[M])
{
#pragma sparse einsum y(i) += alpha * A(i) + (E(i) * B(k,i) + 2 * Kx(j,i)) * u(i)
  DENSE (for (int i = 0; i < M; i++)
           {
             double b = 0, kk = 0;
             for (int k = 0; k < K; k++)
               b += B[k][i];
             for (int j = 0; j < J; j++)
               kk += Kx[j][i];
             y[i] += alpha * A[i] + (E[i] * b + 2 * kk) * u[i];
           })
}

/* Two products into a sparse output, overwritten and subtracted from.  */
#define PRODUCTS(F, OP, TEXT)                                                \
  static void                                                                \
  products_##F (double C[M][M] SPARSE ("CSR"), double A[M][M] SPARSE ("CSR"),\
                double B[M][M] SPARSE ("CSR"))                               \
  {                                                                          \
    _Pragma (TEXT)                                                           \
    DENSE (for (int i = 0; i < M; i++)                                       \
             for (int j = 0; j < M; j++)                                     \
               {                                                             \
                 double s = 0;                                               \
                 for (int k = 0; k < M; k++)                                 \
                   s += A[i][k] * B[k][j] + A[i][k] * A[k][j];              \
                 C[i][j] OP s;                                               \
               })                                                            \
  }

PRODUCTS (set, =, "sparse einsum C(i,j) = A(i,k) * B(k,j) + A(i,l) * A(l,j)")
PRODUCTS (sub, -=,
          "sparse einsum C(i,j) -= A(i,k) * B(k,j) + A(i,l) * A(l,j)")

/* Two products whose operands no one conversion lets one loop order
   follow: each product in a kernel of its own.  */
static void
formats (double C[M][J] SPARSE ("DCSC"), double A[M][K] SPARSE ("CSR"),
         double B[K][J] SPARSE ("CU,D"), double D[M][L] SPARSE ("CSC"),
         double E[L][J] SPARSE ("BCSR(2,2)"))
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j) + D(i,l) * E(l,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < J; j++)
             {
               double s = 0;
               for (int k = 0; k < K; k++)
                 s += A[i][k] * B[k][j];
               for (int l = 0; l < L; l++)
                 s += D[i][l] * E[l][j];
               C[i][j] = s;
             })
}

int
main (void)
{
  int64_t dm[1] = { M };
  double G[M][K], D[J], Kv[J], E[M], u[M];
  sr_fill (&G[0][0], M * K, 5, 2);
  sr_fill (D, J, 3, 1);
  sr_fill (Kv, J, 4, 2);
  sr_fill (E, M, 5, 2);
  sr_fill (u, M, 6, 1);

  sp_tensor *y = sr_matrix ("CSR", M, K, 1, 3);
  sp_tensor *a = sr_matrix ("CSR", M, J, 2, 3);
  sp_tensor *h = sr_matrix ("DCSR", M, K, 3, 2);
  sp_tensor *p = sr_tensor3 ("CSF", M, K, L, 4, 3);
  old_entries (sp_array (y), G, sp_array (a), sp_array (h), sp_array (p));
  sr_print_t ("old entries", y, M * K);

  sp_tensor *pm = sr_matrix ("CSR", M, J, 1, 3);
  sp_tensor *cm = sr_matrix ("CSR", J, K, 2, 3);
  sp_tensor *pc = sr_as (pm, "COO"), *pd = sr_as (pm, "DCSR");
  sp_tensor *cc = sr_as (cm, "CSC"), *cd = sr_as (cm, "DCSC");
  printf ("colsum csr %.12g\n", colsum_csr (sp_array (pm), D, sp_array (cc)));
  printf ("colsum dcsr %.12g\n",
          colsum_dcsr (sp_array (pd), D, sp_array (cm)));
  printf ("colsum coo %.12g\n", colsum_coo (sp_array (pc), D, sp_array (cd)));

  sp_tensor *hk = sr_matrix ("CSR", K, J, 7, 2);
  sp_tensor *av = sr_check (sp_new ("CU", SP_F64, 1, dm), "CU");
  for (int i = 0; i < M; i += 2)
    sp_insert (av, (int64_t[]) { i }, 0.5 * i + 1);
  printf ("scalar sums %.12g\n", scalar_sums (sp_array (hk), sp_array (av),
                                              Kv));

  sp_tensor *t = sr_tensor3 ("CSF", L, J, L, 9, 4);
  sp_tensor *tj = sr_as (t, "(i,j,k)->(j:D,k:CU,i:CU)");
  sp_tensor *c = sr_matrix ("CSR", M, K, 10, 3), *cs = sr_as (c, "CSC");
  sp_tensor *ya = sr_matrix ("DCSR", M, J, 13, 2);
  sp_tensor *yb = sr_matrix ("DCSR", M, J, 14, 2);
  outer_csr (sp_array (ya), sp_array (tj), sp_array (c));
  outer_dcsr (sp_array (yb), sp_array (tj), sp_array (cs));
  sr_print_t ("outer csr", ya, M * J);
  sr_print_t ("outer dcsr", yb, M * J);

  sp_tensor *yv = sr_check (sp_new ("CU", SP_F64, 1, dm), "CU");
  sp_insert (yv, (int64_t[]) { 1 }, 2.0);
  sp_tensor *b = sr_matrix ("CSR", K, M, 11, 3);
  sp_tensor *kx = sr_matrix ("DCSR", J, M, 12, 4);
  vector_sums (sp_array (yv), 1.5, sp_array (av), E, sp_array (b),
               sp_array (kx), u);
  sr_print_t ("vector sums", yv, M);

  sp_tensor *c1 = sr_matrix ("CSR", M, M, 15, 3);
  sp_tensor *c2 = sr_matrix ("CSR", M, M, 16, 3);
  sp_tensor *am = sr_matrix ("CSR", M, M, 17, 3);
  sp_tensor *bm = sr_matrix ("CSR", M, M, 18, 4);
  products_set (sp_array (c1), sp_array (am), sp_array (bm));
  products_sub (sp_array (c2), sp_array (am), sp_array (bm));
  sr_print_t ("products =", c1, M * M);
  sr_print_t ("products -=", c2, M * M);

  sp_tensor *fc = sr_matrix ("DCSC", M, J, 19, 2);
  sp_tensor *fa = sr_matrix ("CSR", M, K, 20, 3);
  sp_tensor *fb = sr_matrix ("CU,D", K, J, 21, 3);
  sp_tensor *fd = sr_matrix ("CSC", M, L, 22, 3);
  sp_tensor *fe = sr_matrix ("BCSR(2,2)", L, J, 23, 3);
  formats (sp_array (fc), sp_array (fa), sp_array (fb), sp_array (fd),
           sp_array (fe));
  sr_print_t ("formats", fc, M * J);

  sp_tensor *all[] = { fc, fa, fb, fd, fe, y, a, h, p, pm, cm, pc, pd, cc, cd, hk, av, t, tj, c,
                       cs, ya, yb, yv, b, kx, c1, c2, am, bm };
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    sp_free (all[i]);
  return 0;
}
