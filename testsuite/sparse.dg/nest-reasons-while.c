/* While loops: one that is a for loop written otherwise (its variable
   set just before it, stepped by the last statement of its body) is
   read as that for loop, its report at the while; one that is not says
   why, and what to write, in terms of the while loop: in the storage
   rewrite's remark of its own accesses, in the reason of a nest inside
   it subscripted by its variable, and in that of a nest holding it.  A
   do loop is never read.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

void g (int *);

void
read_as_for (int n, double A[n][n] SPARSE ("CSR"), const double *x,
	     double *restrict y)
{
  int i = 0;
  while (i < n)	/* { dg-message "note: loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      int j = 0;
      while (j < n)
	{
	  s += A[i][j] * x[j];
	  j += 1;
	}
      y[i] = s;
      i++;
    }
}

double
own_reads (int n, double A[n][n] SPARSE ("CSR"), const double *x)
{
  double s = 0;
  int i = 0;
  while (i < n)	/* { dg-warning "loop not sparsified: .A. accessed element by element through the runtime: this .while. loop is not read as a counted .for. loop: its body has a continue, which skips the step of i at its end: where each continue should step i, write the loop as a for loop, whose continue runs its step" } */
    {
      if (x[i] == 0)
	{
	  i++;
	  continue;
	}
      s += A[i][i];
      i++;
    }
  i = 0;
  while (i < n)	/* { dg-warning "this .while. loop is not read as a counted .for. loop: i is stepped in its body, not by its last statement: make the step .'i..;' or 'i--;'. the last statement of the body" } */
    {
      i++;
      s += A[i - 1][i - 1];
    }
  i = 0;
  while (i < n)	/* { dg-warning "this .while. loop is not read as a counted .for. loop: i is written in its body besides its last statement: step it only at the end of the body" } */
    {
      s += A[i][i];
      if (x[i] > 0)
	i++;
      i++;
    }
  i = 0;
  while (i < n)	/* { dg-warning "this .while. loop is not read as a counted .for. loop: the address of i is taken in its body" } */
    {
      s += A[i][i];
      g (&i);
      i++;
    }
  i = 0;
  s += 1;
  while (i < n)	/* { dg-warning "this .while. loop is not read as a counted .for. loop: i is not set by the statement just before it: write 'i = start;' .or declare 'int i = start;'. right before the while" } */
    {
      s += A[i][i];
      i++;
    }
  i = 0;
  while (s < 100)	/* { dg-warning "this .while. loop is not read as a counted .for. loop: its condition does not compare i, which its last statement steps, with a bound" } */
    {
      s += A[i % n][i % n] + 1;
      i++;
    }
  int k = 0;
  while (s < 200)	/* { dg-warning "this .while. loop is not read as a counted .for. loop: its condition does not compare an integer variable with a bound" } */
    {
      s += A[k][k] + 1;
      k = (k + 1) % n;
    }
  k = 1;
  while (k < n)	/* { dg-warning "this .while. loop is not read as a counted .for. loop: its last statement changes k, but not by a constant step: end its body with 'k..;' or 'k--;'" } */
    {
      s += A[k][k];
      k = k * 2;
    }
  k = 0;
  while (k++ < n)	/* { dg-warning "this .while. loop is not read as a counted .for. loop: its condition has side effects: compare k with its bound there without changing it, and step it by the last statement of the body" } */
    s += A[k - 1][k - 1];
  k = 0;
  do
    {	/* { dg-warning "loop not sparsified: .A. accessed element by element through the runtime: only counted .for. and .while. loops are sparsified" } */
      s += A[k][k];
      k++;
    }
  while (k < n);
  return s;
}

/* A nest inside a while loop not read, subscripted by its variable; a
   while loop not read inside a nest.  */
void
nests (int n, double A[n][n] SPARSE ("CSR"), const double *x,
       double *restrict y)
{
  int i = 0;
  double t = 2;
  while (i < n)
    {
      for (int j = 0; j < n; j++)	/* { dg-message "loop nest not sparsified: subscript i of y is not the variable of a loop of the nest: the while loop of i around it, on line 115, is not read as a counted for loop: i is not set by the statement just before it" } */
	y[i] += t * A[i][j] * x[j];
      i++;
    }
  for (i = 0; i < n; i++)	/* { dg-message "loop nest not sparsified: loop body has a while loop that is not read as a counted for loop: its body has a continue, which skips the step of j at its end" } */
    {
      int j = 0;
      while (j < n)
	{
	  if (x[j] == 0)
	    {
	      j++;
	      continue;
	    }
	  y[i] += A[i][j] * x[j];
	  j++;
	}
    }
}

/* Read as for loops, refused by the reader as such loops are, in terms
   of the while loop.  */
void
refused (int n, double A[n][n] SPARSE ("CSR"), const double *x,
	 double *restrict y)
{
  unsigned u = n - 1;
  while (u > 0)	/* { dg-message "loop nest not sparsified: loop u is unsigned and counts down: write it 'u = bound; while .u-- > 0.', which does not wrap past 0" } */
    {
      for (int j = 0; j < n; j++)
	y[u] += A[u][j] * x[j];
      u--;
    }
  int j;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j >= i . 1 . A.i,j. . x.j. : 0.; A: CSR; loops: i for, j for over A down" } */
    {
      j = n - 1;
      while (j > i)
	{
	  y[i] += A[i][j] * x[j];
	  j--;
	}
    }
  for (int i = 0; i < n; i++)	/* { dg-message "note: loop nest sparsified: y.i. .= sum.j, j >= i . 1 . A.i,j. . x.j. : 0.; A: CSR; loops: i for, j for over A down; y: dense" } */
    {
      int j = n - 1;
      while (j > i)
	{
	  y[i] += A[i][j] * x[j];
	  j--;
	}
    }
  int k = 2;
  while (k < n)	/* { dg-message "loop nest sparsified: y.k. .= sum.l, k >= 2 . A.k,l. . x.l. : 0.; A: CSR" } */
    {
      for (int l = 0; l < n; l++)
	y[k] += A[k][l] * x[l];
      k++;
    }
}
