/* Loop nests over tagged parameters of one format, which may be one
   tensor: the sparse loops run when the handles differ, the loops as
   written (element by element, the dense program's meaning) when they
   are the same, as a call passing one tensor twice does.  */
#include "sparse-run.h"

enum { N = 13 };

/* C = A B.  */
static void
product (double C[N][N] SPARSE ("CSR"), double A[N][N] SPARSE ("CSR"),
         double B[N][N] SPARSE ("CSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest versioned on C != A, C != B: the sparse loops when that holds, else the loops as written" } */
    for (int j = 0; j < N; j++)
      {
        double s = 0;
        for (int k = 0; k < N; k++)
          s += A[i][k] * B[k][j];
        C[i][j] = s;
      }
}

/* C = A^T, rows of C from columns of A.  */
static void
transpose (double C[N][N] SPARSE ("DCSR"), double A[N][N] SPARSE ("DCSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest versioned on C != A" } */
    for (int j = 0; j < N; j++)
      C[j][i] = A[i][j];
}

/* y = A x beside C += 2 A: C read and written at one element only, no
   hazard when it is A, so no check.  */
static void
scale (double C[N][N] SPARSE ("CSR"), double A[N][N] SPARSE ("CSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j < N; j++)
      C[i][j] = C[i][j] + 2 * A[i][j];
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", N, N, 71, 3);
  sp_tensor *b = sr_matrix ("CSR", N, N, 72, 3);
  sp_tensor *c = sr_matrix ("CSR", N, N, 73, 4);

  product (sp_array (c), sp_array (a), sp_array (b));
  sr_print_t ("C = A B, three tensors", c, N * N);
  product (sp_array (a), sp_array (a), sp_array (b));
  sr_print_t ("A = A B, one tensor twice", a, N * N);
  product (sp_array (b), sp_array (b), sp_array (b));
  sr_print_t ("B = B B, one tensor three times", b, N * N);

  sp_tensor *d = sr_matrix ("DCSR", N, N, 74, 3);
  sp_tensor *e = sr_matrix ("DCSR", N, N, 75, 3);
  transpose (sp_array (e), sp_array (d));
  sr_print_t ("E = D^T", e, N * N);
  transpose (sp_array (d), sp_array (d));
  sr_print_t ("D = D^T in place", d, N * N);

  scale (sp_array (c), sp_array (c));
  sr_print_t ("C = C + 2 C", c, N * N);

  sp_free (a);
  sp_free (b);
  sp_free (c);
  sp_free (d);
  sp_free (e);
  return 0;
}
