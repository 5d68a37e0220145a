/* An index out of range is a run-time error, not a wrong result.  */
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

int
main (int argc, char **argv)
{
  (void) argv;
  double L[4][5] SPARSE ("CSR");
  signal (SIGABRT, caught);
  L[1][argc + 4] = 2;
  return 1;
}
/* { dg-output "write: index 5 out of range \\\[0, 5\\) in dimension 1 of a 4x5 sparse array" } */
