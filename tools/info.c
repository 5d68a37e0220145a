/* info.c -- `sparse info FILE`: the shape, the entries, how they are
   spread (per row or slice, empty rows and columns, bandwidth, symmetry,
   diagonal) and the memory the main formats take for them.

   Counts come from walks over the entries in an order that puts the
   entries of one slice together (the format with that mode outermost),
   so that nothing of the size of an extent is allocated: a matrix of
   10^12 rows and a few entries is described as fast as it is read.  */

#include <stdio.h>
#include <stdlib.h>
#include "tool.h"

/* Index variables of the mapping formats built here, one per mode.  */
static const char ivars[] = "ijklmnop";
#define MAX_RANK ((int) sizeof ivars - 1)

/* 64-bit positions and coordinates: any extent the files allow.  */
#define WIDE ";pos=64;crd=64"

/* How the entries of T fall into the slices of one mode.  */
typedef struct slices
{
  int64_t nonempty;  /* slices holding an entry */
  int64_t min, max;  /* entries in the sparsest and densest of those */
} slices;

/* Into BUF, the format of a tensor of rank R that stores mode D
   outermost, then the others in order, every level compressed.  */
static void
mode_first (int r, int d, char *buf, size_t len)
{
  int n = snprintf (buf, len, "(");
  for (int k = 0; k < r; k++)
    n += snprintf (buf + n, len - n, "%s%c", k ? "," : "", ivars[k]);
  n += snprintf (buf + n, len - n, ")->(%c:CU", ivars[d]);
  for (int k = 0; k < r; k++)
    if (k != d)
      n += snprintf (buf + n, len - n, ",%c:CU", ivars[k]);
  snprintf (buf + n, len - n, ")" WIDE);
}

/* One more nonempty slice in S, of RUN entries.  */
static void
add_slice (slices *s, int64_t run)
{
  s->min = s->nonempty && s->min < run ? s->min : run;
  s->max = s->max > run ? s->max : run;
  s->nonempty++;
}

/* The slices of mode D of T into S; -1 after tool_fail.  */
static int
count_slices (const sp_tensor *t, int d, slices *s)
{
  char fmt[128];
  int64_t c[MAX_RANK], cur = 0, run = 0;
  mode_first (sp_rank (t), d, fmt, sizeof fmt);
  sp_tensor *u = sp_convert (t, fmt);
  sp_iter *it = u ? sp_iter_new (u) : NULL;
  if (!it)
    {
      tool_fail ("%s", sp_error ());
      sp_free (u);
      return -1;
    }
  *s = (slices) { 0, 0, 0 };
  while (sp_iter_next (it, c, NULL) > 0)
    {
      if (run && c[d] != cur)
        {
          add_slice (s, run);
          run = 0;
        }
      cur = c[d];
      run++;
    }
  if (run)
    add_slice (s, run);
  sp_iter_free (it);
  sp_free (u);
  return 0;
}

/* The lower and upper bandwidths of matrix T (the largest i - j and
   j - i of its entries, at least 0) and its diagonal entries.  */
static void
band (const sp_tensor *t, int64_t *lower, int64_t *upper, int64_t *diag)
{
  int64_t c[2];
  sp_iter *it = sp_iter_new (t);
  *lower = *upper = *diag = 0;
  while (it && sp_iter_next (it, c, NULL) > 0)
    {
      if (c[0] - c[1] > *lower)
        *lower = c[0] - c[1];
      if (c[1] - c[0] > *upper)
        *upper = c[1] - c[0];
      *diag += c[0] == c[1];
    }
  sp_iter_free (it);
}

/* Whether square matrix T (stored by rows) has a symmetric pattern: its
   entries by rows are those of its transpose by rows, which are its
   entries by columns with the coordinates swapped.  -1 after
   tool_fail.  */
static int
symmetric_pattern (const sp_tensor *t)
{
  char fmt[128];
  int64_t a[2], b[2];
  mode_first (2, 1, fmt, sizeof fmt);
  sp_tensor *u = sp_convert (t, fmt);
  sp_iter *rows = sp_iter_new (t), *cols = u ? sp_iter_new (u) : NULL;
  int same = 1;
  if (!rows || !cols)
    {
      tool_fail ("%s", sp_error ());
      same = -1;
    }
  while (same == 1 && sp_iter_next (rows, a, NULL) > 0)
    same = sp_iter_next (cols, b, NULL) > 0 && a[0] == b[1] && a[1] == b[0];
  sp_iter_free (rows);
  sp_iter_free (cols);
  sp_free (u);
  return same;
}

/* The memory line of T in FORMAT (the runtime's message if T cannot be
   held so).  */
static void
memory_line (const sp_tensor *t, const char *name, const char *format)
{
  sp_tensor *u = sp_convert (t, format);
  if (u)
    printf ("  %-5s %zu bytes\n", name, sp_memory (u));
  else
    printf ("  %-5s - (%s)\n", name, sp_error ());
  sp_free (u);
}

/* The lines of a matrix T (stored by rows) of entries NNZ.  */
static int
matrix_lines (const sp_tensor *t, int64_t nnz)
{
  int64_t m = sp_dim (t, 0), n = sp_dim (t, 1), lower, upper, diag;
  slices rows, cols;
  if (count_slices (t, 0, &rows) || count_slices (t, 1, &cols))
    return TOOL_FAILED;
  int sym = m == n ? symmetric_pattern (t) : 0;
  if (sym < 0)
    return TOOL_FAILED;
  band (t, &lower, &upper, &diag);
  printf ("nonzeros per row: min %lld, mean %.2f, max %lld\n",
          (long long) (rows.nonempty < m ? 0 : rows.min), (double) nnz / m,
          (long long) rows.max);
  printf ("empty rows: %lld of %lld\n", (long long) (m - rows.nonempty),
          (long long) m);
  printf ("empty columns: %lld of %lld\n", (long long) (n - cols.nonempty),
          (long long) n);
  printf ("bandwidth: lower %lld, upper %lld\n", (long long) lower,
          (long long) upper);
  printf ("symmetric pattern: %s\n",
          m != n ? "no (not square)" : sym ? "yes" : "no");
  printf ("diagonal entries: %lld of %lld\n", (long long) diag,
          (long long) (m < n ? m : n));
  printf ("memory (sp_memory after sp_convert):\n");
  memory_line (t, "CSR", "csr");
  memory_line (t, "CSC", "csc");
  memory_line (t, "DCSR", "dcsr");
  memory_line (t, "COO", "coo");
  return TOOL_OK;
}

/* The lines of a tensor T of another rank than 2, of entries NNZ.  */
static int
tensor_lines (const sp_tensor *t, int64_t nnz)
{
  int r = sp_rank (t);
  slices s;
  for (int d = 0; d < r; d++)
    {
      if (count_slices (t, d, &s))
        return TOOL_FAILED;
      int64_t dim = sp_dim (t, d);
      if (d == 0)
        printf ("nonzeros per slice of mode 1: min %lld, mean %.2f, "
                "max %lld\n", (long long) (s.nonempty < dim ? 0 : s.min),
                (double) nnz / dim, (long long) s.max);
      printf ("empty slices of mode %d: %lld of %lld\n", d + 1,
              (long long) (dim - s.nonempty), (long long) dim);
    }
  printf ("memory (sp_memory after sp_convert):\n");
  memory_line (t, "COO", "coo");
  memory_line (t, "CSF", "csf");
  return TOOL_OK;
}

int
tool_info (const char *path)
{
  /* Stored by the first mode, then the others: rows of a matrix.  */
  sp_tensor *t = tool_read (path, "csf" WIDE);
  if (!t)
    return TOOL_FAILED;
  int r = sp_rank (t);
  int64_t nnz = sp_nnz (t);
  double cells = 1;
  printf ("file: %s\nshape: ", path);
  for (int d = 0; d < r; d++)
    {
      printf ("%s%lld", d ? " x " : "", (long long) sp_dim (t, d));
      cells *= sp_dim (t, d);
    }
  printf ("\nentries: %lld (density %.3g)\n", (long long) nnz, nnz / cells);
  printf ("values: %s\n", sp_elem_type (t) == SP_I64 ? "integer (int64)"
                                                    : "real (double)");
  int rc = r > MAX_RANK ? tool_fail ("%s: rank %d", path, r)
           : r == 2     ? matrix_lines (t, nnz)
                        : tensor_lines (t, nnz);
  sp_free (t);
  return rc;
}
