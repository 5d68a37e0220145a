/* Every extent must be known.  */
/* { dg-do compile } */
#include <sparse.h>

extern double a[][4] SPARSE ("CSR");	/* { dg-error "needs the extent of dimension 1" } */
extern double b[3][4] SPARSE ("CSR");
