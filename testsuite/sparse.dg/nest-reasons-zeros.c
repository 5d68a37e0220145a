/* Minimum and maximum reductions into a row's variable or element, and
   conditions and comparisons on the values of a tagged array that are
   not false where they are zero: each would see the unstored zeros that
   sparse loops skip (a row's maximum is 0 when the row has a gap and
   negative entries; a count of the entries below a bound counts the
   gaps), so the nest is left to the fallback, saying so in terms of the
   loop.  Conditions that are false at a zero are sparsified
   (report-guards.c); a scalar's maximum over the rows or the elements
   is (nest-max.c), and a row's, in a variable of the nest then stored
   into the row's element, which takes the value at a zero at each gap
   (nest-pick-temps.c).  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <math.h>
#include <sparse.h>

void
min_max (int n, double y[n], double A[n][n] SPARSE ("CSR"),
	 float yf[n], float B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = fmax.-inf, fmax.j, A.i,j...; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = -INFINITY;
      for (int j = 0; j < n; j++)
	s = fmax (s, A[i][j]);
      y[i] = s;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has a minimum or maximum .fminf.: what it does at the unstored zeros of B" } */
    for (int j = 0; j < n; j++)
      yf[i] = fminf (B[i][j], yf[i]);
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: yf.i. = fmin.yf.i., fmin.j, B.i,j...; B: CSR; loops: i for, j for over B; yf: dense" } */
    for (int j = 0; j < n; j++)
      yf[i] = fminf (yf[i], B[i][j]);
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has a conditional expression with no zero arm: what it does at the unstored zeros of A" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
	s = s > A[i][j] ? s : A[i][j];
      y[i] = s;
    }
}

void
conditions (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n],
	    int c[n], double tol)
{
  /* True at a zero.  */
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: at the unstored zeros of A the condition 'A.i..j. == 0' is true, and 'c.i. .= 1' would run there, but sparse loops visit only the stored entries .a condition false at zero, such as 'A..... != 0 && ...', keeps to them." } */
    for (int j = 0; j < n; j++)
      if (A[i][j] == 0)
	c[i]++;
  /* True at a zero, in the else branch.  */
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: at the unstored zeros of A the condition '!.A.i..j. > 0.' is true, and 'y.i. -= x.j.' would run there" } */
    for (int j = 0; j < n; j++)
      if (A[i][j] > 0)
	y[i] += x[j];
      else
	y[i] -= x[j];
  /* True or not at a zero, as x[j] says: not known before the loops
     (as tol would be, sparsified where it is not negative:
     report-guards.c).  */
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: at the unstored zeros of A the condition 'A.i..j. > x.j.' may be true, and 'c.i. .= 1' would run there" } */
    for (int j = 0; j < n; j++)
      if (A[i][j] > x[j])
	c[i] += 1;
  /* A row's maximum into a variable of the nest, stored as it is.  */
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = max.0, max.j, A.i,j...; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
	if (A[i][j] > s)
	  s = A[i][j];
      y[i] = s;
    }
  /* An output set, not accumulated, under a condition.  */
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: y.i. is set .=. inside an if statement: where the condition is false it keeps its old value; set it before the if statement, or accumulate .+=. into it" } */
    for (int j = 0; j < n; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads" } */
      if (A[i][j] != 0)
	y[i] = x[j];
  /* A comparison as a value, true at a zero.  */
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: at the unstored zeros of A a condition in 'c.i. .= A.i..j. < 1' is true, so that it adds a value that is not zero there" } */
    for (int j = 0; j < n; j++)
      c[i] += A[i][j] < 1;
  /* A temporary set in an if statement, read after it.  */
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: t is read after the if statement that sets it: its value depends on the condition" } */
    for (int j = 0; j < n; j++)
      {
	double t = 1;
	if (A[i][j] != 0)
	  t = A[i][j];
	y[i] += t * x[j];
      }
  /* Counts in locals of both branches of a threshold: one branch runs
     at every unstored zero, whatever the threshold.  */
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: at the unstored zeros of A a condition in 'c.i. = u - v' may be true, so that it stores a value that is not zero there" } */
    {
      int u = 0, v = 0;
      for (int j = 0; j < n; j++)
	if (A[i][j] > tol)
	  u++;
	else
	  v++;
      c[i] = u - v;
    }
}
