/* { dg-do run } */
/* The worked storage examples of the papers, checked array by array:
   COMET's 5x4 matrix in COO, CSR and DCSR and its 3-D tensor in COO, CSF
   and mode-generic CN,S,D; the MLIR sparsifier paper's sparse vector, 3x4
   matrix in CSR and DCSC and 3x3x4 tensor in CSF; the conversion paper's
   4x6 matrix in CSR, CSC, DIA, ELL and 2x2 BCSR.  Every example is built
   three ways (sp_insert in scrambled order, sp_from_dense, sp_convert from
   COO) and each must give exactly the same arrays.

   The conversion paper gives its 4x6 matrix as a picture; its text fixes
   the sparsity (Figure 10: row counts 2,2,2,3, row extents [0,1], [1,2],
   [0,2], [1,4], column 5 empty), so rows hold columns {0,1}, {1,2}, {0,2},
   {1,3,4}.  The values here are 1..9 in row-major order.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sparse.h"
#include "sparse_abi.h"
#include "rt-check.h"

/* What one level must hold; NPOS/NCRD -1 when the level has no such
   array.  */
typedef struct level
{
  int64_t size, npos, ncrd;
  const int64_t *pos, *crd;
} level;

typedef struct example
{
  const char *name, *format;
  int rank;
  int64_t dims[4];
  int nlv;
  level lv[4];
  int64_t nvals;
  const double *vals;
} example;

#define A(...) ((const int64_t[]) { __VA_ARGS__ })
#define V(...) ((const double[]) { __VA_ARGS__ })
#define N(...) (sizeof ((const int64_t[]) { __VA_ARGS__ }) / sizeof (int64_t))
#define CU(sz, p, c) { sz, N p, N c, A p, A c }
#define S(sz, c) { sz, -1, N c, NULL, A c }
#define D(sz) { sz, -1, -1, NULL, NULL }

static int64_t
ix (const void *a, int w, int64_t i)
{
  switch (w)
    {
    case 8: return ((const int8_t *) a)[i];
    case 16: return ((const int16_t *) a)[i];
    case 32: return ((const int32_t *) a)[i];
    default: return ((const int64_t *) a)[i];
    }
}

static void
check_ix (const char *what, const char *how, int k, const void *a, int w,
          int64_t n, const int64_t *want, int64_t nwant)
{
  CHECK (n == nwant, "%s (%s) level %d: %lld entries, want %lld", what, how,
         k, (long long) n, (long long) nwant);
  for (int64_t i = 0; n == nwant && i < n; i++)
    CHECK (ix (a, w, i) == want[i], "%s (%s) level %d [%lld] = %lld, want "
           "%lld", what, how, k, (long long) i, (long long) ix (a, w, i),
           (long long) want[i]);
}

static void
check_storage (const example *ex, const sp_tensor *t, const char *how)
{
  CHECK (t != NULL, "%s (%s): %s", ex->name, how, sp_error ());
  if (!t)
    return;
  CHECK (t->fmt.nlevels == ex->nlv, "%s (%s): %d levels", ex->name, how,
         (int) t->fmt.nlevels);
  for (int k = 0; k < ex->nlv && k < t->fmt.nlevels; k++)
    {
      const level *l = &ex->lv[k];
      CHECK (t->lv[k].size == l->size, "%s (%s) level %d: size %lld, want "
             "%lld", ex->name, how, k, (long long) t->lv[k].size,
             (long long) l->size);
      if (l->npos >= 0)
        check_ix (ex->name, how, k, t->lv[k].pos, t->fmt.posw, t->lv[k].npos,
                  l->pos, l->npos);
      else
        CHECK (t->lv[k].pos == NULL, "%s (%s) level %d has pos", ex->name,
               how, k);
      if (l->ncrd >= 0)
        check_ix (ex->name, how, k, t->lv[k].crd, t->fmt.crdw, t->lv[k].ncrd,
                  l->crd, l->ncrd);
      else
        CHECK (t->lv[k].crd == NULL, "%s (%s) level %d has crd", ex->name,
               how, k);
    }
  CHECK (t->nvals == ex->nvals, "%s (%s): %lld values, want %lld", ex->name,
         how, (long long) t->nvals, (long long) ex->nvals);
  for (int64_t p = 0; t->nvals == ex->nvals && p < t->nvals; p++)
    CHECK (((const double *) t->vals)[p] == ex->vals[p], "%s (%s) vals[%lld]"
           " = %g, want %g", ex->name, how, (long long) p,
           ((const double *) t->vals)[p], ex->vals[p]);
}

/* The example's entries, from the expected dense array of its values.  */
static int64_t
dense_of (const example *ex, const sp_tensor *ref, double *dense)
{
  int64_t n = 1;
  for (int d = 0; d < ex->rank; d++)
    n *= ex->dims[d];
  memset (dense, 0, n * sizeof *dense);
  CHECK (sp_to_dense (ref, dense) == 0, "%s: sp_to_dense: %s", ex->name,
         sp_error ());
  return n;
}

/* Build EX three ways from the entries of the dense array DENSE.  */
static void
check_example (const example *ex, const double *dense, int64_t n)
{
  int64_t order[256], x[4];
  int64_t m = 0;
  sp_tensor *t, *coo, *c;

  /* Inserts in a scrambled order, with duplicates that add up.  */
  t = sp_new (ex->format, SP_F64, ex->rank, ex->dims);
  CHECK (t != NULL, "%s: sp_new: %s", ex->name, sp_error ());
  if (!t)
    return;
  for (int64_t p = 0; p < n; p++)
    if (dense[p] != 0)
      order[m++] = p;
  for (int64_t i = 0; i < m; i++)
    {
      int64_t j = (i * 7 + 3) % m, tmp = order[i];
      order[i] = order[j];
      order[j] = tmp;
    }
  for (int64_t i = 0; i < m; i++)
    {
      int64_t p = order[i];
      for (int d = ex->rank - 1; d >= 0; d--)
        {
          x[d] = p % ex->dims[d];
          p /= ex->dims[d];
        }
      CHECK (sp_insert (t, x, dense[order[i]] - 0.5) == 0, "%s: insert: %s",
             ex->name, sp_error ());
      CHECK (sp_insert (t, x, 0.5) == 0, "%s: insert: %s", ex->name,
             sp_error ());
    }
  CHECK (sp_assemble (t) == 0, "%s: assemble: %s", ex->name, sp_error ());
  check_storage (ex, t, "sp_insert");
  CHECK (sp_nnz (t) == m, "%s: nnz %lld, want %lld", ex->name,
         (long long) sp_nnz (t), (long long) m);
  sp_free (t);

  t = sp_from_dense (dense, SP_F64, ex->rank, ex->dims, ex->format);
  check_storage (ex, t, "sp_from_dense");
  sp_free (t);

  coo = sp_from_dense (dense, SP_F64, ex->rank, ex->dims, "coo");
  CHECK (coo != NULL, "%s: coo: %s", ex->name, sp_error ());
  c = coo ? sp_convert (coo, ex->format) : NULL;
  check_storage (ex, c, "sp_convert from COO");
  sp_free (c);
  sp_free (coo);
}

/* COMET Figure 2: the 5x4 matrix A and the 3-D tensor B.  */
static const double comet_a[] = { 1, 0, 0, 2,  3, 4, 0, 0,  0, 0, 0, 0,
                                  0, 5, 0, 0,  0, 0, 6, 7 };
static const double comet_b[] = { 1, 0, 0, 2,  3, 4, 0, 0,
                                  0, 0, 0, 0,  0, 0, 0, 0,
                                  0, 5, 0, 0,  0, 0, 6, 7 };

static const example comet[] = {
  { "COMET A COO", "coo", 2, { 5, 4 }, 2,
    { CU (5, (0, 7), (0, 0, 1, 1, 3, 4, 4)), S (4, (0, 3, 0, 1, 1, 2, 3)) },
    7, V (1, 2, 3, 4, 5, 6, 7) },
  { "COMET A CSR", "D,CU", 2, { 5, 4 }, 2,
    { D (5), CU (4, (0, 2, 4, 4, 5, 7), (0, 3, 0, 1, 1, 2, 3)) },
    7, V (1, 2, 3, 4, 5, 6, 7) },
  { "COMET A DCSR", "CU,CU", 2, { 5, 4 }, 2,
    { CU (5, (0, 4), (0, 1, 3, 4)), CU (4, (0, 2, 4, 5, 7),
                                        (0, 3, 0, 1, 1, 2, 3)) },
    7, V (1, 2, 3, 4, 5, 6, 7) },
};

static const example comet3[] = {
  { "COMET B COO", "CN,S,S", 3, { 3, 2, 4 }, 3,
    { CU (3, (0, 7), (0, 0, 0, 0, 2, 2, 2)), S (2, (0, 0, 1, 1, 0, 1, 1)),
      S (4, (0, 3, 0, 1, 1, 2, 3)) },
    7, V (1, 2, 3, 4, 5, 6, 7) },
  { "COMET B CSF", "CU,CU,CU", 3, { 3, 2, 4 }, 3,
    { CU (3, (0, 2), (0, 2)), CU (2, (0, 2, 4), (0, 1, 0, 1)),
      CU (4, (0, 2, 4, 5, 7), (0, 3, 0, 1, 1, 2, 3)) },
    7, V (1, 2, 3, 4, 5, 6, 7) },
  { "COMET B mode-generic", "CN,S,D", 3, { 3, 2, 4 }, 3,
    { CU (3, (0, 4), (0, 0, 2, 2)), S (2, (0, 1, 0, 1)), D (4) },
    16, V (1, 0, 0, 2, 3, 4, 0, 0, 0, 5, 0, 0, 0, 0, 6, 7) },
};

/* MLIR sparsifier paper, section 3: a sparse vector, matrix A of Figure 2
   (a00 = 1, a03 = 2, a20 = 3) and the 3x3x4 tensor T.  */
static const double mlir_x[16] = { [3] = 1, [6] = 2, [7] = 3, [10] = 4 };
static const double mlir_a[] = { 1, 0, 0, 2,  0, 0, 0, 0,  3, 0, 0, 0 };
static const double mlir_t[36] = { [0] = 1, [24] = 2, [26] = 3, [30] = 4,
                                   [31] = 5 };

static const example mlir[] = {
  { "MLIR x", "CU", 1, { 16 }, 1, { CU (16, (0, 4), (3, 6, 7, 10)) },
    4, V (1, 2, 3, 4) },
  { "MLIR A CSR", "csr", 2, { 3, 4 }, 2,
    { D (3), CU (4, (0, 2, 2, 3), (0, 3, 0)) }, 3, V (1, 2, 3) },
  { "MLIR A DCSC", "dcsc", 2, { 3, 4 }, 2,
    { CU (4, (0, 2), (0, 3)), CU (3, (0, 2, 3), (0, 2, 0)) },
    3, V (1, 3, 2) },
  { "MLIR T CSF", "csf", 3, { 3, 3, 4 }, 3,
    { CU (3, (0, 2), (0, 2)), CU (3, (0, 1, 3), (0, 0, 1)),
      CU (4, (0, 1, 3, 5), (0, 0, 2, 2, 3)) },
    5, V (1, 2, 3, 4, 5) },
};

/* Conversion paper, Figures 1, 2 and 5: the 4x6 matrix.  DIA stores the
   diagonals j-i = -2, 0, 1 shifted by rows-1 = 3 (sparse_abi.h), each a
   dense slice over the rows; ELL stores K = 3 slices of one entry per row,
   empty slots holding coordinate -1 and value 0.  */
static const double taco[] = { 1, 2, 0, 0, 0, 0,  0, 3, 4, 0, 0, 0,
                               5, 0, 6, 0, 0, 0,  0, 7, 0, 8, 9, 0 };

static const example taco_ex[] = {
  { "conversion CSR", "csr", 2, { 4, 6 }, 2,
    { D (4), CU (6, (0, 2, 4, 6, 9), (0, 1, 1, 2, 0, 2, 1, 3, 4)) },
    9, V (1, 2, 3, 4, 5, 6, 7, 8, 9) },
  { "conversion CSC", "csc", 2, { 4, 6 }, 2,
    { D (6), CU (4, (0, 2, 5, 7, 8, 9, 9), (0, 2, 0, 1, 3, 1, 2, 3, 3)) },
    9, V (1, 5, 2, 3, 7, 4, 6, 8, 9) },
  { "conversion DIA", "dia", 2, { 4, 6 }, 3,
    { CU (9, (0, 3), (1, 3, 4)), D (4), D (6) },
    12, V (0, 0, 5, 7,  1, 3, 6, 8,  2, 4, 0, 9) },
  { "conversion ELL", "ell", 2, { 4, 6 }, 3,
    { D (3), D (4), S (6, (0, 1, 0, 1,  1, 2, 2, 3,  -1, -1, -1, 4)) },
    12, V (1, 3, 5, 7,  2, 4, 6, 8,  0, 0, 0, 9) },
  { "conversion BCSR 2x2", "bcsr(2,2)", 2, { 4, 6 }, 4,
    { D (2), CU (3, (0, 2, 5), (0, 1, 0, 1, 2)), D (2), D (2) },
    20, V (1, 2, 0, 3,  0, 0, 4, 0,  5, 0, 0, 7,  6, 0, 0, 8,  0, 0, 9, 0) },
};

/* Figure 10's attribute queries, recomputed from the stored CSR.  */
static void
check_queries (void)
{
  sp_tensor *t = sp_from_dense (taco, SP_F64, 2, (const int64_t[]) { 4, 6 },
                                "csr");
  const int32_t *pos = t->lv[1].pos, *crd = t->lv[1].crd;
  static const int nir[] = { 2, 2, 2, 3 }, minir[] = { 0, 1, 0, 1 },
                   maxir[] = { 1, 2, 2, 4 }, ne[] = { 1, 1, 1, 1, 1, 0 };
  int col[6] = { 0 };

  for (int i = 0; i < 4; i++)
    {
      CHECK (pos[i + 1] - pos[i] == nir[i], "row %d count", i);
      CHECK (crd[pos[i]] == minir[i] && crd[pos[i + 1] - 1] == maxir[i],
             "row %d extent", i);
      for (int p = pos[i]; p < pos[i + 1]; p++)
        col[crd[p]] = 1;
    }
  for (int j = 0; j < 6; j++)
    CHECK (col[j] == ne[j], "column %d nonempty", j);
  sp_free (t);
}

static void
run (const example *ex, int n, const double *dense)
{
  for (int i = 0; i < n; i++)
    {
      int64_t size = 1;
      for (int d = 0; d < ex[i].rank; d++)
        size *= ex[i].dims[d];
      check_example (&ex[i], dense, size);
    }
}

int
main (void)
{
  double buf[64];
  sp_tensor *t;

  run (comet, 3, comet_a);
  run (comet3, 3, comet_b);
  run (mlir, 1, mlir_x);
  run (mlir + 1, 2, mlir_a);
  run (mlir + 3, 1, mlir_t);
  run (taco_ex, 5, taco);
  check_queries ();

  /* The dense arrays the stored tensors expand to are the pictures.  */
  t = sp_from_dense (taco, SP_F64, 2, (const int64_t[]) { 4, 6 }, "dia");
  dense_of (&taco_ex[2], t, buf);
  CHECK (!memcmp (buf, taco, sizeof taco), "DIA expands to the matrix");
  sp_free (t);

  printf ("%s: %d failures\n", failures ? "FAIL" : "PASS", failures);
  return failures != 0;
}
