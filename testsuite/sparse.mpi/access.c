/* mpi: ranks 1 2 3 4 */
/* Element access outside kernels to the elements of this rank's block:
   sp_get and the generated code's sp__get2 give the whole tensor's
   value, stored or not, sp__put2 writes; a window (sparse_plugin.h's
   sp__win) made by a read never covers coordinates of another block,
   where this rank's storage holds nothing.  */

#include <sparse_plugin.h>
#include "dist-check.h"

/* Every element of this rank's rows of T (rows of W) read both ways,
   the same bits as W's.  */
static void
read_block (sp_tensor *t, const sp_tensor *w, const char *what)
{
  int64_t lo, hi;
  sp_dist_block (t, &lo, &hi);
  for (int64_t i = lo; i < hi; i++)
    for (int64_t j = 0; j < sp_dim (t, 1); j++)
      {
        int64_t x[2] = { i, j };
        double a = sp_get (t, x), b = sp__get2 (t, i, j), c = sp_get (w, x);
        check (!memcmp (&a, &c, sizeof a) && !memcmp (&b, &c, sizeof b),
               "%s: element (%lld, %lld)", what, (long long) i,
               (long long) j);
      }
}

/* After a read of each absent element of this rank's block of the
   vector T, the window stays within the block.  */
static void
windows (sp_tensor *t)
{
  int64_t lo, hi, seen = 0, *win = sp__win[SP__WINDOW_SLOT (t)];
  sp_dist_block (t, &lo, &hi);
  for (int64_t i = lo; i < hi; i++)
    {
      win[0] = 0;
      if (sp__get1 (t, i) != 0 || win[0] != (int64_t) (intptr_t) t)
        continue;
      seen++;
      check (win[2] >= lo && win[2] + win[5] <= hi,
             "window [%lld, +%lld) past block [%lld, %lld)",
             (long long) win[2], (long long) win[5], (long long) lo,
             (long long) hi);
    }
  MPI_Allreduce (MPI_IN_PLACE, &seen, 1, MPI_INT64_T, MPI_SUM,
                 MPI_COMM_WORLD);
  check (seen > 0, "no window made");
}

int
main (int argc, char **argv)
{
  static const char *const formats[] = { "csr", "dcsr", "coo" };
  char text[4096];
  size_t len = 0;
  start (&argc, &argv);
  /* Every tenth row holds entries: the others are runs of absent
     rows.  */
  len += sprintf (text + len, "%%%%MatrixMarket matrix coordinate real "
                  "general\n100 8 40\n");
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 4; j++)
      len += sprintf (text + len, "%d %d %d.125\n", 10 * i + 5, 2 * j + 1,
                      i * 4 + j);
  put_file ("access.mtx", text);
  for (int k = 0; k < 3; k++)
    {
      sp_tensor *w = sp_read ("access.mtx", formats[k], SP_F64);
      sp_tensor *t = sp_read_dist ("access.mtx", formats[k], SP_F64,
                                   MPI_COMM_WORLD);
      check_block (t, w, 0, formats[k]);
      read_block (t, w, formats[k]);
      /* A write to the block, then reads see it.  */
      int64_t lo, hi;
      sp_dist_block (t, &lo, &hi);
      if (lo < hi)
        {
          sp__put2 (t, 2.5, lo, 6);
          check (sp__get2 (t, lo, 6) == 2.5, "%s: write", formats[k]);
          int64_t x[2] = { lo, 7 };
          check (sp_put (t, x, -1) == 0 && sp_get (t, x) == -1,
                 "%s: sp_put", formats[k]);
        }
      if (me == 0)
        printf ("%s: every element of each block read exactly\n",
                formats[k]);
      sp_free (t);
      sp_free (w);
    }
  /* A vector: a read's run of absent elements lies along the first
     level, and stops at the block's ends.  */
  len = 0;
  for (int i = 0; i < 10; i++)
    len += sprintf (text + len, "%d %d.5\n", 10 * i + 5, i);
  put_file ("access.tns", text);
  sp_tensor *v = sp_read_dist ("access.tns", "csf", SP_F64, MPI_COMM_WORLD);
  check (v != NULL, "vector: %s", sp_error ());
  windows (v);
  if (me == 0)
    printf ("vector: windows within the block\n");
  sp_free (v);
  MPI_Finalize ();
  return 0;
}
