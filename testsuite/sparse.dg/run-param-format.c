/* A tagged parameter checks the tensor it receives: a CSC tensor passed
   for a CSR parameter is a run-time error naming the parameter.  */
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
first (int n, double A[n][n] SPARSE ("CSR"))
{
  return A[0][0];
}

int
main (void)
{
  int64_t dims[2] = { 3, 3 };
  sp_tensor *t = sp_new ("CSC", SP_F64, 2, dims);
  signal (SIGABRT, caught);
  printf ("%g\n", first (3, sp_array (t)));
  return 1;
}
/* { dg-output "first: parameter 'A' is declared sparse\\(\"CSR\"\\) but the tensor passed is stored as" } */
