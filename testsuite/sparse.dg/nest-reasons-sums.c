/* A loop nest the planner refuses is told in terms of the loops the user
   wrote, never of einsums: two sums no single loop order serves are
   written as a loop nest each (which the plugin then sparsifies).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
#include <sparse.h>

void
sparse_out (int n, double C[restrict n][n] SPARSE ("CSR"),
	    double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-warning "loop nest not sparsified: the sums of this statement cannot share one loop order and 'C' is sparse: compute each sum in a loop nest of its own, or make 'C' dense; .A., .B., .C. accessed element by element through the runtime" } */
    for (int j = 0; j < n; j++)
      {
	double s = 0;
	for (int k = 0; k < n; k++)
	  s += A[i][k] * B[k][j];
	for (int l = 0; l < n; l++)
	  s += A[i][l] * A[l][j];
	C[i][j] = s;
      }
}

void
dense_out (int n, double y[n], double A[n][n] SPARSE ("CSR"),
	   double B[n][n] SPARSE ("CSC"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-warning "loop nest not sparsified: the sums of this statement cannot share one loop order that follows the storage of its operands: compute each sum in a loop nest of its own" } */
    for (int j = 0; j < n; j++)
      {
	double s = 0;
	for (int k = 0; k < n; k++)
	  s += A[i][k] * B[k][j];
	for (int l = 0; l < n; l++)
	  s += A[i][l] * B[l][j];
	y[i] += s * x[j];
      }
}
