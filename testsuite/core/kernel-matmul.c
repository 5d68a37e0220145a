/* { dg-do run } */
/* Matrix-matrix kernels: SpMM, SDDMM, SpGEMM (Gustavson through a
   workspace, inner products), into dense and sparse outputs.  */

#include "kernel-util.h"

static int
mm (const char *tag, const char *text, const char *fa, const char *fb,
    const char *fc, int allow)
{
  kt_opd o[] = {
    { "A", 2, { 6, 8 }, fa, 0.3, IX_OPD_ARRAY },
    { "B", 2, { 8, 5 }, fb, 0.3, IX_OPD_ARRAY },
    { "C", 2, { 6, 5 }, fc, 0.3, IX_OPD_ARRAY },
    { "S", 2, { 6, 5 }, "csr", 0.3, IX_OPD_ARRAY },
    { "D", 2, { 6, 8 }, NULL, 1.0, IX_OPD_ARRAY },
    { "E", 2, { 8, 5 }, NULL, 1.0, IX_OPD_ARRAY },
    { NULL, 0, { 0 }, NULL, 0, 0 }
  };
  return kt_run (tag, text, o, allow);
}

int
main (void)
{
  /* SpMM, sparse times dense and dense times sparse.  */
  failures += mm ("spmm_csr", "C(i,j) = A(i,k) * E(k,j)", "csr", NULL, NULL,
                  0);
  failures += mm ("spmm_csc", "C(i,j) = A(i,k) * E(k,j)", "csc", NULL, NULL,
                  0);
  failures += mm ("spmm_dcsr", "C(i,j) += A(i,k) * E(k,j)", "dcsr", NULL,
                  NULL, 0);
  failures += mm ("dmsp", "C(i,j) = D(i,k) * B(k,j)", NULL, "csr", NULL, 0);
  /* SpGEMM into CSR and DCSR through a workspace, and into dense.  */
  failures += mm ("spgemm", "C(i,j) = A(i,k) * B(k,j)", "csr", "csr", "csr",
                  0);
  failures += mm ("spgemm_dcsr", "C(i,j) = A(i,k) * B(k,j)", "dcsr", "dcsr",
                  "dcsr", 0);
  failures += mm ("spgemm_dense", "C(i,j) = A(i,k) * B(k,j)", "csr", "csr",
                  NULL, 0);
  /* += and -= into CSR: Gustavson's order, each row's old entries added
     to the workspace (B converted to CSR where it is not).  */
  failures += mm ("spgemm_acc", "C(i,j) += A(i,k) * B(k,j)", "csr", "csr",
                  "csr", 1);
  failures += mm ("spgemm_sub", "C(i,j) -= A(i,k) * B(k,j)", "dcsr", "csc",
                  "csr", 1);
  failures += mm ("spmm_acc", "C(i,j) += A(i,k) * E(k,j)", "csr", NULL,
                  "csr", 0);
  /* Inner products: rows of A against columns of B, appended in order;
     with conversions allowed, B converted for Gustavson's order.  */
  failures += mm ("inner", "C(i,j) = A(i,k) * B(k,j)", "csr", "csc", "csr",
                  0);
  failures += mm ("inner_conv", "C(i,j) = A(i,k) * B(k,j)", "csr", "csc",
                  "csr", 1);
  failures += mm ("inner_dense", "C(i,j) = A(i,k) * B(k,j)", "dcsr", "dcsc",
                  NULL, 0);
  /* Column-major product into CSC.  */
  failures += mm ("spgemm_csc", "C(i,j) = A(i,k) * B(k,j)", "csc", "csc",
                  "csc", 0);
  /* Conversion: a row-major A with a column-major output.  */
  failures += mm ("spgemm_conv", "C(i,j) = A(i,k) * B(k,j)", "csc", "csr",
                  "csr", 1);
  /* SDDMM: the sparse S samples the dense product.  */
  failures += mm ("sddmm", "C(i,j) = S(i,j) * D(i,k) * E(k,j)", NULL, NULL,
                  "csr", 0);
  failures += mm ("sddmm_dense", "C(i,j) = S(i,j) * D(i,k) * E(k,j)", NULL,
                  NULL, NULL, 0);
  failures += mm ("sddmm_dcsr", "C(i,j) = S(i,j) * D(i,k) * E(k,j)", NULL,
                  NULL, "dcsr", 0);
  return failures != 0;
}
