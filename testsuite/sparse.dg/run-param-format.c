/* A tagged parameter checks the tensor it receives: a CSC tensor passed
   for a CSR parameter is a run-time error naming the parameter, also
   after the tensor has gone through parameters declared with its own
   format (whose text the check remembers), spelled two ways.  */
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

static double
by_name (int n, double A[n][n] SPARSE ("CSC"))
{
  return A[0][0];
}

static double
by_levels (int n, double A[n][n] SPARSE ("(i,j)->(j:D,i:CU)"))
{
  return A[0][0];
}

int
main (void)
{
  int64_t dims[2] = { 3, 3 };
  sp_tensor *t = sp_new ("CSC", SP_F64, 2, dims);
  signal (SIGABRT, caught);
  setvbuf (stdout, NULL, _IONBF, 0);
  for (int k = 0; k < 2; k++)
    printf ("%g %g\n", by_name (3, sp_array (t)), by_levels (3, sp_array (t)));
  printf ("%g\n", first (3, sp_array (t)));
  return 1;
}
/* { dg-output "0 0\r?\n0 0\r?\n.*first: parameter 'A' is declared sparse\\(\"CSR\"\\) but the tensor passed is stored as" } */
