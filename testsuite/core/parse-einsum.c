/* { dg-do run } */
/* The einsum parser: accepted statements, reduction placement, extents.  */

#include "core-util.h"

static const test_opd tab[] = {
  { "A", IX_OPD_ARRAY, 2, { 10, 20 }, "csr", IX_F64 },
  { "B", IX_OPD_ARRAY, 2, { 20, 30 }, "csr", IX_F64 },
  { "C", IX_OPD_ARRAY, 2, { 10, 30 }, "csr", IX_F64 },
  { "T", IX_OPD_ARRAY, 3, { 4, 5, 6 }, "csf", IX_F64 },
  { "U", IX_OPD_ARRAY, 3, { 4, 5, 6 }, NULL, IX_F64 },
  { "V", IX_OPD_ARRAY, 2, { -1, -1 }, "csr", IX_F64 },
  { "x", IX_OPD_ARRAY, 1, { 20 }, NULL, IX_F64 },
  { "y", IX_OPD_ARRAY, 1, { 10 }, NULL, IX_F64 },
  { "b", IX_OPD_ARRAY, 1, { 10 }, NULL, IX_F64 },
  { "v", IX_OPD_ARRAY, 1, { -1 }, NULL, IX_F64 },
  { "z", IX_OPD_POINTER, 0, { 0 }, NULL, IX_F64 },
  { "p", IX_OPD_POINTER, 0, { 0 }, NULL, IX_F64 },
  { "alpha", IX_OPD_SCALAR, 0, { 0 }, NULL, IX_F64 },
  { "s", IX_OPD_SCALAR, 0, { 0 }, NULL, IX_F64 },
  { NULL, 0, 0, { 0 }, NULL, 0 }
};

/* Parse TEXT and compare its printed concrete form with WANT.  */
static ix_stmt *
ok (const char *text, const char *want)
{
  ein_error err;
  char buf[512];
  ix_stmt *s = parse (text, tab, &err);
  if (!s)
    {
      fprintf (stderr, "'%s': unexpected error at token %d: %s\n", text,
               err.tok, err.msg);
      failures++;
      return NULL;
    }
  ix_print (s, buf, sizeof buf);
  if (strcmp (buf, want) != 0)
    {
      fprintf (stderr, "'%s': got '%s', want '%s'\n", text, buf, want);
      failures++;
    }
  return s;
}

int
main (void)
{
  ix_stmt *s;

  s = ok ("y(i) = A(i,j) * x(j)", "y(i) = sum(j, A(i,j) * x(j))");
  if (s)
    {
      CHECK (s->nvars == 2 && s->naccs == 3 && s->nopds == 3);
      CHECK (s->var[0].in_output && !s->var[1].in_output);
      CHECK (s->var[0].extent == 10 && s->var[1].extent == 20);
      /* Tagged operands are the preferred extent source.  */
      CHECK (s->var[1].src_opd == ix_find_operand (s, "A"));
      CHECK (s->var[1].src_dim == 1);
      CHECK (ix_access_sparse (s, 1, &s->opd[s->acc[1].opd].fmt)
             && !ix_access_sparse (s, 2, &s->opd[s->acc[2].opd].fmt));
      CHECK (s->assign == IX_SET && s->out == 0);
      ix_free (s);
    }

  /* The sum covers only the product (SPEC 4).  */
  ix_free (ok ("y(i) = b(i) - A(i,j)*x(j)",
               "y(i) = b(i) - sum(j, A(i,j) * x(j))"));
  ix_free (ok ("y(i) = A(i,j)*x(j) + b(i);",
               "y(i) = sum(j, A(i,j) * x(j)) + b(i)"));
  ix_free (ok ("y(i) = A(i,j) + x(j)", "y(i) = sum(j, A(i,j) + x(j))"));

  /* A pointer takes its extent from the arrays sharing its index.  */
  s = ok ("y(i) += alpha * A(i,j) * x(j) - z(i)",
          "y(i) += sum(j, alpha * A(i,j) * x(j)) - z(i)");
  if (s)
    {
      int z = ix_find_operand (s, "z");
      CHECK (s->assign == IX_ADD_SET);
      CHECK (s->opd[z].rank == 1 && s->opd[z].extent[0] == 10);
      ix_free (s);
    }
  ix_free (ok ("y(i) -= A(i,j)*p(j)", "y(i) -= sum(j, A(i,j) * p(j))"));

  /* Scalar output, several reductions over one product.  */
  s = ok ("s = T(i,j,k) * U(i,j,k)",
          "s = sum(i, sum(j, sum(k, T(i,j,k) * U(i,j,k))))");
  if (s)
    {
      CHECK (s->acc[s->out].nidx == 0);
      ix_free (s);
    }

  ix_free (ok ("C(i,j) = A(i,k) * B(k,j)",
               "C(i,j) = sum(k, A(i,k) * B(k,j))"));
  ix_free (ok ("y(i) = -A(i,j)*x(j)/2.5",
               "y(i) = sum(j, -A(i,j) * x(j)) / 2.5"));
  ix_free (ok ("y(i) = (b(i) + 1) / (alpha - 2)",
               "y(i) = (b(i) + 1) / (alpha - 2)"));
  ix_free (ok ("y(i) = b(i) - (b(i) - 3)", "y(i) = b(i) - (b(i) - 3)"));
  ix_free (ok ("y(i) = 2", "y(i) = 2"));
  ix_free (ok ("s = alpha * 0.5", "s = alpha * 0.5"));

  /* Extents known only at run time: read from the tagged operand.  */
  s = ok ("v(i) = V(i,j) * x(j)", "v(i) = sum(j, V(i,j) * x(j))");
  if (s)
    {
      CHECK (s->var[0].extent == -1);
      CHECK (s->var[0].src_opd == ix_find_operand (s, "V"));
      CHECK (s->var[0].src_dim == 0);
      ix_free (s);
    }
  s = ok ("y(i) = V(i,j) * x(j)", "y(i) = sum(j, V(i,j) * x(j))");
  if (s)
    {
      /* V's extent is unknown, x's is 20: they cannot disagree.  */
      CHECK (s->var[1].extent == 20);
      CHECK (s->var[1].src_opd == ix_find_operand (s, "V"));
      ix_free (s);
    }

  /* Dump does not crash and names every table.  */
  s = ok ("y(i) = A(i,j) * x(j)", "y(i) = sum(j, A(i,j) * x(j))");
  if (s)
    {
      char *text = NULL;
      size_t len = 0;
      FILE *f = open_memstream (&text, &len);
      ix_dump (s, f);
      fclose (f);
      CHECK (strstr (text, "opd 0 y") && strstr (text, "var 1 j")
             && strstr (text, "expr 3: sum"));
      free (text);
      ix_free (s);
    }

  /* Operator table is complete.  */
  for (int op = 0; op < IX_NOPS; op++)
    CHECK (ix_ops[op].name != NULL);

  return failures != 0;
}
