/* peer_cxsparse.c -- the kernels through SuiteSparse CXSparse (serial,
   compressed columns).  A CSR matrix's arrays are the CSC of its
   transpose, so products and sums of transposes give CSR results with no
   conversion: C^T = A^T A^T, (A + A^T)^T = A^T + A.  SpMV is cs_gaxpy
   on A's CSC (y zeroed first, inside the timing).  */

#include <string.h>
#include <suitesparse/cs.h>
#include "check.h"
#include "kernels.h"

/* The CSC matrix whose arrays are those of CSR matrix A: A^T.  */
static cs_di
csc_of_transpose (const base_csr *a)
{
  cs_di c = { .nzmax = a->pos[a->nrows], .m = a->ncols, .n = a->nrows,
              .p = a->pos, .i = a->crd, .x = a->val, .nz = -1 };
  return c;
}

static void *
run_spmv (void *st, const bench_in *in, double *y)
{
  (void) st;
  cs_di a = csc_of_transpose (&in->at);
  memset (y, 0, in->a.nrows * sizeof *y);
  cs_di_gaxpy (&a, in->x, y);
  return NULL;
}

static void *
run_spgemm (void *st, const bench_in *in, double *out)
{
  (void) st, (void) out;
  cs_di a = csc_of_transpose (&in->a);
  return cs_di_multiply (&a, &a);
}

static void *
run_spadd (void *st, const bench_in *in, double *out)
{
  (void) st, (void) out;
  cs_di a = csc_of_transpose (&in->a), at = csc_of_transpose (&in->at);
  return cs_di_add (&a, &at, 1.0, 1.0);
}

static void
fetch (void *res, const bench_in *in, enum bench_kernel k, double *dense,
       base_csr *sparse)
{
  (void) in, (void) k, (void) dense;
  cs_di *c = res;
  base_csr v = { c->n, c->m, c->p, c->i, c->x };
  csr_copy (&v, sparse);
}

static void
drop (void *res)
{
  cs_di_spfree (res);
}

const bench_peer peer_cxsparse = { "CXSparse", 1, NULL, NULL,
  { run_spmv, NULL, run_spgemm, run_spadd, NULL, NULL, NULL },
  fetch, drop };
