/* Loop nests whose operands are reached through structure members but
   whose members or structures may change while the loops run, left to
   the fallback with their reasons.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

struct prob
{
  int n;
  double *x, *y;
  volatile double *vx;
  double m[4][4];
};

void
members (struct prob *p, struct prob *q, struct prob s, int n,
	 double A[n][n] SPARSE ("CSR"), struct prob *all[n],
	 unsigned char c[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: structure member p->x is assigned in the loop body" } */
    {
      for (int j = 0; j < n; j++)
	p->y[i] += A[i][j] * p->x[j];
      p->x = q->x;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: pointer p is assigned in the loop body" } */
    {
      for (int j = 0; j < n; j++)
	p->y[i] += A[i][j] * p->x[j];
      p = q;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: structure s is assigned in the loop body" } */
    {
      for (int j = 0; j < n; j++)
	p->y[i] += A[i][j] * s.x[j];
      s = *q;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: p->vx is volatile" } */
    for (int j = 0; j < n; j++)
      p->y[i] += A[i][j] * p->vx[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: an access through a pointer that is not a variable or a member of a variable's structure" } */
    for (int j = 0; j < n; j++)
      p->y[i] += A[i][j] * all[i]->x[j];
  for (int i = 0; i < 4; i++)	/* { dg-message "not sparsified: member array p->m has more than one dimension" } */
    for (int j = 0; j < 4; j++)
      p->y[i] += A[i][j] * p->m[i][j];
  /* A store of a character type may change any object, the pointer
     member read in the loops included.  */
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: p->x is reached through a structure member, which the stores to c, of a character type, may change" } */
    for (int j = 0; j < n; j++)
      c[i] += A[i][j] * p->x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: p->y is reached through a structure member, which the stores to c, of a character type, may change" } */
    for (int j = 0; j < n; j++)
      {
	p->y[i] += A[i][j] * p->x[j];
	c[i] = A[i][j] != 0;
      }
}
