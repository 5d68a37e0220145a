/* mttkrp.c -- the matricised tensor times Khatri-Rao product, the kernel
   at the heart of a CP decomposition, over a sparse 3-tensor.

   B (by default tensor3.tns, a FROSTT file) is read into a CSF tensor
   (compressed sparse fibres: the nonempty slices, their nonempty rows,
   their entries) and handed to mttkrp(), whose parameter is tagged CSF.
   The loop nest is the definition,
     A[i][r] = sum over k, l of B[i][k][l] * C[k][r] * D[l][r],
   which the plugin turns into loops over B's stored fibres.

     ./mttkrp [tensor.tns]  */

#include <stdio.h>
#include <stdlib.h>
#include <sparse.h>

enum { R = 4 };   /* the rank of the decomposition */

static void
mttkrp (int I, int K, int L, double A[I][R],
        double B[I][K][L] SPARSE ("CSF"), double C[K][R], double D[L][R])
{
  for (int i = 0; i < I; i++)
    for (int r = 0; r < R; r++)
      A[i][r] = 0;
  for (int i = 0; i < I; i++)
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        for (int r = 0; r < R; r++)
          A[i][r] += B[i][k][l] * C[k][r] * D[l][r];
}

int
main (int argc, char **argv)
{
  const char *path = argc > 1 ? argv[1] : "tensor3.tns";
  sp_tensor *b = sp_read (path, "CSF", SP_F64);
  if (!b || sp_rank (b) != 3)
    {
      fprintf (stderr, "mttkrp: %s\n", b ? "not a 3-tensor" : sp_error ());
      return 1;
    }
  int I = (int) sp_dim (b, 0), K = (int) sp_dim (b, 1), L = (int) sp_dim (b, 2);
  double (*a)[R] = malloc (sizeof *a * I);
  double (*c)[R] = malloc (sizeof *c * K);
  double (*d)[R] = malloc (sizeof *d * L);
  if (!a || !c || !d)
    return 1;
  for (int k = 0; k < K; k++)
    for (int r = 0; r < R; r++)
      c[k][r] = 1 + (k + 2 * r) % 5 * 0.25;
  for (int l = 0; l < L; l++)
    for (int r = 0; r < R; r++)
      d[l][r] = 0.5 + (3 * l + r) % 7 * 0.125;

  mttkrp (I, K, L, a, sp_array (b), c, d);

  printf ("%s: %d x %d x %d, %lld nonzeros\n", path, I, K, L,
          (long long) sp_nnz (b));
  for (int i = 0; i < I; i++)
    printf ("A[%2d] = %10.6f %10.6f %10.6f %10.6f\n", i, a[i][0], a[i][1],
            a[i][2], a[i][3]);
  free (a);
  free (c);
  free (d);
  sp_free (b);
  return 0;
}
