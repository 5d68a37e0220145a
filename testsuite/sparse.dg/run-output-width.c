/* A sparse output whose format's crd width cannot hold the coordinates
   of one of its levels is a run-time error naming the extent and the
   width, before anything is written, not a wrapped index.  */
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

static void
add (double C[2][300] SPARSE ("CSR;crd=8"), double A[2][300] SPARSE ("CSR"),
     double B[2][300] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) + B(i,j)
}

int
main (void)
{
  int64_t dims[2] = { 2, 300 };
  sp_tensor *a = sp_new ("CSR", SP_F64, 2, dims);
  sp_tensor *b = sp_new ("CSR", SP_F64, 2, dims);
  sp_tensor *c = sp_new ("CSR;crd=8", SP_F64, 2, dims);
  sp_insert (a, (int64_t[]) { 0, 5 }, 1);
  sp_insert (b, (int64_t[]) { 1, 250 }, 2);
  signal (SIGABRT, caught);
  add (sp_array (c), sp_array (a), sp_array (b));
  return 1;
}
/* { dg-output "sparse kernel: sparse output: extent 300 does not fit a 8-bit crd array" } */
