/* A sum of two rows is merged with a branch on each comparison or, where
   the runtime finds it faster, without one (the case chosen by masks).
   Both forms, forced through SP_MERGE, and the runtime's own choice
   must give the dense program's result: sums and differences into
   sparse and dense outputs, scaled operands, a conversion, float and
   integer elements, and operands large enough for the runtime to time
   the two forms.  */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include "sparse-run.h"

enum { M = 40, N = 37, BIG = 1024 };

static void
add (double C[M][N] SPARSE ("CSR"), double A[M][N] SPARSE ("CSR"),
     double B[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) + B(i,j) /* { dg-message "j co-iterate A, B; C: appended in order; j's merge with or without branches, chosen at run time" } */
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = A[i][j] + B[i][j];)
}

static void
scaled (double C[M][N] SPARSE ("DCSR"), double A[M][N] SPARSE ("CSR"),
        double B[M][N] SPARSE ("CSC"), double alpha, double beta)
{
#pragma sparse einsum C(i,j) = alpha * A(i,j) - B(i,j) * beta
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = alpha * A[i][j] - B[i][j] * beta;)
}

static void
sub_dense (double C[M][N], double A[M][N] SPARSE ("CSR"),
           double B[M][N] SPARSE ("DCSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) - B(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = A[i][j] - B[i][j];)
}

static void
add_float (float C[M][N] SPARSE ("CSR"), float A[M][N] SPARSE ("CSR"),
           float B[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) + 3 * B(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = A[i][j] + 3 * B[i][j];)
}

static void
sub_int (int C[M][N], int A[M][N] SPARSE ("CSR"), int B[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) - B(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = A[i][j] - B[i][j];)
}

static void
add_long (long C[M][N] SPARSE ("CSR"), long A[M][N] SPARSE ("CSR"),
          long B[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) + B(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = A[i][j] + B[i][j];)
}

/* About 2 x 175000 entries: the runtime times the two forms.  */
static void
add_big (double C[BIG][BIG] SPARSE ("CSR"), double A[BIG][BIG] SPARSE ("CSR"),
         double B[BIG][BIG] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) + B(i,j)
  DENSE (for (int i = 0; i < BIG; i++)
           for (int j = 0; j < BIG; j++)
             C[i][j] = A[i][j] + B[i][j];)
}

/* T (f64) with elements of TYPE, in FMT.  */
static sp_tensor *
typed (const sp_tensor *t, sp_type type, const char *fmt)
{
  static double d[M][N];
  static float f[M][N];
  static int32_t i32[M][N];
  static int64_t i64[M][N];
  void *data = type == SP_F32 ? (void *) f : type == SP_I32 ? (void *) i32
               : (void *) i64;
  if (sp_to_dense (t, d))
    exit (2);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      {
        f[i][j] = (float) d[i][j];
        i32[i][j] = (int32_t) (4 * d[i][j]);
        i64[i][j] = (int64_t) (4 * d[i][j]) * ((int64_t) 1 << 33);
      }
  return sr_check (sp_from_dense (data, type, 2, (int64_t[]) { M, N }, fmt),
                   fmt);
}

static void
run (const char *form)
{
  if (form)
    setenv ("SP_MERGE", form, 1);
  else
    unsetenv ("SP_MERGE");
  sp_tensor *a = sr_matrix ("CSR", M, N, 1, 2);
  sp_tensor *b = sr_matrix ("CSR", M, N, 2, 3);
  sp_tensor *bc = sr_as (b, "CSC"), *bd = sr_as (b, "DCSR");
  sp_tensor *c = sr_matrix ("CSR", M, N, 9, 2);
  sp_tensor *cd = sr_matrix ("DCSR", M, N, 9, 2);
  double D[M][N];

  add (sp_array (c), sp_array (a), sp_array (b));
  sr_print_t ("add", c, M * N);
  scaled (sp_array (cd), sp_array (a), sp_array (bc), 1.5, -0.25);
  sr_print_t ("scaled", cd, M * N);
  sub_dense (D, sp_array (a), sp_array (bd));
  sr_print ("sub into dense", &D[0][0], M * N);

  sp_tensor *af = typed (a, SP_F32, "CSR"), *bf = typed (b, SP_F32, "CSR");
  sp_tensor *cf = sr_check (sp_new ("CSR", SP_F32, 2, (int64_t[]) { M, N }),
                            "cf");
  add_float (sp_array (cf), sp_array (af), sp_array (bf));
  sr_print_t ("float", cf, M * N);

  sp_tensor *ai = typed (a, SP_I32, "CSR"), *bi = typed (b, SP_I32, "CSR");
  int I[M][N];
  sub_int (I, sp_array (ai), sp_array (bi));
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      D[i][j] = I[i][j];
  sr_print ("int32 into dense", &D[0][0], M * N);

  sp_tensor *al = typed (a, SP_I64, "CSR"), *bl = typed (b, SP_I64, "CSR");
  sp_tensor *cl = sr_check (sp_new ("CSR", SP_I64, 2, (int64_t[]) { M, N }),
                            "cl");
  add_long (sp_array (cl), sp_array (al), sp_array (bl));
  int64_t sum = 0, coords[2];
  for (coords[0] = 0; coords[0] < M; coords[0]++)
    for (coords[1] = 0; coords[1] < N; coords[1]++)
      sum ^= (int64_t) sp_get (cl, coords) + coords[0] * 7 + coords[1];
  printf ("int64 %lld\n", (long long) sum);

  sp_tensor *ga = sr_matrix ("CSR", BIG, BIG, 3, 6);
  sp_tensor *gb = sr_matrix ("CSR", BIG, BIG, 4, 6);
  sp_tensor *gc = sr_check (sp_new ("CSR", SP_F64, 2,
                                    (int64_t[]) { BIG, BIG }), "gc");
  add_big (sp_array (gc), sp_array (ga), sp_array (gb));
  sr_print_t ("large", gc, (int64_t) BIG * BIG);

  sp_tensor *all[] = { a, b, bc, bd, c, cd, af, bf, cf, ai, bi, al, bl, cl,
                       ga, gb, gc };
  for (size_t k = 0; k < sizeof all / sizeof *all; k++)
    sp_free (all[k]);
}

int
main (void)
{
  static const char *forms[] = { "branch", "mask", NULL };
  for (int f = 0; f < 3; f++)
    {
      printf ("-- %s\n", f < 2 ? "forced" : "chosen");
      run (forms[f]);
    }
  return 0;
}
