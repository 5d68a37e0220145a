/* { dg-do run } */
/* Building tensors element by element: sp_insert adds, sp_put assigns,
   the two mix in program order, lookups see pending calls without
   assembling, explicit zeros, sp_array's dense copy, the queries, sp_print,
   sp__foreach and the coordinate-list interface.  */

#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "rt-check.h"

#define X(...) ((const int64_t[]) { __VA_ARGS__ })

static void
insert_and_put (const char *fmt)
{
  sp_tensor *t = sp_new (fmt, SP_F64, 2, X (4, 5));

  CHECK (t, "%s: %s", fmt, sp_error ());
  /* Pending calls are visible before any assembly.  */
  CHECK (sp_insert (t, X (1, 2), 1.5) == 0, "%s", sp_error ());
  CHECK (sp_insert (t, X (1, 2), 2.0) == 0, "%s", sp_error ());
  CHECK (sp_get (t, X (1, 2)) == 3.5, "%s: duplicates add", fmt);
  CHECK (sp_put (t, X (3, 4), 5) == 0 && sp_insert (t, X (3, 4), 2) == 0,
         "%s", sp_error ());
  CHECK (sp_get (t, X (3, 4)) == 7, "%s: put then insert", fmt);
  CHECK (sp_insert (t, X (0, 0), 2) == 0 && sp_put (t, X (0, 0), 5) == 0,
         "%s", sp_error ());
  CHECK (sp_get (t, X (0, 0)) == 5, "%s: insert then put", fmt);
  CHECK (sp_get (t, X (2, 2)) == 0, "%s: absent", fmt);
  CHECK (t->dirty && t->vals == NULL, "%s: lookups did not assemble", fmt);
  CHECK (sp_nnz (t) == 3 && !t->dirty, "%s: nnz %lld", fmt,
         (long long) sp_nnz (t));

  /* Over assembled entries: put replaces and insert adds in place, with
     nothing pending; an element not stored is pending (a dense format
     stores every element), and lookups see it without reassembling.  */
  CHECK (sp_put (t, X (1, 2), -1) == 0 && sp_insert (t, X (3, 4), 1) == 0,
         "%s", sp_error ());
  CHECK (!t->dirty, "%s: updates of stored entries in place", fmt);
  CHECK (sp_insert (t, X (2, 0), 4) == 0, "%s", sp_error ());
  CHECK (sp_get (t, X (1, 2)) == -1 && sp_get (t, X (3, 4)) == 8
         && sp_get (t, X (2, 0)) == 4 && sp_get (t, X (0, 0)) == 5,
         "%s: updates over stored entries", fmt);
  CHECK ((t->dirty != 0) == (strcmp (fmt, "dense") != 0),
         "%s: lookups did not assemble", fmt);
  CHECK (sp_nnz (t) == 4, "%s: nnz %lld", fmt, (long long) sp_nnz (t));
  CHECK (sp_get (t, X (1, 2)) == -1 && sp_get (t, X (3, 4)) == 8
         && sp_get (t, X (2, 0)) == 4, "%s: after assembly", fmt);

  /* Explicit zeros: a stored entry set to zero reads as zero (compressed
     formats keep it stored; formats with filler slots drop it); setting an
     absent element to zero stores nothing.  */
  CHECK (sp_put (t, X (1, 2), 0) == 0 && sp_get (t, X (1, 2)) == 0,
         "%s: explicit zero", fmt);
  CHECK (sp_put (t, X (3, 0), 0) == 0, "%s", sp_error ());
  CHECK (sp_get (t, X (1, 2)) == 0 && sp_get (t, X (3, 0)) == 0, "%s", fmt);
  int64_t nnz = sp_nnz (t);
  CHECK (nnz == 4 || nnz == 3, "%s: nnz %lld with a zero", fmt,
         (long long) nnz);
  sp_free (t);
}

static void
integers (void)
{
  sp_tensor *t = sp_new ("dcsr", SP_I64, 2, X (3, 3));
  int64_t big = (int64_t) 1 << 52;

  CHECK (sp_insert (t, X (0, 1), (double) big) == 0
         && sp_insert (t, X (0, 1), 1) == 0 && sp_insert (t, X (2, 2), 2.9)
         == 0 && sp_insert (t, X (2, 1), -2.9) == 0, "%s", sp_error ());
  CHECK (sp_get (t, X (0, 1)) == (double) (big + 1), "i64 adds exactly");
  CHECK (sp_get (t, X (2, 2)) == 2 && sp_get (t, X (2, 1)) == -2,
         "i64 truncates toward zero as C converts");
  CHECK (sp_assemble (t) == 0 && ((int64_t *) t->vals)[0] == big + 1,
         "stored exactly");
  CHECK (sp_elem_type (t) == SP_I64 && sp_rank (t) == 2 && sp_dim (t, 1) == 3,
         "queries");
  sp_free (t);

  t = sp_new ("csr", SP_I32, 2, X (2, 2));
  CHECK (sp_put (t, X (1, 1), 7) == 0 && sp_insert (t, X (1, 1), 1) == 0,
         "%s", sp_error ());
  CHECK (sp_get (t, X (1, 1)) == 8 && sp_nnz (t) == 1
         && ((int32_t *) t->vals)[0] == 8, "i32");
  sp_free (t);

  t = sp_new ("coo", SP_F32, 2, X (2, 2));
  CHECK (sp_insert (t, X (0, 1), 0.1) == 0, "%s", sp_error ());
  CHECK (sp_get (t, X (0, 1)) == (double) 0.1f, "f32 rounds on reading");
  sp_free (t);
}

/* Long runs of calls: the pending log compacts (past a million calls)
   and, once looked up, is indexed; either way sp_insert adds and sp_put
   assigns in program order, as on a dense array.  */
static void
long_runs (void)
{
  static double want[12 * 13];
  double got[12 * 13];
  sp_tensor *t = sp_new ("csr", SP_F64, 2, X (12, 13));
  uint64_t s = 99;

  for (long n = 0; n < 2500000; n++)
    {
      s = s * 6364136223846793005u + 1442695040888963407u;
      int64_t i = (int64_t) (s >> 40) % 12, j = (int64_t) (s >> 20) % 13;
      double v = (double) ((s >> 50) % 4);
      if ((s >> 36) % 16 == 0)
        {
          sp_put (t, X (i, j), v);
          want[i * 13 + j] = v;
        }
      else
        {
          sp_insert (t, X (i, j), v);
          want[i * 13 + j] += v;
        }
      /* From the middle on, lookups: the log gets its index.  */
      if (n >= 1250000 && n % 1000 == 0)
        CHECK (sp_get (t, X (i, j)) == want[i * 13 + j], "lookup at call "
               "%ld", n);
    }
  CHECK (sp_to_dense (t, got) == 0 && !memcmp (got, want, sizeof got),
         "a long run of calls");
  CHECK (sp_memory (t) < 20000000, "the log stays bounded: %zu bytes",
         sp_memory (t));
  sp_free (t);
}

/* Inserts keep working after reads, in any format.  */
static void
reassembly (void)
{
  static const char *const fmts[] = { "coo", "csr", "csc", "dcsr", "ell",
                                      "dia", "bcsr(2,2)", "dense", "CN,D" };
  for (int f = 0; f < 9; f++)
    {
      sp_tensor *t = sp_new (fmts[f], SP_F64, 2, X (6, 7));
      double want[42] = { 0 }, got[42];
      uint64_t s = 7;
      for (int round = 0; round < 6; round++)
        {
          for (int e = 0; e < 9; e++)
            {
              s = s * 6364136223846793005u + 1442695040888963407u;
              int64_t i = (int64_t) (s >> 40) % 6, j = (int64_t) (s >> 20) % 7;
              double v = (double) ((s >> 50) % 5);
              if (e % 3 == 0)
                {
                  CHECK (sp_put (t, X (i, j), v) == 0, "%s", sp_error ());
                  want[i * 7 + j] = v;
                }
              else
                {
                  CHECK (sp_insert (t, X (i, j), v) == 0, "%s", sp_error ());
                  want[i * 7 + j] += v;
                }
            }
          CHECK (sp_to_dense (t, got) == 0, "%s", sp_error ());
          CHECK (!memcmp (got, want, sizeof want), "%s round %d", fmts[f],
                 round);
        }
      sp_free (t);
    }
}

static void
dense_copy (void)
{
  sp_tensor *t = sp_new ("csr", SP_F64, 2, X (3, 4)), *c;
  double *a, out[12];

  sp_insert (t, X (0, 1), 1);
  sp_insert (t, X (2, 3), 2);
  a = sp_array (t);
  CHECK (a && a[1] == 1 && a[11] == 2 && a[0] == 0, "sp_array: row-major");
  CHECK (sp_array (t) == a, "sp_array: the same copy");
  /* The copy is the tensor now.  */
  a[5] = 9;
  a[1] = 0;
  CHECK (sp_get (t, X (1, 1)) == 9 && sp_get (t, X (0, 1)) == 0,
         "sp_get reads the copy");
  CHECK (sp_nnz (t) == 2, "nnz from the copy: %lld", (long long) sp_nnz (t));
  CHECK (sp_insert (t, X (1, 1), 1) == 0 && a[5] == 10, "insert writes "
         "through");
  CHECK (sp_put (t, X (0, 0), 3) == 0 && a[0] == 3, "put writes through");
  c = sp_convert (t, "csc");
  CHECK (c && sp_to_dense (c, out) == 0 && !memcmp (out, a, sizeof out),
         "conversion sees the copy");
  CHECK (t->dirty, "a tensor with a copy stays dirty");
  CHECK (sp_array_handle (t) == t, "sp_array_handle");
  sp_free (c);
  sp_free (t);
}

static void
printing (void)
{
  static const double a[] = { 1, 0, 0, 2,  3, 4, 0, 0,  0, 0, 0, 0,
                              0, 5, 0, 0,  0, 0, 6, 7 };
  sp_tensor *t = sp_from_dense (a, SP_F64, 2, X (5, 4), "csr");
  char *buf = NULL, name[64];
  size_t len = 0;
  FILE *f = open_memstream (&buf, &len);

  CHECK (sp_print (t, f) == 0, "%s", sp_error ());
  fclose (f);
  CHECK (strstr (buf, "5x4") && strstr (buf, "\"D,CU\"")
         && strstr (buf, "nnz 7") && strstr (buf, "pos[6]: 0 2 4 4 5 7")
         && strstr (buf, "crd[7]: 0 3 0 1 1 2 3")
         && strstr (buf, "vals[7]: 1 2 3 4 5 6 7"), "sp_print:\n%s", buf);
  free (buf);
  CHECK (!strcmp (sp_format_string (t, name, sizeof name), "D,CU"),
         "format string %s", name);
  CHECK (sp_memory (t) >= sizeof *t + 6 * 4 + 7 * 4 + 7 * 8, "sp_memory");
  sp_free (t);
}

/* sp__foreach visits in storage order and stops when asked.  */
static int
visit (void *ctx, const int64_t *x, double v)
{
  int64_t *log = ctx;
  log[log[0] * 3 + 1] = x[0];
  log[log[0] * 3 + 2] = x[1];
  log[log[0] * 3 + 3] = (int64_t) v;
  log[0]++;
  return log[0] == 3 ? 42 : 0;
}

static void
coordinate_lists (void)
{
  sp_format f;
  sp_coo c;
  sp_tensor *t;
  int64_t log[16] = { 0 };

  CHECK (sp__parse_format ("csc", 2, &f) == 0, "%s", sp_error ());
  CHECK (sp__coo_init (&c, 2, X (3, 3), 1) == 0, "%s", sp_error ());
  sp__coo_push (&c, X (2, 0), 1);
  sp__coo_push (&c, X (0, 2), 2);
  sp__coo_push (&c, X (1, 0), 3);
  sp__coo_push (&c, X (2, 0), 4);
  sp__coo_push (&c, X (0, 0), 5);
  t = sp__from_coo (&f, SP_F64, &c);
  sp__coo_free (&c);
  CHECK (t && sp_nnz (t) == 4 && sp_get (t, X (2, 0)) == 5,
         "duplicates summed");
  CHECK (sp__foreach (t, visit, log) == 42 && log[0] == 3, "stopped");
  CHECK (log[1] == 0 && log[2] == 0 && log[4] == 1 && log[5] == 0
         && log[7] == 2 && log[8] == 0 && log[9] == 5,
         "column-major order");
  sp_free (t);
}

/* Extents far beyond memory cost nothing until a level needs them.  */
static void
huge (void)
{
  int64_t e = 1000000000000;
  sp_tensor *t = sp_new ("dcsr;crd=64", SP_F64, 2, X (e, e)), *c;

  CHECK (t, "%s", sp_error ());
  CHECK (sp_insert (t, X (e - 1, e - 1), 1) == 0
         && sp_insert (t, X (0, 5), 2) == 0
         && sp_insert (t, X (123456789, 987654321), 3) == 0, "%s",
         sp_error ());
  CHECK (sp_get (t, X (e - 1, e - 1)) == 1 && sp_nnz (t) == 3
         && sp_get (t, X (0, 5)) == 2 && sp_get (t, X (1, 5)) == 0, "dcsr");
  CHECK (sp_memory (t) < 4096, "memory %zu", sp_memory (t));
  c = sp_convert (t, "dcsc;crd=64");
  CHECK (c && sp_get (c, X (123456789, 987654321)) == 3 && sp_nnz (c) == 3,
         "dcsc: %s", sp_error ());
  sp_free (c);
  c = sp_convert (t, "coo;crd=64");
  CHECK (c && sp_nnz (c) == 3, "coo: %s", sp_error ());
  sp_free (c);
  sp_free (t);

  /* D under a compressed level is proportional to the stored rows.  */
  t = sp_new ("CU,D;crd=64", SP_F64, 2, X (e, 4));
  CHECK (sp_insert (t, X (e / 2, 3), 1) == 0 && sp_nnz (t) == 1
         && t->nvals == 4, "CU,D: %s", sp_error ());
  sp_free (t);

  t = sp_new ("(i,j,k)->(k:CU,i:CU,j:CU);crd=64;pos=64", SP_I32, 3,
              X (e, e, e));
  CHECK (sp_insert (t, X (e - 2, 7, e - 3), 5) == 0
         && sp_get (t, X (e - 2, 7, e - 3)) == 5 && sp_nnz (t) == 1,
         "3-D: %s", sp_error ());
  sp_free (t);
}

/* A single inserted -0.0 stays -0.0, as the element assignment it
   stands for would leave it; -0.0 + -0.0 too, and -0.0 + 0.0 is +0.0.  */
static void
negative_zero (void)
{
  static const char *const fmts[] = { "coo", "csr", "dcsc", "coo;pos=64" };
  for (int f = 0; f < 4; f++)
    {
      sp_tensor *t = sp_new (fmts[f], SP_F64, 2, (int64_t[]) { 3, 3 });
      sp_insert (t, (int64_t[]) { 0, 1 }, -0.0);
      sp_insert (t, (int64_t[]) { 2, 2 }, -0.0);
      sp_insert (t, (int64_t[]) { 2, 2 }, -0.0);
      sp_insert (t, (int64_t[]) { 1, 0 }, -0.0);
      sp_insert (t, (int64_t[]) { 1, 0 }, 0.0);
      CHECK (sp_assemble (t) == 0, "%s: %s", fmts[f], sp_error ());
      double a = sp_get (t, (int64_t[]) { 0, 1 });
      double b = sp_get (t, (int64_t[]) { 2, 2 });
      double c = sp_get (t, (int64_t[]) { 1, 0 });
      CHECK (a == 0 && signbit (a) && signbit (b) && !signbit (c),
             "%s: -0.0 read back as %g %g %g", fmts[f], a, b, c);
      sp_free (t);
    }
}

int
main (void)
{
  negative_zero ();
  static const char *const fmts[] = { "coo", "csr", "csc", "dcsr", "dcsc",
                                      "ell", "dia", "bcsr(2,2)", "dense",
                                      "CN,D", "(i,j)->(j:CN,i:S)" };
  for (int f = 0; f < 11; f++)
    insert_and_put (fmts[f]);
  integers ();
  long_runs ();
  reassembly ();
  dense_copy ();
  printing ();
  coordinate_lists ();
  huge ();
  printf ("%s: %d failures\n", failures ? "FAIL" : "PASS", failures);
  return failures != 0;
}
