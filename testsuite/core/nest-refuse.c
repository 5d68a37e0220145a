/* { dg-do run } */
/* Loop nests that do not mean an index notation statement, or whose
   meaning cannot be proved, and the reasons given.  */

#include "nest-util.h"

static int y, A, x, b, s, t, i, j, k;

/* y[n], A[n][m] CSR, x[m], b[n], scalars s and t (temporaries), loops i < n,
   j < m.  */
static void
setup (void)
{
  fresh ();
  y = ARR ("y", 1, NULL, KN);
  A = ARR ("A", 2, "CSR", KN, KM);
  x = ARR ("x", 1, NULL, KM);
  b = ARR ("b", 1, NULL, KN);
  s = SCA ("s", 0);
  t = SCA ("t", 0);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  k = LOOP ("k", KP);
}

int
main (void)
{
  /* A bound that is not the extent of the tagged dimension it runs
     over.  */
  fresh ();
  y = ARR ("y", 1, NULL, KN);
  A = ARR ("A", 2, "CSR", KN, KM);
  x = ARR ("x", 1, NULL, KM);
  i = LOOP ("i", KN);
  j = LOOP ("j", KP);
  BEGIN (i);
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, MUL (RD (A, i, j), RD (x, j)), i);
  END (j);
  END (i);
  REFUSED ("bound p does not match extent m of A: loop j must run over the "
           "whole extent");

  /* ... nor of the dense array the extent would be taken from.  */
  fresh ();
  y = ARR ("y", 1, NULL, KN);
  x = ARR ("x", 1, NULL, KN);
  int D = ARR ("D", 1, "D", KN);
  i = LOOP ("i", KM);
  BEGIN (i);
  ASSIGN (y, IX_SET, MUL (RD (D, i), RD (x, i)), i);
  END (i);
  REFUSED ("bound m does not match extent n of D");

  /* A tagged extent the declaration does not give: the handle's,
     compared with the bound at run time.  */
  fresh ();
  y = ARR ("y", 1, NULL, KN);
  A = ARR ("A", 2, "CSR", 0, KM);
  x = ARR ("x", 1, NULL, KM);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, MUL (RD (A, i, j), RD (x, j)), i);
  END (j);
  END (i);
  {
    nest_result r = expect_ok (__LINE__, (const char *const[]) {
        "y(i) += sum(j, A(i,j) * x(j)); A: CSR", NULL });
    CHECK (r.nbound_checks == 1 && r.bound_check[0].loop == i
           && r.bound_check[0].dim == 0);
    nest_result_free (&r);
  }


  /* The output read other than by its accumulation.  */
  setup ();
  int z = ARR ("z", 1, NULL, KM);
  BEGIN (i);
  BEGIN (j);
  ASSIGN (z, IX_ADD_SET, MUL (RD (A, i, j), RD (z, j)), j);
  END (j);
  END (i);
  REFUSED ("output z is also read at z[j]");

  /* A plain output read at the element it sets, every loop around
     indexing it, before any write: its old value (ix_stmt.own_read);
     not when a loop around does not index it.  */
  setup ();
  BEGIN (i);
  DECL (s);
  ASSIGN0 (s, IX_SET, CST (0));
  BEGIN (j);
  ASSIGN0 (s, IX_ADD_SET, MUL (RD (A, i, j), RD (x, j)));
  END (j);
  ASSIGN (y, IX_SET, ADD (MUL (RD0 (s), CST (2.5)), MUL (RD (y, i), CST (0.5))), i);
  END (i);
  {
    nest_result r = expect_ok (__LINE__, (const char *const[]) {
        "y(i) = sum(j, A(i,j) * x(j)) * 2.5 + y(i) * 0.5; A: CSR", NULL });
    CHECK (r.nkernels == 1 && r.kernel[0]->own_read >= 0
           && r.kernel[0]->inplace < 0);
    nest_result_free (&r);
  }
  /* Multiplied into inside a loop that does not index it: a product
     (ix_stmt.pick), from its old value.  */
  setup ();
  BEGIN (i);
  BEGIN (j);
  ASSIGN (y, IX_SET, MUL (RD (y, i), RD (A, i, j)), i);
  END (j);
  END (i);
  {
    nest_result r = expect_ok (__LINE__, (const char *const[]) {
        "y(i) = prod(y(i), prod(j, A(i,j))); A: CSR", NULL });
    CHECK (r.nkernels == 1 && r.kernel[0]->pick == IX_PICK_MUL);
    nest_result_free (&r);
  }
  setup ();
  BEGIN (i);
  BEGIN (j);
  ASSIGN (y, IX_SET, SUB (RD (A, i, j), RD (y, i)), i);
  END (j);
  END (i);
  REFUSED ("output y is also read at y[i]");

  /* A tagged output is updated in place when each element reads its
     old value alone, once (A[i][j] *= s); not when a loop around does
     not index it, nor when another element is read.  */
  setup ();
  BEGIN (i);
  BEGIN (j);
  ASSIGN (A, IX_SET, MUL (RD (A, i, j), RD (x, j)), i, j);
  END (j);
  END (i);
  {
    nest_result r = expect_ok (__LINE__, (const char *const[]) {
        "A(i,j) = A(i,j) * x(j); A: CSR", NULL });
    CHECK (r.nkernels == 1 && r.kernel[0]->inplace >= 0);
    nest_result_free (&r);
  }
  setup ();
  BEGIN (i);
  BEGIN (j);
  BEGIN (k);
  ASSIGN (A, IX_ADD_SET, MUL (RD (A, i, j), CST (0.5)), i, j);
  END (k);
  END (j);
  END (i);
  REFUSED ("output A is also read at A[i][j]");
  fresh ();
  A = ARR ("A", 2, "CSR", KN, KN);
  i = LOOP ("i", KN);
  j = LOOP ("j", KN);
  BEGIN (i);
  BEGIN (j);
  ASSIGN (A, IX_SET, MUL (RD (A, j, i), CST (2)), i, j);
  END (j);
  END (i);
  REFUSED ("output A is also read at A[j][i]");

  /* A plain assignment inside a loop that does not index the output.  */
  setup ();
  BEGIN (i);
  BEGIN (j);
  ASSIGN (y, IX_SET, RD (A, i, j), i);
  END (j);
  END (i);
  REFUSED ("y[i] is assigned in every iteration of loop j, which does not "
           "index it");

  /* A running sum: the temporary is read where it accumulates.  */
  setup ();
  BEGIN (i);
  ASSIGN0 (s, IX_SET, CST (0));
  BEGIN (j);
  ASSIGN0 (s, IX_ADD_SET, RD (A, i, j));
  ASSIGN (x, IX_SET, RD0 (s), j);
  END (j);
  END (i);
  REFUSED ("s is read inside loop j, where it accumulates");

  /* A temporary read after the loop that set it.  */
  setup ();
  BEGIN (i);
  BEGIN (j);
  ASSIGN0 (t, IX_SET, RD (A, i, j));
  END (j);
  ASSIGN (y, IX_SET, RD0 (t), i);
  END (i);
  REFUSED ("t is read after loop j, which leaves it the value of its last "
           "iteration");

  /* A temporary read before it is set again in the same loop: the read
     sees the previous iteration's value.  */
  setup ();
  BEGIN (i);
  ASSIGN0 (t, IX_SET, CST (0));
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, RD0 (t), i);
  ASSIGN0 (t, IX_SET, RD (A, i, j));
  END (j);
  END (i);
  REFUSED ("t is read in loop j before it is set there: its value carries "
           "over from one iteration to the next");

  setup ();
  BEGIN (i);
  ASSIGN0 (t, IX_SET, CST (0));
  BEGIN (j);
  ASSIGN (x, IX_SET, RD0 (t), j);
  ASSIGN0 (t, IX_ADD_SET, RD (A, i, j));
  END (j);
  END (i);
  REFUSED ("t is read in loop j before it is set there");

  /* (Set first, then read, in every iteration: no carried value.)  */
  setup ();
  BEGIN (i);
  BEGIN (j);
  ASSIGN0 (t, IX_SET, RD (A, i, j));
  ASSIGN (y, IX_ADD_SET, RD0 (t), i);
  ASSIGN0 (t, IX_SET, CST (0));
  END (j);
  END (i);
  {
    nest_result r;
    CHECK (nest_lower (N, &r) == 0 && r.nkernels == 1);
    nest_result_free (&r);
  }

  /* Read before set: a declared temporary, and one never set.  */
  setup ();
  BEGIN (i);
  DECL (t);
  ASSIGN0 (t, IX_ADD_SET, RD (y, i));
  END (i);
  REFUSED ("t is read before it is set");

  /* (A scalar the nest never writes is an input, read where the
     statement runs.)  */
  setup ();
  BEGIN (i);
  ASSIGN (y, IX_SET, RD0 (t), i);
  END (i);
  {
    nest_result r;
    CHECK (nest_lower (N, &r) == 0 && r.nkernels == 1);
    nest_result_free (&r);
  }

  /* A loop whose variable indexes nothing it accumulates.  */
  setup ();
  BEGIN (k);
  BEGIN (i);
  ASSIGN (y, IX_ADD_SET, RD (b, i), i);
  END (i);
  END (k);
  REFUSED ("loop k accumulates into y but its variable indexes nothing");

  /* An output written at two different elements.  */
  setup ();
  BEGIN (i);
  BEGIN (j);
  ASSIGN (x, IX_SET, CST (0), j);
  ASSIGN (x, IX_ADD_SET, CST (1), i);
  END (j);
  END (i);
  REFUSED ("x is written both at x[j] and at x[i]");

  /* Two loops of one range pick the same elements only one after the
     other, not one inside the other.  */
  fresh ();
  y = ARR ("y", 1, NULL, KN);
  b = ARR ("b", 1, "CU", KN);
  i = LOOP ("i", KN);
  j = LOOP ("j", KN);
  BEGIN (i);
  ASSIGN (y, IX_SET, CST (0), i);
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, RD (b, i), j);
  END (j);
  END (i);
  REFUSED ("y is written both at y[i] and at y[j]");

  /* ... nor over different ranges.  */
  fresh ();
  y = ARR ("y", 1, NULL, KN);
  b = ARR ("b", 1, "CU", KN);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  BEGIN (i);
  ASSIGN (y, IX_SET, CST (0), i);
  END (i);
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, RD (b, j), j);
  END (j);
  REFUSED ("y is written both at y[i] and at y[j]");

  /* A scalar that outlives the nest keeps its last value.  */
  fresh ();
  x = ARR ("x", 1, "CU", KN);
  s = SCA ("s", 1);
  i = LOOP ("i", KN);
  BEGIN (i);
  ASSIGN0 (s, IX_SET, RD (x, i));
  END (i);
  REFUSED ("s keeps only the value of the last iteration of loop i");

  /* Accumulation in a type other than the terms': float terms into a
     double scalar, each converted as C converts it.  */
  fresh ();
  y = ARR ("y", 1, NULL, KN);
  int Af = ARR_T ("A", IX_F32, 2, "CSR", KN, KM);
  int xf = ARR_T ("x", IX_F32, 1, NULL, KM);
  s = SCA ("s", 0);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  BEGIN (i);
  ASSIGN0 (s, IX_SET, CST (0));
  BEGIN (j);
  ASSIGN0 (s, IX_ADD_SET, MUL (RD (Af, i, j), RD (xf, j)));
  END (j);
  ASSIGN (y, IX_SET, RD0 (s), i);
  END (i);
  OK ("y(i) = sum(j, (double)(A(i,j) * x(j))); A: CSR");

  /* ... but not double terms into a float, which C would round at each
     step.  */
  fresh ();
  y = ARR ("y", 1, NULL, KN);
  A = ARR ("A", 2, "CSR", KN, KM);
  x = ARR ("x", 1, NULL, KM);
  s = SCA_T ("s", 0, IX_F32);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  BEGIN (i);
  ASSIGN0 (s, IX_SET, CST (0));
  BEGIN (j);
  ASSIGN0 (s, IX_ADD_SET, MUL (RD (A, i, j), RD (x, j)));
  END (j);
  ASSIGN (y, IX_SET, RD0 (s), i);
  END (i);
  REFUSED ("s is float but accumulates double terms over loop j");

  /* A value rounded by the variable that holds it, then used again: the
     rounded value.  */
  fresh ();
  y = ARR ("y", 1, NULL, KN);
  A = ARR ("A", 2, "CSR", KN, KM);
  x = ARR ("x", 1, NULL, KM);
  t = SCA_T ("t", 0, IX_F32);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  BEGIN (i);
  BEGIN (j);
  ASSIGN0 (t, IX_SET, MUL (RD (A, i, j), RD (x, j)));
  ASSIGN (y, IX_ADD_SET, RD0 (t), i);
  END (j);
  END (i);
  OK ("y(i) += sum(j, (double)(float)(A(i,j) * x(j))); A: CSR");

  fresh ();
  y = ARR_T ("y", IX_F32, 1, NULL, KN);
  A = ARR_T ("A", IX_F32, 2, "CSR", KN, KM);
  x = ARR_T ("x", IX_F32, 1, NULL, KM);
  b = ARR ("b", 1, NULL, KN);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  BEGIN (i);
  ASSIGN (y, IX_SET, RD (b, i), i);
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, MUL (RD (A, i, j), RD (x, j)), i);
  END (j);
  END (i);
  OK ("y(i) = (float)b(i) + sum(j, A(i,j) * x(j)); A: CSR");

  /* ... but constants the type holds are stored exactly.  */
  fresh ();
  y = ARR_T ("y", IX_F32, 1, NULL, KN);
  A = ARR_T ("A", IX_F32, 2, "CSR", KN, KM);
  x = ARR_T ("x", IX_F32, 1, NULL, KM);
  i = LOOP ("i", KN);
  j = LOOP ("j", KM);
  BEGIN (i);
  ASSIGN (y, IX_SET, CST (0.5), i);
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, MUL (RD (A, i, j), RD (x, j)), i);
  END (j);
  END (i);
  {
    nest_result r;
    CHECK (nest_lower (N, &r) == 0 && r.nkernels == 1);
    nest_result_free (&r);
  }

  /* What index notation itself refuses: division by a sparse value, a
     write of a diagonal.  */
  setup ();
  BEGIN (i);
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, DIV (RD (x, j), RD (A, i, j)), i);
  END (j);
  END (i);
  REFUSED ("division by 'A', a sparse operand");

  setup ();
  BEGIN (i);
  ASSIGN (A, IX_ADD_SET, RD (y, i), i, i);
  END (i);
  REFUSED ("index 'i' is used twice in output 'A'");

  /* Two variables of one name.  */
  fresh ();
  y = ARR ("y", 1, NULL, KN);
  int y2 = ARR ("y", 1, NULL, KN);
  A = ARR ("A", 1, "CU", KN);
  i = LOOP ("i", KN);
  BEGIN (i);
  ASSIGN (y, IX_SET, RD (A, i), i);
  ASSIGN (y2, IX_SET, RD (A, i), i);
  END (i);
  REFUSED ("two different variables are named y");

  /* The nest computes nothing that outlives it: no statement.  */
  setup ();
  BEGIN (i);
  ASSIGN0 (t, IX_SET, RD (y, i));
  END (i);
  {
    nest_result r;
    CHECK (nest_lower (N, &r) == 0 && r.nkernels == 0);
  }

  nest_free (N);
  return failures != 0;
}
