/* An inner-product SpGEMM accumulated into a sparse output, written as
   loops, is correct code: the plugin compiles it to sparse loops that do
   no more work than the dense loops the user wrote.  The warning that
   the loops over i and j visit every pair of coordinates (emit.cc,
   warn_dense_products) has no option to silence it, so with -Werror
   such a file does not build.  Known bug, XFAIL until that warning gets
   an option or becomes a note for nests; then this test XPASSes and the
   xfail goes.  */
/* { dg-do compile } */
/* { dg-options "-O2 -Wall -Wextra -Werror" } */
/* { dg-excess-errors "the dense-product warning cannot be silenced" { xfail *-*-* } } */
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
