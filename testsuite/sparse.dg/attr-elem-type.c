/* Element types: double, float, int32_t and int64_t only.  */
/* { dg-do compile } */
#include <stdint.h>
#include <sparse.h>

short a[3] SPARSE ("D");		/* { dg-error "element type 'short int'|element type .short int." } */
unsigned b[3] SPARSE ("D");		/* { dg-error "element type .unsigned int." } */
char c[3] SPARSE ("D");			/* { dg-error "element type .char." } */
long double d[3] SPARSE ("D");		/* { dg-error "element type .long double." } */
_Complex double e[3] SPARSE ("D");	/* { dg-error "element type" } */
struct pt { int x; } f[3] SPARSE ("D");	/* { dg-error "element type" } */
double *g[3] SPARSE ("D");		/* { dg-error "element type" } */
uint64_t                        h[3] SPARSE ("D");	/* { dg-error "element type" } */
double ok1[3] SPARSE ("D");
float ok2[3] SPARSE ("D");
int32_t ok3[3] SPARSE ("D");
int64_t ok4[3] SPARSE ("D");
int ok5[3] SPARSE ("D");
long ok6[3] SPARSE ("D");
const double ok7[3] SPARSE ("D");
