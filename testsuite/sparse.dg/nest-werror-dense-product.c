/* An inner-product SpGEMM accumulated into a sparse output, written as
   loops, is correct code: the plugin compiles it to sparse loops that do
   no more work than the dense loops the user wrote.  That the loops over
   i and j visit every pair of coordinates is no warning for a loop nest
   (a pragma gets one), so -Werror builds it; the report notes it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -Wall -Wextra -Werror" } */
#include <sparse.h>

void
spgemm_ijk (int n, double C[n][n] SPARSE ("DCSR"),
	    double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSC"))
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
	C[i][j] += A[i][k] * B[k][j];
}
