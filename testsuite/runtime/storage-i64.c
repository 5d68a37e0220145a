/* { dg-do run } */
/* Exact 64-bit integer elements: sp_insert_i64 adds and sp_put_i64
   assigns with every bit kept, before and after assembly, through the
   pending calls' index and sp_array's dense copy; sp_get_i64 reads them
   back, converts floating elements as C does and reports what int64_t
   cannot hold; an i32 tensor refuses what it cannot hold; floating
   tensors round an int64 once; the compiler's fallback accessors
   (sp__get_i64, sp__put_i64) do the same.  */

#include <float.h>
#include <math.h>
#include <string.h>
#include "sparse.h"
#include "sparse_plugin.h"
#include "rt-check.h"

#define X(...) ((const int64_t[]) { __VA_ARGS__ })
#define BIG53 ((int64_t) 1 << 53)

static void
adds_and_assigns (const char *fmt)
{
  sp_tensor *t = sp_new (fmt, SP_I64, 2, X (4, 5));
  int64_t dense[20];

  CHECK (t, "%s: %s", fmt, sp_error ());
  /* Pending calls, looked up before and after the index exists.  */
  CHECK (sp_insert_i64 (t, X (1, 2), BIG53) == 0
         && sp_insert_i64 (t, X (1, 2), 1) == 0, "%s", sp_error ());
  CHECK (sp_get_i64 (t, X (1, 2)) == BIG53 + 1, "%s: 2^53 + 1 pending", fmt);
  CHECK (sp_insert_i64 (t, X (1, 2), 2) == 0
         && sp_put_i64 (t, X (3, 4), INT64_MIN) == 0
         && sp_insert_i64 (t, X (0, 0), INT64_MAX) == 0
         && sp_insert_i64 (t, X (0, 1), INT64_MAX - 1) == 0,
         "%s", sp_error ());
  CHECK (sp_get_i64 (t, X (1, 2)) == BIG53 + 3
         && sp_get_i64 (t, X (3, 4)) == INT64_MIN
         && sp_get_i64 (t, X (0, 0)) == INT64_MAX
         && sp_get_i64 (t, X (0, 1)) == INT64_MAX - 1,
         "%s: indexed pending calls", fmt);
  CHECK (sp_assemble (t) == 0, "%s", sp_error ());
  CHECK (sp_get_i64 (t, X (1, 2)) == BIG53 + 3
         && sp_get_i64 (t, X (3, 4)) == INT64_MIN
         && sp_get_i64 (t, X (0, 0)) == INT64_MAX, "%s: assembled", fmt);
  /* Over stored entries; sums wrap.  */
  CHECK (sp_insert_i64 (t, X (0, 0), 1) == 0
         && sp_put_i64 (t, X (1, 2), INT64_MIN + 1) == 0
         && sp_insert_i64 (t, X (2, 3), -BIG53 - 1) == 0, "%s", sp_error ());
  CHECK (sp_get_i64 (t, X (0, 0)) == INT64_MIN
         && sp_get_i64 (t, X (1, 2)) == INT64_MIN + 1
         && sp_get_i64 (t, X (2, 3)) == -BIG53 - 1, "%s: updates", fmt);
  CHECK (sp_to_dense (t, dense) == 0, "%s", sp_error ());
  CHECK (dense[0] == INT64_MIN && dense[1] == INT64_MAX - 1
         && dense[7] == INT64_MIN + 1 && dense[13] == -BIG53 - 1
         && dense[19] == INT64_MIN && dense[2] == 0, "%s: dense", fmt);
  /* sp_get rounds as C converts an int64 to double.  */
  CHECK (sp_get (t, X (2, 3)) == (double) (-BIG53 - 1), "%s: sp_get", fmt);
  sp_free (t);
}

static void
conversions (void)
{
  sp_tensor *t = sp_new ("csr", SP_I32, 2, X (2, 2));
  const char *e;

  /* An i32 tensor holds its range only.  */
  CHECK (sp_insert_i64 (t, X (0, 0), INT32_MIN) == 0
         && sp_put_i64 (t, X (0, 1), INT32_MAX) == 0, "%s", sp_error ());
  CHECK (sp_insert_i64 (t, X (1, 1), (int64_t) INT32_MAX + 1) != 0
         && strstr (sp_error (), "does not fit i32"), "i32 range: %s",
         sp_error ());
  CHECK (sp_put_i64 (t, X (1, 1), BIG53 + 1) != 0, "i32 range");
  CHECK (sp_get_i64 (t, X (0, 0)) == INT32_MIN
         && sp_get_i64 (t, X (0, 1)) == INT32_MAX
         && sp_nnz (t) == 2, "i32 values");
  sp_free (t);

  /* Floating tensors take an int64 as C converts it, rounding once:
     2^53 + 2^29 + 1 is just above a tie between floats, and becomes
     2^53 + 2^30, where rounding through a double would make it the tie
     (rounded down to 2^53).  */
  int64_t above_tie = BIG53 + (1 << 29) + 1;
  float rounded = 0x1.000002p53f;
  t = sp_new ("coo", SP_F32, 1, X (3));
  CHECK (sp_insert_i64 (t, X (0), above_tie) == 0
         && sp_insert (t, X (1), 0.1) == 0, "%s", sp_error ());
  CHECK (sp_get (t, X (0)) == rounded, "f32 of an int64");
  CHECK (sp_get (t, X (1)) == 0.1f, "f32 of a double");
  CHECK (sp_get_i64 (t, X (0)) == (int64_t) rounded, "f32 to int64");
  sp_free (t);

  /* sp_get_i64 of floating elements: toward zero; what int64_t cannot
     hold is an error.  */
  t = sp_new ("dcsr", SP_F64, 2, X (2, 3));
  CHECK (sp_insert_i64 (t, X (0, 0), BIG53 + 1) == 0
         && sp_insert (t, X (0, 1), -2.75) == 0
         && sp_insert (t, X (0, 2), 0x1p63) == 0
         && sp_insert (t, X (1, 0), NAN) == 0
         && sp_insert (t, X (1, 1), -0x1p63) == 0, "%s", sp_error ());
  CHECK (sp_get (t, X (0, 0)) == 0x1p53, "f64 of 2^53 + 1");
  CHECK (sp_get_i64 (t, X (0, 1)) == -2, "toward zero");
  CHECK (sp_get_i64 (t, X (1, 1)) == INT64_MIN, "-2^63");
  CHECK (sp_get_i64 (t, X (0, 2)) == INT64_MIN
         && strstr (sp_error (), "does not fit int64_t"), "2^63: %s",
         sp_error ());
  CHECK (sp_get_i64 (t, X (1, 0)) == INT64_MIN
         && strstr (sp_error (), "does not fit int64_t"), "NaN: %s",
         sp_error ());
  CHECK (sp_get_i64 (t, X (1, 3)) == INT64_MIN
         && (e = sp_error ()) && strstr (e, "sp_get_i64: coordinate 3"),
         "out of range: %s", sp_error ());
  CHECK (sp_get_i64 (NULL, X (0, 0)) == INT64_MIN
         && strstr (sp_error (), "sp_get_i64: no tensor"), "%s", sp_error ());
  CHECK (sp_insert_i64 (t, NULL, 1) != 0
         && strstr (sp_error (), "sp_insert_i64: no coordinates"), "%s",
         sp_error ());
  sp_free (t);
}

/* sp_array's dense copy is the tensor once taken: writes go through it.  */
static void
dense_copy (void)
{
  sp_tensor *t = sp_new ("csr", SP_I64, 2, X (2, 2));
  int64_t *a;

  CHECK (sp_insert_i64 (t, X (1, 0), INT64_MAX - 2) == 0, "%s", sp_error ());
  a = sp_array (t);
  CHECK (a && a[2] == INT64_MAX - 2, "dense copy");
  CHECK (sp_insert_i64 (t, X (1, 0), 1) == 0
         && sp_put_i64 (t, X (0, 1), BIG53 + 1) == 0, "%s", sp_error ());
  CHECK (a[2] == INT64_MAX - 1 && a[1] == BIG53 + 1
         && sp_get_i64 (t, X (1, 0)) == INT64_MAX - 1
         && sp_get_i64 (t, X (0, 1)) == BIG53 + 1, "through the copy");
  sp_free (t);
}

/* What code compiled with the plugin calls for an element it cannot
   turn into a loop.  */
static void
fallback (void)
{
  sp_tensor *t = sp_new ("dcsr", SP_I64, 2, X (3, 3));

  sp__put_i64 (t, BIG53 + 1, 2, (int64_t) 2, (int64_t) 1);
  sp__put_i64 (t, INT64_MIN, 2, (int64_t) 0, (int64_t) 2);
  CHECK (sp__get_i64 (t, 2, (int64_t) 2, (int64_t) 1) == BIG53 + 1
         && sp__get_i64 (t, 2, (int64_t) 0, (int64_t) 2) == INT64_MIN
         && sp__get_i64 (t, 2, (int64_t) 1, (int64_t) 1) == 0, "sp__get_i64");
  CHECK (sp_get_i64 (t, X (2, 1)) == BIG53 + 1, "sp__put_i64");
  sp_free (t);
}

int
main (void)
{
  static const char *const fmts[] = { "csr", "coo", "dcsr", "ell", "dia",
                                      "dense", "bcsr(2,2)" };
  for (size_t i = 0; i < sizeof fmts / sizeof *fmts; i++)
    adds_and_assigns (fmts[i]);
  conversions ();
  dense_copy ();
  fallback ();
  printf ("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
