/* Loops counting down: the forms the reader refuses, each with its
   reason, and the loops whose order matters (floating-point sums,
   carried reads, a maximum) where the sparse loop cannot run down.  The
   report says which loops run down; the others run up.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <stddef.h>
#include <sparse.h>

void
forms (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n],
       unsigned un)
{
  for (int i = n - 1; i != -1; i--)	/* { dg-message "not sparsified: the condition of loop i, which counts down, is not of the form 'i >= bound' or 'i > bound'" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (int i = n - 1; i >= 0; i -= 2)	/* { dg-message "not sparsified: loop i does not step by 1" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (int i = n - 1; i >= 1; i--)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, i >= 1 . A.i,j. . x.j. : 0.; A: CSR; loops: i for, j for over A" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (unsigned i = un - 1; i >= 0; i--)	/* { dg-message "not sparsified: loop i is unsigned and counts down: write it 'for .i = bound; i-- > 0; .', which does not wrap past 0" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (unsigned i = un - 1; i < un; i--)	/* { dg-message "not sparsified: loop i is unsigned and counts down: write it" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  int i = n - 1;
  y[0] = 0;
  for (; i >= 0; i--)	/* { dg-message "not sparsified: loop i counts down and has no start" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  int j;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j >= i . 1 . A.i,j. . x.j. : 0.; A: CSR; loops: i for, j for over A down" } */
    for (j = n - 1; j > i; j--)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop j runs over part of an extent and its variable is not a signed int or long" } */
    for (size_t j = i; j-- > 0;)
      y[i] += A[i][j] * x[j];
}

/* Where the order matters and the sparse loop cannot run down.  */
void
orders (int n, double y[n], double A[n][n] SPARSE ("CSR"),
        double B[n][n] SPARSE ("CSR"), double C[n][n] SPARSE ("COO"),
        double x[n], double *m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop j counts down and 'y' adds floating-point terms in its order, but its sparse loop merges the entries of A and B, which runs in increasing order only" } */
    for (int j = n - 1; j >= 0; j--)
      y[i] += A[i][j] + B[i][j];
  double s = 0;
  for (int i = n - 1; i >= 0; i--)	/* { dg-message "not sparsified: loop i counts down and 's' adds floating-point terms in its order, but its sparse loop steps through runs of equal coordinates of C, which runs in increasing order only" } */
    for (int j = 0; j < n; j++)
      s += C[i][j];
  *m = s;
  double mx = -1e300;
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop j counts down and 'mx' takes its maximum in its order, but its sparse loop visits the gaps between the entries A stores, which runs in increasing order only" } */
    for (int j = n - 1; j >= 0; j--)
      if (A[i][j] > mx)
	mx = A[i][j];
  m[1] = mx;
}

/* An output added into at two places, which two statements would add
   in another order when the outer loop counts down.  */
void
symmetric (int n, double y[n], double L[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = n - 1; i >= 0; i--)	/* { dg-message "not sparsified: y is added into at two places, which two passes over the loops would add in another order: the outer loop counts down, meeting each element's places the other way round; write it counting up" } */
    for (int j = 0; j <= i; j++)
      {
	y[i] += L[i][j] * x[j];
	if (j != i)
	  y[j] += L[i][j] * x[i];
      }
}

/* Loops over a format's diagonals, blocks or slots, around the loop
   that counts down.  */
void
derived (int n, double y[n], double D[n][n] SPARSE ("DIA"),
         double E[n][n] SPARSE ("ELL"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop j counts down and 'y' adds floating-point terms in its order, but its sparse loop goes through the blocks, diagonals or slots of D, which runs in increasing order only" } */
    for (int j = n - 1; j >= 0; j--)
      y[i] += D[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop j counts down and 'y' adds floating-point terms in its order, but its sparse loop goes through the blocks, diagonals or slots of E, which runs in increasing order only" } */
    for (int j = n - 1; j >= 0; j--)
      y[i] += E[i][j] * x[j];
}

/* The report: the loops that run down say so; those whose order cannot
   change the result run up.  */
void
report (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n],
        long *iy, long Ai[n][n] SPARSE ("CSR"), long *ix)
{
  for (int i = n - 1; i >= 0; i--)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A down; y: dense" } */
    for (int j = n - 1; j >= 0; j--)
      y[i] += A[i][j] * x[j];
  for (int i = n - 1; i >= 0; i--)	/* { dg-message "loop nest sparsified: iy.i. .= sum.j, Ai.i,j. . ix.j..; Ai: CSR; loops: i for, j for over Ai; iy: dense" } */
    for (int j = n - 1; j >= 0; j--)
      iy[i] += Ai[i][j] * ix[j];
  for (int i = n - 1; i >= 0; i--)	/* { dg-message "loop nest sparsified: x.i. = .y.i. - sum.j, j >= i . 1 . A.i,j. . x.j. : 0.. / sum.i_2, i_2 == i . A.i,i_2. : 0.; A: CSR; loops: i for down, j for over A, i_2 for over A; x: dense" } */
    {
      double s = y[i];
      for (int j = i + 1; j < n; j++)
	s -= A[i][j] * x[j];
      x[i] = s / A[i][i];
    }
}
