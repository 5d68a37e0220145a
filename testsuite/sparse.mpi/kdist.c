/* mpi: ranks 1 2 3 4 */
/* The kernels' operations on distributed operands (sparse_kernel.h,
   sp_kdist_*) called by hand as generated kernels call them: a product
   over this rank's rows gathered into the dense output equals the
   serial one; sums over the ranks; a chain keeps the serial order of a
   floating-point sum that depends on it, bit for bit; an operand of
   role 0 is gathered whole; an operand of role 1 cut otherwise is moved
   to the lead's blocks; a sparse output marked distributed is written
   as the whole one; the traffic counts each operation.  */

#include <sparse_kernel.h>
#include "dist-check.h"

enum { M = 90, N = 40, P = 12 };

/* A general R x C file of E entries, row of entry e from ROW.  */
static void
make (const char *path, int r, int c, int e, int (*row) (int))
{
  char *text = malloc ((size_t) e * 48 + 128);
  size_t len = sprintf (text, "%%%%MatrixMarket matrix coordinate real "
                        "general\n%d %d %d\n", r, c, e);
  for (int k = 0; k < e; k++)
    len += sprintf (text + len, "%d %d %.17g\n", row (k) % r + 1,
                    (k * 13) % c + 1, (k % 11) / 4.0 - 1);
  put_file (path, text);
  free (text);
}

static int spread (int k) { return k * 7; }
/* Most entries in the last rows.  */
static int late (int k) { return k % 5 ? M - 1 - k % 4 : k; }

/* Y[lo .. hi) = T X over T's CSR arrays (every row of pos).  */
static void
spmv (const sp_tensor *t, const double *x, double *y, int64_t lo,
      int64_t hi)
{
  const int32_t *pos = sp_pos (t, 1), *crd = sp_crd (t, 1);
  const double *v = sp_values (t);
  for (int64_t i = lo; i < hi; i++)
    {
      double s = 0;
      for (int32_t p = pos[i]; p < pos[i + 1]; p++)
        s += v[p] * x[crd[p]];
      y[i] = s;
    }
}

/* Every entry of whole T is W's.  */
static void
same_whole (const sp_tensor *t, const sp_tensor *w, const char *what)
{
  int64_t x[2];
  double v;
  check (sp_nnz (t) == sp_nnz (w), "%s: entries", what);
  sp_iter *it = sp_iter_new (w);
  while (sp_iter_next (it, x, &v) > 0)
    check (sp_get (t, x) == v, "%s: entry", what);
  sp_iter_free (it);
}

int
main (int argc, char **argv)
{
  double x[N], y[M], ys[M], big[M];
  int64_t lo, hi;
  sp_dist_traffic tr;
  start (&argc, &argv);
  make ("kd-a.mtx", M, N, 500, spread);
  make ("kd-b.mtx", N, P, 120, spread);
  make ("kd-e.mtx", M, N, 400, late);
  sp_tensor *wa = sp_read ("kd-a.mtx", "csr", SP_F64);
  sp_tensor *a = sp_read_dist ("kd-a.mtx", "csr", SP_F64, MPI_COMM_WORLD);
  check (a && wa, "read: %s", sp_error ());
  for (int j = 0; j < N; j++)
    x[j] = 1 + (j % 7) * 0.25;
  sp_dist_stats_reset ();

  /* y = A x over this rank's rows, the rows gathered.  */
  void *ctx = sp_kdist_open (1, a, 1);
  check (ctx != NULL, "no context for a distributed operand");
  sp_dist_block (a, &lo, &hi);
  check (sp_kdist_lo (ctx) == lo && sp_kdist_hi (ctx, M) == hi,
         "the loop's bounds are the block");
  memset (y, 0, sizeof y);
  spmv (a, x, y, sp_kdist_lo (ctx), sp_kdist_hi (ctx, M));
  sp_kdist_rows (ctx, y, M, sizeof *y);
  spmv (wa, x, ys, 0, M);
  check (memcmp (y, ys, sizeof y) == 0, "gathered y");

  /* Sums of integers (exact in any order) over the ranks.  */
  int64_t rows = sp_kdist_sum_l (ctx, hi - lo);
  double drows = sp_kdist_sum_d (ctx, (double) (hi - lo));
  check (rows == M && drows == M, "sums %lld %g", (long long) rows, drows);

  /* A sum whose rounding depends on its order, run along the ranks.  */
  for (int i = 0; i < M; i++)
    big[i] = i % 3 == 0 ? 1e16 : 1.0 + i / 8.0;
  double s = 0, acc = sp_kdist_chain_in_d (ctx, 0.0);
  for (int64_t i = sp_kdist_lo (ctx); i < sp_kdist_hi (ctx, M); i++)
    acc += big[i];
  acc = sp_kdist_chain_out_d (ctx, acc);
  for (int i = 0; i < M; i++)
    s += big[i];
  check (memcmp (&acc, &s, sizeof s) == 0, "chain %a, serial %a", acc, s);
  sp_kdist_close (ctx);
  if (me == 0)
    printf ("y = A x: y[0] %a, y[%d] %a; chained sum %a\n", y[0], M - 1,
            y[M - 1], acc);

  /* D = A B: B (role 0) gathered whole, D's rows computed here, then
     marked distributed like A.  */
  sp_tensor *wb = sp_read ("kd-b.mtx", "csr", SP_F64);
  sp_tensor *b = sp_read_dist ("kd-b.mtx", "csr", SP_F64, MPI_COMM_WORLD);
  int64_t dims[2] = { M, P };
  sp_tensor *d = sp_new ("csr", SP_F64, 2, dims);
  ctx = sp_kdist_open (3, a, 1, b, 0, d, 1);
  check (sp_dist_block (b, &lo, &hi) == 0, "B still distributed");
  same_whole (b, wb, "B gathered");
  for (int64_t i = sp_kdist_lo (ctx); i < sp_kdist_hi (ctx, M); i++)
    for (int k = 0; k < P; k++)
      {
        double sum = 0;
        for (int j = 0; j < N; j++)
          sum += sp_get (a, (int64_t[]) { i, j }) * sp_get (b, (int64_t[]) { j, k });
        if (sum != 0)
          sp_insert (d, (int64_t[]) { i, k }, sum);
      }
  sp_kdist_mark (ctx, d);
  sp_kdist_close (ctx);
  check (sp_dist_block (d, &lo, &hi) == 1, "D not marked");
  check (sp_write (d, "kd-d.mtx") == 0, "write D: %s", sp_error ());
  if (me == 0)
    {
      sp_tensor *wd = sp_new ("csr", SP_F64, 2, dims);
      for (int i = 0; i < M; i++)
        for (int k = 0; k < P; k++)
          {
            double sum = 0;
            for (int j = 0; j < N; j++)
              sum += sp_get (wa, (int64_t[]) { i, j }) * sp_get (wb, (int64_t[]) { j, k });
            if (sum != 0)
              sp_insert (wd, (int64_t[]) { i, k }, sum);
          }
      sp_tensor *rd = sp_read ("kd-d.mtx", "csr", SP_F64);
      check (rd != NULL, "read D back: %s", sp_error ());
      same_whole (rd, wd, "D as written");
      printf ("D = A B: %lld entries, written as the whole product\n",
              (long long) sp_nnz (rd));
      sp_free (rd);
      sp_free (wd);
    }
  /* A kernel without a distributed operand of role 1: D whole again.  */
  ctx = sp_kdist_open (1, b, 1);
  check (ctx == NULL, "a context without a distributed operand");
  check (sp_kdist_lo (ctx) == 0 && sp_kdist_hi (ctx, 7) == 7,
         "bounds without a context");
  sp_kdist_mark (ctx, d);
  check (sp_dist_block (d, &lo, &hi) == 0, "D still distributed");

  /* E, cut by its own entries, moved to A's blocks.  */
  sp_tensor *we = sp_read ("kd-e.mtx", "csr", SP_F64);
  sp_tensor *e = sp_read_dist ("kd-e.mtx", "csr", SP_F64, MPI_COMM_WORLD);
  int64_t elo, ehi, alo, ahi;
  sp_dist_block (e, &elo, &ehi);
  sp_dist_block (a, &alo, &ahi);
  int differ = elo != alo || ehi != ahi;
  MPI_Allreduce (MPI_IN_PLACE, &differ, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
  check (differ == (ranks > 1), "E's blocks like A's");
  ctx = sp_kdist_open (2, a, 1, e, 1);
  sp_dist_block (e, &elo, &ehi);
  check (elo == alo && ehi == ahi, "E not moved to A's blocks");
  check_block (e, we, 0, "E moved");
  sp_kdist_close (ctx);

  sp_dist_stats (&tr);
  check (tr.recuts == (ranks > 1), "re-cuts %lld", (long long) tr.recuts);
  check ((tr.bytes_received > 0) == (ranks > 1)
         && (tr.bytes_sent > 0) == (ranks > 1), "bytes moved");
  if (me == 0)
    printf ("row gathers %lld, reductions %lld, chains %lld, "
            "replications %lld\n", (long long) tr.row_gathers,
            (long long) tr.reductions, (long long) tr.chains,
            (long long) tr.replications);
  sp_free (a);
  sp_free (b);
  sp_free (d);
  sp_free (e);
  sp_free (wa);
  sp_free (wb);
  sp_free (we);
  MPI_Finalize ();
  return 0;
}
