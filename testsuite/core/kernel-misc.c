/* { dg-do run } */
/* Less common shapes: reductions nested under sums, ELL rows with a term
   added, broadcasts, constants, empty results.  */

#include "kernel-util.h"

static int
run (const char *tag, const char *text, const char *fa, const char *fc)
{
  kt_opd o[] = {
    { "A", 2, { 6, 7 }, fa, 0.3, IX_OPD_ARRAY, 0 },
    { "B", 2, { 7, 5 }, "csr", 0.3, IX_OPD_ARRAY, 0 },
    { "C", 2, { 6, 7 }, fc, 0.3, IX_OPD_ARRAY, 0 },
    { "Z", 2, { 6, 7 }, "csr", 0.0, IX_OPD_ARRAY, 0 },
    { "Q", 2, { 6, 6 }, fa, 0.4, IX_OPD_ARRAY, 0 },
    { "R", 2, { 6, 6 }, fc, 0.4, IX_OPD_ARRAY, 0 },
    { "b", 1, { 6 }, NULL, 1.0, IX_OPD_ARRAY, 0 },
    { "u", 1, { 6 }, "CU", 0.5, IX_OPD_ARRAY, 0 },
    { "x", 1, { 7 }, NULL, 1.0, IX_OPD_ARRAY, 0 },
    { "xs", 1, { 7 }, "CU", 0.5, IX_OPD_ARRAY, 0 },
    { "y", 1, { 6 }, NULL, 1.0, IX_OPD_ARRAY, 0 },
    { "z", 1, { 5 }, NULL, 1.0, IX_OPD_ARRAY, 0 },
    { "s", 0, { 0 }, "", 1.0, IX_OPD_SCALAR, 0 },
    { NULL, 0, { 0 }, NULL, 0, 0, 0 }
  };
  return kt_run (tag, text, o, 1);
}

int
main (void)
{
  static const char *const fa[] = { "csr", "ell", "dia", "bcsr(2,2)", "coo",
                                    "dcsc" };
  static const char *const fc[] = { NULL, "csr", "dcsr" };
  char tag[64];
  for (int f = 0; f < 6; f++)
    {
      snprintf (tag, sizeof tag, "row%d", f);
      failures += run (tag, "y(i) = b(i) + A(i,j) * x(j)", fa[f], NULL);
      snprintf (tag, sizeof tag, "nest%d", f);
      failures += run (tag, "y(i) = A(i,j) * (x(j) + B(j,k) * z(k))", fa[f],
                       NULL);
      snprintf (tag, sizeof tag, "scaled%d", f);
      failures += run (tag, "C(i,j) = x(j) * (b(i) + A(i,k) * x(k))", fa[f],
                       NULL);
      snprintf (tag, sizeof tag, "sq%d", f);
      failures += run (tag, "s = (A(i,j) + 1) * (A(i,j) - 1)", fa[f], NULL);
    }
  for (int f = 0; f < 3; f++)
    {
      snprintf (tag, sizeof tag, "bcast%d", f);
      failures += run (tag, "C(i,j) = u(i)", "csr", fc[f]);
      snprintf (tag, sizeof tag, "outer%d", f);
      failures += run (tag, "C(i,j) = u(i) * xs(j)", "csr", fc[f]);
      snprintf (tag, sizeof tag, "const%d", f);
      failures += run (tag, "C(i,j) = 2", "csr", fc[f]);
      snprintf (tag, sizeof tag, "zero%d", f);
      failures += run (tag, "C(i,j) = 0 * A(i,j)", "csr", fc[f]);
      snprintf (tag, sizeof tag, "empty%d", f);
      failures += run (tag, "C(i,j) = Z(i,j) * A(i,j)", "csr", fc[f]);
      snprintf (tag, sizeof tag, "emptyacc%d", f);
      failures += run (tag, "C(i,j) += Z(i,j)", "csr", fc[f]);
      snprintf (tag, sizeof tag, "neg%d", f);
      failures += run (tag, "C(i,j) = -(A(i,j) - u(i))", "dcsr", fc[f]);
    }
  /* A matrix and its transpose: one access read through a conversion.  */
  failures += run ("symm", "R(i,j) = Q(i,j) + Q(j,i)", "csr", "csr");
  failures += run ("symmd", "R(i,j) = Q(i,j) * Q(j,i)", "dcsr", NULL);
  failures += run ("symmc", "R(i,j) = Q(i,j) - Q(j,i)", "csc", "dcsr");
  failures += run ("fill", "y(i) = 3", "csr", NULL);
  failures += run ("sfill", "s = 3", "csr", NULL);
  failures += run ("zfill", "y(i) = 0", "csr", NULL);
  return failures != 0;
}
