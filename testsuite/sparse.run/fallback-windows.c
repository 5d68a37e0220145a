/* Element reads left to the runtime of several tensors in one loop, each
   with runs of absent elements the reads keep in the calling thread's
   windows (a window for each tensor, unless two pick the same), and
   entries added between the loops into runs that windows held.  */
#include "sparse-run.h"

enum { M = 23, N = 61 };

/* Three tensors read in turn along each row; the break keeps the loop
   element by element.  */
static double
mix (int stop, double A[M][N] SPARSE ("CSR"), double B[M][N] SPARSE ("DCSR"),
     double C[M][N] SPARSE ("COO"))
{
  double s = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      {
        if (j == stop)
          break;
        s += (A[i][j] - 2 * B[i][j]) * (j + 1) + C[i][j] * (i + 1);
      }
  return s;
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, N, 1, 9);
  sp_tensor *b = sr_matrix ("DCSR", M, N, 2, 11);
  sp_tensor *c = sr_matrix ("COO", M, N, 3, 13);
  printf ("mix %.17g\n", mix (-1, sp_array (a), sp_array (b), sp_array (c)));
  for (int k = 0; k < 40; k++)
    {
      uint32_t h = sr_hash (k, 0, 0, 4);
      sp_insert (k % 3 == 0 ? a : k % 3 == 1 ? b : c,
                 (int64_t[]) { h % M, (h >> 8) % N }, 0.5 + k);
      if (k % 8 == 7)
        printf ("mix after %d: %.17g\n", k,
                mix (N - k % 5, sp_array (a), sp_array (b), sp_array (c)));
    }
  sp_free (a);
  sp_free (b);
  sp_free (c);
  return 0;
}
