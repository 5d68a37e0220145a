/* A tagged array is shared by the threads of a region; it cannot be
   copied into them.  */
/* { dg-do compile } */
/* { dg-options "-fopenmp" } */
#include <sparse.h>

double
f (void)
{
  double A[10] SPARSE ("CU");
  double s = 0;
#pragma omp parallel for firstprivate(A) reduction(+:s)	/* { dg-error "sparse array .A. cannot appear in a .firstprivate. clause" } */
  for (int i = 0; i < 10; i++)	/* { dg-message "shared by the threads" "" { target *-*-* } .-1 } */
    s += A[i];
  return s;
}
