/* mpi: ranks 1 2 3 4 */
/* sp_read_dist of FROSTT files, with and without the header lines, as
   CSF, COO and DCSR: each rank's block of the first coordinates holds
   exactly the whole tensor's entries there; without a header the
   extents are the largest coordinates over every rank's part.  */

#include "dist-check.h"

static unsigned long long seed = 777;

static unsigned
rnd (unsigned n)
{
  seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  return (unsigned) (seed >> 33) % n;
}

/* ENTRIES lines of a rank-RANK tensor of extents DIMS, repeats among
   them; with the header lines when HEADER.  */
static void
make_tns (const char *path, int rank, const int *dims, int entries,
          int header)
{
  size_t len = 0;
  char *text = malloc ((size_t) entries * 80 + 256);
  if (header)
    {
      len += sprintf (text + len, "%d %d\n", rank, entries);
      for (int d = 0; d < rank; d++)
        len += sprintf (text + len, "%d%c", dims[d], d + 1 < rank ? ' ' : '\n');
    }
  for (int e = 0; e < entries; e++)
    {
      if (e % 40 == 3)
        len += sprintf (text + len, "# a comment\n");
      for (int d = 0; d < rank; d++)
        len += sprintf (text + len, "%u ", rnd (dims[d]) + 1);
      len += sprintf (text + len, "%.17g\n", ((int) rnd (2001) - 1000) / 3.0);
    }
  put_file (path, text);
  free (text);
}

static void
compare (const char *path, const char *format, sp_type type)
{
  char what[200];
  snprintf (what, sizeof what, "%s as %s", path, format);
  sp_tensor *w = sp_read (path, format, type);
  check (w != NULL, "%s: sp_read: %s", what, sp_error ());
  sp_tensor *t = sp_read_dist (path, format, type, MPI_COMM_WORLD);
  check_block (t, w, 0, what);
  if (me == 0)
    {
      printf ("%s: rank %d, extents", what, sp_rank (w));
      for (int d = 0; d < sp_rank (w); d++)
        printf (" %lld", (long long) sp_dim (w, d));
      printf (", %lld entries\n", (long long) sp_nnz (w));
    }
  sp_free (t);
  sp_free (w);
}

int
main (int argc, char **argv)
{
  static const int dims3[] = { 19, 7, 11 }, dims2[] = { 23, 5 };
  start (&argc, &argv);
  make_tns ("read-3.tns", 3, dims3, 500, 0);
  make_tns ("read-3h.tns", 3, dims3, 300, 1);
  make_tns ("read-2.tns", 2, dims2, 80, 0);
  compare ("read-3.tns", "csf", SP_F64);
  compare ("read-3.tns", "coo", SP_F32);
  compare ("read-3h.tns", "csf", SP_F64);
  compare ("read-3h.tns", "coo", SP_F64);
  compare ("read-2.tns", "dcsr", SP_F64);
  compare ("read-2.tns", "csr", SP_F64);
  MPI_Finalize ();
  return 0;
}
