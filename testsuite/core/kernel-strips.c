/* { dg-do run } */
/* Dense inner loops strip-mined into vector accumulators (strip.c), on
   rows wide enough that every strip width runs: 31 columns take strips
   of 8, 4, 2 and 1 vectors of 2 doubles and the loop's last column, or
   of 4, 2 and 1 vectors of 4 floats and its last 3 columns; 16 columns
   are strips only.  Printed as C, compiled and compared with the dense
   computation.  */

#include "kernel-util.h"

static int
strips (const char *tag, const char *text, const char *fa, int cols,
        ix_type type)
{
  kt_opd o[] = {
    { "A", 2, { 7, 9 }, fa, 0.4, IX_OPD_ARRAY, type, 0 },
    { "T", 3, { 7, 9, 5 }, "csf", 0.3, IX_OPD_ARRAY, type, 0 },
    { "E", 2, { 9, cols }, NULL, 1.0, IX_OPD_ARRAY, type, 0 },
    { "F", 2, { 5, cols }, NULL, 1.0, IX_OPD_ARRAY, type, 0 },
    { "C", 2, { 7, cols }, NULL, 1.0, IX_OPD_ARRAY, type, 0 },
    { "Y", 3, { 7, 9, cols }, NULL, 1.0, IX_OPD_ARRAY, type, 0 },
    { "alpha", 0, { 0 }, "", 1.0, IX_OPD_SCALAR, type, 0 },
    { NULL, 0, { 0 }, NULL, 0, 0, 0, 0 }
  };
  return kt_run (tag, text, o, 0);
}

int
main (void)
{
  static const struct { const char *tag, *text, *fmt; } k[] = {
    { "spmm", "C(i,j) = A(i,k) * E(k,j)", "csr" },
    { "spmm_acc", "C(i,j) += A(i,k) * E(k,j)", "dcsr" },
    { "spmm_sub", "C(i,j) -= alpha * A(i,k) * E(k,j)", "csr" },
    { "spmm_neg", "C(i,j) = -(A(i,k) * E(k,j)) / alpha", "csr" },
    { "spmm_sum", "C(i,j) = A(i,k) * (E(k,j) + 2 * E(k,j))", "csr" },
    /* A target row offset by two coordinates (TTM).  */
    { "ttm", "Y(i,j,r) = T(i,j,k) * F(k,r)", "csr" },
  };
  static const int cols[] = { 31, 16, 1 };
  char tag[64];
  for (size_t i = 0; i < sizeof k / sizeof *k; i++)
    for (size_t c = 0; c < sizeof cols / sizeof *cols; c++)
      for (int t = 0; t < 2; t++)
        {
          snprintf (tag, sizeof tag, "strip_%s_%d_%s", k[i].tag, cols[c],
                    t ? "f32" : "f64");
          failures += strips (tag, k[i].text, k[i].fmt, cols[c],
                              t ? IX_F32 : IX_F64);
        }
  return failures != 0;
}
