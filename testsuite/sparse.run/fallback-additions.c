/* Additions the plugin leaves to the runtime (K[c[a]][c[b]] += ke[a][b])
   into tensors that start empty, enough of them that the log of pending
   calls outgrows its first room: each element's sum is made in program
   order, so that sums whose rounding depends on the order print the same
   bits as the dense program's; in every element type, and from OpenMP
   threads adding to rows of their own.  */
/* { dg-options "-fopenmp" } */
#include "sparse-run.h"

enum { P = 11, M = P + 1, N = M * M * M };

/* The 8 x 8 matrices of the hexahedra of a P x P x P grid, added into K
   element by element; values whose sums round.  */
#define ASSEMBLE(NAME, T)                                                     \
  static void NAME (int n, T K[n][n] SPARSE ("CSR"))                          \
  {                                                                           \
    for (int ez = 0; ez < P; ez++)                                            \
      for (int ey = 0; ey < P; ey++)                                          \
        for (int ex = 0; ex < P; ex++)                                        \
          {                                                                   \
            int c[8];                                                         \
            for (int a = 0; a < 8; a++)                                       \
              c[a] = ((ez + (a >> 2)) * M + ey + (a >> 1 & 1)) * M + ex       \
                     + (a & 1);                                               \
            for (int a = 0; a < 8; a++)                                       \
              for (int b = 0; b < 8; b++)                                     \
                K[c[a]][c[b]] += (T) (a == b ? 7.1 + ex * 0.013               \
                                             : -0.3 - (ey + ez) * 0.0071);    \
          }                                                                   \
  }
ASSEMBLE (assemble_double, double)
ASSEMBLE (assemble_float, float)
ASSEMBLE (assemble_int, int)
ASSEMBLE (assemble_long, long)

/* Sum of K[i][j] * (j % 7 + 1) * (i + 1): a nest the plugin sparsifies
   (additions of zeros change no sum).  */
#define CHECKSUM(NAME, T)                                                     \
  static double NAME (int n, T K[n][n] SPARSE ("CSR"))                        \
  {                                                                           \
    double s = 0;                                                             \
    for (int i = 0; i < n; i++)                                               \
      for (int j = 0; j < n; j++)                                             \
        s += K[i][j] * (double) ((j % 7 + 1) * (i + 1));                      \
    return s;                                                                 \
  }
CHECKSUM (checksum_double, double)
CHECKSUM (checksum_float, float)
CHECKSUM (checksum_int, int)
CHECKSUM (checksum_long, long)

/* Rows added to by the thread that owns them.  */
static void
rows_by_threads (int n, double K[n][n] SPARSE ("CSR"))
{
#pragma omp parallel for schedule(dynamic, 7)
  for (int i = 0; i < n; i++)
    for (int r = 0; r < 3; r++)
      {
        int c[1] = { (i * 37 + r * 11) % n };
        K[i][c[0]] += 0.1 * (r + 1);
        K[i][i] += 0.7;
      }
}

static sp_tensor *
empty (sp_type type)
{
  int64_t dims[2] = { N, N };
  return sr_check (sp_new ("CSR", type, 2, dims), "CSR");
}

int
main (void)
{
  sp_tensor *d = empty (SP_F64), *f = empty (SP_F32), *i = empty (SP_I32);
  sp_tensor *l = empty (SP_I64), *t = empty (SP_F64);
  assemble_double (N, sp_array (d));
  assemble_float (N, sp_array (f));
  assemble_int (N, sp_array (i));
  assemble_long (N, sp_array (l));
  rows_by_threads (N, sp_array (t));
  printf ("double %a\nfloat %a\nint %.17g\nlong %.17g\nthreads %a\n",
          checksum_double (N, sp_array (d)), checksum_float (N, sp_array (f)),
          checksum_int (N, sp_array (i)), checksum_long (N, sp_array (l)),
          checksum_double (N, sp_array (t)));
  sp_free (d);
  sp_free (f);
  sp_free (i);
  sp_free (l);
  sp_free (t);
  return 0;
}
