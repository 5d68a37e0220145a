/* { dg-do run } */
/* Matrix-vector kernels over every matrix format, printed as C by cprint,
   compiled and compared with the dense computation.  */

#include "kernel-util.h"

#define M 9
#define N 7

static int
spmv (const char *tag, const char *text, const char *fmt)
{
  kt_opd o[] = {
    { "A", 2, { M, N }, fmt, 0.3, IX_OPD_ARRAY },
    { "x", 1, { N }, NULL, 1.0, IX_OPD_ARRAY },
    { "y", 1, { M }, NULL, 1.0, IX_OPD_ARRAY },
    { "b", 1, { M }, NULL, 1.0, IX_OPD_ARRAY },
    { "z", 1, { N }, NULL, 1.0, IX_OPD_ARRAY },
    { "w", 1, { N }, NULL, 1.0, IX_OPD_ARRAY },
    { "xs", 1, { N }, "CU", 0.5, IX_OPD_ARRAY },
    { "px", 1, { N }, NULL, 1.0, IX_OPD_POINTER },
    { "alpha", 0, { 0 }, "", 1.0, IX_OPD_SCALAR },
    { "beta", 0, { 0 }, "", 1.0, IX_OPD_SCALAR },
    { NULL, 0, { 0 }, NULL, 0, 0 }
  };
  return kt_run (tag, text, o, 0);
}

int
main (void)
{
  static const char *const fmts[] = { "csr", "csc", "dcsr", "dcsc", "coo",
                                       "dense", "ell", "dia", "bcsr(2,3)",
                                       "(i,j)->(j:CU,i:D)", "CN,S" };
  char tag[64];
  for (size_t f = 0; f < sizeof fmts / sizeof *fmts; f++)
    {
      snprintf (tag, sizeof tag, "spmv%zu", f);
      failures += spmv (tag, "y(i) = A(i,j) * x(j)", fmts[f]);
      snprintf (tag, sizeof tag, "spmvt%zu", f);
      failures += spmv (tag, "w(j) = A(i,j) * y(i)", fmts[f]);
      snprintf (tag, sizeof tag, "resid%zu", f);
      failures += spmv (tag, "y(i) = b(i) - A(i,j) * x(j)", fmts[f]);
      snprintf (tag, sizeof tag, "mattrans%zu", f);
      failures += spmv (tag, "w(j) = alpha * A(i,j) * y(i) + beta * z(j)",
                        fmts[f]);
      snprintf (tag, sizeof tag, "acc%zu", f);
      failures += spmv (tag, "y(i) += A(i,j) * px(j)", fmts[f]);
    }
  failures += spmv ("spmspv", "y(i) = A(i,j) * xs(j)", "csr");
  failures += spmv ("spmspvc", "y(i) = A(i,j) * xs(j)", "csc");
  failures += spmv ("sub", "y(i) -= 2 * A(i,j) * x(j) / alpha", "dcsr");
  return failures != 0;
}
