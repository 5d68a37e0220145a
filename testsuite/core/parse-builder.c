/* { dg-do run } */
/* The index notation builder as a loop-nest recogniser uses it: explicit
   sums, implicit ones placed by ix_finish, and its checks.  */

#include "core-util.h"

static int
opd (ix_stmt *s, const char *name, ix_operand_kind kind, int rank,
     int64_t e0, int64_t e1, const char *fmt)
{
  ix_operand o;
  ix_diag d;
  memset (&o, 0, sizeof o);
  snprintf (o.name, sizeof o.name, "%s", name);
  o.kind = kind;
  o.rank = rank;
  o.extent[0] = e0;
  o.extent[1] = e1;
  o.type = IX_F64;
  if (fmt)
    {
      sp_format_error fe;
      o.tagged = 1;
      sp_format_parse (fmt, rank, &o.fmt, &fe);
    }
  return ix_add_operand (s, &o, &d);
}

int
main (void)
{
  ix_diag d;
  char buf[256];

  /* for i: s = 0; for j: s += A[i][j] * x[j]; y[i] = s;  */
  ix_stmt *s = ix_new ();
  int y = opd (s, "y", IX_OPD_ARRAY, 1, 5, 0, NULL);
  int A = opd (s, "A", IX_OPD_ARRAY, 2, 5, 6, "csr");
  int x = opd (s, "x", IX_OPD_POINTER, 0, 0, 0, NULL);
  int i = ix_add_var (s, "i", -1, 7, &d), j = ix_add_var (s, "j", -1, 8, &d);
  int vi[] = { i }, vij[] = { i, j }, vj[] = { j };
  int out = ix_add_access (s, y, 1, vi, -1, 1, &d);
  int a = ix_add_leaf (s, ix_add_access (s, A, 2, vij, -1, 2, &d), &d);
  int b = ix_add_leaf (s, ix_add_access (s, x, 1, vj, -1, 3, &d), &d);
  int m = ix_add_op (s, IX_MUL, a, b, -1, 4, &d);
  int sum = ix_add_sum (s, j, m, &d);
  ix_set_output (s, out, IX_SET, sum);
  CHECK (ix_add_operand (s, &s->opd[A], &d) == A);
  CHECK (ix_finish (s, &d) == 0);
  CHECK (strcmp (ix_print (s, buf, sizeof buf),
                 "y(i) = sum(j, A(i,j) * x(j))") == 0);
  CHECK (s->opd[x].rank == 1 && s->opd[x].extent[0] == 6);
  CHECK (s->nexprs == 4);   /* no second sum was placed */
  ix_free (s);

  /* An explicit sum over an index that is also used outside it.  */
  s = ix_new ();
  y = opd (s, "y", IX_OPD_ARRAY, 1, 5, 0, NULL);
  A = opd (s, "A", IX_OPD_ARRAY, 2, 5, 5, "csr");
  int z = opd (s, "z", IX_OPD_ARRAY, 1, 5, 0, NULL);
  i = ix_add_var (s, "i", -1, 0, &d);
  j = ix_add_var (s, "j", -1, 0, &d);
  out = ix_add_access (s, y, 1, vi, -1, 1, &d);
  a = ix_add_leaf (s, ix_add_access (s, A, 2, vij, -1, 2, &d), &d);
  b = ix_add_leaf (s, ix_add_access (s, z, 1, vj, -1, 3, &d), &d);
  sum = ix_add_sum (s, j, a, &d);
  ix_set_output (s, out, IX_ADD_SET, ix_add_op (s, IX_ADD, sum, b, -1, 5,
                                                &d));
  CHECK (ix_finish (s, &d) == -1 && d.loc == 3
         && strstr (d.msg, "index 'j' is used outside the sum over it"));
  ix_free (s);

  /* A sum over an output index.  */
  s = ix_new ();
  y = opd (s, "y", IX_OPD_ARRAY, 1, 5, 0, NULL);
  z = opd (s, "z", IX_OPD_ARRAY, 1, 5, 0, NULL);
  i = ix_add_var (s, "i", -1, 0, &d);
  out = ix_add_access (s, y, 1, vi, -1, 1, &d);
  b = ix_add_leaf (s, ix_add_access (s, z, 1, vi, -1, 3, &d), &d);
  ix_set_output (s, out, IX_SET, ix_add_sum (s, i, b, &d));
  CHECK (ix_finish (s, &d) == -1
         && strstr (d.msg, "index 'i' is summed but also indexes the "
                    "output"));
  ix_free (s);

  /* Limits are errors, not overflows.  */
  s = ix_new ();
  for (int k = 0; k < IX_MAX_VARS; k++)
    {
      char name[8];
      snprintf (name, sizeof name, "v%d", k);
      CHECK (ix_add_var (s, name, -1, 0, &d) == k);
    }
  CHECK (ix_add_var (s, "w", 3, 9, &d) == -1 && d.tok == 3 && d.loc == 9
         && strstr (d.msg, "too many index variables"));
  CHECK (ix_add_var (s, "v3", -1, 0, &d) == 3);
  ix_free (s);
  return failures != 0;
}
