/* { dg-do run } */
/* Third-order tensor kernels (TTV, TTM, MTTKRP, PLUS, INNERPROD) over CSF
   and other formats, and scalar reductions.  */

#include "kernel-util.h"

static int
t3 (const char *tag, const char *text, const char *fb, const char *fc,
    const char *fa)
{
  kt_opd o[] = {
    { "B", 3, { 4, 5, 6 }, fb, 0.25, IX_OPD_ARRAY },
    { "C", 3, { 4, 5, 6 }, fc, 0.25, IX_OPD_ARRAY },
    { "T", 3, { 4, 5, 6 }, fa, 0.25, IX_OPD_ARRAY },
    { "A", 2, { 4, 5 }, fa, 0.3, IX_OPD_ARRAY },
    { "M", 2, { 4, 3 }, NULL, 1.0, IX_OPD_ARRAY },
    { "U", 2, { 5, 3 }, NULL, 1.0, IX_OPD_ARRAY },
    { "V", 2, { 6, 3 }, NULL, 1.0, IX_OPD_ARRAY },
    { "W", 2, { 3, 6 }, NULL, 1.0, IX_OPD_ARRAY },
    { "X", 3, { 4, 5, 3 }, fa, 0.3, IX_OPD_ARRAY },
    { "c", 1, { 6 }, NULL, 1.0, IX_OPD_ARRAY },
    { "cs", 1, { 6 }, "CU", 0.5, IX_OPD_ARRAY },
    { "ds", 1, { 6 }, "CU", 0.5, IX_OPD_ARRAY },
    { "s", 0, { 0 }, "", 1.0, IX_OPD_SCALAR },
    { NULL, 0, { 0 }, NULL, 0, 0 }
  };
  return kt_run (tag, text, o, 1);
}

int
main (void)
{
  static const char *const in[] = { "csf", "coo", "dense", "CU,D,CU",
                                    "(i,j,k)->(k:CU,i:D,j:CU)" };
  static const char *const out2[] = { NULL, "csr", "dcsr" };
  static const char *const out3[] = { NULL, "csf", "D,CU,CU", "D,D,CU" };
  char tag[64];
  for (int f = 0; f < 5; f++)
    {
      for (int g = 0; g < 3; g++)
        {
          const char *o2 = out2[g];
          snprintf (tag, sizeof tag, "ttv%d_%d", f, g);
          failures += t3 (tag, "A(i,j) = B(i,j,k) * c(k)", in[f], NULL, o2);
          snprintf (tag, sizeof tag, "ttvs%d_%d", f, g);
          failures += t3 (tag, "A(i,j) = B(i,j,k) * cs(k)", in[f], NULL, o2);
        }
      for (int g = 0; g < 4; g++)
        {
          const char *o3 = out3[g];
          snprintf (tag, sizeof tag, "plus%d_%d", f, g);
          failures += t3 (tag, "T(i,j,k) = B(i,j,k) + C(i,j,k)", in[f],
                          "csf", o3);
          snprintf (tag, sizeof tag, "ttm%d_%d", f, g);
          failures += t3 (tag, "X(i,j,l) = B(i,j,k) * W(l,k)", in[f], NULL,
                          g == 0 ? NULL : "csf");
        }
      snprintf (tag, sizeof tag, "mttkrp%d", f);
      failures += t3 (tag, "M(i,l) = B(i,j,k) * U(j,l) * V(k,l)", in[f],
                      NULL, NULL);
      snprintf (tag, sizeof tag, "inner%d", f);
      failures += t3 (tag, "s = B(i,j,k) * C(i,j,k)", in[f], "csf", NULL);
      snprintf (tag, sizeof tag, "sum%d", f);
      failures += t3 (tag, "s += B(i,j,k)", in[f], NULL, NULL);
      snprintf (tag, sizeof tag, "norm%d", f);
      failures += t3 (tag, "s = B(i,j,k) * B(i,j,k) - 2", in[f], NULL, NULL);
    }
  failures += t3 ("dot", "s = cs(k) * ds(k)", NULL, NULL, NULL);
  failures += t3 ("dotd", "s -= cs(k) * c(k) + ds(k)", NULL, NULL, NULL);
  return failures != 0;
}
