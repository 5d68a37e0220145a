/* Calls of the C library's functions in einsum pragmas: exp of each
   element into a dense output (exp (0) is 1 at the unstored zeros), an
   SpMV of sin (A), sqrtf of a float matrix, and exp of each row's sum
   (a variable not in the output is summed inside the call).  The dense
   loops below each pragma are the program without the plugin.  */
#include <math.h>
#include "sparse-run.h"

enum { M = 13, N = 17 };

static void
calls (double C[M][N], double y[M], double z[M], double A[M][N] SPARSE ("CSR"),
       const double x[N])
{
#pragma sparse einsum C(i,j) = exp(A(i,j))	/* { dg-message "einsum sparsified: C.i,j. = exp.A.i,j..; A: CSR; loops: i for, j for; C: dense" } */
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = exp (A[i][j]);)
#pragma sparse einsum y(i) = sin(A(i,j)) * x(j)	/* { dg-message "einsum sparsified: y.i. = sum.j, sin.A.i,j.. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
  DENSE (for (int i = 0; i < M; i++)
           {
             double s = 0;
             for (int j = 0; j < N; j++)
               s += sin (A[i][j]) * x[j];
             y[i] = s;
           })
#pragma sparse einsum z(i) = exp(A(i,j))	/* { dg-message "einsum sparsified: z.i. = exp.sum.j, A.i,j...; A: CSR; loops: i for, j for over A; z: dense" } */
  DENSE (for (int i = 0; i < M; i++)
           {
             double s = 0;
             for (int j = 0; j < N; j++)
               s += A[i][j];
             z[i] = exp (s);
           })
}

static void
floats (float C[M][N], float A[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = sqrtf(A(i,j)) * 2	/* { dg-message "einsum sparsified: C.i,j. = sqrtf.A.i,j.. . 2; A: CSR; loops: i for, j for over A; C: dense" } */
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = sqrtf (A[i][j]) * 2;)
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, N, 5, 3);
  sp_tensor *af = sr_check (sp_new ("CSR", SP_F32, 2, (int64_t[]) { M, N }),
                            "CSR");
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      if ((i + 2 * j) % 3 == 0)
        sp_insert (af, (int64_t[]) { i, j }, 0.25f * ((i * N + j) % 9) - 1);
  static double C[M][N];
  static float Cf[M][N];
  double x[N], y[M], z[M];
  for (int j = 0; j < N; j++)
    x[j] = 0.5 + 0.125 * (j % 5);
  calls (C, y, z, sp_array (a), x);
  floats (Cf, sp_array (af));
  for (int i = 0; i < M; i++)
    {
      printf ("%d: %a %a", i, y[i], z[i]);
      for (int j = 0; j < N; j++)
        printf (" %a %a", C[i][j], (double) Cf[i][j]);
      printf ("\n");
    }
  sp_free (a);
  sp_free (af);
  return 0;
}
