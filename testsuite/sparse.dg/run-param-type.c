/* Element types are checked on entry.  */
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

static float
get (int n, float v[n] SPARSE ("CU"))
{
  return v[0];
}

int
main (void)
{
  int64_t dims[1] = { 5 };
  sp_tensor *t = sp_new ("CU", SP_F64, 1, dims);
  signal (SIGABRT, caught);
  printf ("%g\n", (double) get (5, sp_array (t)));
  return 1;
}
/* { dg-output "get: parameter 'v' has elements of type float but the tensor passed holds double" } */
