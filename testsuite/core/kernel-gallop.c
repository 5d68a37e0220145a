/* { dg-do run } */
/* Intersections of compressed levels that search the longer ranges when
   one is much shorter (loopgen-gallop.c): which loops get the search
   (intersections of compressed levels only: no union, no loop of the
   catalog's kernels over CSR, which do not co-iterate), and kernels run
   on operands whose ranges differ enough in length to take it, either
   operand being the short one, against the dense evaluation.  */

#include "kernel-util.h"

/* Operands of the shape checks, their formats set per case.  */
static test_opd tab[] = {
  { "A", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "B", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "C", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "S", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "T", IX_OPD_ARRAY, 3, { 8, 8, 8 }, "csf", IX_F64 },
  { "U", IX_OPD_ARRAY, 2, { 8, 8 }, NULL, IX_F64 },
  { "V", IX_OPD_ARRAY, 2, { 8, 8 }, NULL, IX_F64 },
  { "Y", IX_OPD_ARRAY, 2, { 8, 8 }, NULL, IX_F64 },
  { "x", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { "y", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { NULL, 0, 0, { 0 }, NULL, 0 }
};

static ix_sched sc;

/* The depths of TEXT's kernel whose intersections may search (a bit per
   depth), with A, B and C in formats FA, FB, FC; the searches emitted
   into *SEEKS (their step variables).  -1 when it is refused.  */
static int
gallop (const char *text, const char *fa, const char *fb, const char *fc,
        int *seeks)
{
  ix_diag err;
  tab[0].fmt = fa;
  tab[1].fmt = fb;
  tab[2].fmt = fc;
  *seeks = 0;
  if (schedule_text (text, tab, 0, &sc, &err))
    {
      fprintf (stderr, "'%s': %s\n", text, err.msg);
      return -1;
    }
  lir_kernel *k = lir_build (&sc, &err);
  if (!k)
    {
      fprintf (stderr, "'%s': %s\n", text, err.msg);
      return -1;
    }
  for (int v = 0; v < k->nvars; v++)
    *seeks += strncmp (k->vars[v].name, "step", 4) == 0;
  int bits = (int) k->gallop[0];
  if (getenv ("KT_DUMP"))
    lir_dump (k, stderr);
  lir_free (k);
  return bits;
}

static void
shapes (void)
{
  int n;
  /* The catalog over CSR (and CSF): no co-iteration, nothing added.  */
  CHECK (gallop ("y(i) = A(i,j) * x(j)", "csr", "csr", "csr", &n) == 0
         && n == 0);
  CHECK (gallop ("Y(i,j) = A(i,l) * U(l,j)", "csr", "csr", "csr", &n) == 0
         && n == 0);
  CHECK (gallop ("C(i,j) = A(i,l) * B(l,j)", "csr", "csr", "csr", &n) == 0
         && n == 0);
  CHECK (gallop ("C(i,j) = A(i,j) + B(j,i)", "csr", "csc", "csr", &n) == 0
         && n == 0);
  CHECK (gallop ("C(i,j) = S(i,j) * U(i,l) * V(j,l)", "csr", "csr", "csr",
                 &n) == 0 && n == 0);
  CHECK (gallop ("C(i,j) = T(i,j,k) * x(k)", "csr", "csr", "dcsr", &n) == 0
         && n == 0);
  CHECK (gallop ("Y(i,r) = T(i,j,k) * U(j,r) * V(k,r)", "csr", "csr", "csr",
                 &n) == 0 && n == 0);
  /* A union visits both rows: a plain merge.  */
  CHECK (gallop ("C(i,j) = A(i,j) + B(i,j)", "dcsr", "dcsr", "dcsr", &n)
         == 0 && n == 0);
  /* Intersections: inner products (k, depth 2), a product of DCSR
     matrices (A's row against B's nonempty rows, k at depth 1), an
     elementwise product of DCSR matrices (rows and columns), each
     iterator of each merge with its search.  */
  CHECK (gallop ("C(i,j) = A(i,k) * B(k,j)", "csr", "csc", "csr", &n) == 4
         && n > 0 && n % 2 == 0);
  CHECK (gallop ("C(i,j) = A(i,k) * B(k,j)", "dcsr", "dcsr", "dcsr", &n)
         == 2 && n > 0 && n % 2 == 0);
  CHECK (gallop ("C(i,j) = A(i,j) * B(i,j)", "dcsr", "dcsr", "dcsr", &n)
         == 3 && n > 0 && n % 2 == 0);
  /* A run-length (CN) level and a singleton one are merged step by
     step.  */
  CHECK (gallop ("C(i,j) = A(i,j) * B(i,j)", "coo", "dcsr", "dcsr", &n)
         == 0 && n == 0);
}

/* TEXT over A (FA, density DA) and B (FB, DB) into C (FC), A NI x NK,
   B NK x NJ (or NI x NJ for an elementwise TEXT: NK = 0).  */
static int
run (const char *tag, const char *text, const char *fa, double da,
     const char *fb, double db, const char *fc, int ni, int nk, int nj)
{
  int elementwise = nk == 0;
  kt_opd o[] = {
    { "A", 2, { ni, elementwise ? nj : nk }, fa, da, IX_OPD_ARRAY },
    { "B", 2, { elementwise ? ni : nk, nj }, fb, db, IX_OPD_ARRAY },
    { "C", 2, { ni, nj }, fc, 0.3, IX_OPD_ARRAY },
    { "D", 2, { ni, nj }, "csr", 0.5, IX_OPD_ARRAY },
    { NULL, 0, { 0 }, NULL, 0, 0 }
  };
  return kt_run (tag, text, o, 0);
}

int
main (void)
{
  shapes ();
  /* Inner products: rows of A with a few entries against full columns
     of B, and the other way round.  */
  failures += run ("inner_short_a", "C(i,j) = A(i,k) * B(k,j)", "csr", 0.02,
                   "csc", 0.9, "csr", 12, 400, 10);
  failures += run ("inner_short_b", "C(i,j) = A(i,k) * B(k,j)", "csr", 0.9,
                   "csc", 0.02, "csr", 12, 400, 10);
  /* DCSR products: A's rows against B's nonempty rows, many empty.  */
  failures += run ("dcsr_product", "C(i,j) = A(i,k) * B(k,j)", "dcsr", 0.004,
                   "dcsr", 0.1, "dcsr", 300, 500, 20);
  failures += run ("dcsr_product_dense", "C(i,j) = A(i,k) * B(k,j)", "dcsr",
                   0.004, "dcsr", 0.1, NULL, 300, 500, 20);
  /* Elementwise: rows and columns intersected, three ways.  */
  failures += run ("elementwise", "C(i,j) = A(i,j) * B(i,j)", "dcsr", 0.01,
                   "dcsr", 0.95, "dcsr", 200, 0, 300);
  failures += run ("elementwise3", "C(i,j) = A(i,j) * D(i,j) * B(i,j)",
                   "dcsr", 0.95, "csr", 0.01, "dcsr", 200, 0, 300);
  /* A product plus a third matrix: the product's intersection is also
     the loop that goes on once D's row has ended.  */
  kt_opd sum[] = {
    { "A", 2, { 200, 300 }, "dcsr", 0.01, IX_OPD_ARRAY },
    { "B", 2, { 200, 300 }, "dcsr", 0.95, IX_OPD_ARRAY },
    { "C", 2, { 200, 300 }, "dcsr", 0.3, IX_OPD_ARRAY },
    { "D", 2, { 200, 300 }, "dcsr", 0.002, IX_OPD_ARRAY },
    { NULL, 0, { 0 }, NULL, 0, 0 }
  };
  failures += kt_run ("sum_of_product", "C(i,j) = A(i,j) * B(i,j) + D(i,j)",
                      sum, 0);
  /* CSF tensors: fibres of one or two entries against full ones.  */
  kt_opd t3[] = {
    { "A", 3, { 6, 10, 60 }, "csf", 0.02, IX_OPD_ARRAY },
    { "B", 3, { 6, 10, 60 }, "csf", 0.9, IX_OPD_ARRAY },
    { "C", 3, { 6, 10, 60 }, "csf", 0.3, IX_OPD_ARRAY },
    { NULL, 0, { 0 }, NULL, 0, 0 }
  };
  failures += kt_run ("csf", "C(i,j,k) = A(i,j,k) * B(i,j,k)", t3, 0);
  /* Ranges of similar lengths keep the merge; the result is the same.  */
  failures += run ("even", "C(i,j) = A(i,j) * B(i,j)", "dcsr", 0.3, "dcsr",
                   0.3, "csr", 40, 0, 50);
  return failures != 0;
}
