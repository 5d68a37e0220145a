/* Floating-point sums keep the dense program's order of additions: the
   loops summing into one value run in the program's order (a matrix
   summed by columns reads CSR through a copy by columns), and a loop's
   sum added into a value term by term after other terms of the same
   iteration, which the sparse loops cannot add in that order, is left
   to the loops as written, with what to write instead; so are the two
   places of a symmetric product whose terms interleave in an element.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

double
by_columns (int n, double A[n][n] SPARSE ("CSR"), double x[n], double s)
{
  for (int j = 0; j < n; j++)	/* { dg-message "loop nest sparsified: s .= sum.j, sum.i, A.i,j. . x.j...; A: CSR converted to CSC; loops: j for, i for over A; s: scalar" } */
    for (int i = 0; i < n; i++)
      s += A[i][j] * x[j];
  return s;
}

void
between (int n, double y[n], double T[n][n][n] SPARSE ("CSF"), double x[n],
	 double c[n])
{
  for (int i = 0; i < n; i++)	/* { dg-warning "loop nest not sparsified: 'y' accumulates a loop's sum term by term after other terms, which the sparse loops would add in another order: sum that loop into a temporary of its own and add the temporary" } */
    for (int j = 0; j < n; j++)
      {
	y[i] += c[j];
	for (int k = 0; k < n; k++)
	  y[i] += T[i][j][k] * x[k];
      }
}

/* A row's terms and a column's in turn in each element: two statements
   (one per place of y) would add them in another order.  */
void
symmetric_upper (int n, double y[n], double U[n][n] SPARSE ("CSR"),
		 double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-warning "loop nest not sparsified: y is added into at two places whose terms come in turn in its elements, which two passes over the loops would add in another order: add at the inner loop's place only where its index is below the outer loop's .the lower triangle: y.j. .= ... where j < i." } */
    for (int j = i; j < n; j++)
      {
	y[i] += U[i][j] * x[j];
	if (j != i)
	  y[j] += U[i][j] * x[i];
      }
}
