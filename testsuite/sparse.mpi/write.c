/* mpi: ranks 1 2 3 4 */
/* sp_write of a distributed tensor is collective and writes the file
   sp_write writes for the whole tensor, byte for byte: .mtx and .tns,
   floating and integer values, ranks with empty blocks; a file it cannot
   write fails on every rank alike.  */

#include "dist-check.h"

/* The bytes of PATH, with their count in *N.  */
static char *
slurp (const char *path, long *n)
{
  FILE *f = fopen (path, "rb");
  check (f != NULL, "open %s", path);
  fseek (f, 0, SEEK_END);
  *n = ftell (f);
  rewind (f);
  char *b = malloc ((size_t) *n + 1);
  check (fread (b, 1, (size_t) *n, f) == (size_t) *n, "read %s", path);
  fclose (f);
  return b;
}

/* IN read whole and distributed as FORMAT and TYPE, each written to
   OUT (".mtx" or ".tns"): the same bytes.  */
static void
same_file (const char *in, const char *format, sp_type type, const char *ext)
{
  char whole[64], dist[64];
  long n1, n2;
  snprintf (whole, sizeof whole, "write-whole%s", ext);
  snprintf (dist, sizeof dist, "write-dist%s", ext);
  sp_tensor *w = sp_read (in, format, type);
  sp_tensor *t = sp_read_dist (in, format, type, MPI_COMM_WORLD);
  check (w && t, "%s: %s", in, sp_error ());
  if (me == 0)
    check (sp_write (w, whole) == 0, "sp_write whole: %s", sp_error ());
  check (sp_write (t, dist) == 0, "sp_write distributed: %s", sp_error ());
  if (me == 0)
    {
      char *a = slurp (whole, &n1), *b = slurp (dist, &n2);
      check (n1 == n2 && memcmp (a, b, (size_t) n1) == 0,
             "%s as %s: %s and %s differ", in, format, whole, dist);
      printf ("%s as %s to %s: %ld bytes, as written whole\n", in, format,
              ext, n1);
      free (a);
      free (b);
    }
  sp_free (w);
  sp_free (t);
}

int
main (int argc, char **argv)
{
  char text[8192];
  size_t len = 0;
  start (&argc, &argv);
  len += sprintf (text + len, "%%%%MatrixMarket matrix coordinate real "
                  "general\n60 9 200\n");
  for (int e = 0; e < 200; e++)
    len += sprintf (text + len, "%d %d %.17g\n", (e * 7) % 60 + 1,
                    (e * 5) % 9 + 1, e / 3.0 - 20);
  put_file ("write-in.mtx", text);
  same_file ("write-in.mtx", "csr", SP_F64, ".mtx");
  same_file ("write-in.mtx", "dcsr", SP_F32, ".mtx");
  same_file ("write-in.mtx", "coo", SP_F64, ".tns");
  same_file ("write-in.mtx", "csc", SP_F64, ".mtx");
  put_file ("write-two.mtx", "%%MatrixMarket matrix coordinate integer "
            "general\n2 2 2\n2 2 -7\n1 2 9000000000000000001\n");
  same_file ("write-two.mtx", "csr", SP_I64, ".mtx");
  same_file ("write-two.mtx", "csr", SP_I64, ".tns");

  /* Failures: every rank returns -1 with the same message.  */
  sp_tensor *t = sp_read_dist ("write-in.mtx", "csr", SP_F64, MPI_COMM_WORLD);
  check (sp_write (t, "no-such-dir/out.mtx") == -1, "write into nowhere");
  if (me == 0)
    printf ("%s\n", sp_error ());
  check (sp_write (t, "out.txt") == -1, "write to an unknown kind");
  if (me == 0)
    printf ("%s\n", sp_error ());
  sp_free (t);
  t = sp_read_dist (TESTSUITE "/../examples/tensor3.tns", "csf", SP_F64,
                    MPI_COMM_WORLD);
  check (t && sp_write (t, "rank3.mtx") == -1, "rank 3 to .mtx");
  if (me == 0)
    printf ("%s\n", sp_error ());
  sp_free (t);
  MPI_Finalize ();
  return 0;
}
