/* peer_graphblas.c -- the kernels through SuiteSparse:GraphBLAS on one
   thread (peer_graphblas) and two (peer_graphblas_par), GxB_NTHREADS set
   before each call.  Operands are imported once per input, untimed (the
   CSR arrays copied to GraphBLAS's 64-bit indices); results are built in
   blocking mode and waited for inside the timing.

   SpMV  GrB_mxv, PLUS_TIMES        SpMM   GrB_mxm with a full X
   SpGEMM GrB_mxm, PLUS_TIMES       SpAdd  GrB_eWiseAdd, PLUS, A and A^T
   SDDMM  C<A, structural> = U V^T by GrB_mxm, then C = C .* A  */

#include <stdlib.h>
#include <string.h>
#include <GraphBLAS.h>
#include "check.h"
#include "kernels.h"

typedef struct gb_shared
{
  const bench_in *in;
  int refs;
  GrB_Matrix A, AT, X, U, V;
  GrB_Vector x;
} gb_shared;

/* What a peer's prepare returns: the shared imports and a thread count.  */
typedef struct gb_view
{
  gb_shared *s;
  int threads;
} gb_view;

/* A result: a vector (SpMV) or a matrix.  */
typedef struct gb_res
{
  GrB_Vector v;
  GrB_Matrix m;
} gb_res;

static gb_shared *shared;

static void
check (GrB_Info info, const char *what)
{
  if (info != GrB_SUCCESS)
    {
      fprintf (stderr, "GraphBLAS: %s failed (%d)\n", what, (int) info);
      exit (1);
    }
}

static GrB_Matrix
import_csr (const base_csr *a)
{
  int64_t nnz = a->pos[a->nrows];
  GrB_Index *p = malloc ((a->nrows + 1) * sizeof *p);
  GrB_Index *j = malloc ((nnz ? nnz : 1) * sizeof *j);
  double *x = malloc ((nnz ? nnz : 1) * sizeof *x);
  if (!p || !j || !x)
    check (GrB_OUT_OF_MEMORY, "import");
  for (int32_t i = 0; i <= a->nrows; i++)
    p[i] = a->pos[i];
  for (int64_t q = 0; q < nnz; q++)
    j[q] = a->crd[q], x[q] = a->val[q];
  GrB_Matrix m;
  check (GxB_Matrix_import_CSR (&m, GrB_FP64, a->nrows, a->ncols, &p, &j,
                                (void **) &x, (a->nrows + 1) * sizeof *p,
                                (nnz ? nnz : 1) * sizeof *j,
                                (nnz ? nnz : 1) * sizeof *x, false, false,
                                NULL), "import CSR");
  return m;
}

static GrB_Matrix
import_full (const double *v, int64_t nrows, int64_t ncols)
{
  size_t n = (size_t) nrows * ncols;
  double *x = malloc ((n ? n : 1) * sizeof *x);
  if (!x)
    check (GrB_OUT_OF_MEMORY, "import");
  memcpy (x, v, n * sizeof *x);
  GrB_Matrix m;
  check (GxB_Matrix_import_FullR (&m, GrB_FP64, nrows, ncols, (void **) &x,
                                  (n ? n : 1) * sizeof *x, false, NULL),
         "import full");
  return m;
}

static gb_shared *
shared_new (const bench_in *in)
{
  static int started;
  if (!started)
    check (GrB_init (GrB_BLOCKING), "init");
  started = 1;
  gb_shared *s = calloc (1, sizeof *s);
  if (!s)
    check (GrB_OUT_OF_MEMORY, "prepare");
  s->in = in;
  if (in->rank != 2)
    return s;
  s->A = import_csr (&in->a);
  if (in->a.nrows == in->a.ncols)
    s->AT = import_csr (&in->at);
  s->X = import_full (in->X, in->a.ncols, in->nk);
  s->U = import_full (in->U, in->a.nrows, in->nk);
  s->V = import_full (in->V, in->a.ncols, in->nk);
  double *x = malloc ((in->a.ncols ? in->a.ncols : 1) * sizeof *x);
  if (!x)
    check (GrB_OUT_OF_MEMORY, "prepare");
  memcpy (x, in->x, in->a.ncols * sizeof *x);
  check (GxB_Vector_import_Full (&s->x, GrB_FP64, in->a.ncols, (void **) &x,
                                 (in->a.ncols ? in->a.ncols : 1) * sizeof *x,
                                 false, NULL), "import vector");
  return s;
}

static void *
prepare (const bench_in *in, int threads)
{
  if (!shared || shared->in != in)
    shared = shared_new (in);
  shared->refs++;
  gb_view *v = malloc (sizeof *v);
  if (!v)
    check (GrB_OUT_OF_MEMORY, "prepare");
  v->s = shared;
  v->threads = threads;
  return v;
}

static void *
prepare1 (const bench_in *in)
{
  return prepare (in, 1);
}

static void *
prepare2 (const bench_in *in)
{
  return prepare (in, 2);
}

static void
unprepare (void *state)
{
  gb_view *v = state;
  gb_shared *s = v->s;
  free (v);
  if (--s->refs)
    return;
  GrB_Matrix_free (&s->A);
  GrB_Matrix_free (&s->AT);
  GrB_Matrix_free (&s->X);
  GrB_Matrix_free (&s->U);
  GrB_Matrix_free (&s->V);
  GrB_Vector_free (&s->x);
  if (shared == s)
    shared = NULL;
  free (s);
}

/* The shared imports, with the view's thread count set.  */
static gb_shared *
start (void *state)
{
  gb_view *v = state;
  check (GxB_Global_Option_set (GxB_GLOBAL_NTHREADS, v->threads),
         "set threads");
  return v->s;
}

static gb_res *
new_result (void)
{
  gb_res *r = calloc (1, sizeof *r);
  if (!r)
    check (GrB_OUT_OF_MEMORY, "result");
  return r;
}

static void *
run_spmv (void *state, const bench_in *in, double *out)
{
  (void) out;
  gb_shared *s = start (state);
  gb_res *r = new_result ();
  check (GrB_Vector_new (&r->v, GrB_FP64, in->a.nrows), "new");
  check (GrB_mxv (r->v, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, s->A, s->x,
                  NULL), "mxv");
  check (GrB_Vector_wait (r->v, GrB_MATERIALIZE), "wait");
  return r;
}

/* A result holding a new NROWS x NCOLS matrix.  */
static gb_res *
new_matrix (GrB_Index nrows, GrB_Index ncols)
{
  gb_res *r = new_result ();
  check (GrB_Matrix_new (&r->m, GrB_FP64, nrows, ncols), "new");
  return r;
}

static void *
run_spmm (void *state, const bench_in *in, double *out)
{
  (void) out;
  gb_shared *s = start (state);
  gb_res *r = new_matrix (in->a.nrows, in->nk);
  GrB_Matrix c = r->m;
  check (GrB_mxm (c, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, s->A, s->X,
                  NULL), "mxm");
  check (GrB_Matrix_wait (c, GrB_MATERIALIZE), "wait");
  return r;
}

static void *
run_spgemm (void *state, const bench_in *in, double *out)
{
  (void) out;
  gb_shared *s = start (state);
  gb_res *r = new_matrix (in->a.nrows, in->a.ncols);
  GrB_Matrix c = r->m;
  check (GrB_mxm (c, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, s->A, s->A,
                  NULL), "mxm");
  check (GrB_Matrix_wait (c, GrB_MATERIALIZE), "wait");
  return r;
}

static void *
run_spadd (void *state, const bench_in *in, double *out)
{
  (void) out;
  gb_shared *s = start (state);
  gb_res *r = new_matrix (in->a.nrows, in->a.ncols);
  GrB_Matrix c = r->m;
  check (GrB_Matrix_eWiseAdd_BinaryOp (c, NULL, NULL, GrB_PLUS_FP64, s->A,
                                       s->AT, NULL), "eWiseAdd");
  check (GrB_Matrix_wait (c, GrB_MATERIALIZE), "wait");
  return r;
}

static void *
run_sddmm (void *state, const bench_in *in, double *out)
{
  (void) out;
  gb_shared *s = start (state);
  gb_res *r = new_matrix (in->a.nrows, in->a.ncols);
  GrB_Matrix c = r->m;
  check (GrB_mxm (c, s->A, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, s->U, s->V,
                  GrB_DESC_ST1), "masked mxm");
  check (GrB_Matrix_eWiseMult_BinaryOp (c, NULL, NULL, GrB_TIMES_FP64, c,
                                        s->A, NULL), "eWiseMult");
  check (GrB_Matrix_wait (c, GrB_MATERIALIZE), "wait");
  return r;
}

/* The tuples of RES into DENSE (row-major) or SPARSE.  */
static void
fetch (void *res, const bench_in *in, enum bench_kernel k, double *dense,
       base_csr *sparse)
{
  gb_res *r = res;
  GrB_Index n;
  if (r->v)
    {
      GrB_Vector y = r->v;
      check (GrB_Vector_nvals (&n, y), "nvals");
      GrB_Index *i = malloc ((n ? n : 1) * sizeof *i);
      double *x = malloc ((n ? n : 1) * sizeof *x);
      check (GrB_Vector_extractTuples_FP64 (i, x, &n, y), "extract");
      memset (dense, 0, in->a.nrows * sizeof *dense);
      for (GrB_Index q = 0; q < n; q++)
        dense[i[q]] = x[q];
      free (i);
      free (x);
      return;
    }
  GrB_Matrix c = r->m;
  GrB_Index nrows, ncols;
  check (GrB_Matrix_nvals (&n, c), "nvals");
  check (GrB_Matrix_nrows (&nrows, c), "nrows");
  check (GrB_Matrix_ncols (&ncols, c), "ncols");
  GrB_Index *i = malloc ((n ? n : 1) * sizeof *i);
  GrB_Index *j = malloc ((n ? n : 1) * sizeof *j);
  double *x = malloc ((n ? n : 1) * sizeof *x);
  check (GrB_Matrix_extractTuples_FP64 (i, j, x, &n, c), "extract");
  if (k == K_SPMM)
    {
      memset (dense, 0, nrows * ncols * sizeof *dense);
      for (GrB_Index q = 0; q < n; q++)
        dense[i[q] * ncols + j[q]] = x[q];
    }
  else
    base_coo_to_csr (nrows, ncols, n, (const int64_t *) i,
                     (const int64_t *) j, x, sparse);
  free (i);
  free (j);
  free (x);
}

static void
drop (void *res)
{
  gb_res *r = res;
  GrB_Vector_free (&r->v);
  GrB_Matrix_free (&r->m);
  free (r);
}

const bench_peer peer_graphblas = { "GraphBLAS", 1, prepare1, unprepare,
  { run_spmv, run_spmm, run_spgemm, run_spadd, run_sddmm, NULL, NULL },
  fetch, drop };

const bench_peer peer_graphblas_par = { "GraphBLAS", 2, prepare2, unprepare,
  { run_spmv, run_spmm, run_spgemm, run_spadd, run_sddmm, NULL, NULL },
  fetch, drop };
