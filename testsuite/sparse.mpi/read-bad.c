/* mpi: ranks 1 2 3 4 */
/* Malformed files whose bad line lies in the byte range of a rank other
   than 0 (past the middle of the file): sp_read_dist returns NULL on
   every rank, each with the message sp_read gives (file and line), and
   nothing hangs.  */

#include "dist-check.h"

/* A general 40 x 30 coordinate file declaring DECLARED entries: 100
   good lines with BAD (if any) put in place of line AT (0-based), then
   TAIL (if any) after them, with no newline after it.  */
static void
make (const char *path, int declared, const char *bad, int at,
      const char *tail)
{
  char *text = malloc (8192);
  size_t len = 0;
  len += sprintf (text + len, "%%%%MatrixMarket matrix coordinate real "
                  "general\n40 30 %d\n", declared);
  for (int e = 0; e < 100; e++)
    if (bad && e == at)
      len += sprintf (text + len, "%s\n", bad);
    else
      len += sprintf (text + len, "%d %d %d.25\n", e % 40 + 1, e % 30 + 1,
                      e);
  if (tail)
    len += sprintf (text + len, "%s", tail);
  put_file (path, text);
  free (text);
}

/* PATH must fail alike on every rank, as sp_read fails.  */
static void
expect_failure (const char *path, const char *format)
{
  char serial[512], mine[512], *all = NULL;
  sp_tensor *w = sp_read (path, format, SP_F64);
  check (w == NULL, "%s: sp_read reads it", path);
  snprintf (serial, sizeof serial, "%s", sp_error ());
  sp_tensor *t = sp_read_dist (path, format, SP_F64, MPI_COMM_WORLD);
  check (t == NULL, "%s: sp_read_dist reads it", path);
  memset (mine, 0, sizeof mine);
  snprintf (mine, sizeof mine, "%s", sp_error ());
  check (strcmp (mine, serial) == 0, "%s: message '%s', sp_read's '%s'",
         path, mine, serial);
  if (me == 0)
    all = malloc (sizeof mine * ranks);
  MPI_Gather (mine, sizeof mine, MPI_CHAR, all, sizeof mine, MPI_CHAR, 0,
              MPI_COMM_WORLD);
  if (me == 0)
    {
      for (int r = 1; r < ranks; r++)
        check (strcmp (all + r * sizeof mine, mine) == 0,
               "rank %d's message differs", r);
      printf ("every rank: %s\n", mine);
      free (all);
    }
}

int
main (int argc, char **argv)
{
  start (&argc, &argv);
  make ("bad-number.mtx", 100, "12 5 1.2.3", 70, NULL);
  expect_failure ("bad-number.mtx", "csr");
  make ("bad-row.mtx", 100, "41 3 1.0", 85, NULL);
  expect_failure ("bad-row.mtx", "csr");
  make ("bad-column.mtx", 100, "4 0 1.0", 99, NULL);
  expect_failure ("bad-column.mtx", "dcsr");
  make ("bad-more.mtx", 99, NULL, 0, NULL);
  expect_failure ("bad-more.mtx", "csr");
  make ("bad-fewer.mtx", 104, NULL, 0, NULL);
  expect_failure ("bad-fewer.mtx", "coo");
  make ("bad-truncated.mtx", 101, NULL, 0, "17 4");
  expect_failure ("bad-truncated.mtx", "csr");
  make ("bad-garbage.mtx", 100, "3 3 4 oops", 60, NULL);
  expect_failure ("bad-garbage.mtx", "csr");
  expect_failure ("no-such-file.mtx", "csr");
  put_file ("bad-triangle.mtx", "%%MatrixMarket matrix coordinate real "
            "symmetric\n5 5 8\n1 1 1\n2 1 2\n3 2 3\n4 3 4\n5 4 5\n5 5 6\n"
            "4 4 7\n2 5 8\n");
  expect_failure ("bad-triangle.mtx", "csr");
  put_file ("bad-tokens.tns", "1 1 1 1.5\n2 2 2 2.5\n3 3 3 3.5\n4 4 4 4.5\n"
            "5 5 5 5.5\n6 6 6 6.5\n7 7 7 7.5\n8 8 8.5\n9 9 9 9.5\n");
  expect_failure ("bad-tokens.tns", "csf");
  put_file ("bad-header.tns", "3 9\n9 9 9\n1 1 1 1.5\n2 2 2 2.5\n3 3 3 3.5\n"
            "4 4 4 4.5\n5 5 5 5.5\n6 6 6 6.5\n7 7 7 7.5\n8 8 8 8.5\n");
  expect_failure ("bad-header.tns", "csf");
  put_file ("bad-array.mtx", "%%MatrixMarket matrix array real general\n"
            "2 2\n1\n2\n3\nx\n");
  expect_failure ("bad-array.mtx", "csr");
  expect_failure ("read-bad.c", "csr");
  MPI_Finalize ();
  return 0;
}
