/* kernels.h -- the benchmarked kernels and who computes them.

   Every implementation (einsum pragmas, hand-written C, Eigen, CXSparse,
   GraphBLAS; serial and with two threads) is a bench_peer: a table of run
   functions over the same operands, a bench_in.  The driver times the run
   functions, and checks each peer's result against the hand-written C.  */

#ifndef BENCH_KERNELS_H
#define BENCH_KERNELS_H

#include <stddef.h>
#include <stdint.h>
#include "baseline.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sp_tensor sp_tensor;

enum bench_kernel
{
  K_SPMV,    /* y = A x */
  K_SPMM,    /* Y = A X, X dense with nk columns */
  K_SPGEMM,  /* C = A A, sparse */
  K_SPADD,   /* C = A + A^T, sparse */
  K_SDDMM,   /* C = A .* (U V^T), U and V dense with nk columns */
  K_TTV,     /* Y(i,j) = B(i,j,k) x(k), sparse */
  K_MTTKRP,  /* Y(i,r) = B(i,j,k) U(j,r) V(k,r), dense */
  K_COUNT
};

/* The int32 arrays of a 3-tensor stored as CSF (CU,CU,CU): N0 nonempty
   slices with coordinates CRD0; slice s holds fibres POS1[s]..POS1[s+1]
   with coordinates CRD1; fibre f holds entries POS2[f]..POS2[f+1] with
   coordinates CRD2 and values VAL.  */
typedef struct base_csf
{
  int32_t dims[3];
  int32_t n0, nfib;
  int64_t nnz;
  int32_t *crd0, *pos1, *crd1, *pos2, *crd2;
  double *val;
} base_csf;

/* The operands of one input: a matrix (RANK 2) or a 3-tensor.  */
typedef struct bench_in
{
  const char *name;
  int rank;
  sp_tensor *t;   /* the matrix as CSR, or the tensor as CSF */
  sp_tensor *tc;  /* the matrix as CSC (its arrays are A^T's CSR) */
  base_csr a;     /* views of t and tc */
  base_csr at;
  base_csf b;     /* view of the tensor */
  int nk;         /* dense columns of SpMM, SDDMM, MTTKRP */
  double *x;      /* SpMV: ncols; TTV: dims[2] */
  double *X;      /* SpMM: ncols x nk */
  double *U, *V;  /* SDDMM: nrows x nk, ncols x nk;
                     MTTKRP: dims[1] x nk, dims[2] x nk */
} bench_in;

/* Run kernel K of IN; a dense result goes to OUT (and NULL is returned),
   a sparse one is returned for fetch and drop.  STATE is what the peer's
   prepare returned for IN.  */
typedef void *(*bench_fn) (void *state, const bench_in *in, double *out);

typedef struct bench_peer
{
  const char *name;
  int threads;
  /* Untimed set-up per input (conversions into the peer's own types) and
     its release; either may be NULL.  */
  void *(*prepare) (const bench_in *in);
  void (*unprepare) (void *state);
  bench_fn run[K_COUNT];  /* NULL: kernel not offered */
  /* A result RES of run, copied for checking: a dense result (GraphBLAS
     only) into DENSE, a sparse one into a freshly allocated *SPARSE.  */
  void (*fetch) (void *res, const bench_in *in, enum bench_kernel k,
                 double *dense, base_csr *sparse);
  void (*drop) (void *res);
} bench_peer;

extern const bench_peer peer_pragma, peer_pragma_par;
/* SpMV, SpMM, SpGEMM as dense loop nests over tagged arrays.  */
extern const bench_peer peer_loops;
extern const bench_peer peer_c, peer_c_par;
extern const bench_peer peer_eigen, peer_eigen_par;
extern const bench_peer peer_cxsparse;
extern const bench_peer peer_graphblas, peer_graphblas_par;

#ifdef __cplusplus
}
#endif

#endif
