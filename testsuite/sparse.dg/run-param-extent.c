/* Extents are checked on entry, VLA bounds included.  */
/* { dg-do run } */
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
#include <sparse.h>

static void
caught (int sig)
{
  (void) sig;
  _exit (0);
}

static double
corner (int m, int n, double A[m][n] SPARSE ("CSR"))
{
  return A[m - 1][n - 1];
}

int
main (void)
{
  int64_t dims[2] = { 3, 4 };
  sp_tensor *t = sp_new ("CSR", SP_F64, 2, dims);
  signal (SIGABRT, caught);
  printf ("%g\n", corner (3, 4, sp_array (t)));	/* fine */
  printf ("%g\n", corner (4, 3, sp_array (t)));
  return 1;
}
/* { dg-output "0\n\[^\n\]*corner: parameter 'A' is declared 4x3 but the tensor passed is 3x4" } */
