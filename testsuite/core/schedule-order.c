/* { dg-do run } */
/* Loop orders, output modes and nest splitting chosen by the scheduler.  */

#define CORE_UTIL_SCHEDULE
#include "core-util.h"

static const test_opd tab[] = {
  { "A", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "B", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "C", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "D", IX_OPD_ARRAY, 2, { 8, 8 }, NULL, IX_F64 },
  { "E", IX_OPD_ARRAY, 2, { 8, 8 }, NULL, IX_F64 },
  { "Ac", IX_OPD_ARRAY, 2, { 8, 8 }, "csc", IX_F64 },
  { "Ab", IX_OPD_ARRAY, 2, { 8, 8 }, "bcsr(2,2)", IX_F64 },
  { "Ad", IX_OPD_ARRAY, 2, { 8, 8 }, "dia", IX_F64 },
  { "Ae", IX_OPD_ARRAY, 2, { 8, 8 }, "ell", IX_F64 },
  { "T", IX_OPD_ARRAY, 3, { 8, 8, 8 }, "csf", IX_F64 },
  { "x", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { "y", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { "b", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { "z", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { "c", IX_OPD_ARRAY, 1, { 8 }, "CU", IX_F64 },
  { "alpha", IX_OPD_SCALAR, 0, { 0 }, NULL, IX_F64 },
  { "beta", IX_OPD_SCALAR, 0, { 0 }, NULL, IX_F64 },
  { "s", IX_OPD_SCALAR, 0, { 0 }, NULL, IX_F64 },
  { NULL, 0, 0, { 0 }, NULL, 0 }
};

static ix_sched sc;

/* Schedule TEXT; check nest N's order, output mode and evaluation mode
   (-1: any).  Returns nonzero when it scheduled.  */
static int
expect (const char *text, int nnests, int n, const char *order, int out_mode,
        int mode)
{
  ix_diag err;
  char buf[256];
  if (schedule_text (text, tab, 0, &sc, &err))
    {
      fprintf (stderr, "'%s': refused: %s\n", text, err.msg);
      failures++;
      return 0;
    }
  sch_print_order (&sc, n, buf, sizeof buf);
  if (sc.nnests != nnests || strcmp (buf, order) != 0
      || (out_mode >= 0 && (int) sc.nest[n].out_mode != out_mode)
      || (mode >= 0 && (int) sc.nest[n].mode != mode))
    {
      fprintf (stderr, "'%s': nest %d of %d: order '%s' out %d mode %d; "
               "want %d nests, '%s' out %d mode %d\n", text, n, sc.nnests,
               buf, sc.nest[n].out_mode, sc.nest[n].mode, nnests, order,
               out_mode, mode);
      sch_dump (&sc, stderr);
      failures++;
      return 0;
    }
  return 1;
}

int
main (void)
{
  char buf[256];

  /* SpMV over CSR: rows, then the row's nonzeros; sums in a register.  */
  if (expect ("y(i) = A(i,j) * x(j)", 1, 0, "i, j", SCH_OUT_DENSE,
              SCH_REGISTER))
    {
      const sch_nest *n = &sc.nest[0];
      CHECK (n->nscopes == 2 && n->scope[0].expr == sc.st.rhs);
      CHECK (n->scope[0].first == 0 && n->scope[0].last == 0);
      CHECK (n->scope[1].first == 1 && n->scope[1].last == 1);
      CHECK (sc.st.expr[n->scope[1].expr].op == IX_SUM);
    }
  /* Over CSC: columns first, the output scattered.  */
  if (expect ("y(i) = Ac(i,j) * x(j)", 1, 0, "j, i", SCH_OUT_DENSE,
              SCH_SCATTER))
    CHECK (sc.nest[0].nscopes == 1 && sc.nest[0].scope[0].last == 1);
  /* Transposed access of a CSR matrix follows the storage.  */
  expect ("y(j) += A(i,j) * x(i)", 1, 0, "i, j", SCH_OUT_DENSE,
          SCH_SCATTER);
  /* SpMM: the dense dimension innermost.  */
  expect ("D(i,j) = A(i,k) * E(k,j)", 1, 0, "i, k, j", SCH_OUT_DENSE,
          SCH_SCATTER);
  /* SpGEMM into CSR: Gustavson through a workspace for the columns.  */
  if (expect ("C(i,j) = A(i,k) * B(k,j)", 1, 0, "i, k, j",
              SCH_OUT_WORKSPACE, SCH_SCATTER))
    CHECK (sc.nest[0].ws_level == 1);
  /* SDDMM into CSR: appended in order, the dense k innermost.  */
  expect ("C(i,j) = B(i,j) * D(i,k) * E(k,j)", 1, 0, "i, j, k",
          SCH_OUT_APPEND, SCH_REGISTER);
  /* Element-wise and union into CSR.  */
  expect ("C(i,j) = A(i,j) * B(i,j)", 1, 0, "i, j", SCH_OUT_APPEND,
          SCH_REGISTER);
  expect ("C(i,j) = A(i,j) + B(i,j)", 1, 0, "i, j", SCH_OUT_APPEND,
          SCH_REGISTER);
  /* += into a sparse output reads the old output.  */
  if (expect ("C(i,j) += A(i,j)", 1, 0, "i, j", SCH_OUT_APPEND,
              SCH_REGISTER))
    {
      CHECK (sc.old_out == 2 && sc.st.assign == IX_SET);
      CHECK (strcmp (ix_print (&sc.st, buf, sizeof buf),
                     "C(i,j) = C(i,j) + A(i,j)") == 0);
    }
  /* TTV and MTTKRP over CSF.  */
  expect ("D(i,j) = T(i,j,k) * x(k)", 1, 0, "i, j, k", SCH_OUT_DENSE,
          SCH_REGISTER);
  expect ("E(i,j) = T(i,k,l) * D(k,j) * D(l,j)", 1, 0, "i, k, l, j",
          SCH_OUT_DENSE, SCH_SCATTER);
  /* Scalar results.  */
  if (expect ("s = A(i,j) * B(i,j)", 1, 0, "i, j", SCH_OUT_SCALAR,
              SCH_REGISTER))
    {
      const sch_nest *n = &sc.nest[0];
      CHECK (n->nscopes == 2 && n->scope[0].last < n->scope[0].first);
      CHECK (n->scope[1].first == 0 && n->scope[1].last == 1);
    }
  expect ("s = c(i) * x(i)", 1, 0, "i", SCH_OUT_SCALAR, SCH_REGISTER);

  /* RESIDUAL over CSR: one nest, the sum kept in a register.  */
  expect ("y(i) = b(i) - A(i,j) * x(j)", 1, 0, "i, j", SCH_OUT_DENSE,
          SCH_REGISTER);
  /* Over CSC the sum cannot run per row: one nest per term.  */
  if (expect ("y(i) = b(i) - Ac(i,j) * x(j)", 2, 1, "j, i", SCH_OUT_DENSE,
              SCH_SCATTER))
    {
      CHECK (sc.nest[0].assign == IX_SET && sc.nest[1].assign == IX_SUB_SET);
      CHECK (strcmp (ix_print_expr (&sc.st, sc.nest[0].rhs, buf, sizeof buf),
                     "b(i)") == 0);
    }
  /* MATTRANSMUL over CSR: y = alpha A^T x + beta z.  */
  if (expect ("y(j) = alpha * A(i,j) * x(i) + beta * z(j)", 2, 0, "i, j",
              SCH_OUT_DENSE, SCH_SCATTER))
    {
      CHECK (sc.nest[0].assign == IX_SET && sc.nest[1].assign == IX_ADD_SET);
      CHECK (sc.nest[1].nloops == 1);
    }
  /* A negative first term is negated, -= flips the signs.  */
  if (expect ("y(i) -= b(i) - Ac(i,j) * x(j)", 2, 0, "i", SCH_OUT_DENSE,
              -1))
    CHECK (sc.nest[0].assign == IX_SUB_SET
           && sc.nest[1].assign == IX_ADD_SET);
  if (expect ("y(i) = -Ac(i,j) * x(j) + b(i)", 2, 0, "j, i", -1, -1))
    CHECK (sc.nest[0].assign == IX_SET && sc.nest[1].assign == IX_ADD_SET);
  /* Two sums added, dense output: two nests.  */
  expect ("D(i,j) = A(i,k) * B(k,j) + Ac(i,l) * E(l,j)", 2, 1, "l, i, j",
          SCH_OUT_DENSE, SCH_SCATTER);

  /* Blocked, diagonal and ELL operands drive their own loops.  */
  if (expect ("y(i) = Ab(i,j) * x(j)", 1, 0, "i_b1, j_b1, i_r1, j_r1",
              SCH_OUT_DENSE, SCH_SCATTER))
    {
      CHECK (sc.nest[0].comp[0].kind == SCH_SPLIT
             && sc.nest[0].comp[0].k == 2);
      CHECK (sch_var_depth (&sc, 0, 0) == 2);
      CHECK (sch_var_depth (&sc, 0, 1) == 3);
    }
  if (expect ("y(i) = Ad(i,j) * x(j)", 1, 0, "j_d1, i", SCH_OUT_DENSE,
              SCH_SCATTER))
    CHECK (sc.nest[0].comp[1].kind == SCH_SHIFTED);
  expect ("y(i) = Ae(i,j) * x(j)", 1, 0, "i_s1, i, j", SCH_OUT_DENSE,
          SCH_SCATTER);
  /* With a term added, the ELL slots run inside the rows.  */
  if (expect ("y(i) = b(i) + Ae(i,j) * x(j)", 1, 0, "i, i_s2, j",
              SCH_OUT_DENSE, SCH_REGISTER))
    CHECK (sc.nest[0].nscopes == 2 && sc.nest[0].scope[1].first == 1
           && sc.nest[0].scope[1].last == 2);
  /* A sum under + beside a term that needs a later loop.  */
  expect ("D(i,j) = x(j) * (b(i) + A(i,k) * x(k))", 1, 0, "i, j, k",
          SCH_OUT_DENSE, SCH_REGISTER);

  /* Names of formats.  */
  {
    sp_format f;
    sp_format_error fe;
    sp_format_parse ("(i,j)->(j:D,i:CU)", 2, &f, &fe);
    CHECK (strcmp (sch_format_name (&f, buf, sizeof buf), "CSC") == 0);
    sp_format_parse ("CU,CU,CU", 3, &f, &fe);
    CHECK (strcmp (sch_format_name (&f, buf, sizeof buf), "CSF") == 0);
    sp_format_parse ("D,CU,D", 3, &f, &fe);
    CHECK (strcmp (sch_format_name (&f, buf, sizeof buf), "D,CU,D") == 0);
  }
  return failures != 0;
}
