/* { dg-do run } */
/* Element types, the plain operands' types, index widths and sparse
   vector outputs.  */

#include "kernel-util.h"

static int
run (const char *tag, const char *text, const char *fa, ix_type ta,
     ix_type tx, ix_type ty, const char *fy)
{
  kt_opd o[] = {
    { "A", 2, { 9, 11 }, fa, 0.3, IX_OPD_ARRAY, ta },
    { "B", 2, { 9, 11 }, "dcsr", 0.3, IX_OPD_ARRAY, ta },
    { "x", 1, { 11 }, NULL, 1.0, IX_OPD_ARRAY, tx },
    { "y", 1, { 9 }, fy, 0.4, IX_OPD_ARRAY, ty },
    { "z", 1, { 11 }, fy, 0.4, IX_OPD_ARRAY, ty },
    { "u", 1, { 9 }, "CU", 0.4, IX_OPD_ARRAY, ta },
    { "s", 0, { 0 }, "", 1.0, IX_OPD_SCALAR, ty },
    { NULL, 0, { 0 }, NULL, 0, 0, 0 }
  };
  return kt_run (tag, text, o, 0);
}

int
main (void)
{
  static const ix_type types[] = { IX_F64, IX_F32, IX_I64, IX_I32 };
  char tag[64];
  for (int a = 0; a < 4; a++)
    for (int y = 0; y < 4; y++)
      {
        snprintf (tag, sizeof tag, "ty%d%d", a, y);
        failures += run (tag, "y(i) = A(i,j) * x(j) + 2", "csr", types[a],
                         types[(a + 1) % 4], types[y], NULL);
        snprintf (tag, sizeof tag, "tys%d%d", a, y);
        failures += run (tag, "s += A(i,j) * B(i,j)", "csr", types[a],
                         IX_F64, types[y], NULL);
      }
  /* Plain operands and outputs of the other integer types (a _Bool one
     read only) beside integer tagged arrays, the kernels printed as C
     with them: C's promotions and conversions, sums modulo the output's
     width.  */
  static const ix_type plain[] = { IX_U64, IX_U32, IX_I16, IX_U16, IX_I8,
                                   IX_U8, IX_BOOL };
  for (int x = 0; x < 7; x++)
    for (int y = 0; y < 6; y++)
      {
        /* A sum adds in its terms' type: a 32-bit one wraps where the
           dense evaluation, in doubles, would not.  */
        ix_type ta = types[2 + (x + y) % 2];
        if (ix_types[ix_arith_type (ta, plain[x])].bits
            < ix_types[plain[y]].bits)
          ta = IX_I64;
        snprintf (tag, sizeof tag, "tp%d%d", x, y);
        failures += run (tag, "y(i) = A(i,j) * x(j) + 2", "csr", ta,
                         plain[x], plain[y], NULL);
        snprintf (tag, sizeof tag, "tps%d%d", x, y);
        failures += run (tag, "s -= A(i,j) * x(j)", "csr", IX_I32, plain[x],
                         plain[y], NULL);
      }
  /* Index widths of every size.  */
  failures += run ("w1", "y(i) = A(i,j) * x(j)", "csr;pos=16;crd=8", IX_F64,
                   IX_F64, IX_F64, NULL);
  failures += run ("w2", "y(i) = A(i,j) * x(j)", "dcsc;pos=64;crd=64",
                   IX_F64, IX_F64, IX_F64, NULL);
  failures += run ("w3", "y(i) = A(i,j) * x(j) + B(i,j) * x(j)",
                   "coo;pos=8;crd=16", IX_F32, IX_F32, IX_F32, NULL);
  failures += run ("w4", "y(i) = A(i,j) * x(j)", "csr", IX_F64, IX_F64,
                   IX_F64, "CU;pos=64;crd=16");
  /* Sparse vector outputs: in order, and scattered through a workspace
     flushed once after the loops.  */
  failures += run ("v1", "y(i) = A(i,j) * x(j)", "dcsr", IX_F64, IX_F64,
                   IX_F64, "CU");
  failures += run ("v2", "z(j) = A(i,j) * u(i)", "csr", IX_F64, IX_F64,
                   IX_F64, "CU");
  failures += run ("v3", "y(i) += u(i) * 3", "csr", IX_F64, IX_F64, IX_F64,
                   "CU");
  failures += run ("v4", "y(i) = u(i) - B(i,j) * x(j)", "csr", IX_I32,
                   IX_I32, IX_I32, "CU");
  /* Integer division does not distribute over a sum: summed first.  */
  failures += run ("idiv", "y(i) = A(i,j) * x(j) / 4", "csr", IX_I32, IX_I32,
                   IX_I32, NULL);
  failures += run ("fdiv", "y(i) = A(i,j) * x(j) / 4", "csc", IX_F64, IX_F64,
                   IX_F64, NULL);
  return failures != 0;
}
