/* An operand that several kernels of a split statement would each
   convert to one format is converted once, before the first kernel,
   and the copy is read by all of them and freed after the last: a CSC
   matrix in two products added into a CSR output's old entries.  One
   kernel that reads an operand twice in another format converts it
   once too.  */
#include "sparse-run.h"

enum { M = 12, N = 10 };

static void
two_products (double Y[M][N] SPARSE ("CSR"), double A[M][M] SPARSE ("CSC"),
              double B[M][N] SPARSE ("CSR"), double C[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum Y(i,k) += A(i,j) * B(j,k) + A(i,l) * C(l,k) /* { dg-message "'A_CSR' CSR .A converted once.: " } */
  DENSE (for (int i = 0; i < M; i++)
           for (int k = 0; k < N; k++)
             {
               double s = 0, t = 0;
               for (int j = 0; j < M; j++)
                 s += A[i][j] * B[j][k];
               for (int l = 0; l < M; l++)
                 t += A[i][l] * C[l][k];
               Y[i][k] += s + t;
             })
}

static void
twice_in_one (double Y[M][M] SPARSE ("CSR"), double G[M][M],
              double A[M][M] SPARSE ("CSC"), double H[M][M] SPARSE ("CSC"))
{
#pragma sparse einsum Y(i,k) += -G(i,k) * A(i,j) * H(i,k) + A(i,k) * G(i,k) /* { dg-message "Y: CSR, A: CSC converted to CSR, H: CSC converted to CSR; loops" } */
  DENSE (for (int i = 0; i < M; i++)
           for (int k = 0; k < M; k++)
             {
               double s = 0;
               for (int j = 0; j < M; j++)
                 s += A[i][j];
               Y[i][k] += -G[i][k] * s * H[i][k] + A[i][k] * G[i][k];
             })
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSC", M, M, 1, 3);
  sp_tensor *b = sr_matrix ("CSR", M, N, 2, 3);
  sp_tensor *c = sr_matrix ("CSR", M, N, 3, 2);
  sp_tensor *y = sr_matrix ("CSR", M, N, 4, 4);
  two_products (sp_array (y), sp_array (a), sp_array (b), sp_array (c));
  sr_print_t ("two products", y, M * N);
  /* Again: the copy of the first call was freed, A is unchanged.  */
  two_products (sp_array (y), sp_array (a), sp_array (b), sp_array (c));
  sr_print_t ("again", y, M * N);
  sr_print_t ("A", a, M * M);

  static double g[M][M];
  sr_fill (&g[0][0], M * M, 5, 2);
  sp_tensor *h = sr_matrix ("CSC", M, M, 6, 3);
  sp_tensor *z = sr_matrix ("CSR", M, M, 7, 4);
  twice_in_one (sp_array (z), g, sp_array (a), sp_array (h));
  sr_print_t ("twice in one kernel", z, M * M);
  sp_free (h);
  sp_free (z);
  sp_free (a);
  sp_free (b);
  sp_free (c);
  sp_free (y);
  return 0;
}
