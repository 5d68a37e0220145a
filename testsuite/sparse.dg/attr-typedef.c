/* A typedef cannot be tagged: tag the variables declared with it.  */
/* { dg-do compile } */
#include <sparse.h>

typedef double mat[3][3] SPARSE ("CSR");	/* { dg-error "cannot tag typedef" } */
typedef double vec3[3];
vec3 v SPARSE ("D");
