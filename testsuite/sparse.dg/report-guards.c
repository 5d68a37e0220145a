/* Idioms of dense code as people write them, each
   sparsified to a loop over the stored entries ("for over A"): guards
   false at a zero, conditions on the indices, comparisons as values,
   functions that keep zero at zero, division by an indexed dense value,
   and accumulators wider than their terms.  (The guards that stay
   refused: nest-reasons-zeros.c.)  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <math.h>
#include <stdlib.h>
#include <sparse.h>

void
guards (int n, double y[n], int deg[n], double A[n][n] SPARSE ("CSR"),
	const double x[n], double tol)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. != 0 . x.j. : 0.; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < n; j++)
      if (A[i][j] != 0)
	y[i] += x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: deg.i. .= sum.j, A.i,j. != 0 . 1 : 0.; A: CSR; loops: i for, j for over A; deg: dense" } */
    for (int j = 0; j < n; j++)
      if (A[i][j])
	deg[i]++;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = x.i. - sum.j, j != i . A.i,j. . x.j. : 0.; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = x[i];
      for (int j = 0; j < n; j++)
	if (j != i)
	  s -= A[i][j] * x[j];
      y[i] = s;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, abs.A.i,j.. > tol . A.i,j. : 0.; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < n; j++)
      if (fabs (A[i][j]) > tol)
	y[i] += A[i][j];
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, !.j <= i .. A.i,j. <= 0.5. . A.i,j. : 0.; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < n; j++)
      {
	if (j <= i || A[i][j] <= 0.5)
	  continue;
	y[i] += A[i][j];
      }
}

/* A threshold whose sign is known only at run time: sparsified where it
   is false at zero, checked before the loops.  */
int
threshold (int n, double A[n][n] SPARSE ("CSR"), double tol)
{
  int c = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "sparsified where the condition 'fabs .A.i..j.. > tol' is false at the unstored zeros, checked before the loops .else they run as written." } */
    for (int j = 0; j < n; j++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, A.i,j. != 0 && abs.A.i,j.. > tol . 1 : 0..; A: CSR; loops: i for, j for over A; c: scalar" "" { target *-*-* } .-1 } */
      if (fabs (A[i][j]) > tol)
	c++;
  return c;
}

/* ... and counted in a local that the row's store takes.  */
void
threshold_rows (int n, double A[n][n] SPARSE ("CSR"), double tol, int *cnt)
{
  for (int i = 0; i < n; i++)	/* { dg-message "sparsified where the condition 'fabs .A.i..j.. > tol' is false at the unstored zeros, checked before the loops .else they run as written." } */
    {				/* { dg-message "loop nest sparsified: cnt.i. = sum.j, A.i,j. != 0 && abs.A.i,j.. > tol . 1 : 0.; A: CSR; loops: i for, j for over A; cnt: dense" "" { target *-*-* } .-1 } */
      int c = 0;
      for (int j = 0; j < n; j++)
	if (fabs (A[i][j]) > tol)
	  c++;
      cnt[i] = c;
    }
}

long
count (int n, double A[n][n] SPARSE ("DCSR"))
{
  long e = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: e .= sum.i, sum.j, .long..A.i,j. != 0...; A: DCSR; loops: i for over A, j for over A; e: scalar" } */
    for (int j = 0; j < n; j++)
      e += (A[i][j] != 0);
  return e;
}

void
functions (int n, double y[n], long l[n], float f[n],
	   double A[n][n] SPARSE ("CSR"), int B[n][n] SPARSE ("CSR"),
	   const double x[n], int m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, abs.A.i,j.. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < n; j++)
      y[i] += fabs (A[i][j]) * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, -A.i,j..; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < n; j++)
      y[i] += -A[i][j];
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: l.i. .= sum.j, .long.A.i,j..; A: CSR; loops: i for, j for over A; l: dense" } */
    for (int j = 0; j < n; j++)
      l[i] += (long) A[i][j];
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: f.i. .= sum.j, .float.A.i,j..; A: CSR; loops: i for, j for over A; f: dense" } */
    for (int j = 0; j < n; j++)
      f[i] += (float) A[i][j];
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . A.i,j..; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * A[i][j];
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: l.i. .= sum.j, .long..B.i,j. % m..; B: CSR; loops: i for, j for over B; l: dense" } */
    for (int j = 0; j < n; j++)
      l[i] += B[i][j] % m;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: l.i. .= sum.j, .long.abs.B.i,j...; B: CSR; loops: i for, j for over B; l: dense" } */
    for (int j = 0; j < n; j++)
      l[i] += abs (B[i][j]);
}

void
divide (int n, double y[n], double A[n][n] SPARSE ("CSR"), const double r[n],
	const double deg[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . r.j. / deg.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * r[j] / deg[j];
}

long
triangles (int n, int U[n][n] SPARSE ("CSR"))
{
  long count = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: count .= sum.i, sum.j, sum.k, .long..U.i,j. . U.j,k. . U.k,i.....; U: CSR converted to CSC; loops: i for, j for over U, k co-iterate U, U; count: scalar" } */
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
	count += U[i][j] * U[j][k] * U[k][i];
  return count;
}

void
conversions (int n, double y[n], float F[n][n] SPARSE ("CSR"),
	     int B[n][n] SPARSE ("CSR"), const float xf[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, .double..F.i,j. . xf.j...; F: CSR; loops: i for, j for over F; y: dense" } */
    for (int j = 0; j < n; j++)
      y[i] += F[i][j] * xf[j];
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, .double.B.i,j..; B: CSR; loops: i for, j for over B; y: dense" } */
    for (int j = 0; j < n; j++)
      y[i] += B[i][j];
}
