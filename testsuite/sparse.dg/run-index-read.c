/* A read out of range of an assembled CSR matrix, which the generated
   code reads without calling the runtime, is the runtime's error too.  */
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
read_at (double A[4][5] SPARSE ("CSR"), int i, int j)
{
  return A[i][j];
}

int
main (int argc, char **argv)
{
  (void) argv;
  int64_t dims[2] = { 4, 5 }, at[2] = { 1, 2 };
  sp_tensor *t = sp_new ("CSR", SP_F64, 2, dims);
  sp_insert (t, at, 3);
  sp_assemble (t);
  signal (SIGABRT, caught);
  printf ("%g\n", read_at (sp_array (t), 1, argc + 1));
  printf ("%g\n", read_at (sp_array (t), 1, argc + 4));
  return 1;
}
/* { dg-output "3\r?\n.*read: index 5 out of range \\\[0, 5\\) in dimension 1 of a 4x5 sparse array" } */
