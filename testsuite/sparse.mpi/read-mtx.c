/* mpi: ranks 1 2 3 4 */
/* sp_read_dist of Matrix Market files of every kind, in formats whose
   first level is the rows (CSR, DCSR, COO) or the columns (CSC): each
   rank's block holds exactly the entries of the whole matrix sp_read
   reads in its block, with the same bits, repeated entries added in
   file order.  */

#include "dist-check.h"

static unsigned long long seed = 12345;

static unsigned
rnd (unsigned n)
{
  seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  return (unsigned) (seed >> 33) % n;
}

/* A coordinate file of ENTRIES lines for an M x N matrix of FIELD and
   SYMMETRY, out of order, with repeats and comments among the lines.  */
static void
make_mtx (const char *path, const char *field, const char *symmetry, int m,
          int n, int entries)
{
  size_t cap = (size_t) entries * 64 + 256, len = 0;
  char *text = malloc (cap);
  len += sprintf (text + len, "%%%%MatrixMarket matrix coordinate %s %s\n"
                  "%% generated\n%d %d %d\n", field, symmetry, m, n, entries);
  for (int e = 0; e < entries; e++)
    {
      int i = (int) rnd (m) + 1, j = (int) rnd (n) + 1;
      if (strcmp (symmetry, "general") != 0)
        {
          /* The stored triangle: strictly lower when skew.  */
          if (j > i)
            {
              int s = i;
              i = j;
              j = s;
            }
          if (i == j && !strcmp (symmetry, "skew-symmetric"))
            {
              e--;
              continue;
            }
        }
      if (e % 50 == 7)
        len += sprintf (text + len, "%% a comment\n");
      if (!strcmp (field, "pattern"))
        len += sprintf (text + len, "%d %d\n", i, j);
      else if (!strcmp (field, "integer"))
        len += sprintf (text + len, "%d %d %lld\n", i, j,
                        (long long) rnd (1000) * 9007199254740993LL / 997
                        - 4000000000000000000LL);
      else
        len += sprintf (text + len, "%d %d %.17g\n", i, j,
                        (rnd (2) ? 1e16 : 1.0) * ((int) rnd (2001) - 1000)
                        / 7.0);
    }
  put_file (path, text);
  free (text);
}

static void
compare (const char *path, const char *format, sp_type type, int dim)
{
  char what[200];
  snprintf (what, sizeof what, "%s as %s", path, format);
  sp_tensor *w = sp_read (path, format, type);
  check (w != NULL, "%s: sp_read: %s", what, sp_error ());
  sp_tensor *t = sp_read_dist (path, format, type, MPI_COMM_WORLD);
  check_block (t, w, dim, what);
  if (me == 0)
    printf ("%s: %lld x %lld, %lld entries\n", what,
            (long long) sp_dim (w, 0), (long long) sp_dim (w, 1),
            (long long) sp_nnz (w));
  sp_free (t);
  sp_free (w);
}

int
main (int argc, char **argv)
{
  static const char *const formats[] = { "csr", "dcsr", "coo", "csc" };
  static const int first_dim[] = { 0, 0, 0, 1 };
  start (&argc, &argv);
  make_mtx ("read-general.mtx", "real", "general", 37, 23, 400);
  make_mtx ("read-symmetric.mtx", "real", "symmetric", 31, 31, 300);
  make_mtx ("read-skew.mtx", "real", "skew-symmetric", 29, 29, 200);
  make_mtx ("read-pattern.mtx", "pattern", "general", 41, 19, 300);
  make_mtx ("read-integer.mtx", "integer", "general", 17, 40, 300);
  for (int k = 0; k < 4; k++)
    {
      compare ("read-general.mtx", formats[k], SP_F64, first_dim[k]);
      compare ("read-symmetric.mtx", formats[k], SP_F64, first_dim[k]);
      compare ("read-skew.mtx", formats[k], SP_F32, first_dim[k]);
      compare ("read-pattern.mtx", formats[k], SP_F64, first_dim[k]);
      compare ("read-integer.mtx", formats[k], SP_I64, first_dim[k]);
    }
  /* Array storage is read whole by every rank, then cut.  */
  compare (TESTSUITE "/runtime/inputs/array.mtx", "csr", SP_F64, 0);
  compare (TESTSUITE "/runtime/inputs/array-symmetric.mtx", "dcsr",
           SP_I32, 0);
  MPI_Finalize ();
  return 0;
}
