/* { dg-do run } */
/* sp_iter: the stored entries of a tensor in storage order, for every
   element type (i64 values past 2^53 exact through sp_iter_next_i64) and
   for CSR, CSC, DCSR, COO and CSF; a tensor changed while iterated, a
   value int64_t cannot hold and a NULL iterator are errors.  */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sparse.h>
#include "rt-check.h"

#define FAILS(failed, want)                                                  \
  CHECK ((failed) && strstr (sp_error (), want),                             \
         "expected failure with \"%s\"; got %s", want,                       \
         (failed) ? sp_error () : "success")

#define X(...) ((const int64_t[]) { __VA_ARGS__ })

enum { NE = 9 };

static int
is_int (sp_type type)
{
  return type == SP_I64 || type == SP_I32;
}

/* Entries of a 4 x 5 x 3 tensor (a matrix takes the first two
   coordinates), inserted in this order, none repeated.  */
static const int64_t coords[NE][3] = {
  { 3, 1, 2 }, { 0, 4, 0 }, { 2, 2, 1 }, { 0, 0, 2 }, { 3, 0, 0 },
  { 2, 2, 0 }, { 0, 4, 1 }, { 1, 3, 2 }, { 3, 4, 1 },
};

/* The value of entry E for TYPE: past 2^53 for i64, negative for i32,
   halves for the floating types.  */
static int64_t
value_i (sp_type type, int e)
{
  switch (type)
    {
    case SP_I64: return ((int64_t) 1 << 60) + 2 * e + 1;
    case SP_I32: return -1000 * e - 7;
    default: return e + 1;
    }
}

static double
value_d (sp_type type, int e)
{
  return type == SP_F64 || type == SP_F32 ? e + 0.5 : (double) value_i (type, e);
}

/* Storage order of entries A and B under ORDER (dimensions, major
   first).  */
static const int *order_of;
static int order_rank;

static int
cmp (const void *a, const void *b)
{
  int ea = *(const int *) a, eb = *(const int *) b;
  for (int r = 0; r < order_rank; r++)
    {
      int d = order_of[r];
      if (coords[ea][d] != coords[eb][d])
        return coords[ea][d] < coords[eb][d] ? -1 : 1;
    }
  return 0;
}

static void
walk (const char *format, sp_type type, int rank, const int *order)
{
  sp_tensor *t = sp_new (format, type, rank, X (4, 5, 3));
  int idx[NE], n = 0, e = 0, rc;
  int64_t x[3] = { 0 }, iv = 0;
  double dv = 0;
  sp_iter *it;

  for (int i = 0; i < NE; i++)
    {
      /* A matrix takes the entries whose third coordinate is 0 or 2.  */
      if (rank == 2 && coords[i][2] == 1)
        continue;
      idx[n++] = i;
      if (is_int (type))
        sp_insert_i64 (t, coords[i], value_i (type, i));
      else
        sp_insert (t, coords[i], value_d (type, i));
    }
  order_of = order;
  order_rank = rank;
  qsort (idx, n, sizeof *idx, cmp);
  it = sp_iter_new (t);
  CHECK (it != NULL, "%s: %s", format, sp_error ());
  while (it && (rc = is_int (type) ? sp_iter_next_i64 (it, x, &iv)
                                       : sp_iter_next (it, x, &dv)) == 1)
    {
      int want = e < n ? idx[e] : -1;
      int same = want >= 0 && !memcmp (x, coords[want], rank * sizeof *x);
      if (is_int (type))
        same &= want >= 0 && iv == value_i (type, want);
      else
        same &= want >= 0 && dv == value_d (type, want);
      CHECK (same, "%s type %d: entry %d is (%lld, %lld), value %g / %lld",
             format, (int) type, e, (long long) x[0], (long long) x[1],
             dv, (long long) iv);
      e++;
    }
  CHECK (it && rc == 0 && e == n, "%s type %d: %d entries of %d (rc %d)",
         format, (int) type, e, n, rc);
  /* At the end it stays there.  */
  CHECK (it && sp_iter_next (it, NULL, NULL) == 0, "%s: past the end",
         format);
  sp_iter_free (it);
  sp_free (t);
}

static void
types_and_formats (void)
{
  static const int rows[] = { 0, 1, 2 }, cols[] = { 1, 0 };
  for (int type = SP_F64; type <= SP_I32; type++)
    {
      walk ("csr", type, 2, rows);
      walk ("dcsr", type, 2, rows);
      walk ("coo", type, 2, rows);
      walk ("csc", type, 2, cols);
      walk ("csf", type, 3, rows);
      walk ("coo", type, 3, rows);
      walk ("csr;pos=64;crd=64", type, 2, rows);
    }
}

/* Over a wrapped tensor: the caller's arrays, in their order.  */
static void
wrapped (void)
{
  int64_t rp[3] = { 0, 2, 3 }, ci[3] = { 1, 3, 0 };
  int64_t v[3] = { INT64_MAX, INT64_MIN + 1, ((int64_t) 1 << 53) + 1 };
  sp_tensor *t = sp_wrap ("csr;pos=64;crd=64", SP_I64, 2, X (2, 4),
                          (void *[]) { NULL, rp }, (void *[]) { NULL, ci },
                          v);
  sp_iter *it = sp_iter_new (t);
  int64_t x[2], iv;
  static const int64_t want[3][2] = { { 0, 1 }, { 0, 3 }, { 1, 0 } };
  for (int e = 0; e < 3; e++)
    CHECK (it && sp_iter_next_i64 (it, x, &iv) == 1 && x[0] == want[e][0]
           && x[1] == want[e][1] && iv == v[e], "wrapped entry %d", e);
  CHECK (it && sp_iter_next_i64 (it, x, &iv) == 0, "wrapped: the end");
  sp_iter_free (it);
  sp_free (t);
}

static void
errors (void)
{
  sp_tensor *t = sp_new ("csr", SP_F64, 2, X (3, 3));
  sp_iter *it;
  int64_t x[2], iv;
  double dv;

  sp_insert (t, X (0, 1), NAN);
  sp_insert (t, X (1, 1), 2.5);
  sp_insert (t, X (2, 0), 1e30);
  it = sp_iter_new (t);
  FAILS (sp_iter_next_i64 (it, x, &iv) == -1 && iv == INT64_MIN,
         "does not fit int64_t");
  CHECK (sp_iter_next_i64 (it, x, &iv) == 1 && iv == 2, "after a NaN");
  FAILS (sp_iter_next_i64 (it, x, &iv) == -1, "does not fit int64_t");
  CHECK (sp_iter_next_i64 (it, x, &iv) == 0, "the end after errors");
  sp_iter_free (it);
  it = sp_iter_new (t);
  CHECK (sp_iter_next (it, x, &dv) == 1 && isnan (dv), "the NaN itself");
  sp_insert (t, X (2, 2), 1);
  FAILS (sp_iter_next (it, x, &dv) == -1, "the tensor changed");
  sp_assemble (t);
  FAILS (sp_iter_next (it, x, &dv) == -1, "the tensor changed");
  sp_iter_free (it);
  FAILS (sp_iter_next (NULL, x, &dv) == -1, "no iterator");
  FAILS (!sp_iter_new (NULL), "sp_iter_new: no tensor");
  /* With sp_array's dense copy (this test has no plugin), which keeps
     the tensor to be rebuilt at its next read.  */
  double *d = sp_array (t);
  d[2 * 3 + 1] = 4;
  it = sp_iter_new (t);
  int n = 0;
  while (sp_iter_next (it, x, &dv) == 1)
    n += x[0] == 2 && x[1] == 1 && dv == 4;
  CHECK (n == 1 && sp_iter_next (it, x, &dv) == 0,
         "iterating over a dense copy's writes: %s", sp_error ());
  sp_iter_free (it);
  sp_iter_free (NULL);
  sp_free (t);
}

int
main (void)
{
  types_and_formats ();
  wrapped ();
  errors ();
  printf ("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
