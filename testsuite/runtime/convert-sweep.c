/* { dg-do run } */
/* Every ordered pair of formats, on random tensors of rank 1 to 4: empty
   tensors, empty rows and slices, 1x1, fully dense; all element types;
   narrow and wide pos/crd widths.  Each conversion must reproduce the
   dense array it started from (sp_to_dense and sp_get), keep the entry
   count, and convert back; a conversion may fail only for an index width
   too narrow, with a message saying so.  Prints the configurations run.  */

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

/* Element P of a dense array of TYPE as a double.  */
static double
elem (const void *a, sp_type type, int64_t p)
{
  switch (type)
    {
    case SP_F64: return ((const double *) a)[p];
    case SP_F32: return ((const float *) a)[p];
    case SP_I64: return (double) ((const int64_t *) a)[p];
    default: return ((const int32_t *) a)[p];
    }
}

static void
set_elem (void *a, sp_type type, int64_t p, double v)
{
  switch (type)
    {
    case SP_F64: ((double *) a)[p] = v; break;
    case SP_F32: ((float *) a)[p] = (float) v; break;
    case SP_I64: ((int64_t *) a)[p] = (int64_t) v; break;
    default: ((int32_t *) a)[p] = (int32_t) v; break;
    }
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
      CHECK (sp_get (t, x) == elem (dense, type, p), "%s: sp_get differs",
             what);
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
      if (sp_insert (t, x, elem (dense, type, at[i])))
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
        set_elem (dense, type, p, (double) (rnd () % 19) - 9);
        if (elem (dense, type, p) != 0)
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
  printf ("%ld conversions (%ld refused for a narrow index width), "
          "%d failures\n", configs, width_limited, failures);
  return failures != 0;
}
