/* { dg-do run } */
/* Every failure is a return value with a message, never a crash, and
   leaves nothing allocated (run under valgrind): bad arguments, NULL and
   dead handles, coordinates out of range, values a type cannot hold,
   index widths too narrow, extents too large for the memory a level
   needs, entries a singleton level cannot hold.  */

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"
#include "rt-check.h"

/* The call failed (FAILED nonzero) with a message containing WANT.  */
#define FAILS(failed, want)                                                  \
  CHECK ((failed) && strstr (sp_error (), want),                             \
         "expected failure with \"%s\"; got %s", want,                       \
         (failed) ? sp_error () : "success")

#define X(...) ((const int64_t[]) { __VA_ARGS__ })

static void
creation (void)
{
  sp_tensor *t;

  FAILS (!sp_new ("csr", (sp_type) 9, 2, X (2, 2)), "unknown element type");
  FAILS (!sp_new ("csr", SP_F64, 0, X (2, 2)), "rank 0");
  FAILS (!sp_new ("coo", SP_F64, 9, X (2, 2, 2, 2, 2, 2, 2, 2, 2)),
         "rank 9");
  FAILS (!sp_new ("csr", SP_F64, 2, NULL), "no extents");
  FAILS (!sp_new ("csr", SP_F64, 2, X (3, 0)), "not positive");
  FAILS (!sp_new ("csr", SP_F64, 2, X (-1, 3)), "not positive");
  FAILS (!sp_new ("csx", SP_F64, 2, X (3, 3)), "bad format");
  FAILS (!sp_new (NULL, SP_F64, 2, X (3, 3)), "bad format");
  FAILS (!sp_new ("csr", SP_F64, 3, X (3, 3, 3)), "bad format");
  FAILS (!sp_new ("dia", SP_F64, 2, X (INT64_MAX, 2)), "2^63");
  /* Formats the grammar allows but assembly cannot number.  */
  FAILS (!sp_new ("(i,j,k)->(k:D,#i:D,i:D,j:S)", SP_F64, 3, X (3, 3, 3)),
         "must be the first level");
  FAILS (!sp_new ("(i,j)->(#i:D,i:CU,j:S)", SP_F64, 2, X (3, 3)),
         "only D, S and O levels");
  t = sp_new ("(i,j)->(i:D,j:D);pos=8;crd=8", SP_I32, 2, X (3, 3));
  CHECK (t != NULL, "%s", sp_error ());
  sp_free (t);
  sp_free (NULL);
}

static void
handles (void)
{
  sp_tensor fake;
  int64_t x[2] = { 0, 0 };
  double d[4];

  memset (&fake, 0, sizeof fake);
  FAILS (sp_insert (NULL, x, 1), "no tensor");
  FAILS (sp_put (NULL, x, 1), "no tensor");
  FAILS (sp_assemble (NULL), "no tensor");
  FAILS (isnan (sp_get (NULL, x)), "no tensor");
  FAILS (sp_nnz (NULL) < 0, "no tensor");
  FAILS (sp_rank (NULL) < 0, "no tensor");
  FAILS (sp_dim (NULL, 0) < 0, "no tensor");
  FAILS (sp_memory (NULL) == 0, "no tensor");
  FAILS (!sp_convert (NULL, "csr"), "no tensor");
  FAILS (sp_to_dense (NULL, d), "no tensor");
  FAILS (sp_print (NULL, stdout), "no tensor");
  FAILS (!sp_array (NULL), "no tensor");
  FAILS (!sp_array_handle (NULL), "no tensor");
  FAILS (sp__foreach (NULL, NULL, NULL), "no tensor");
  FAILS (sp_insert (&fake, x, 1), "not a live tensor");
  FAILS (!sp_array_handle (&fake), "not a live tensor");
  FAILS (sp_nnz (&fake) < 0, "not a live tensor");
  FAILS (!sp_convert (&fake, "csr"), "not a live tensor");
}

static void
arguments (void)
{
  sp_tensor *t = sp_new ("csr", SP_I32, 2, X (3, 4));
  char buf[8];

  FAILS (sp_insert (t, NULL, 1), "no coordinates");
  FAILS (sp_insert (t, X (3, 0), 1), "out of range [0, 3) in dimension 0");
  FAILS (sp_put (t, X (0, -1), 1), "out of range [0, 4) in dimension 1");
  FAILS (isnan (sp_get (t, X (0, 4))), "out of range");
  FAILS (isnan (sp_get (t, NULL)), "no coordinates");
  FAILS (sp_insert (t, X (0, 0), 3e9), "does not fit i32");
  FAILS (sp_insert (t, X (0, 0), NAN), "does not fit i32");
  FAILS (sp_dim (t, 2) < 0, "dimension 2 out of range");
  FAILS (sp_to_dense (t, NULL), "no output array");
  FAILS (sp_print (t, NULL), "no stream");
  FAILS (!sp_convert (t, "csr(2)"), "bad format");
  FAILS (!sp_convert (t, "CU,CU,CU"), "bad format");
  CHECK (sp_nnz (t) == 0, "failed calls stored nothing");
  CHECK (!strcmp (sp_format_string (t, buf, sizeof buf), "D,CU"), "%s", buf);
  sp_free (t);

  t = sp_new ("coo", SP_F32, 2, X (3, 4));
  FAILS (sp_insert (t, X (0, 0), 1e39), "does not fit f32");
  sp_free (t);

  FAILS (!sp_from_dense (NULL, SP_F64, 2, X (2, 2), "csr"), "no data");
  FAILS (!sp_from_dense (buf, SP_F64, 2, NULL, "csr"), "no extents");
  FAILS (!sp_from_dense (buf, SP_F64, 2, X (0, 2), "csr"), "not positive");
  FAILS (!sp_from_dense (buf, (sp_type) -1, 2, X (1, 1), "csr"),
         "unknown element type");
  FAILS (!sp_from_dense (buf, SP_F64, 2, X (1, 1), "ell;pos=7"),
         "bad format");
}

static void
widths (void)
{
  sp_tensor *t = sp_new ("csr;crd=8", SP_F64, 2, X (300, 300)), *c;
  static double row[200] = { [199] = 1 };

  /* The widest coordinate an 8-bit crd holds is 127.  */
  CHECK (sp_insert (t, X (299, 127), 1) == 0, "%s", sp_error ());
  FAILS (sp_insert (t, X (0, 128), 1), "crd width 8 is too small");
  CHECK (sp_nnz (t) == 1, "nnz");
  c = sp_convert (t, "csc;crd=8");
  FAILS (!c, "crd width 8 is too small: level 1 needs coordinate 299");
  c = sp_convert (t, "dcsr;crd=8");
  FAILS (!c, "crd width 8 is too small: level 0 needs coordinate 299");
  sp_free (t);

  /* An 8-bit pos counts at most 127 entries.  */
  t = sp_new ("csr;pos=8", SP_F64, 2, X (20, 20));
  for (int i = 0; i < 200; i++)
    sp_insert (t, X (i / 20, i % 20), 1);
  FAILS (sp_assemble (t), "pos width 8 is too small");
  FAILS (sp_nnz (t) < 0, "pos width 8 is too small");
  CHECK (sp_get (t, X (5, 5)) == 1, "pending inserts survive a failed "
         "assembly");
  c = sp_new ("csr", SP_F64, 2, X (20, 20));
  for (int i = 0; i < 127; i++)
    sp_insert (c, X (i / 20, i % 20), 1);
  CHECK (sp_nnz (c) == 127, "127 entries");
  sp_free (t);
  t = sp_convert (c, "csr;pos=8");
  CHECK (t != NULL, "127 entries fit pos=8: %s", sp_error ());
  sp_free (t);
  sp_insert (c, X (19, 19), 1);
  FAILS (!sp_convert (c, "csr;pos=8"), "pos width 8 is too small");
  FAILS (!sp_convert (c, "csc;pos=8"), "pos width 8 is too small");
  FAILS (!sp_convert (c, "coo;pos=8"), "pos width 8 is too small");
  sp_free (c);

  /* DIA stores diagonals shifted by rows-1: 200 rows need 9 bits.  */
  FAILS (!sp_from_dense (row, SP_F64, 2, X (1, 200), "dia;crd=8"),
         "crd width 8");
  t = sp_new ("dia;crd=8", SP_F64, 2, X (200, 2));
  FAILS (sp_insert (t, X (0, 0), 1), "crd width 8 is too small");
  sp_free (t);
}

static void
huge (void)
{
  int64_t e = 1000000000000;
  sp_tensor *t, *t2, *c;

  /* A CSR of 10^12 rows needs a pos array of 10^12 + 1 entries: it is
     refused when it would be allocated, not attempted.  */
  t = sp_new ("csr;crd=64", SP_F64, 2, X (e, e));
  CHECK (t != NULL && sp_insert (t, X (5, e - 1), 2) == 0, "%s",
         sp_error ());
  CHECK (sp_get (t, X (5, e - 1)) == 2, "lookup without assembly");
  FAILS (sp_assemble (t), "more than this machine's memory");
  FAILS (sp_nnz (t) < 0, "pos array of level 1");
  FAILS (!sp_array (t), "memory");
  sp_free (t);

  t = sp_new ("dcsr;crd=64", SP_F64, 2, X (e, e));
  sp_insert (t, X (e - 1, 0), 1);
  FAILS (!sp_convert (t, "csc;crd=64"), "more than this machine's memory");
  FAILS (!sp_convert (t, "dense"), "more than 2^63 positions");
  FAILS (!sp_convert (t, "dia;crd=64"), "more than this machine's memory");
  FAILS (sp_to_dense (t, &e), "more than 2^63 elements");
  t2 = sp_new ("dcsr", SP_F64, 2, X (e / 1000, 1000));
  FAILS (sp_to_dense (t2, &e), "more than this machine's memory");
  sp_free (t2);
  c = sp_convert (t, "coo;crd=64");
  CHECK (c && sp_nnz (c) == 1, "coo of a huge matrix: %s", sp_error ());
  sp_free (c);
  sp_free (t);

  t = sp_new ("dense", SP_F64, 3, X (e, e, e));
  CHECK (t != NULL, "%s", sp_error ());
  FAILS (sp_nnz (t) < 0, "more than 2^63 positions");
  sp_free (t);
  FAILS (!sp_from_dense (&e, SP_F64, 2, X (e, e), "csr"), "2^63");
}

static void
structure (void)
{
  sp_tensor *t = sp_new ("(i,j)->(i:CU,j:S)", SP_F64, 2, X (4, 4)), *c;

  sp_insert (t, X (1, 1), 1);
  sp_insert (t, X (2, 3), 1);
  CHECK (sp_nnz (t) == 2, "one entry per row: %s", sp_error ());
  sp_insert (t, X (1, 2), 1);
  FAILS (sp_assemble (t), "singleton");
  sp_free (t);

  c = sp_from_dense ((const double[]) { 1, 1, 0, 0 }, SP_F64, 2, X (2, 2),
                     "csr");
  FAILS (!sp_convert (c, "(i,j)->(i:CU,j:S)"), "singleton");
  t = sp_convert (c, "(i,j)->(j:CU,i:S)");
  CHECK (t && sp_nnz (t) == 2, "one entry per column: %s", sp_error ());
  sp_free (t);
  sp_free (c);
}

static void
coordinate_lists (void)
{
  sp_format f;
  sp_coo c;

  FAILS (sp__coo_init (&c, 0, X (1), 4), "rank 0");
  FAILS (sp__coo_init (&c, 2, X (1, 0), 4), "not positive");
  CHECK (sp__parse_format ("csr", 2, &f) == 0, "%s", sp_error ());
  CHECK (sp__coo_init (&c, 2, X (2, 2), 0) == 0, "%s", sp_error ());
  sp__coo_push (&c, X (1, 1), 1);
  sp__coo_push (&c, X (1, 2), 1);
  FAILS (!sp__from_coo (&f, SP_F64, &c), "entry 1: coordinate 2 is out of "
         "range [0, 2) in dimension 1");
  FAILS (!sp__from_coo (&f, SP_F64, NULL), "no entries");
  FAILS (!sp__from_coo (NULL, SP_F64, &c), "no format");
  c.n = 1;
  FAILS (!sp__from_coo (&f, (sp_type) 5, &c), "unknown element type");
  CHECK (sp__parse_format ("csf", 3, &f) == 0, "%s", sp_error ());
  FAILS (!sp__from_coo (&f, SP_F64, &c), "rank 2 for a format of rank 3");
  sp__coo_free (&c);
}

int
main (void)
{
  creation ();
  handles ();
  arguments ();
  widths ();
  huge ();
  structure ();
  coordinate_lists ();
  printf ("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
