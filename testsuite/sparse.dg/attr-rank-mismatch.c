/* The format's levels must match the array's rank.  */
/* { dg-do compile } */
#include <sparse.h>

double a[4][4] SPARSE ("D,CU,CU");	/* { dg-error "30: error: invalid sparse format .D,CU,CU. for .a.: format has 3 levels but the array has rank 2" } */
double b[4][4][4] SPARSE ("CSR");	/* { dg-error "rank-2 format but the array has rank 3" } */
double c[4][4] SPARSE ("D");		/* { dg-error "format has 1 level but the array has rank 2" } */
double d[4] SPARSE ("(i,j)->(i:D,j:CU)");	/* { dg-error "2 index variables but the array has rank 1" } */
double e[4][4] SPARSE ("CSR");
