/* { dg-do run } */
/* Storage orders that conflict: refusals that name a better format, and
   conversion requests when conversions are allowed.  */

#define CORE_UTIL_SCHEDULE
#include "core-util.h"

static const test_opd tab[] = {
  { "A", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "B", IX_OPD_ARRAY, 2, { 8, 8 }, "csc", IX_F64 },
  { "C", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "R", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "Cc", IX_OPD_ARRAY, 2, { 8, 8 }, "csc", IX_F64 },
  { "Cd", IX_OPD_ARRAY, 2, { 8, 8 }, "dcsc", IX_F64 },
  { "Ce", IX_OPD_ARRAY, 2, { 8, 8 }, "ell", IX_F64 },
  { "Co", IX_OPD_ARRAY, 2, { 8, 8 }, "coo", IX_F64 },
  { "D", IX_OPD_ARRAY, 2, { 8, 8 }, NULL, IX_F64 },
  { "E", IX_OPD_ARRAY, 2, { 8, 8 }, NULL, IX_F64 },
  { "Ab", IX_OPD_ARRAY, 2, { 8, 8 }, "bcsr(2,2)", IX_F64 },
  { "T", IX_OPD_ARRAY, 3, { 8, 8, 8 }, "csf", IX_F64 },
  { "U", IX_OPD_ARRAY, 3, { 8, 8, 8 }, "(i,j,k)->(k:CU,j:CU,i:CU)", IX_F64 },
  { "x", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { "y", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { "s", IX_OPD_SCALAR, 0, { 0 }, NULL, IX_F64 },
  { NULL, 0, 0, { 0 }, NULL, 0 }
};

static ix_sched sc;

static void
refused (const char *text, const char *want)
{
  ix_diag err;
  memset (&err, 0, sizeof err);
  int rc = schedule_text (text, tab, 0, &sc, &err);
  if (rc == 0 || !strstr (err.msg, want))
    {
      fprintf (stderr, "'%s': rc %d '%s', want refusal '%s'\n", text, rc,
               rc ? err.msg : "", want);
      failures++;
    }
}

/* With conversions allowed, TEXT schedules after converting access ACC to
   the format spelt SPELLING, in loop order ORDER.  */
static void
converted (const char *text, int acc, const char *spelling, const char *order)
{
  ix_diag err;
  char buf[128];
  if (schedule_text (text, tab, 1, &sc, &err))
    {
      fprintf (stderr, "'%s': refused: %s\n", text, err.msg);
      failures++;
      return;
    }
  sch_print_order (&sc, 0, buf, sizeof buf);
  if (sc.nconv != 1 || sc.conv[0].access != acc || sc.conv_of[acc] != 0
      || strcmp (sc.conv[0].spelling, spelling) != 0
      || strcmp (buf, order) != 0)
    {
      fprintf (stderr, "'%s': %d conversions (acc %d to '%s'), order '%s'\n",
               text, sc.nconv, sc.nconv ? sc.conv[0].access : -1,
               sc.nconv ? sc.conv[0].spelling : "", buf);
      failures++;
    }
}

int
main (void)
{
  /* CSR + CSC.  */
  refused ("D(i,j) = A(i,j) + B(i,j)", "'A' is CSR and 'B' is CSC: no loop "
           "order follows both; store 'B' as CSR");
  converted ("D(i,j) = A(i,j) + B(i,j)", 2, "D,CU", "i, j");
  refused ("D(i,j) = B(i,j) * A(i,j)", "'B' is CSC and 'A' is CSR: no loop "
           "order follows both; store 'A' as CSC");
  /* Reading the same matrix and its transpose.  */
  refused ("D(i,j) = A(i,j) * A(j,i)", "'A' (as A(i,j)) is CSR and 'A' (as "
           "A(j,i)) is CSR: no loop order follows both; store 'A' (as A(j,i)) "
           "as CSC");
  converted ("D(i,j) = A(i,j) * A(j,i)", 2, "(i,j)->(j:D,i:CU)", "i, j");
  /* Three-way tensors stored in opposite orders.  */
  refused ("s = T(i,j,k) * U(i,j,k)", "store 'U' as CSF");
  /* A blocked operand meets a sparse one.  */
  refused ("D(i,j) = Ab(i,j) * A(i,j)", "'Ab' is stored as "
           "(i,j)->(i/2:D,j/2:CU,i%2:D,j%2:D), which combines with dense "
           "operands only (it meets the sparse 'A'); store 'Ab' as CSR");
  converted ("D(i,j) = Ab(i,j) * A(i,j)", 1, "D,CU", "i, j");
  /* A blocked operand whose block loops cannot wrap a row's sum.  */
  refused ("E(i,j) = x(j) * (y(i) + Ab(i,k) * x(k))", "'Ab' is stored as "
           "(i,j)->(i/2:D,j/2:CU,i%2:D,j%2:D), whose loops cannot be ordered "
           "for this expression; store 'Ab' as CSR");
  /* A row sum inside a product needs rows first.  */
  refused ("E(i,j) = x(j) * (y(i) + B(i,k) * x(k))", "the loops this "
           "expression needs do not follow the storage of 'B' (CSC); store "
           "it as CSR");
  /* Sums that cannot nest, dense output, nothing to convert.  */
  refused ("E(i,j) = x(j) * (D(i,k) * x(k) + D(i,l) * x(l))", "the sums of "
           "this expression cannot share one loop nest in the storage order "
           "of its operands");
  /* Sparse outputs the loops cannot produce.  */
  refused ("Cc(i,j) = A(i,j) * C(i,j)", "the loops produce 'Cc' out of its "
           "storage order (CSC) and no workspace fits: store it as CSR");
  /* ... unless converting an operand lets them.  */
  refused ("Cc(i,j) = A(i,k) * C(k,j)", "'Cc' is CSC and 'C' is CSR: no "
           "loop order follows both; store 'C' as CSC");
  refused ("Cd(i,j) = A(i,j) * D(i,j)", "'Cd' is DCSC and 'A' is CSR: no "
           "loop order follows both; store 'A' as CSC");
  converted ("Cd(i,j) = A(i,j) * D(i,j)", 1, "(i,j)->(j:D,i:CU)", "j, i");
  /* Old entries of a sparse output in Gustavson's order: each row of
     them added to the workspace.  */
  {
    ix_diag err;
    char order[64] = "";
    int rc = schedule_text ("C(i,j) += A(i,k) * R(k,j)", tab, 0, &sc, &err);
    if (rc == 0)
      sch_print_order (&sc, 0, order, sizeof order);
    CHECK (rc == 0 && sc.nnests == 1 && sc.nest[0].nws_rows == 1
           && sc.nest[0].ws_row[0] == sc.old_out
           && sc.nest[0].out_mode == SCH_OUT_WORKSPACE
           && strcmp (order, "i, k, j") == 0);
  }
  /* ... so are the rows of a term stored like the output, before them.  */
  {
    ix_diag err;
    char order[64] = "";
    int rc = schedule_text ("C(i,j) += A(i,k) * R(k,j) - R(i,j)", tab, 0,
                            &sc, &err);
    if (rc == 0)
      sch_print_order (&sc, 0, order, sizeof order);
    CHECK (rc == 0 && sc.nnests == 1 && sc.nest[0].nws_rows == 2
           && sc.nest[0].ws_row[1] == sc.old_out
           && sc.nest[0].ws_sign[0] == -1
           && sc.nest[0].out_mode == SCH_OUT_WORKSPACE
           && strcmp (order, "i, k, j") == 0);
  }
  refused ("C(i,j) += B(i,k) * R(k,j)", "'C' is CSR and 'B' is CSC: no loop "
           "order follows both; store 'B' as CSR");
  /* Nothing to convert: the sums do not fit between the old entries.  */
  refused ("C(i,j) += D(i,k) * E(k,j) + D(i,l) * E(l,j)", "'C' is sparse and "
           "its old entries cannot be merged with these sums in one loop "
           "nest");
  refused ("Ce(i,j) = A(i,j)", "'Ce' is stored as ELL, which generated "
           "loops cannot write");
  refused ("Co(i,j) = A(i,j)", "'Co' is stored as COO, which generated "
           "loops cannot write");
  /* ... unless converted: written in a format they can write.  */
  converted ("Co(i,j) = A(i,j)", 0, "CU,CU", "i, j");
  converted ("Ce(i,j) = A(i,j)", 0, "D,CU", "i, j");
  refused ("C(i,j) = A(i,k) * E(k,j) + A(i,l) * D(l,j)", "the sums of this "
           "expression cannot share one loop nest and 'C' is sparse");
  /* Dense output: the same expression is split instead.  */
  {
    ix_diag err;
    CHECK (schedule_text ("E(i,j) = A(i,k) * D(k,j) + B(i,l) * D(l,j)", tab,
                          0, &sc, &err) == 0);
    CHECK (sc.nnests == 2);
  }
  return failures != 0;
}
