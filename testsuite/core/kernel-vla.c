/* { dg-do run } */
/* Extents known only at run time: read from the tensors' handles and from
   the bounds of C arrays (VLA parameters), passed to the kernel.  */

#include "kernel-util.h"

static int
run (const char *tag, const char *text, const char *fa, const char *fc)
{
  kt_opd o[] = {
    { "A", 2, { 7, 9 }, fa, 0.3, IX_OPD_ARRAY, 0, 1 },
    { "B", 2, { 9, 5 }, "csr", 0.3, IX_OPD_ARRAY, 0, 1 },
    { "C", 2, { 7, 5 }, fc, 0.3, IX_OPD_ARRAY, 0, 1 },
    { "E", 2, { 9, 5 }, NULL, 1.0, IX_OPD_ARRAY, 0, 1 },
    { "x", 1, { 9 }, NULL, 1.0, IX_OPD_ARRAY, 0, 1 },
    { "y", 1, { 7 }, NULL, 1.0, IX_OPD_ARRAY, 0, 1 },
    { "p", 1, { 9 }, NULL, 1.0, IX_OPD_POINTER, 0, 1 },
    { NULL, 0, { 0 }, NULL, 0, 0, 0, 0 }
  };
  return kt_run (tag, text, o, 1);
}

int
main (void)
{
  static const char *const fa[] = { "csr", "csc", "dia", "bcsr(2,4)", "ell",
                                    "coo", NULL };
  char tag[64];
  for (int f = 0; f < 7; f++)
    {
      snprintf (tag, sizeof tag, "vspmv%d", f);
      failures += run (tag, "y(i) = A(i,j) * x(j)", fa[f], NULL);
      snprintf (tag, sizeof tag, "vspmvp%d", f);
      failures += run (tag, "y(i) += A(i,j) * p(j)", fa[f], NULL);
      snprintf (tag, sizeof tag, "vspmm%d", f);
      failures += run (tag, "C(i,k) = A(i,j) * E(j,k)", fa[f], NULL);
      snprintf (tag, sizeof tag, "vspgemm%d", f);
      failures += run (tag, "C(i,k) = A(i,j) * B(j,k)", fa[f], "csr");
    }
  return failures != 0;
}
