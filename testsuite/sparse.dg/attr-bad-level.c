/* A malformed format is an error with the caret on the bad character.  */
/* { dg-do compile } */
#include <sparse.h>

double a[4][4] SPARSE ("D,XX");		/* { dg-error "27: error: invalid sparse format .D,XX." } */
double b[4][4] __attribute__ ((sparse ("(i,j)->(j:D,k:CU)")));	/* { dg-error "53: error: invalid sparse format" } */
double c[4][4] SPARSE ("D,CU;pos=12");	/* { dg-error "invalid sparse format" } */
double d[4][4] SPARSE ("");		/* { dg-error "invalid sparse format" } */
double e[4][4]
  SPARSE ("bcsr(3)");			/* { dg-error "invalid sparse format" } */
