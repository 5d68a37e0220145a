/* mpi: ranks 1 2 3 4 */
/* The blocks sp_read_dist cuts: more ranks than rows leaves some ranks
   an empty block (whose CSR still has a pos array over every row); one
   row holding most entries goes to one rank whole; rows of equal
   entries are shared out evenly.  */

#include "dist-check.h"

/* A general M x N coordinate file where row HEAVY (1-based; 0: none)
   has HEAVY_N entries and every other row one.  */
static void
make (const char *path, int m, int n, int heavy, int heavy_n)
{
  char *text = malloc ((size_t) (m + heavy_n) * 40 + 128);
  size_t len = 0;
  int entries = heavy ? m - 1 + heavy_n : m;
  len += sprintf (text + len, "%%%%MatrixMarket matrix coordinate real "
                  "general\n%d %d %d\n", m, n, entries);
  for (int i = 1; i <= m; i++)
    for (int k = 0; k < (i == heavy ? heavy_n : 1); k++)
      len += sprintf (text + len, "%d %d %d.5\n", i, k % n + 1, i + k);
  put_file (path, text);
  free (text);
}

/* The entries of each rank's block, from rank 0.  */
static void
blocks (const sp_tensor *t, int64_t *n)
{
  int64_t mine = sp_nnz (t);
  MPI_Gather (&mine, 1, MPI_INT64_T, n, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
}

int
main (int argc, char **argv)
{
  int64_t n[64], lo, hi;
  start (&argc, &argv);

  make ("balance-two.mtx", 2, 3, 0, 0);
  sp_tensor *w = sp_read ("balance-two.mtx", "csr", SP_F64);
  sp_tensor *t = sp_read_dist ("balance-two.mtx", "csr", SP_F64,
                               MPI_COMM_WORLD);
  check_block (t, w, 0, "two rows");
  sp_dist_block (t, &lo, &hi);
  /* CSR's pos array covers every row, empty outside the block.  */
  const int32_t *pos = sp_pos (t, 1);
  for (int64_t i = 0; i < 2; i++)
    check ((pos[i + 1] > pos[i]) == (i >= lo && i < hi),
           "row %lld of the pos array", (long long) i);
  blocks (t, n);
  if (me == 0)
    {
      int holders = 0;
      for (int r = 0; r < ranks; r++)
        holders += n[r] > 0;
      check (holders == (ranks < 2 ? ranks : 2), "two rows on %d ranks",
             holders);
      printf ("two rows: one a rank, the other ranks empty\n");
    }
  sp_free (t);
  sp_free (w);

  make ("balance-heavy.mtx", 40, 400, 11, 400);
  w = sp_read ("balance-heavy.mtx", "csr", SP_F64);
  t = sp_read_dist ("balance-heavy.mtx", "csr", SP_F64, MPI_COMM_WORLD);
  check_block (t, w, 0, "one heavy row");
  blocks (t, n);
  if (me == 0)
    {
      int holder = 0;
      for (int r = 0; r < ranks; r++)
        holder += n[r] >= 400;
      printf ("heavy row: on %d rank\n", holder);
    }
  sp_free (t);
  sp_free (w);

  make ("balance-even.mtx", 120, 5, 0, 0);
  w = sp_read ("balance-even.mtx", "dcsr", SP_F64);
  t = sp_read_dist ("balance-even.mtx", "dcsr", SP_F64, MPI_COMM_WORLD);
  check_block (t, w, 0, "even rows");
  blocks (t, n);
  if (me == 0)
    {
      int even = 1;
      for (int r = 0; r < ranks; r++)
        even &= n[r] >= 120 / ranks - 1 && n[r] <= 120 / ranks + 1;
      printf ("even rows: blocks within one entry of 120/ranks: %d\n", even);
    }
  sp_free (t);
  sp_free (w);
  MPI_Finalize ();
  return 0;
}
