/* { dg-do run } */
/* Statements split into kernels over temporaries, and products
   contracted in the order of least estimated work, without a compiler:
   the kernels in the order they run, the temporaries' formats, and the
   one kernel kept where it is best.  */

#define CORE_UTIL_SCHEDULE
#include "core-util.h"
#include "order.h"
#include "split.h"

static const test_opd tab[] = {
  { "A", IX_OPD_ARRAY, 2, { 1000, 1000 }, "csr", IX_F64 },
  { "B", IX_OPD_ARRAY, 2, { 1000, 32 }, NULL, IX_F64 },
  { "C", IX_OPD_ARRAY, 2, { 32, 32 }, NULL, IX_F64 },
  { "S", IX_OPD_ARRAY, 2, { 1000, 1000 }, "csr", IX_F64 },
  { "P", IX_OPD_ARRAY, 2, { 1000, 1000 }, "csr", IX_F64 },
  { "Q", IX_OPD_ARRAY, 2, { 1000, 1000 }, "csc", IX_F64 },
  { "Y", IX_OPD_ARRAY, 2, { 1000, 32 }, NULL, IX_F64 },
  { "Z", IX_OPD_ARRAY, 2, { 1000, 1000 }, "csr", IX_F64 },
  { "U", IX_OPD_ARRAY, 2, { 1000, 32 }, NULL, IX_F64 },
  { "W", IX_OPD_ARRAY, 2, { 32, 1000 }, NULL, IX_F64 },
  { "x", IX_OPD_ARRAY, 1, { 1000 }, NULL, IX_F64 },
  { "y", IX_OPD_ARRAY, 1, { 1000 }, NULL, IX_F64 },
  { "s", IX_OPD_SCALAR, 0, { 0 }, NULL, IX_F64 },
  /* Extents known only at run time.  */
  { "G", IX_OPD_ARRAY, 2, { -1, -1 }, "csr", IX_F64 },
  { "E", IX_OPD_ARRAY, 2, { -1, 64 }, NULL, IX_F64 },
  { "F", IX_OPD_ARRAY, 2, { 64, 64 }, NULL, IX_F64 },
  { "V", IX_OPD_ARRAY, 2, { -1, 64 }, NULL, IX_F64 },
  { NULL, 0, 0, { 0 }, NULL, 0 }
};

/* TEXT planned: WANT the description of its kernels (ix_split_describe),
   or "" for one kernel without temporaries.  */
static void
planned (const char *text, const char *want)
{
  ein_error perr;
  ix_diag err;
  ix_split sp;
  char buf[2048];
  memset (&err, 0, sizeof err);
  ix_stmt *s = parse (text, tab, &perr);
  if (!s)
    {
      fprintf (stderr, "'%s': parse error\n", text);
      failures++;
      return;
    }
  ix_sched_opts opts = { 1 };
  if (ix_split_plan (s, &opts, &sp, &err))
    {
      fprintf (stderr, "'%s': refused: %s\n", text, err.msg);
      failures++;
      ix_free (s);
      return;
    }
  if (sp.nkernels == 1 && sp.ntemps == 0)
    buf[0] = 0;
  else
    ix_split_describe (&sp, buf, sizeof buf);
  if (strcmp (buf, want) != 0)
    {
      fprintf (stderr, "'%s':\n  got  '%s'\n  want '%s'\n", text, buf, want);
      failures++;
    }
  ix_split_free (&sp);
  ix_free (s);
}

int
main (void)
{
  /* A sparse matrix times two dense ones: two kernels.  */
  planned ("Y(i,l) = A(i,j) * B(j,k) * C(k,l)",
           "split into 2 kernels (contracted in the order of least "
           "estimated work, 1.28e+06 against 8.19e+06 in one loop nest) "
           "over temporaries 't0' dense: t0(i,k) = sum(j, A(i,j) * B(j,k)); "
           "Y(i,l) = sum(k, t0(i,k) * C(k,l))");
  /* Two sparse matrices times a vector: the vector first.  */
  planned ("y(i) = A(i,j) * S(j,k) * x(k)",
           "split into 2 kernels (contracted in the order of least "
           "estimated work, 1.6e+04 against 6.4e+04 in one loop nest) over "
           "temporaries 't0' dense: t0(j) = sum(k, S(j,k) * x(k)); y(i) = "
           "sum(j, A(i,j) * t0(j))");
  /* SDDMM: one nest is cheapest.  */
  planned ("Z(i,j) = A(i,j) * U(i,k) * W(k,j)", "");
  /* A product of two: one kernel.  */
  planned ("y(i) = A(i,j) * x(j)", "");
  /* Column sums of a CSR matrix inside a sum over its columns.  */
  planned ("s = P(i,j) + x(j) * Q(j,k) * x(j)",
           "split into 2 kernels over temporaries 't0' dense: t0(j) = "
           "sum(i, P(i,j)); s = sum(j, t0(j) + x(j) * sum(k, Q(j,k)) * "
           "x(j))");
  /* A sparse output's old entries: the right-hand side whole, added
     last.  */
  planned ("Z(i,j) += A(i,k) * S(k,j) + P(i,l) * A(l,j)",
           "split into 3 kernels over temporaries 't0' CSR, 't1' CSR: "
           "t1(i,j) = sum(k, A(i,k) * S(k,j)); t0(i,j) = t1(i,j) + sum(l, "
           "P(i,l) * A(l,j)); Z(i,j) += t0(i,j)");

  /* Extents known only at run time that decide the order: both pairs
     are planned, and the runtime's figures pick between them.  */
  planned ("V(i,l) = G(i,j) * E(j,k) * F(k,l)",
           "contraction order chosen at run time by the work estimated "
           "from the operands' extents and nonzeros, among 2 candidates");
  {
    ein_error perr;
    ix_diag err;
    ix_split sp;
    ix_sched_opts opts = { 1 };
    char text[256];
    ix_stmt *s = parse ("V(i,l) = G(i,j) * E(j,k) * F(k,l)", tab, &perr);
    CHECK (s && ix_split_plan (s, &opts, &sp, &err) == 0 && sp.nalts == 2);
    if (s && sp.nalts == 2)
      {
        CHECK (sp.cand.a[0] == 0 && sp.cand.b[0] == 1 && sp.cand.a[1] == 1
               && sp.cand.b[1] == 2);
        CHECK (sp.item_opd[0] == ix_find_operand (s, "G")
               && sp.item_opd[1] == -1 && sp.item_opd[2] == -1);
        /* The description the generated code passes reads back.  */
        ord_model m;
        ord_candidates c;
        CHECK (sp__ord_write (&sp.model, &sp.cand, text, sizeof text) == 0
               && sp__ord_read (text, &m, &c) == 0 && c.n == 2
               && m.n == 3 && m.vars[1] == sp.model.vars[1]);
        CHECK (sp__ord_write (&sp.model, &sp.cand, text, 8) < 0);
        /* G tall (10^5 x 100, 8 entries a row): B C first; wide (100 x
           10^5): A B first.  Variables i, j, k, l in the order
           written.  */
        double tall[] = { 1e5, 100, 64, 64 }, wide[] = { 100, 1e5, 64, 64 };
        memcpy (m.extent, tall, sizeof tall);
        m.density[0] = 8.0 / 100;
        CHECK (sp__ord_pick (&m, &c) == 1);
        memcpy (m.extent, wide, sizeof wide);
        m.density[0] = 8.0 / 1e5;
        CHECK (sp__ord_pick (&m, &c) == 0);
        CHECK (sp__ord_read ("4 9 3 3 6 12 2 0 1 1", &m, &c) < 0);
        ix_split_free (&sp);
      }
    ix_free (s);
  }
  /* Asked for the estimate's order alone: the pair of the least
     estimated work.  */
  {
    ein_error perr;
    ix_diag err;
    ix_split sp;
    ix_sched_opts opts = { 1 };
    opts.compile_time_order = 1;
    ix_stmt *s = parse ("V(i,l) = G(i,j) * E(j,k) * F(k,l)", tab, &perr);
    CHECK (s && ix_split_plan (s, &opts, &sp, &err) == 0 && sp.nalts == 0
           && sp.nkernels == 2);
    if (s)
      ix_split_free (&sp);
    ix_free (s);
  }

  /* The estimates: A's density is 8 entries in a row of 1000.  */
  {
    ein_error perr;
    ix_stmt *s = parse ("Y(i,l) = A(i,j) * B(j,k) * C(k,l)", tab, &perr);
    ord_chain c;
    ord_pair p;
    CHECK (s && ord_chain_of (s, &c) && c.n == 3
           && c.density[0] == 0.008 && c.density[1] == 1
           && ord_best_pair (s, &c, &p) && p.one_nest == 1000.0 * 1000 * 32
                                                          * 32 * 0.008);
    ix_free (s);
  }
  return failures != 0;
}
