/* A pointer that is not a tensor handle is caught on entry.  */
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
get (int n, double v[n] SPARSE ("CU"))
{
  return v[0];
}

int
main (void)
{
  static double dense[8];
  double *volatile p = dense;	/* hidden from the compile-time check */
  signal (SIGABRT, caught);
  printf ("%g\n", get (8, p));
  return 1;
}
/* { dg-output "get: parameter 'v' is not a tensor handle" } */
