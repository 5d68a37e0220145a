/* { dg-do run } */
/* sp_wrap over arrays the caller owns, for every named format, rank-3
   level strings and index widths from 8 to 64 bits: the wrapped tensor holds the entries of
   the tensor its arrays came from, reads them in place (sp_pos, sp_crd
   and sp_values give the caller's pointers), and sp_free leaves them
   alone.  Writes that keep the structure land in the caller's values;
   a new entry moves the tensor to arrays of its own (copy on write).
   Every malformed array is refused with a message naming the level and
   the position.  */

#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "rt-check.h"

#define FAILS(failed, want)                                                  \
  CHECK ((failed) && strstr (sp_error (), want),                             \
         "expected failure with \"%s\"; got %s", want,                       \
         (failed) ? sp_error () : "success")

#define X(...) ((const int64_t[]) { __VA_ARGS__ })

enum { M = 7, N = 9, K = 3 };

/* A 7 x 9 matrix with empty rows and columns and entries far from the
   diagonal (DIA then stores several diagonals), or a 7 x 9 x 3 tensor
   (RANK 3) with empty slices and fibres.  */
static void
fill (double *a, int rank)
{
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < (rank == 3 ? K : 1); k++)
        *a++ = (i == 2 || j == 5 || (i * 3 + j * 5 + k * 7) % 4) ? 0
               : i * 10 + j + k * 0.25 + 0.5;
}

/* A copy of SIZE bytes of P, owned by the test.  */
static void *
dup (const void *p, size_t size)
{
  void *q = malloc (size ? size : 1);
  memcpy (q, p, size);
  return q;
}

/* Wrap copies of the arrays of a FORMAT tensor of RANK 2 or 3 and
   compare: entries, pointers, arrays left alone by sp_free.  */
static void
wrap_format (const char *format, int rank)
{
  double a[M * N * K] = { 0 }, b[M * N * K] = { 0 };
  const int64_t *dims = X (M, N, K);
  const char *to = rank == 2 ? "dcsr" : "csf";
  void *pos[SP_MAX_LEVELS] = { 0 }, *crd[SP_MAX_LEVELS] = { 0 }, *vals;
  sp_tensor *ref, *w;
  fill (a, rank);
  ref = sp_from_dense (a, SP_F64, rank, dims, format);
  CHECK (ref != NULL, "%s: %s", format, sp_error ());
  if (!ref)
    return;
  int nl = ref->fmt.nlevels;
  size_t pw = ref->fmt.posw / 8, cw = ref->fmt.crdw / 8;
  for (int l = 0; l < nl; l++)
    {
      if (sp_pos (ref, l))
        pos[l] = dup (sp_pos (ref, l), ref->lv[l].npos * pw);
      if (sp_crd (ref, l))
        crd[l] = dup (sp_crd (ref, l), ref->lv[l].ncrd * cw);
    }
  vals = dup (sp_values (ref), ref->nvals * sizeof (double));
  w = sp_wrap (format, SP_F64, rank, dims, pos, crd, vals);
  CHECK (w != NULL, "%s: %s", format, sp_error ());
  if (!w)
    goto out;
  CHECK (sp_nnz (w) == sp_nnz (ref), "%s: nnz %lld, not %lld", format,
         (long long) sp_nnz (w), (long long) sp_nnz (ref));
  CHECK (sp_to_dense (w, b) == 0 && !memcmp (a, b, sizeof a),
         "%s: the wrapped tensor's entries differ", format);
  CHECK (sp_get (w, X (3, 4, 1)) == a[rank == 2 ? 3 * N + 4
                                       : (3 * N + 4) * K + 1],
         "%s: sp_get", format);
  for (int l = 0; l < nl; l++)
    {
      CHECK (sp_pos (w, l) == pos[l] && sp_crd (w, l) == crd[l],
             "%s: level %d's arrays are not the caller's", format, l);
      CHECK (w->lv[l].npos == ref->lv[l].npos
             && w->lv[l].ncrd == ref->lv[l].ncrd
             && w->lv[l].count == ref->lv[l].count,
             "%s: level %d's lengths differ from assembly's", format, l);
    }
  CHECK (sp_values (w) == vals, "%s: the values are not the caller's",
         format);
  /* Conversions read it in place.  */
  sp_tensor *c = sp_convert (w, to);
  CHECK (c && sp_to_dense (c, b) == 0 && !memcmp (a, b, sizeof a),
         "%s: converted to %s: %s", format, to, c ? "differs" : sp_error ());
  sp_free (c);
  sp_free (w);
  /* Freed by the test, after the handle: still the caller's.  */
  CHECK (!memcmp (vals, sp_values (ref), ref->nvals * sizeof (double)),
         "%s: sp_free changed the caller's values", format);
out:
  for (int l = 0; l < nl; l++)
    {
      free (pos[l]);
      free (crd[l]);
    }
  free (vals);
  sp_free (ref);
}

static void
formats (void)
{
  static const char *const f[] = {
    "csr", "csc", "dcsr", "dcsc", "coo", "csf", "dense", "dia",
    "bcsr(2,4)", "csr;pos=64;crd=64", "csc;pos=64;crd=64",
    "coo;pos=64;crd=64", "dcsr;pos=16;crd=8",
    "(i,j)->(j:CU,i:CN)",
  };
  static const char *const f3[] = {
    "csf", "coo", "csf;pos=64;crd=64", "coo;pos=64;crd=16", "D,CU,CU",
    "CU,D,CU", "CN,S,D", "(i,j,k)->(k:D,i:CU,j:CU)",
  };
  for (size_t i = 0; i < sizeof f / sizeof *f; i++)
    wrap_format (f[i], 2);
  for (size_t i = 0; i < sizeof f3 / sizeof *f3; i++)
    wrap_format (f3[i], 3);
}

/* A 3 x 4 CSR matrix in caller's arrays on the stack:
     [ 1 . 2 . ]
     [ . . . . ]
     [ . 3 . 4 ]  */
static void
stack_csr (void)
{
  int32_t rp[4] = { 0, 2, 2, 4 }, ci[4] = { 0, 2, 1, 3 };
  double v[4] = { 1, 2, 3, 4 };
  void *pos[2] = { NULL, rp }, *crd[2] = { NULL, ci };
  sp_tensor *t = sp_wrap ("csr", SP_F64, 2, X (3, 4), pos, crd, v);
  CHECK (t != NULL, "%s", sp_error ());
  if (!t)
    return;
  CHECK (sp_get (t, X (2, 3)) == 4 && sp_nnz (t) == 4, "stack CSR reads");
  /* sp_put on a stored element: assembled into the caller's values.  */
  CHECK (sp_put (t, X (0, 2), 20) == 0, "%s", sp_error ());
  CHECK (sp_values (t) == v && v[1] == 20,
         "sp_put of a stored element: values %p (caller's %p), v[1] = %g",
         sp_values (t), (void *) v, v[1]);
  /* A new entry: copy on write, the caller's arrays keep the old.  */
  CHECK (sp_insert (t, X (1, 1), 7) == 0, "%s", sp_error ());
  CHECK (sp_get (t, X (1, 1)) == 7 && sp_nnz (t) == 5, "the new entry");
  CHECK (sp_values (t) != v && sp_pos (t, 1) != rp && sp_crd (t, 1) != ci,
         "a new entry left the tensor on the caller's arrays");
  CHECK (rp[2] == 2 && rp[3] == 4 && ci[2] == 1 && v[1] == 20 && v[2] == 3,
         "a new entry changed the caller's arrays");
  CHECK (((double *) sp_values (t))[2] == 7, "the tensor's own values");
  /* The queries: levels out of range, levels storing nothing.  */
  CHECK (sp_pos (t, 0) == NULL && sp_crd (t, 0) == NULL,
         "a D level's arrays");
  FAILS (!sp_pos (t, 2), "level 2 out of range");
  FAILS (!sp_crd (t, -1), "level -1 out of range");
  FAILS (!sp_values (NULL), "no tensor");
  sp_free (t);
}

/* A malformed 3 x 4 matrix in FORMAT (CSR, 32-bit) with the arrays given
   is refused with WANT.  */
static void
refused (const char *format, int rank, void *const *pos, void *const *crd,
         void *vals, const char *want)
{
  sp_tensor *t = sp_wrap (format, SP_F64, rank, X (3, 4, 5), pos, crd, vals);
  FAILS (!t, want);
  sp_free (t);
}

static void
malformed (void)
{
  double v[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  int32_t ok_rp[4] = { 0, 2, 2, 4 }, ok_ci[4] = { 0, 2, 1, 3 };
  int32_t rp_start[4] = { 1, 2, 2, 4 }, rp_down[4] = { 0, 2, 1, 4 };
  int32_t ci_unsorted[4] = { 2, 0, 1, 3 }, ci_repeat[4] = { 0, 2, 3, 3 };
  int32_t ci_range[4] = { 0, 2, 1, 4 }, ci_neg[4] = { 0, -1, 1, 3 };
  void *rp[2] = { NULL, ok_rp }, *ci[2] = { NULL, ok_ci };

  refused ("csr", 2, (void *[]) { NULL, rp_start }, ci, v,
           "level 1 (CU): pos[0] is 1, not 0");
  refused ("csr", 2, (void *[]) { NULL, rp_down }, ci, v,
           "level 1 (CU): pos[2] = 1 is below pos[1] = 2");
  refused ("csr", 2, rp, (void *[]) { NULL, ci_unsorted }, v,
           "level 1 (CU): crd[1] = 0 follows crd[0] = 2 under one parent "
           "(coordinates must be sorted)");
  refused ("csr", 2, rp, (void *[]) { NULL, ci_repeat }, v,
           "level 1 (CU): crd[3] = 3 repeats crd[2] = 3");
  refused ("csr", 2, rp, (void *[]) { NULL, ci_range }, v,
           "level 1 (CU): crd[3] = 4 is out of range [0, 4)");
  refused ("csr", 2, rp, (void *[]) { NULL, ci_neg }, v,
           "level 1 (CU): crd[1] = -1 is out of range");
  refused ("csr", 2, NULL, ci, v, "level 1 (CU) needs a pos array");
  refused ("csr", 2, rp, NULL, v, "level 1 (CU) needs a crd array");
  refused ("csr", 2, (void *[]) { NULL, ok_rp }, (void *[]) { NULL, NULL },
           v, "level 1 (CU) needs a crd array");
  refused ("csr", 2, (void *[]) { ok_rp, ok_rp }, ci, v,
           "level 0 (D) stores no pos array: pass NULL");
  refused ("csr", 2, rp, ci, NULL, "no values array");
  /* Rank and format mismatches, bad types and extents.  */
  refused ("csr", 3, rp, ci, v, "bad format");
  refused ("D,CU,CU", 2, rp, ci, v, "bad format");
  refused ("cxr", 2, rp, ci, v, "bad format");
  refused ("csr", 0, rp, ci, v, "sp_wrap: rank 0 is not supported");
  FAILS (!sp_wrap ("csr", (sp_type) 7, 2, X (3, 4), rp, ci, v),
         "sp_wrap: unknown element type 7");
  FAILS (!sp_wrap ("csr", SP_F64, 2, NULL, rp, ci, v),
         "sp_wrap: no extents");
  FAILS (!sp_wrap ("csr", SP_F64, 2, X (3, 0), rp, ci, v), "not positive");
  FAILS (!sp_wrap ("ell", SP_F64, 2, X (3, 4), NULL, ci, v),
         "level 0 is a # level");
  /* DCSR: the row level is checked as well.  */
  int32_t rows_p[2] = { 0, 2 }, rows[2] = { 2, 0 }, cols_p[3] = { 0, 1, 2 };
  int32_t cols[2] = { 0, 1 };
  refused ("dcsr", 2, (void *[]) { rows_p, cols_p }, (void *[]) { rows, cols },
           v, "level 0 (CU): crd[1] = 0 follows crd[0] = 2");
  /* COO: rows may repeat, (row, column) pairs may not, and must be
     sorted.  */
  int32_t coo_p[2] = { 0, 3 }, r[3] = { 0, 1, 1 }, c_dup[3] = { 0, 2, 2 };
  int32_t c_down[3] = { 0, 3, 2 }, r_down[3] = { 1, 0, 1 };
  int32_t c_ok[3] = { 3, 0, 1 };
  refused ("coo", 2, (void *[]) { coo_p, NULL }, (void *[]) { r, c_dup }, v,
           "level 1 (S): crd[2] = 2 repeats crd[1] = 2");
  refused ("coo", 2, (void *[]) { coo_p, NULL }, (void *[]) { r, c_down }, v,
           "level 1 (S): crd[2] = 2 follows crd[1] = 3");
  refused ("coo", 2, (void *[]) { coo_p, NULL }, (void *[]) { r_down, c_ok },
           v, "level 0 (CN): crd[1] = 0 follows crd[0] = 1");
  sp_tensor *t = sp_wrap ("coo", SP_F64, 2, X (3, 4), (void *[]) { coo_p, NULL },
                          (void *[]) { r, c_ok }, v);
  CHECK (t && sp_get (t, X (1, 1)) == 3, "a good COO: %s", sp_error ());
  sp_free (t);
  /* 64-bit widths are read as 64-bit.  */
  int64_t rp64[4] = { 0, 2, 2, 4 }, ci64[4] = { 0, 2, 1, 5 };
  refused ("csr;pos=64;crd=64", 2, (void *[]) { NULL, rp64 },
           (void *[]) { NULL, ci64 }, v,
           "level 1 (CU): crd[3] = 5 is out of range [0, 4)");
  /* The caller's arrays of a refused wrap are left alone (the
     arrays here are on the stack: freeing one would crash).  */
  CHECK (ok_rp[3] == 4 && v[0] == 1, "a refused wrap touched the arrays");
}

int
main (void)
{
  formats ();
  stack_csr ();
  malformed ();
  printf ("%d checks, %d failures\n", checks, failures);
  return failures != 0;
}
