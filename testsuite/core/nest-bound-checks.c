/* { dg-do run } */
/* Bounds the front end compares with the extents before the loops
   (nest_loop.bound_rt): where their keys differ from the extents', or
   the extents are unknown, each pair of loop and extent is left to that
   check once; other bounds must match by key.  */

#include "nest-util.h"

/* for i < KI { for j < KJ y[i] += A[i][j] * x[j]; }, A[n][m] CSR,
   y[n], x[m]; loop i's and j's bounds compared at run time when RT.  */
static int
spmv (int ki, int kj, int rt, nest_result *r)
{
  fresh ();
  int y = ARR ("y", 1, NULL, KN);
  int A = ARR ("A", 2, "CSR", KN, KM);
  int x = ARR ("x", 1, NULL, KM);
  int i = LOOP ("i", ki), j = LOOP ("j", kj);
  N->loop[i].bound_rt = rt;
  N->loop[j].bound_rt = rt;
  BEGIN (i);
  BEGIN (j);
  ASSIGN (y, IX_ADD_SET, MUL (RD (A, i, j), RD (x, j)), i);
  END (j);
  END (i);
  return nest_lower (N, r);
}

int
main (void)
{
  nest_result r;

  /* Keys equal to the extents': nothing to check.  */
  CHECK (spmv (KN, KM, 1, &r) == 0);
  CHECK (r.nkernels == 1 && r.nbound_checks == 0);
  nest_result_free (&r);

  /* Other keys: i against A's first extent, j against A's second (the
     one x shares is not its source), once each.  */
  CHECK (spmv (KP, KQ, 1, &r) == 0);
  CHECK (r.nkernels == 1 && r.nbound_checks == 2);
  CHECK (r.bound_check[0].loop == 0 && r.bound_check[0].obj == 1
         && r.bound_check[0].dim == 0);
  CHECK (r.bound_check[1].loop == 1 && r.bound_check[1].obj == 1
         && r.bound_check[1].dim == 1);
  nest_result_free (&r);

  /* The same keys without the front end's check: refused.  */
  CHECK (spmv (KP, KQ, 0, &r) == -1);
  CHECK (strstr (r.reason, "bound p does not match extent n of A") != NULL);
  CHECK (r.nbound_checks == 0);

  /* An unknown extent, compared at run time.  */
  fresh ();
  int s = SCA ("s", 1);
  int B = ARR ("B", 1, "CU", 0);
  int k = LOOP ("k", KP);
  N->loop[k].bound_rt = 1;
  BEGIN (k);
  ASSIGN0 (s, IX_ADD_SET, RD (B, k));
  END (k);
  CHECK (nest_lower (N, &r) == 0);
  CHECK (r.nbound_checks == 1 && r.bound_check[0].obj == B);
  nest_result_free (&r);

  nest_free (N);
  return failures != 0;
}
