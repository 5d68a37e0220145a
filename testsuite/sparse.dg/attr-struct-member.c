/* A structure member cannot be tagged.  */
/* { dg-do compile } */
#include <sparse.h>

struct s
{
  double f[3] SPARSE ("D");	/* { dg-error "cannot tag structure member" } */
  int n;
};

struct s v;
