/* Calls of the C library's functions of one floating-point argument in
   loop bodies: sparsified where the zeros allow it (a function that is
   +0 at +0 runs over the stored entries, another over every element or
   behind a guard), spelt in the messages as the program calls them; the
   functions of the library that are not of one argument, or that are
   not among those, are calls the loops cannot see through.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <math.h>
#include <sparse.h>

double f (double);

void
guarded (int n, double A[n][n] SPARSE ("CSR"), double *y)
{
  for (int i = 0; i < n; i++)	/* { dg-message "note: loop nest sparsified: y.i. = sum.j, A.i,j. != 0 . exp.A.i,j.. : 0.; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
	if (A[i][j] != 0)
	  y[i] += exp (A[i][j]);
    }
}

double
keeps_zeros (int n, float A[n][n] SPARSE ("CSR"))
{
  double s = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "note: loop nest sparsified: s .= sum.i, sum.j, sqrt..double.abs.A.i,j.....; A: CSR; loops: i for, j for over A; s: scalar" } */
    for (int j = 0; j < n; j++)
      s += sqrt (fabs (A[i][j]));
  return s;
}

double
every_element (int n, double A[n][n] SPARSE ("CSR"))
{
  double s = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "note: loop nest sparsified: s .= sum.i, sum.j, .double.cosf..float.A.i,j....; A: CSR; loops: i for, j for; s: scalar" } */
    /* { dg-message "the loops over .i. and .j. visit every pair of coordinates" "" { target *-*-* } .-1 } */
    /* { dg-message "a format whose level order follows the loop order" "" { target *-*-* } .-2 } */
    for (int j = 0; j < n; j++)
      s += cosf (A[i][j]);
  return s;
}

void
refused (int n, double A[n][n] SPARSE ("CSR"), double *y)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: at the unstored zeros of A the condition 'A.i..j. < 1' is true, and 'y.i. .= log .A.i..j..' would run there" } */
    for (int j = 0; j < n; j++)
      if (A[i][j] < 1)
	y[i] += log (A[i][j]);
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body calls pow" } */
    for (int j = 0; j < n; j++)
      y[i] += pow (A[i][j], 3);
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body calls lgamma" } */
    for (int j = 0; j < n; j++)
      y[i] += lgamma (A[i][j]);
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body calls f" } */
    for (int j = 0; j < n; j++)
      y[i] += f (A[i][j]);
}
