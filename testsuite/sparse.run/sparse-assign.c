/* `=` defines every element of the output, `+=` and `-=` keep what was
   there: on dense arrays, on tagged dense (D,D) outputs, on sparse outputs
   (parameters and locals, whose old entries and pending element writes
   are replaced or merged), and on scalars; element types float, int32_t
   and int64_t.  */
#include "sparse-run.h"

enum { M = 8, N = 10 };

static void
set_dense (double C[M][N], double A[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = 3 * A(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = 3 * A[i][j];)
}

static void
acc_dense (double C[M][N], double A[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) += 3 * A(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] += 3 * A[i][j];)
}

static void
sub_dense (double C[M][N], double A[M][N] SPARSE ("DCSC"))
{
#pragma sparse einsum C(i,j) -= A(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] -= A[i][j];)
}

/* A tagged output stored densely.  */
static void
set_tdense (double C[M][N] SPARSE ("D,D"), double A[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) * A(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = A[i][j] * A[i][j];)
}

static void
acc_tdense (double C[M][N] SPARSE ("D,D"), double A[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) += A(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] += A[i][j];)
}

static void
set_sparse (double C[M][N] SPARSE ("CSR"), double A[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) / 2
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = A[i][j] / 2;)
}

static void
acc_sparse (double C[M][N] SPARSE ("CSR"), double A[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) += A(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] += A[i][j];)
}

static void
sub_sparse (double C[M][N] SPARSE ("DCSR"), double A[M][N] SPARSE ("DCSR"))
{
#pragma sparse einsum C(i,j) -= 2 * A(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] -= 2 * A[i][j];)
}

/* A tagged local output: elements written before and read after.  */
static double
local (double A[M][N] SPARSE ("CSR"), double x[N])
{
  double C[M][N] SPARSE ("CSR");
  double y[M] SPARSE ("CU");
  /* Tagged locals start all zero; plain ones must be cleared.  */
  DENSE (for (int i = 0; i < M; i++)
           {
             y[i] = 0;
             for (int j = 0; j < N; j++)
               C[i][j] = 0;
           })
  for (int i = 0; i < M; i++)
    C[i][(i * 3) % N] = 100 + i;
#pragma sparse einsum C(i,j) += A(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] += A[i][j];)
  y[2] = 5;
#pragma sparse einsum y(i) = C(i,j) * x(j)
  DENSE (for (int i = 0; i < M; i++)
           {
             y[i] = 0;
             for (int j = 0; j < N; j++)
               y[i] += C[i][j] * x[j];
           })
  double s = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      s += C[i][j] * (i + 2 * j);
  for (int i = 0; i < M; i++)
    s += y[i] * (i + 1);
  return s;
}

static void
scalars (double A[M][N] SPARSE ("CSR"), double x[N])
{
  double s = 7, t = 7, u = 7;
#pragma sparse einsum s = A(i,j) * x(j)
#pragma sparse einsum t += A(i,j) * x(j)
#pragma sparse einsum u -= A(i,j)
  DENSE (s = 0;
         for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             {
               s += A[i][j] * x[j];
               t += A[i][j] * x[j];
               u -= A[i][j];
             })
  printf ("scalars %.12g %.12g %.12g\n", s, t, u);
}

/* Other element types.  */
static void
spmv_f (float y[M], float A[M][N] SPARSE ("CSR"), float x[N])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
  DENSE (for (int i = 0; i < M; i++)
           {
             y[i] = 0;
             for (int j = 0; j < N; j++)
               y[i] += A[i][j] * x[j];
           })
}

static void
add_i (int32_t C[M][N] SPARSE ("CSR"), int32_t A[M][N] SPARSE ("CSR"),
       int32_t B[M][N] SPARSE ("DCSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) - 2 * B(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = A[i][j] - 2 * B[i][j];)
}

static void
spmv_l (int64_t y[M], int64_t A[M][N] SPARSE ("CSC"), int64_t x[N])
{
#pragma sparse einsum y(i) += A(i,j) * x(j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             y[i] += A[i][j] * x[j];)
}

static sp_tensor *
typed (sp_type type, const char *fmt, int seed)
{
  int64_t dims[2] = { M, N };
  sp_tensor *t = sr_check (sp_new (fmt, type, 2, dims), fmt);
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++)
      {
        uint32_t h = sr_hash (i, j, 0, seed);
        if (h % 3 == 0)
          sp_insert (t, (int64_t[]) { i, j }, (int) (h % 11) - 5);
      }
  return t;
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, N, 1, 3);
  sp_tensor *ac = sr_as (a, "DCSC"), *ad = sr_as (a, "DCSR");
  double C[M][N], x[N];
  sr_fill (&C[0][0], M * N, 2, 1);
  sr_fill (x, N, 3, 1);

  set_dense (C, sp_array (a));
  sr_print ("= dense", &C[0][0], M * N);
  acc_dense (C, sp_array (a));
  sr_print ("+= dense", &C[0][0], M * N);
  sub_dense (C, sp_array (ac));
  sr_print ("-= dense", &C[0][0], M * N);

  sp_tensor *td = sr_matrix ("D,D", M, N, 4, 2);
  set_tdense (sp_array (td), sp_array (a));
  sr_print_t ("= tagged dense", td, M * N);
  sp_free (td);
  td = sr_matrix ("D,D", M, N, 4, 2);
  acc_tdense (sp_array (td), sp_array (a));
  sr_print_t ("+= tagged dense", td, M * N);
  sp_free (td);

  sp_tensor *c = sr_matrix ("CSR", M, N, 5, 2);
  set_sparse (sp_array (c), sp_array (a));
  sr_print_t ("= sparse", c, M * N);
  sp_free (c);
  c = sr_matrix ("CSR", M, N, 5, 2);
  acc_sparse (sp_array (c), sp_array (a));
  sr_print_t ("+= sparse", c, M * N);
  /* Pending inserts are part of the old output.  */
  sp_insert (c, (int64_t[]) { 1, 1 }, 10);
  acc_sparse (sp_array (c), sp_array (a));
  sr_print_t ("+= sparse after insert", c, M * N);
  sp_free (c);
  c = sr_matrix ("DCSR", M, N, 5, 2);
  sub_sparse (sp_array (c), sp_array (ad));
  sr_print_t ("-= sparse", c, M * N);
  sp_free (c);

  printf ("local %.12g\n", local (sp_array (a), x));
  scalars (sp_array (a), x);

  sp_tensor *af = sr_as (a, "CSR");
  sp_free (af);
  af = typed (SP_F32, "CSR", 6);
  float yf[M], xf[N];
  for (int j = 0; j < N; j++)
    xf[j] = 0.5f * j - 1;
  spmv_f (yf, sp_array (af), xf);
  for (int i = 0; i < M; i++)
    printf ("%g ", yf[i]);
  printf ("\n");
  sp_tensor *ai = typed (SP_I32, "CSR", 7), *bi = typed (SP_I32, "DCSR", 8);
  sp_tensor *ci = typed (SP_I32, "CSR", 9);
  add_i (sp_array (ci), sp_array (ai), sp_array (bi));
  sr_print_t ("int32 add", ci, M * N);
  sp_tensor *al = typed (SP_I64, "CSC", 10);
  int64_t yl[M], xl[N];
  for (int i = 0; i < M; i++)
    yl[i] = i;
  for (int j = 0; j < N; j++)
    xl[j] = j - 3;
  spmv_l (yl, sp_array (al), xl);
  for (int i = 0; i < M; i++)
    printf ("%lld ", (long long) yl[i]);
  printf ("\n");

  sp_free (af);
  sp_free (ai);
  sp_free (bi);
  sp_free (ci);
  sp_free (al);
  sp_free (a);
  sp_free (ac);
  sp_free (ad);
  return 0;
}
