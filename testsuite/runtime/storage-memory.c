/* { dg-do run } */
/* A tensor built by sp_insert and assembled (by sp_assemble, or before
   its first read) takes the memory sp_memory reports for the same
   entries converted into its format, within 10%: assembly sizes the
   arrays to the entries and keeps nothing of the pending calls.  */

#include <stdio.h>
#include "sparse.h"
#include "rng.h"
#include "rt-check.h"

/* Insert N random entries (some repeated) into T, of extents DIMS.  */
static void
fill (sp_tensor *t, int rank, const int64_t *dims, int64_t n)
{
  int64_t x[3];
  for (int64_t e = 0; e < n; e++)
    {
      for (int d = 0; d < rank; d++)
        x[d] = (int64_t) (rng () % (uint64_t) dims[d]);
      CHECK (sp_insert_i64 (t, x, (int64_t) (e % 7) + 1) == 0, "%s",
             sp_error ());
      if (e % 5 == 0)
        CHECK (sp_insert_i64 (t, x, 1) == 0, "%s", sp_error ());
    }
}

/* T (assembled) against its conversion into its own format.  */
static void
compare (sp_tensor *t, const char *fmt, const char *how)
{
  sp_tensor *c = sp_convert (t, fmt);
  CHECK (c, "%s: %s", fmt, sp_error ());
  if (!c)
    return;
  size_t mt = sp_memory (t), mc = sp_memory (c);
  CHECK (mt <= mc + mc / 10, "%s %s: %zu bytes, converted %zu", fmt, how,
         mt, mc);
  CHECK (sp_nnz (t) == sp_nnz (c), "%s %s: nnz", fmt, how);
  sp_free (c);
}

static void
run (const char *fmt, sp_type type, int rank, const int64_t *dims,
     int64_t n)
{
  sp_tensor *t = sp_new (fmt, type, rank, dims);
  int64_t x[3] = { 0, 0, 0 };

  CHECK (t, "%s: %s", fmt, sp_error ());
  if (!t)
    return;
  fill (t, rank, dims, n);
  CHECK (sp_assemble (t) == 0, "%s", sp_error ());
  compare (t, fmt, "assembled");
  /* More calls, looked up (which indexes them), then assembled by the
     first read that needs it.  */
  fill (t, rank, dims, n / 2);
  sp_get_i64 (t, x);
  CHECK (sp_nnz (t) > 0, "%s", sp_error ());
  compare (t, fmt, "reassembled");
  sp_free (t);
}

int
main (void)
{
  static const int64_t huge[] = { 1000000000, 1000000000 };
  static const int64_t cube[] = { 200, 300, 400 };

  run ("dcsr", SP_F64, 2, huge, 100000);
  run ("dcsr", SP_I64, 2, huge, 3000);
  run ("coo", SP_I32, 2, huge, 50000);
  run ("csr", SP_F32, 2, (const int64_t[]) { 1000, 1000000 }, 50000);
  run ("csf", SP_I64, 3, cube, 50000);
  printf ("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
