/* Third-order tensor kernels written as loops: tensor times vector
   (TTV), tensor times matrix (TTM), MTTKRP, the inner product of two
   tensors, tensor addition, and a mode sum.  */
#include "sparse-run.h"

enum { I = 8, J = 7, K = 9, L = 5 };

static void
ttv (double Y[I][J], double B[I][J][K] SPARSE ("CSF"), const double c[K])
{
  for (int i = 0; i < I; i++)	/* { dg-message "loop nest sparsified: Y.i,j. = sum.k, B.i,j,k. . c.k..; B: CSF; loops: i for over B, j for over B, k for over B; Y: dense" } */
    for (int j = 0; j < J; j++)
      {
        Y[i][j] = 0;
        for (int k = 0; k < K; k++)
          Y[i][j] += B[i][j][k] * c[k];
      }
}

static void
ttm (double Y[I][J][L], double B[I][J][K] SPARSE ("CSF"), double C[K][L])
{
  for (int i = 0; i < I; i++)	/* { dg-message "loop nest sparsified: Y.i,j,l. = sum.k, B.i,j,k. . C.k,l..; B: CSF; loops: i for over B, j for over B, k for over B, l for; Y: dense" } */
    for (int j = 0; j < J; j++)
      {
        for (int l = 0; l < L; l++)
          Y[i][j][l] = 0;
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            Y[i][j][l] += B[i][j][k] * C[k][l];
      }
}

static void
mttkrp (double M[I][L], double B[I][J][K] SPARSE ("CSF"), double C[J][L],
        double D[K][L])
{
  for (int i = 0; i < I; i++)
    for (int l = 0; l < L; l++)
      M[i][l] = 0;
  for (int i = 0; i < I; i++)	/* { dg-message "loop nest sparsified: M.i,l. .= sum.j, sum.k, B.i,j,k. . C.j,l. . D.k,l...; B: CSF; loops: i for over B, j for over B, k for over B, l for; M: dense" } */
    for (int j = 0; j < J; j++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          M[i][l] += B[i][j][k] * C[j][l] * D[k][l];
}

static double
innerprod (double B[I][J][K] SPARSE ("CSF"), double C[I][J][K] SPARSE ("COO"))
{
  double s = 0;
  for (int i = 0; i < I; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, sum.k, B.i,j,k. . C.i,j,k....; B: CSF, C: COO; loops: i co-iterate B, C, j co-iterate B, C, k co-iterate B, C; s: scalar" } */
    for (int j = 0; j < J; j++)
      for (int k = 0; k < K; k++)
        s += B[i][j][k] * C[i][j][k];
  return s;
}

static void
tplus (double A[I][J][K] SPARSE ("CSF"), double B[I][J][K] SPARSE ("CSF"),
       double C[I][J][K] SPARSE ("COO"))
{
  for (int i = 0; i < I; i++)	/* { dg-message "loop nest sparsified: A.i,j,k. = B.i,j,k. . C.i,j,k.; A: CSF, B: CSF, C: COO; loops: i co-iterate B, C, j co-iterate B, C, k co-iterate B, C; A: appended in order" } */
    for (int j = 0; j < J; j++)
      for (int k = 0; k < K; k++)
        A[i][j][k] = B[i][j][k] + C[i][j][k];
}

/* Sum over the last mode, into a sparse matrix.  */
static void
mode_sum (double S[I][J] SPARSE ("DCSR"), double B[I][J][K] SPARSE ("CSF"))
{
  for (int i = 0; i < I; i++)	/* { dg-message "loop nest sparsified: S.i,j. = sum.k, B.i,j,k..; S: DCSR, B: CSF; loops: i for over B, j for over B, k for over B; S: appended in order" } */
    for (int j = 0; j < J; j++)
      {
        S[i][j] = 0;
        for (int k = 0; k < K; k++)
          S[i][j] += B[i][j][k];
      }
}

int
main (void)
{
  sp_tensor *b = sr_tensor3 ("CSF", I, J, K, 91, 4);
  sp_tensor *cc = sr_tensor3 ("COO", I, J, K, 92, 3);
  double c[K], Y[I][J], Y3[I][J][L], C[K][L], CJ[J][L], D[K][L], M[I][L];
  sr_fill (c, K, 93, 1);
  sr_fill (&C[0][0], K * L, 94, 1);
  sr_fill (&CJ[0][0], J * L, 95, 1);
  sr_fill (&D[0][0], K * L, 96, 1);

  ttv (Y, sp_array (b), c);
  sr_print ("ttv", &Y[0][0], I * J);
  ttm (Y3, sp_array (b), C);
  sr_print ("ttm", &Y3[0][0][0], I * J * L);
  mttkrp (M, sp_array (b), CJ, D);
  sr_print ("mttkrp", &M[0][0], I * L);
  printf ("innerprod %.12g\n", innerprod (sp_array (b), sp_array (cc)));
  sp_tensor *a = sr_tensor3 ("CSF", I, J, K, 97, 2);
  tplus (sp_array (a), sp_array (b), sp_array (cc));
  sr_print_t ("B + C", a, I * J * K);
  sp_tensor *s = sr_matrix ("DCSR", I, J, 98, 2);
  mode_sum (sp_array (s), sp_array (b));
  sr_print_t ("mode sum", s, I * J);
  sp_free (s);
  sp_free (a);
  sp_free (cc);
  sp_free (b);
  return 0;
}
