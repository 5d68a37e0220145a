/* Structured operands (ELL, BCSR, DIA) read in an order their storage
   does not follow are converted straight into a plain format in that
   order (a CSC output, a transposed access), not refused.  Same results
   as the dense program.  */
#include "sparse-run.h"

enum { M = 13, N = 11 };

static void
mul_csc (double C[M][N] SPARSE ("CSC"), double A[M][N] SPARSE ("COO"),
         double B[M][N] SPARSE ("ELL"))
{
#pragma sparse einsum C(i,j) -= A(i,j) * B(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] -= A[i][j] * B[i][j];)
}

static void
sub_dcsc (double C[M][N] SPARSE ("DCSC"), double A[N][M] SPARSE ("BCSR(2,2)"),
          double B[M][N] SPARSE ("BCSR(2,2)"))
{
#pragma sparse einsum C(i,j) = A(j,i) - 2 * B(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] = A[j][i] - 2 * B[i][j];)
}

static void
add_csc (double C[M][N] SPARSE ("CSC"), double A[M][N] SPARSE ("DIA"),
         double B[M][N] SPARSE ("DCSC"))
{
#pragma sparse einsum C(i,j) += A(i,j) + B(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             C[i][j] += A[i][j] + B[i][j];)
}

int
main (void)
{
  sp_tensor *c = sr_matrix ("CSC", M, N, 1, 3);
  sp_tensor *a = sr_matrix ("COO", M, N, 2, 2);
  sp_tensor *b = sr_matrix ("ELL", M, N, 3, 3);
  mul_csc (sp_array (c), sp_array (a), sp_array (b));
  sr_print_t ("csc -= coo * ell", c, M * N);
  sp_tensor *d = sr_matrix ("DCSC", M, N, 4, 3);
  sp_tensor *at = sr_matrix ("BCSR(2,2)", N, M, 5, 4);
  sp_tensor *bb = sr_matrix ("BCSR(2,2)", M, N, 6, 4);
  sub_dcsc (sp_array (d), sp_array (at), sp_array (bb));
  sr_print_t ("dcsc = bcsr^T - 2 bcsr", d, M * N);
  sp_tensor *dia = sr_matrix ("DIA", M, N, 7, 2);
  sp_tensor *e = sr_matrix ("DCSC", M, N, 8, 3);
  add_csc (sp_array (c), sp_array (dia), sp_array (e));
  sr_print_t ("csc += dia + dcsc", c, M * N);
  sp_free (c), sp_free (a), sp_free (b), sp_free (d), sp_free (at);
  sp_free (bb), sp_free (dia), sp_free (e);
  return 0;
}
