/* { dg-do run } */
/* lir_plan_threads: which loops of a kernel run on threads, as the
   report then says.  */

#define CORE_UTIL_SCHEDULE
#include "core-util.h"
#include "loops.h"
#include "plan.h"
#include "report.h"

static const test_opd tab[] = {
  { "A", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "B", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "C", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "E", IX_OPD_ARRAY, 2, { 8, 8 }, "coo", IX_F64 },
  { "L", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_I64 },
  { "x", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { "y", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { "s", IX_OPD_SCALAR, 0, { 0 }, NULL, IX_F64 },
  { "t", IX_OPD_SCALAR, 0, { 0 }, NULL, IX_I64 },
  { NULL, 0, 0, { 0 }, NULL, 0 }
};

static ix_sched sc;

/* Plan TEXT, decide its threads, and check that the row loop of a
   parallel build is found (BUILD) and what the report says.  */
static void
check (const char *text, int threads, int build, const char *want)
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
  lir_plan_threads (k, threads);
  if ((k->par_build_loop >= 0) != build)
    {
      fprintf (stderr, "'%s' on %d: par_build_loop %d\n", text, threads,
               k->par_build_loop);
      failures++;
    }
  if (k->par_build_loop >= 0)
    CHECK (k->stmts[k->par_build_loop].kind == LIR_FOR);
  lir_report (k, buf, sizeof buf);
  if (!strstr (buf, want))
    {
      fprintf (stderr, "'%s' on %d:\n  got  %s\n  want %s\n", text, threads,
               buf, want);
      failures++;
    }
  lir_free (k);
}

int
main (void)
{
  /* Disjoint rows of a dense output.  */
  check ("y(i) = A(i,j) * x(j)", 1, 0, "loops: i for (parallel), j for");
  check ("y(i) = A(i,j) * x(j)", 0, 0, "loops: i for, j for");
  /* A sparse output built by rows.  */
  check ("C(i,j) = A(i,j) + B(i,j)", 1, 1, "loops: i for (parallel), j");
  check ("C(i,j) = A(i,k) * B(k,j)", 1, 1, "loops: i for (parallel), k");
  check ("C(i,j) = A(i,k) * B(k,j)", 0, 0, "loops: i for, k");
  /* An integer sum into a scalar may split; a double one may not.  */
  check ("t = L(i,j)", 1, 0, "i for (parallel)");
  check ("s = A(i,j)", 1, 0, "loops: i for, j for over A; s");
  return failures != 0;
}
