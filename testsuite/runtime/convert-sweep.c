/* { dg-do run } */
/* Every ordered pair of formats, on random tensors of rank 1 to 4: empty
   tensors, empty rows and slices, 1x1, fully dense; all element types;
   narrow and wide pos/crd widths.  Each conversion must reproduce the
   dense array it started from bit for bit (sp_to_dense, and sp_get_i64
   or sp_get), keep the entry count, and convert back; a conversion may
   fail only for an index width too narrow, with a message saying so.
   The values are each type's edge cases: int64 ones that a double does
   not hold (2^53 + 1, INT64_MIN, INT64_MAX), the int32 limits, floats
   and doubles at the ends of their ranges and below them, NaNs with
   payloads (signaling ones too); integer
   sources are built with sp_insert_i64.  Prints the configurations
   run.  */

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sparse.h"

static int failures;
static long configs, width_limited;

#define CHECK(c, ...)                                                        \
  do                                                                         \
    if (!(c))                                                                \
      {                                                                      \
        printf ("FAIL %s:%d: ", __FILE__, __LINE__);                         \
        printf (__VA_ARGS__);                                                \
        printf ("\n");                                                       \
        if (++failures > 20)                                                 \
          exit (1);                                                          \
      }                                                                      \
  while (0)

static uint64_t seed = 42;

static uint64_t
rnd (void)
{
  seed = seed * 6364136223846793005u + 1442695040888963407u;
  return seed >> 33;
}

static const char *const formats1[] = { "dense", "CU", "coo", "CN", NULL };
static const char *const formats2[] = {
  "dense", "csr", "csc", "dcsr", "dcsc", "coo", "ell", "dia", "bcsr(2,3)",
  "bcsr(1,1)", "CN,D", "(i,j)->(j:D,i:D)", "(i,j)->(i-j:CU,j:D,i:O)",
  "(i,j)->(j/2:CU,i:CU,j%2:D)", "(i,j)->(j:CN,i:S)", NULL
};
static const char *const formats3[] = {
  "dense", "csf", "coo", "CN,S,D", "D,CU,CU", "D,D,CU", "CU,D,D",
  "(i,j,k)->(k:CU,i:CU,j:CU)", "(i,j,k)->(j:D,k:D,i:CU)",
  "(i,j,k)->(i:D,j/2:CU,k:CU,j%2:D)", "(i,j,k)->(k:D,j:CN,i:S)", NULL
};
static const char *const formats4[] = {
  "dense", "csf", "coo", "D,CU,D,CU", "(i,j,k,l)->(l:CU,k:CU,j:CU,i:CU)",
  "CN,S,S,D", "(i,j,k,l)->(k:D,l:D,i:CU,j:CU)", NULL
};
static const char *const *const formats[] = { NULL, formats1, formats2,
                                              formats3, formats4 };

static const char *const widths[] = {
  "", ";pos=8;crd=8", ";pos=16", ";crd=16", ";pos=64;crd=64",
  ";pos=8;crd=64", ";pos=64;crd=8"
};

static const char *const type_name[] = { "f64", "f32", "i64", "i32" };

/* Values of each type: a nonzero element is one of these.  */
#define BIG53 ((int64_t) 1 << 53)
static const int64_t i64_vals[] = {
  BIG53 + 1, -BIG53 - 1, INT64_MIN, INT64_MIN + 1, INT64_MAX,
  INT64_MAX - 1, BIG53 + (1 << 29) + 1, INT32_MIN, INT32_MAX,
  (int64_t) INT32_MAX + 1, -1, 7
};
static const int32_t i32_vals[] = {
  INT32_MIN, INT32_MIN + 1, INT32_MAX, INT32_MAX - 1, 16777217, -16777217,
  -1, 7
};
static const float f32_vals[] = {
  0.1f, -0.1f, FLT_MAX, -FLT_MAX, FLT_MIN, 1e-45f, 16777216.0f,
  1.0f + FLT_EPSILON, 1.0f / 3, -7
};
static const double f64_vals[] = {
  0.1, -0.1, DBL_MAX, -DBL_MAX, DBL_MIN, 4.9e-324, 9007199254740994.0,
  1.0 + DBL_EPSILON, 1.0 / 3, -7
};
/* NaNs, signaling or quiet, with payloads: every bit is kept.  */
static const uint32_t f32_nans[] = { 0x7fa00001u, 0xffc00002u };
static const uint64_t f64_nans[] = { 0x7ff0000000000001u,
                                     0xfff8000000000003u };
#define COUNT(a) (sizeof (a) / sizeof *(a))

/* Element P of a dense array of TYPE as an int64 (integer types) or a
   double (floating types), exactly.  */
static int64_t
ielem (const void *a, sp_type type, int64_t p)
{
  return type == SP_I64 ? ((const int64_t *) a)[p]
                        : ((const int32_t *) a)[p];
}

static double
felem (const void *a, sp_type type, int64_t p)
{
  return type == SP_F64 ? ((const double *) a)[p] : ((const float *) a)[p];
}

static int
is_int (sp_type type)
{
  return type == SP_I64 || type == SP_I32;
}

/* Set element P of a dense array of TYPE to its type's value number I.  */
static void
set_elem (void *a, sp_type type, int64_t p, uint64_t i)
{
  switch (type)
    {
    case SP_F64:
      i %= COUNT (f64_vals) + COUNT (f64_nans);
      if (i < COUNT (f64_vals))
        ((double *) a)[p] = f64_vals[i];
      else
        memcpy ((double *) a + p, &f64_nans[i - COUNT (f64_vals)], 8);
      break;
    case SP_F32:
      i %= COUNT (f32_vals) + COUNT (f32_nans);
      if (i < COUNT (f32_vals))
        ((float *) a)[p] = f32_vals[i];
      else
        memcpy ((float *) a + p, &f32_nans[i - COUNT (f32_vals)], 4);
      break;
    case SP_I64: ((int64_t *) a)[p] = i64_vals[i % COUNT (i64_vals)]; break;
    default: ((int32_t *) a)[p] = i32_vals[i % COUNT (i32_vals)]; break;
    }
}

/* Whether sp_get_i64 or sp_get of T at X gives element P of DENSE, bit
   for bit.  */
static int
same_elem (const sp_tensor *t, const int64_t *x, const void *dense,
           sp_type type, int64_t p)
{
  double g, e;
  if (is_int (type))
    return sp_get_i64 (t, x) == ielem (dense, type, p);
  g = sp_get (t, x);
  e = felem (dense, type, p);
  return !memcmp (&g, &e, sizeof g);
}

static size_t
esize (sp_type type)
{
  return type == SP_F64 || type == SP_I64 ? 8 : 4;
}

/* A conversion failed: acceptable only for a narrow index width.  */
static int
width_failure (const char *fmt)
{
  const char *e = sp_error ();
  if ((strstr (fmt, "=8") || strstr (fmt, "=16"))
      && strstr (e, "width") && strstr (e, "too small"))
    {
      width_limited++;
      return 1;
    }
  return 0;
}

/* T must hold exactly DENSE.  */
static void
check_same (const sp_tensor *t, const void *dense, sp_type type, int rank,
            const int64_t *dims, int64_t n, int64_t nnz, const char *what)
{
  char *out = malloc (n * esize (type) + 1);
  int64_t x[4];

  CHECK (sp_to_dense (t, out) == 0, "%s: sp_to_dense: %s", what,
         sp_error ());
  CHECK (!memcmp (out, dense, n * esize (type)), "%s: dense arrays differ",
         what);
  CHECK (sp_nnz (t) == nnz, "%s: nnz %lld, want %lld", what,
         (long long) sp_nnz (t), (long long) nnz);
  for (int probe = 0; probe < 8; probe++)
    {
      int64_t p = 0;
      for (int d = 0; d < rank; d++)
        {
          x[d] = (int64_t) (rnd () % dims[d]);
          p = p * dims[d] + x[d];
        }
      CHECK (same_elem (t, x, dense, type, p), "%s: sp_get%s differs",
             what, is_int (type) ? "_i64" : "");
    }
  free (out);
}

/* A tensor of format FMT holding the NZ nonzeros of DENSE at positions
   AT (in random order), by sp_insert.  */
static sp_tensor *
inserted (const void *dense, sp_type type, int rank, const int64_t *dims,
          const int64_t *at, int64_t nz, const char *fmt)
{
  sp_tensor *t = sp_new (fmt, type, rank, dims);
  int64_t x[4];

  for (int64_t i = 0; t && i < nz; i++)
    {
      int64_t q = at[i];
      for (int d = rank - 1; d >= 0; d--)
        {
          x[d] = q % dims[d];
          q /= dims[d];
        }
      if (is_int (type) ? sp_insert_i64 (t, x, ielem (dense, type, at[i]))
                        : sp_insert (t, x, felem (dense, type, at[i])))
        {
          sp_free (t);
          return NULL;
        }
    }
  if (t && sp_assemble (t))
    {
      sp_free (t);
      return NULL;
    }
  return t;
}

/* One random tensor through every ordered pair of formats, the sources
   made by sp_from_dense or (INSERT) by sp_insert.  */
static void
sweep (int rank, const int64_t *dims, double density, sp_type type,
       int insert)
{
  const char *const *fl = formats[rank];
  int64_t n = 1, nnz = 0, *at;
  char what[512], sf[128], df[128];
  void *dense;

  for (int d = 0; d < rank; d++)
    n *= dims[d];
  dense = calloc (n, esize (type));
  at = malloc (n * sizeof *at);
  for (int64_t p = 0; p < n; p++)
    if (rnd () % 100000 < density * 100000)
      {
        set_elem (dense, type, p, rnd ());
        /* sp_insert takes a double: a signaling float NaN comes quiet
           (its quiet bit set).  */
        if (insert && type == SP_F32 && isnan (felem (dense, type, p)))
          ((uint32_t *) dense)[p] |= 0x400000;
        at[nnz++] = p;
      }
  for (int64_t i = nnz - 1; i > 0; i--)
    {
      int64_t j = (int64_t) (rnd () % (i + 1)), tmp = at[i];
      at[i] = at[j];
      at[j] = tmp;
    }
  for (int s = 0; fl[s]; s++)
    for (int d = 0; fl[d]; d++)
      {
        sp_tensor *src, *dst, *back;
        snprintf (sf, sizeof sf, "%s%s", fl[s], widths[rnd () % 7]);
        snprintf (df, sizeof df, "%s%s", fl[d], widths[rnd () % 7]);
        snprintf (what, sizeof what, "%s rank %d %lldx%lldx%lldx%lld "
                  "density %g: %s -> %s", type_name[type], rank,
                  (long long) dims[0], (long long) (rank > 1 ? dims[1] : 1),
                  (long long) (rank > 2 ? dims[2] : 1),
                  (long long) (rank > 3 ? dims[3] : 1), density, sf, df);
        src = insert ? inserted (dense, type, rank, dims, at, nnz, sf)
                     : sp_from_dense (dense, type, rank, dims, sf);
        if (!src)
          {
            CHECK (width_failure (sf), "%s: source: %s", what, sp_error ());
            continue;
          }
        configs++;
        dst = sp_convert (src, df);
        if (!dst)
          CHECK (width_failure (df), "%s: %s", what, sp_error ());
        else
          {
            check_same (dst, dense, type, rank, dims, n, nnz, what);
            back = sp_convert (dst, sf);
            CHECK (back != NULL, "%s: back: %s", what, sp_error ());
            if (back)
              check_same (back, dense, type, rank, dims, n, nnz, what);
            sp_free (back);
          }
        sp_free (dst);
        sp_free (src);
      }
  free (dense);
  free (at);
}

int
main (void)
{
  static const int64_t extents[] = { 1, 2, 3, 5, 7, 16 };
  static const double densities[] = { 0, 0.05, 0.3, 1 };
  int64_t dims[4];

  for (int rank = 1; rank <= 4; rank++)
    {
      int tensors = rank == 4 ? 10 : 16;
      for (int i = 0; i < tensors; i++)
        {
          for (int d = 0; d < rank; d++)
            dims[d] = i == 0 ? 1 : extents[rnd () % (rank == 4 ? 5 : 6)];
          sweep (rank, dims, i == 0 ? 1 : densities[i % 4],
                 (sp_type) (i % 4), i % 3 == 1);
        }
    }
  /* Larger matrices, where the narrow widths overflow.  */
  for (int i = 0; i < 4; i++)
    {
      dims[0] = 40 + 37 * i;
      dims[1] = 150 - 29 * i;
      sweep (2, dims, 0.05 * (i + 1), (sp_type) i, i % 2);
    }
  /* Large and hypersparse, where conversions count and group instead of
     marking every coordinate.  */
  sweep (2, (const int64_t[]) { 700, 500 }, 0.0002, SP_F64, 1);
  sweep (2, (const int64_t[]) { 999, 1001 }, 0.00005, SP_I32, 1);
  sweep (3, (const int64_t[]) { 60, 50, 40 }, 0.001, SP_F32, 1);
  /* Floats of every kind, NaNs among them, reach every route from a
     dense array.  */
  for (int rank = 1; rank <= 4; rank++)
    {
      for (int d = 0; d < rank; d++)
        dims[d] = 3 + d;
      sweep (rank, dims, 0.6, SP_F32, 0);
      sweep (rank, dims, 0.6, SP_F64, 0);
    }
  printf ("%ld conversions (%ld refused for a narrow index width), "
          "%d failures\n", configs, width_limited, failures);
  return failures != 0;
}
