/* A parameter declared as a pointer has no extents to check: declare it
   as an array.  */
/* { dg-do compile } */
#include <sparse.h>

void f1 (double *p SPARSE ("D"));		/* { dg-error "declared as a pointer" } */
void f2 (int n, double (*p)[n] SPARSE ("D,D"));	/* { dg-error "declared as a pointer" } */
void f3 (int n, double p[][n] SPARSE ("D,CU"));	/* outer bound unknown: fine */
void f4 (int n, double p[n] SPARSE ("CU"));
