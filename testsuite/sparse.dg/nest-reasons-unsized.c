/* A nest whose output pointer may overlap an array of unknown size
   cannot check the overlap at run time: the message says what to
   declare; with 'restrict' the nest is sparsified.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparse-report" } */
#include <sparse.h>

extern double g[];

void
f (int n, double A[n][n] SPARSE ("CSR"), double *p)
{
  for (int i = 0; i < n; i++)	/* { dg-warning "loop nest not sparsified: p may share storage with g, whose size is not known here: declare p with 'restrict', or g with its size" } */
    for (int j = 0; j < n; j++)
      p[i] += A[i][j] * g[j];
}

void
r (int n, double A[n][n] SPARSE ("CSR"), double *restrict p)
{
  for (int i = 0; i < n; i++)	/* { dg-message "note: loop nest sparsified: p.i. .= sum.j, A.i,j. . g.j..; A: CSR" } */
    for (int j = 0; j < n; j++)
      p[i] += A[i][j] * g[j];
}
