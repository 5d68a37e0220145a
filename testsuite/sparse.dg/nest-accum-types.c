/* Accumulators of another type than the one C adds (multiplies) their
   terms in: sparsified where a sum in an unsigned type, converted once,
   is what C's conversion at each step gives (an int count of unsigned
   terms; the report says the type), refused with what to write instead
   where no sum is (an int or a float accumulating doubles).  Built with
   -fopenmp: the sums run on threads.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparse-report" } */
#include <sparse.h>

int
count (int n, double A[n][n] SPARSE ("CSR"), const unsigned *w)
{
  int c = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, .A.i,j. != 0. . w.j...; A: CSR; loops: i for .parallel., j for over A; c: scalar, summed in unsigned int" } */
    for (int j = 0; j < n; j++)
      c += (A[i][j] != 0) * w[j];
  return c;
}

/* Along the rows, into each thread's copy of z.  */
void
columns (int n, double A[n][n] SPARSE ("CSR"), const unsigned *w, int *z)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: z.j. .= sum.i, .A.i,j. != 0. . w.i..; A: CSR; loops: i for .parallel., j for over A; z: dense, summed in unsigned int" } */
    for (int j = 0; j < n; j++)
      z[j] += (A[i][j] != 0) * w[i];
}

/* A long of unsigned long terms; an int of long terms, which GCC
   computes in unsigned int.  */
long
wide (int n, int B[n][n] SPARSE ("DCSR"), const unsigned long *ul,
      const long *l, int *c)
{
  long s = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, B.i,j. . ul.j...; B: DCSR; .*s: scalar, summed in unsigned long" } */
    for (int j = 0; j < n; j++)
      s += B[i][j] * ul[j];
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: c.i. .= sum.j, .unsigned int..B.i,j. . l.j...; B: DCSR; .*c: dense, summed in unsigned int" } */
    for (int j = 0; j < n; j++)
      c[i] += B[i][j] * l[j];
  return s;
}

/* A product of unsigned factors into an int, on one thread.  */
int
product (int n, int B[n][n] SPARSE ("CSR"), unsigned k)
{
  int p = 1;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: p = prod.p, prod.i, prod.j, B.i,j. . k...; B: CSR; loops: i for, j for over B; p: scalar, multiplied in unsigned int" } */
    for (int j = 0; j < n; j++)
      p *= B[i][j] + k;
  return p;
}

/* The pragma's int output of an unsigned sum.  */
int
einsum (int n, int B[n][n] SPARSE ("CSR"), const unsigned *u)
{
  int c = 0;
#pragma sparse einsum c += B(i,j) * u(j)	/* { dg-message "einsum sparsified: c .= sum.j, sum.i, B.i,j.. . u.j..; B: CSR; loops: i for .parallel., j for over B; c: scalar, summed in unsigned int" } */
  return c;
}

/* Refused: C converts each step's floating sum back, which no sum of
   the terms reproduces.  */
void
floating (int n, double A[n][n] SPARSE ("CSR"), int *y, float *f,
          int *p)
{
  int c = 0;
  for (int i = 0; i < n; i++)	/* { dg-warning "loop nest not sparsified: c is int but accumulates double terms over loop j: C truncates each step's sum to int; accumulate into a double and convert after the loops, or convert each term, c .= .int. ...." } */
    for (int j = 0; j < n; j++)
      c += 0.5 * A[i][j];
  y[0] = c;
  for (int i = 0; i < n; i++)	/* { dg-warning "loop nest not sparsified: y is int but accumulates double terms over loop j: C truncates each step's sum to int; accumulate into a double and convert after the loops, or convert each term, y.i. .= .int. ...." } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j];
  for (int i = 0; i < n; i++)	/* { dg-warning "loop nest not sparsified: f is float but accumulates double terms over loop j: C rounds each step's sum to float; accumulate into a double and convert after the loops, or convert each term, f.i. .= .float. ...." } */
    for (int j = 0; j < n; j++)
      f[i] += A[i][j];
  for (int i = 0; i < n; i++)	/* { dg-warning "loop nest not sparsified: p is int but takes double values, each multiplied in that type before it is converted: multiply into a double and convert after the loops, or convert each value, p.i. .= .int. ...." } */
    {
      p[i] = 1;
      for (int j = 0; j < n; j++)
        p[i] *= A[i][j] + 2;
    }
}
