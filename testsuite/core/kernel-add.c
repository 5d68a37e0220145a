/* { dg-do run } */
/* Element-wise kernels: unions (add, subtract, PLUS3) and intersections
   (multiply) of sparse and dense matrices into dense and sparse outputs;
   accumulation into sparse outputs; scaling; broadcasting; conversions;
   outputs in formats written through a conversion.  */

#include "kernel-util.h"

static int
ew (const char *tag, const char *text, const char *fa, const char *fb,
    const char *fc, const char *fd, int allow)
{
  kt_opd o[] = {
    { "A", 2, { 7, 6 }, fa, 0.3, IX_OPD_ARRAY },
    { "B", 2, { 7, 6 }, fb, 0.3, IX_OPD_ARRAY },
    { "C", 2, { 7, 6 }, fc, 0.3, IX_OPD_ARRAY },
    { "D", 2, { 7, 6 }, fd, 0.3, IX_OPD_ARRAY },
    { "u", 1, { 7 }, "CU", 0.4, IX_OPD_ARRAY },
    { "v", 1, { 6 }, NULL, 1.0, IX_OPD_ARRAY },
    { "alpha", 0, { 0 }, "", 1.0, IX_OPD_SCALAR },
    { NULL, 0, { 0 }, NULL, 0, 0 }
  };
  return kt_run (tag, text, o, allow);
}

int
main (void)
{
  static const char *const out[] = { NULL, "csr", "dcsr", "dense" };
  char tag[64];
  for (int f = 0; f < 4; f++)
    {
      snprintf (tag, sizeof tag, "add%d", f);
      failures += ew (tag, "C(i,j) = A(i,j) + B(i,j)", "csr", "csr", out[f],
                      NULL, 0);
      snprintf (tag, sizeof tag, "sub%d", f);
      failures += ew (tag, "C(i,j) = A(i,j) - B(i,j)", "dcsr", "csr",
                      out[f], NULL, 0);
      snprintf (tag, sizeof tag, "mul%d", f);
      failures += ew (tag, "C(i,j) = A(i,j) * B(i,j)", "csr", "dcsr",
                      out[f], NULL, 0);
      snprintf (tag, sizeof tag, "plus3_%d", f);
      failures += ew (tag, "C(i,j) = A(i,j) + B(i,j) + D(i,j)", "csr",
                      "dcsr", out[f], "csr", 0);
      snprintf (tag, sizeof tag, "mixed%d", f);
      failures += ew (tag, "C(i,j) = A(i,j) * B(i,j) + D(i,j)", "csr", NULL,
                      out[f], "dcsr", 0);
      snprintf (tag, sizeof tag, "acc%d", f);
      failures += ew (tag, "C(i,j) += A(i,j) * B(i,j)", "csr", "csr",
                      out[f], NULL, 0);
      snprintf (tag, sizeof tag, "dec%d", f);
      failures += ew (tag, "C(i,j) -= A(i,j) + B(i,j)", "dcsr", "csr",
                      out[f], NULL, 0);
      snprintf (tag, sizeof tag, "scale%d", f);
      failures += ew (tag, "C(i,j) = alpha * A(i,j)", "csr", NULL, out[f],
                      NULL, 0);
      snprintf (tag, sizeof tag, "copy%d", f);
      failures += ew (tag, "C(i,j) = -A(i,j) / 4", "coo", NULL, out[f],
                      NULL, 0);
      snprintf (tag, sizeof tag, "bcast%d", f);
      failures += ew (tag, "C(i,j) = A(i,j) + u(i) * v(j)", "csr", NULL,
                      out[f], NULL, 0);
      snprintf (tag, sizeof tag, "plusdense%d", f);
      failures += ew (tag, "C(i,j) = A(i,j) + B(i,j)", "csr", NULL, out[f],
                      NULL, 0);
      snprintf (tag, sizeof tag, "conv%d", f);
      failures += ew (tag, "C(i,j) = A(i,j) + B(i,j)", "csr", "csc", out[f],
                      NULL, 1);
      snprintf (tag, sizeof tag, "cols%d", f);
      failures += ew (tag, "C(i,j) = A(i,j) * B(i,j) - D(i,j)", "csc", "dcsc",
                      out[f], "csc", 1);
    }
  /* Outputs the loops write as CSR or DCSR, converted at the end.  */
  static const char *const conv[] = { "coo", "ell", "dia", "bcsr(2,2)",
                                      "cu,d", "(i,j)->(j:CN,i:S)" };
  for (int f = 0; f < 6; f++)
    {
      snprintf (tag, sizeof tag, "wadd%d", f);
      failures += ew (tag, "C(i,j) = A(i,j) + B(i,j)", "csr", "dcsr",
                      conv[f], NULL, 1);
      snprintf (tag, sizeof tag, "wacc%d", f);
      failures += ew (tag, "C(i,j) += A(i,j) * B(i,j)", "csr", "csc",
                      conv[f], NULL, 1);
      snprintf (tag, sizeof tag, "wdec%d", f);
      failures += ew (tag, "C(i,j) -= alpha * A(i,j)", "coo", NULL, conv[f],
                      NULL, 1);
    }
  return failures != 0;
}
