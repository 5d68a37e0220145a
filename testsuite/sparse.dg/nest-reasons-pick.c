/* Maxima and minima taken in a loop nest: the report of those
   sparsified (nest-max.c runs them), and those that stay refused, each
   with its reason: a pick over
   the stored entries of a row takes the value at a zero where they
   leave a gap, which needs one value there (not one per column) and
   the row's whole extent.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <math.h>
#include <sparse.h>

double
picks (int n, double y[n], double A[n][n] SPARSE ("CSR"), const double x[n],
       int flag, double D[n][n] SPARSE ("DCSR"))
{
  double m = 0, big = 0, low = 1;
  float f = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: m takes its maximum over loop j, where the sparse loops would visit the entries A stores only: the dense loop also compares the value at its unstored zeros" } */
    for (int j = 0; j < n; j++)
      if (A[i][j] * x[j] > m)
	m = A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: low takes its minimum over loop i, where the sparse loops would visit the entries D stores only" } */
    for (int j = 0; j < n; j++)
      low = D[i][j] < low ? D[i][j] : low;
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: m takes its maximum over loop j, which runs over part of its extent" } */
    for (int j = 0; j < i; j++)
      if (fabs (A[i][j]) > m)
	m = fabs (A[i][j]);
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: y takes its maximum over loop j, where the sparse loops would visit the entries A stores only: the dense loop also compares the value at its unstored zeros" } */
    {
      double t = 0;
      for (int j = 0; j < n; j++)
	if (A[i][j] * x[j] > t)
	  t = A[i][j] * x[j];
      y[i] = t;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: big takes a maximum and is also written elsewhere in the nest" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
	s += A[i][j] * x[j];
      if (s > big)
	big = s;
      big += 1;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: f is float but takes double values, compared before they are converted" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
	s += A[i][j] * x[j];
      if (s > f)
	f = s;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: m takes a maximum inside another if statement" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
	s += A[i][j] * x[j];
      if (flag)
	if (s > m)
	  m = s;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: low = min.low, min.i, sum.j, A.i,j. . x.j....; A: CSR; loops: i for, j for over A; low: scalar" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
	s += A[i][j] * x[j];
      if (s <= low)
	low = s;
    }
  return m + big + low + f;
}

double
sparsified (int n, double A[n][n] SPARSE ("CSR"), const double x[n],
	    const double b[n])
{
  double err = 0, top = -INFINITY, m = 0, low = INFINITY;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: err = max.err, max.i, abs.b.i. - sum.j, A.i,j. . x.j.....; A: CSR; loops: i for, j for over A; err: scalar" } */
    {
      double s = b[i];
      for (int j = 0; j < n; j++)
	s -= A[i][j] * x[j];
      if (fabs (s) > err)
	err = fabs (s);
    }
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: m = max.m, max.i, max.j, abs.A.i,j.....; A: CSR; loops: i for, j for over A; m: scalar" } */
    for (int j = 0; j < n; j++)
      if (m < fabs (A[i][j]))
	m = fabs (A[i][j]);
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: top = fmax.top, fmax.i, fmax.j, A.i,j. . b.i....; A: CSR; loops: i for, j for over A; top: scalar" } */
    for (int j = 0; j < n; j++)
      top = fmax (top, A[i][j] * b[i]);
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: low = min.low, min.i, min.j, A.i,j....; A: CSR; loops: i for, j for over A; low: scalar" } */
    for (int j = 0; j < n; j++)
      low = A[i][j] <= low ? A[i][j] : low;
  return err + m + top + low;
}
