/* The argument is one string literal.  */
/* { dg-do compile } */
#include <sparse.h>

double a[4][4] __attribute__ ((sparse (42)));		/* { dg-error "must be a format string literal" } */
double b[4][4] __attribute__ ((sparse ("csr", "x")));	/* { dg-error "wrong number of arguments" } */
/* { dg-message "expected between 1 and 1" "" { target *-*-* } .-1 } */
double c[4][4] __attribute__ ((sparse));		/* { dg-error "wrong number of arguments" } */
/* { dg-message "expected between 1 and 1" "" { target *-*-* } .-1 } */
double d[4][4] __attribute__ ((sparse (L"CSR")));	/* { dg-error "must be a format string literal" } */
