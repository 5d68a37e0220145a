/* A parameter declared as a pointer to elements has no extents to
   check: declare it as an array.  A pointer to rows, T (*p)[n], is the
   type of T p[][n], whose outer extent is the tensor's.  */
/* { dg-do compile } */
#include <sparse.h>

void f1 (double *p SPARSE ("D"));		/* { dg-error "declared as a pointer" } */
void f2 (int n, double (*p)[n] SPARSE ("D,D"));	/* outer bound unknown: fine */
void f3 (int n, double p[][n] SPARSE ("D,CU"));	/* outer bound unknown: fine */
void f4 (int n, double p[n] SPARSE ("CU"));
void f5 (int n, float (*p)[n][4] SPARSE ("CSF"));
void f6 (int n, double **p SPARSE ("CSR"));	/* { dg-error "declared as a pointer" } */
