/* Two different formats on one array.  */
/* { dg-do compile } */
#include <sparse.h>

double a[4][4] SPARSE ("CSR") SPARSE ("CSC");	/* { dg-error "conflicting sparse formats" } */
double b[4][4] SPARSE ("CSR") SPARSE ("D,CU");	/* the same format: fine */
