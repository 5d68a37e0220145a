/* The report names loop nests left to the runtime fallback: a for nest
   the recognizer cannot read gets its own reason, a loop it does not
   read (a while loop that is not a for loop) the storage rewrite's
   remark for the accesses outside the nests reported already.  A nest that reads only elements it reads at
   every iteration (no loop over the array) is a note, not a warning, and
   such an element in a loop around nests is a runtime lookup.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

double
f (int n, double A[n][n] SPARSE ("CSR"), double x[n])
{
  double s = 0;
  int i = 0;
  while (i < n)	/* { dg-bogus "accessed element by element" } */
    {
      for (int j = 0; j < n; j++)	/* { dg-message "not sparsified: subscript i of A is not the variable of a loop of the nest: the while loop of i around it, on line 16, is not read as a counted for loop: i is stepped in its body, not by its last statement" } */
	s += A[i][j] * x[j];
      i++;
      s *= 0.5;
    }
  while (i > 0)	/* { dg-message "loop not sparsified: .A. accessed element by element through the runtime: this .while. loop is not read as a counted .for. loop: i is not set by the statement just before it" } */
    {
      s += A[i - 1][i - 1];
      i--;
    }
  return s + A[0][0];	/* { dg-message "not sparsified: this access to .A. is a runtime lookup" } */
}

void
invariant (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "note: loop nest not sparsified: a subscript of A is a constant" } */
    y[i] = A[0][0] * x[i];
  for (int it = 0; it < 3; it++)
    {
      for (int i = 0; i < n; i++)	/* { dg-message "note: loop nest sparsified" } */
	for (int j = 0; j < n; j++)
	  y[i] += A[i][j] * x[j];
      y[0] += A[1][1];	/* { dg-message "note: not sparsified: this access to .A. is a runtime lookup" } */
    }
}
