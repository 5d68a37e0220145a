/* mpi: ranks 1 2 3; omp */
/* Two threads on each rank: a kernel's loop over this rank's rows run by
   an OpenMP loop reading the elements (sp__get2, windows per thread)
   and writing rows of y, then the rows gathered; the serial product on
   the whole matrix is the same, bit for bit.  */

#include <omp.h>
#include <sparse_kernel.h>
#include <sparse_plugin.h>
#include "dist-check.h"

enum { M = 70, N = 30 };

int
main (int argc, char **argv)
{
  double x[N], y[M], ys[M];
  char *text = malloc (16384);
  size_t len = 0;
  start (&argc, &argv);
  len += sprintf (text, "%%%%MatrixMarket matrix coordinate real general\n"
                  "%d %d 300\n", M, N);
  for (int k = 0; k < 300; k++)
    len += sprintf (text + len, "%d %d %.17g\n", (k * 11) % M + 1,
                    (k * 7) % N + 1, k / 9.0 - 10);
  put_file ("omp.mtx", text);
  free (text);
  for (int j = 0; j < N; j++)
    x[j] = 0.5 + j % 5;
  sp_tensor *w = sp_read ("omp.mtx", "dcsr", SP_F64);
  sp_tensor *a = sp_read_dist ("omp.mtx", "dcsr", SP_F64, MPI_COMM_WORLD);
  check (a && w, "read: %s", sp_error ());
  int threads = 0;
  void *ctx = sp_kdist_open (1, a, 1);
  int64_t lo = sp_kdist_lo (ctx), hi = sp_kdist_hi (ctx, M);
  memset (y, 0, sizeof y);
#pragma omp parallel for reduction(max: threads)
  for (int64_t i = lo; i < hi; i++)
    {
      double s = 0;
      for (int j = 0; j < N; j++)
        s += sp__get2 (a, i, j) * x[j];
      y[i] = s;
      threads = omp_get_num_threads ();
    }
  sp_kdist_rows (ctx, y, M, sizeof *y);
  sp_kdist_close (ctx);
  for (int i = 0; i < M; i++)
    {
      double s = 0;
      for (int j = 0; j < N; j++)
        s += sp_get (w, (int64_t[]) { i, j }) * x[j];
      ys[i] = s;
    }
  check (memcmp (y, ys, sizeof y) == 0, "y differs from the serial y");
  check (hi == lo || threads == 2, "%d threads", threads);
  if (me == 0)
    printf ("y = A x on two threads a rank: y[1] %a, y[%d] %a\n", y[1],
            M - 1, y[M - 1]);
  sp_free (a);
  sp_free (w);
  MPI_Finalize ();
  return 0;
}
