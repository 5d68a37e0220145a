/* { dg-do run } */
/* The report line of a sparsified statement (SPEC 5).  */

#define CORE_UTIL_SCHEDULE
#include "core-util.h"
#include "loops.h"
#include "report.h"

static const test_opd tab[] = {
  { "A", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "B", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "Bc", IX_OPD_ARRAY, 2, { 8, 8 }, "csc", IX_F64 },
  { "C", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "D", IX_OPD_ARRAY, 2, { 8, 8 }, NULL, IX_F64 },
  { "Ac", IX_OPD_ARRAY, 2, { 8, 8 }, "csc", IX_F64 },
  { "x", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { "y", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { "b", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { "c", IX_OPD_ARRAY, 1, { 8 }, "CU", IX_F64 },
  { "s", IX_OPD_SCALAR, 0, { 0 }, NULL, IX_F64 },
  { NULL, 0, 0, { 0 }, NULL, 0 }
};

static ix_sched sc;

static void
check (const char *text, const char *want)
{
  ix_diag err;
  char buf[1024];
  if (schedule_text (text, tab, 1, &sc, &err))
    {
      fprintf (stderr, "'%s': %s\n", text, err.msg);
      failures++;
      return;
    }
  lir_kernel *k = lir_build (&sc, &err);
  if (!k)
    {
      fprintf (stderr, "'%s': %s\n", text, err.msg);
      failures++;
      return;
    }
  lir_report (k, buf, sizeof buf);
  if (strcmp (buf, want) != 0)
    {
      fprintf (stderr, "'%s':\n  got  %s\n  want %s\n", text, buf, want);
      failures++;
    }
  /* Truncation keeps a terminated string.  */
  lir_report (k, buf, 10);
  CHECK (strlen (buf) < 10);
  lir_free (k);
}

int
main (void)
{
  check ("y(i) = A(i,j) * x(j)", "y(i) = sum(j, A(i,j) * x(j)); A: CSR; "
         "loops: i for (parallel), j for over A; y: dense");
  check ("y(i) = Ac(i,j) * x(j)", "y(i) = sum(j, Ac(i,j) * x(j)); Ac: CSC; "
         "loops: j for, i for over Ac; y: dense");
  check ("C(i,j) = A(i,j) + B(i,j)", "C(i,j) = A(i,j) + B(i,j); C: CSR, "
         "A: CSR, B: CSR; loops: i for, j co-iterate A, B; C: appended in "
         "order; j's merge with or without branches, chosen at run time");
  check ("C(i,j) = A(i,k) * B(k,j)", "C(i,j) = sum(k, A(i,k) * B(k,j)); "
         "C: CSR, A: CSR, B: CSR; loops: i for, k for over A, j for over B; "
         "C: through a workspace");
  check ("D(i,j) = A(i,j) + Bc(i,j)", "D(i,j) = A(i,j) + Bc(i,j); A: CSR, "
         "Bc: CSC converted to CSR; loops: i for (parallel), j co-iterate A, "
         "Bc; D: dense; j's merge with or without branches, chosen at run "
         "time");
  check ("y(i) = b(i) - Ac(i,j) * x(j)", "y(i) = b(i) - sum(j, Ac(i,j) * "
         "x(j)); Ac: CSC; nest 1 (= b(i)): i for (parallel); nest 2 (-= "
         "sum(j, Ac(i,j) * x(j))): j for, i for over Ac; y: dense");
  check ("s = c(i) * x(i)", "s = sum(i, c(i) * x(i)); c: CU; loops: i for "
         "over c; s: scalar");
  return failures != 0;
}
