/* { dg-do run } */
/* Merge lattices: the TACO paper's examples (Fig. 9, Fig. 10), the dense
   simplifications of its section 5.2, and an MLIR-style example.  A dense
   iterator prints with a prime.  */

#define CORE_UTIL_SCHEDULE
#include "lattice.h"
#include "core-util.h"

static const test_opd tab[] = {
  { "a", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { "b", IX_OPD_ARRAY, 1, { 8 }, "CU", IX_F64 },
  { "c", IX_OPD_ARRAY, 1, { 8 }, "CU", IX_F64 },
  { "d", IX_OPD_ARRAY, 1, { 8 }, "CU", IX_F64 },
  { "e", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { "f", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { "g", IX_OPD_ARRAY, 1, { 8 }, "D", IX_F64 },
  { "A", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "B", IX_OPD_ARRAY, 2, { 8, 8 }, "dcsr", IX_F64 },
  { "Y", IX_OPD_ARRAY, 2, { 8, 8 }, NULL, IX_F64 },
  { "alpha", IX_OPD_SCALAR, 0, { 0 }, NULL, IX_F64 },
  { NULL, 0, 0, { 0 }, NULL, 0 }
};

static ix_sched sc;

/* The lattice of TEXT's right-hand side for loop variable LOOP, with the
   accesses of ABSENT zero, as "(b,c) b(i) + c(i); (b) b(i)" plus " [dense]"
   when it has a universe point.  */
static void
check (const char *text, const char *loop, uint32_t absent, const char *want)
{
  ix_diag err;
  lattice l;
  char got[1024] = "", buf[256];
  if (schedule_text (text, tab, 0, &sc, &err))
    {
      fprintf (stderr, "'%s': %s\n", text, err.msg);
      failures++;
      return;
    }
  int lv = -1;
  for (int v = 0; v < sc.nsv; v++)
    if (strcmp (sc.sv[v].name, loop) == 0)
      lv = v;
  if (lv < 0 || lat_build (&sc, lv, sc.st.rhs, absent, &l))
    {
      fprintf (stderr, "'%s': no lattice for %s\n", text, loop);
      failures++;
      return;
    }
  for (int p = 0; p < l.n; p++)
    {
      int first = 1;
      strcat (got, p ? "; (" : "(");
      for (int a = 0; a < sc.st.naccs; a++)
        if (lat_test (&l.p[p].bits, lat_bit (a, lv)))
          {
            strcat (got, first ? "" : ",");
            strcat (got, sc.st.opd[sc.st.acc[a].opd].name);
            if (lat_test (&l.dense, lat_bit (a, lv)))
              strcat (got, "'");
            first = 0;
          }
      strcat (got, ") ");
      strcat (got, lat_print_expr (&sc.st, sc.st.rhs, l.p[p].absent, buf,
                                   sizeof buf));
    }
  if (lat_has_universe (&l))
    strcat (got, " [dense]");
  if (strcmp (got, want) != 0)
    {
      fprintf (stderr, "'%s' for %s:\n  got  %s\n  want %s\n", text, loop,
               got, want);
      lat_dump (&sc, &l, stderr);
      failures++;
    }
}

int
main (void)
{
  /* Fig. 10a: a = bc.  */
  check ("a(i) = b(i) * c(i)", "i", 0, "(b,c) b(i) * c(i)");
  /* Fig. 9: sparse vector addition.  */
  check ("a(i) = b(i) + c(i)", "i", 0,
         "(b,c) b(i) + c(i); (b) b(i); (c) c(i)");
  /* Fig. 10b: a = b + cd, in the paper's order.  */
  check ("a(i) = b(i) + c(i) * d(i)", "i", 0,
         "(b,c,d) b(i) + c(i) * d(i); (b) b(i); (c,d) c(i) * d(i)");
  /* Fig. 10c, 10d: dense operands merge into one point.  */
  check ("a(i) = e(i) * f(i)", "i", 0, "(e',f') e(i) * f(i) [dense]");
  check ("a(i) = e(i) + f(i)", "i", 0, "(e',f') e(i) + f(i) [dense]");
  /* Fig. 10e: iterate the sparse b, pick from the dense c.  */
  check ("a(i) = b(i) * e(i)", "i", 0, "(b,e') b(i) * e(i)");
  /* Fig. 10f: a = b + cd with c dense.  */
  check ("a(i) = b(i) + e(i) * d(i)", "i", 0,
         "(b,e',d) b(i) + e(i) * d(i); (b) b(i); (e',d) e(i) * d(i)");
  /* A dense operand added: its range covers everything; the point where
     b is missing keeps the dense one.  */
  check ("a(i) = b(i) + e(i)", "i", 0, "(b,e') b(i) + e(i); (e') e(i) "
         "[dense]");
  /* A tagged dense vector is dense too.  */
  check ("a(i) = b(i) + g(i)", "i", 0, "(b,g') b(i) + g(i); (g') g(i) "
         "[dense]");
  /* Subtraction: the right side alone is negated.  */
  check ("a(i) = b(i) - c(i)", "i", 0,
         "(b,c) b(i) - c(i); (b) b(i); (c) -c(i)");
  /* Scalars and constants are everywhere.  */
  check ("a(i) = b(i) + 2", "i", 0, "(b) b(i) + 2; () 2 [dense]");
  check ("a(i) = alpha * b(i)", "i", 0, "(b) alpha * b(i)");
  check ("a(i) = b(i) / 2", "i", 0, "(b) b(i) / 2");
  /* The universe point comes after the sparse points it does not see.  */
  check ("a(i) = 2 + b(i)", "i", 0, "(b) 2 + b(i); () 2 [dense]");
  /* MLIR-style: a product over a union.  */
  check ("a(i) = b(i) * (c(i) + d(i))", "i", 0,
         "(b,c,d) b(i) * (c(i) + d(i)); (b,c) b(i) * c(i); "
         "(b,d) b(i) * d(i)");
  /* Three-way union (PLUS3).  */
  check ("a(i) = b(i) + c(i) + d(i)", "i", 0,
         "(b,c,d) b(i) + c(i) + d(i); (b,d) b(i) + d(i); "
         "(c,d) c(i) + d(i); (b,c) b(i) + c(i); (b) b(i); (c) c(i); "
         "(d) d(i)");
  /* Accesses already known absent drop out.  */
  check ("a(i) = b(i) + c(i) * d(i)", "i", 1u << 2, "(b) b(i)");
  check ("a(i) = b(i) * c(i)", "i", 1u << 1, "");
  /* Matrices: a CSR row is a dense level, its columns sparse.  */
  check ("a(i) = A(i,j) * e(j)", "i", 0, "(A') sum(j, A(i,j) * e(j)) "
         "[dense]");
  check ("a(i) = A(i,j) * e(j)", "j", 0, "(A,e') sum(j, A(i,j) * e(j))");
  check ("a(i) = B(i,j) * e(j)", "i", 0, "(B) sum(j, B(i,j) * e(j))");
  /* A term not indexed by the loop has a value at every column.  */
  check ("Y(i,j) = B(i,j) + a(i)", "j", 0, "(B) B(i,j) + a(i); () a(i) "
         "[dense]");
  check ("Y(i,j) = B(i,j) + a(i)", "i", 0, "(B,a') B(i,j) + a(i); (a') a(i) "
         "[dense]");
  /* Covering: a case of a point has a subset of its sparse iterators.  */
  {
    ix_diag err;
    lattice l;
    if (schedule_text ("a(i) = b(i) + c(i) * d(i)", tab, 0, &sc, &err) == 0
        && lat_build (&sc, 0, sc.st.rhs, 0, &l) == 0)
      {
        CHECK (l.n == 3);
        CHECK (lat_covers (&l, 0, 1) && lat_covers (&l, 0, 2));
        CHECK (!lat_covers (&l, 1, 2) && !lat_covers (&l, 2, 1));
        CHECK (lat_sparse (&l, 2) == ((1u << 2) | (1u << 3)));
        CHECK (l.p[1].absent == ((1u << 2) | (1u << 3)));
        CHECK (lat_iterator (&sc, 1, 0, NULL) == 0);
      }
    else
      failures++;
  }
  return failures != 0;
}
