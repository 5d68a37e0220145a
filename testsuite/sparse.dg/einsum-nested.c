/* A pragma in a GNU C nested function reaches tagged arrays of the
   enclosing function, but not its plain arrays and scalars (GCC has laid
   out the frame the nested function sees before the pragma becomes
   loops): a located error, not wrong code.  */
/* { dg-do compile } */
#include <sparse.h>

double
f (int n, double A[n][n] SPARSE ("CSR"), double x[n])
{
  double y[n];
  double s = 0;
  void own (void)
  {
    double z[4] = { 0 }, w[4] = { 1, 2, 3, 4 };
#pragma sparse einsum z(i) = A(i,j) * w(j)
    s += z[0];
  }
  void theirs (void)
  {
#pragma sparse einsum y(i) = A(i,j) * x(j)	/* { dg-error "in a nested function: .y. belongs to the enclosing function" } */
  }
  own ();
  theirs ();
  return s + y[0];
}
