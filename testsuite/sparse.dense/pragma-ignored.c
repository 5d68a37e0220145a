/* A program that means to ignore the pragma without the plugin says so
   after the include; nothing is then said.  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */
#include <sparse.h>
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

void
scale (int n, double y[n] SPARSE ("dense"), double a)
{
#pragma sparse einsum y(i) = a * y(i)
#ifndef __SPARSE_PLUGIN__
  for (int i = 0; i < n; i++)
    y[i] = a * y[i];
#endif
}
