/* Two sums no single loop order serves run as kernels of their own over
   temporaries, as a loop nest each would, the second's terms added into
   the first's result as the loops add them; the report lists them in
   terms of the statement the loops compute.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparse-report" } */
#include <sparse.h>

void
sparse_out (int n, double C[restrict n][n] SPARSE ("CSR"),
	    double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: split into 2 kernels over temporaries 't0' CSR: t0.i,j. = sum.k, A.i,k. . B.k,j..; C.i,j. = t0.i,j. . sum.l, A.i,l. . A.l,j..;" } */
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
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: split into 3 kernels over temporaries 't0' CSR, 't1' CSR, 'B_CSR' CSR .B converted once.: t1.i,j. = sum.k, A.i,k. . B_CSR.k,j..; t0.i,j. = t1.i,j. . sum.l, A.i,l. . B_CSR.l,j..; y.i. .= sum.j, x.j. . t0.i,j..;" } */
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
