/* The index of a maximum or a minimum (an argmax, a pivot search,
   nest-argmax.c runs them): the report of the nest as people write it,
   and the forms refused, each with its reason and what to write
   instead.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <math.h>
#include <sparse.h>

void
argmax (int n, double A[n][n] SPARSE ("CSR"), int *arg)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: arg.i. = argmax.-1, max.0, max.j, abs.A.i,j.....; A: CSR; loops: i for, j for over A; arg: dense" } */
    {
      double best = 0;
      int k = -1;
      for (int j = 0; j < n; j++)
	if (fabs (A[i][j]) > best)
	  {
	    best = fabs (A[i][j]);
	    k = j;
	  }
      arg[i] = k;
    }
}

/* Its kin: the last of the smallest entries (<=), best stored too.  */
void
argmin_last (int n, double A[n][n] SPARSE ("CSR"), long *arg, double *m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: arg.i. = last_argmin.-1L, min.inf, min.j, A.i,j....; A: CSR; loops: i for, j for over A; arg: dense" } */
    /* { dg-message "loop nest sparsified: m.i. = min.inf, min.j, A.i,j...; A: CSR; loops: i for, j for over A; m: dense" "" { target *-*-* } .-1 } */
    {
      double best = INFINITY;
      long k = -1;
      for (int j = 0; j < n; j++)
	if (A[i][j] <= best)
	  {
	    k = j;
	    best = A[i][j];
	  }
      arg[i] = k;
      m[i] = best;
    }
}

/* More than the index beside the maximum, or the maximum set twice.  */
void
more (int n, double A[n][n] SPARSE ("CSR"), int *arg, int *cnt)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: best takes its maximum in an if statement that sets more than one other variable: the index of a maximum or a minimum is sparsified as one variable set beside it to the index of the loop .if .v > best. . best = v; k = j; .." } */
    {
      double best = 0;
      int k = -1, c = 0;
      for (int j = 0; j < n; j++)
	if (fabs (A[i][j]) > best)
	  {
	    best = fabs (A[i][j]);
	    k = j;
	    c = 1;
	  }
      arg[i] = k;
      cnt[i] = c;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: best takes its maximum in an if statement that sets it twice" } */
    {
      double best = 0;
      for (int j = 0; j < n; j++)
	if (A[i][j] > best)
	  {
	    best = A[i][j];
	    best = A[i][j];
	  }
      arg[i] = best;
    }
}

/* A maximum over two loops.  */
void
two_loops (int n, double B[n][n][n] SPARSE ("CSF"), int *arg)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: k takes the index of best's maximum, which best takes over 2 loops: an index is taken over one loop; set best before loop l, the loop whose index k takes" } */
    {
      double best = 0;
      int k = -1;
      for (int j = 0; j < n; j++)
	for (int l = 0; l < n; l++)
	  if (B[i][j][l] > best)
	    {
	      best = B[i][j][l];
	      k = l;
	    }
      arg[i] = k;
    }
}

/* The maximum from the element's value before the nest.  */
void
old_start (int n, double A[n][n] SPARSE ("CSR"), int *arg, double *m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: arg.i. takes the index of m.i.'s maximum, which starts from m.i.'s value before the nest: set m.i. before loop j" } */
    {
      arg[i] = -1;
      for (int j = 0; j < n; j++)
	if (A[i][j] > m[i])
	  {
	    m[i] = A[i][j];
	    arg[i] = j;
	  }
    }
}

/* An index other than the loop's own.  */
void
other_index (int n, double A[n][n] SPARSE ("CSR"), int *arg, int *row)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: k is set beside best's maximum to a value other than the index of loop j: set it to the index .k = j., and compute from it after the loop" } */
    {
      double best = 0;
      int k = 0;
      for (int j = 0; j < n; j++)
	if (A[i][j] > best)
	  {
	    best = A[i][j];
	    k = j + 1;
	  }
      arg[i] = k;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: k is set beside best's maximum to a value other than the index of loop j" } */
    {
      double best = 0;
      int k = 0;
      for (int j = 0; j < n; j++)
	if (A[i][j] > best)
	  {
	    best = A[i][j];
	    k += j;
	  }
      arg[i] = k;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: k is set beside best's maximum to the index of loop i, but best takes it over loop j: an index is the variable of the loop the maximum runs over .k = j." } */
    {
      double best = 0;
      int k = -1;
      for (int j = 0; j < n; j++)
	if (A[i][j] > best)
	  {
	    best = A[i][j];
	    k = i;
	  }
      row[i] = k;
    }
}

/* The index into a double; the value compared reading the index.  */
void
index_kinds (int n, double A[n][n] SPARSE ("CSR"), double *at, int *arg)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: k takes the index of best's maximum but is double: take the index into an integer variable" } */
    {
      double best = 0;
      double k = -1;
      for (int j = 0; j < n; j++)
	if (A[i][j] > best)
	  {
	    best = A[i][j];
	    k = j;
	  }
      at[i] = k;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: best takes the maximum of a value that reads k, the index set beside it: compute the value without it" } */
    {
      double best = 0;
      int k = -1;
      for (int j = 0; j < n; j++)
	if (A[i][j] + k > best)
	  {
	    best = A[i][j] + k;
	    k = j;
	  }
      arg[i] = k;
    }
}

/* The maximum not set before the loop.  */
void
best_unset (int n, double A[n][n] SPARSE ("CSR"), int *arg)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: best takes a maximum but is not set before the loop it takes it over: set it there, to the value the maximum starts from" } */
    {
      double best;
      int k = -1;
      for (int j = 0; j < n; j++)
	if (A[i][j] > best)
	  {
	    best = A[i][j];
	    k = j;
	  }
      arg[i] = k;
    }
}

/* The index not set before the loop, or not to a constant.  */
void
index_starts (int n, double A[n][n] SPARSE ("CSR"), int *arg, int *arg2)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: k takes the index of best's maximum over loop j but is not set before that loop, where best is: set it there, to the value it keeps where the maximum takes nothing .k = -1." } */
    {
      double best = 0;
      int k;
      for (int j = 0; j < n; j++)
	if (A[i][j] > best)
	  {
	    best = A[i][j];
	    k = j;
	  }
      arg[i] = k;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: k takes the index of best's maximum but starts from a value that is not an integer constant: start it from one .k = -1., and set it where nothing is taken after the loop" } */
    {
      double best = 0;
      int k = i;
      for (int j = 0; j < n; j++)
	if (A[i][j] > best)
	  {
	    best = A[i][j];
	    k = j;
	  }
      arg2[i] = k;
    }
}

/* The index written again in the loop, or read there.  */
void
index_uses (int n, double A[n][n] SPARSE ("CSR"), int *arg, double *y)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: k takes the index of best's maximum over loop j but is also written in that loop" } */
    {
      double best = 0;
      int k = -1;
      for (int j = 0; j < n; j++)
	{
	  if (A[i][j] > best)
	    {
	      best = A[i][j];
	      k = j;
	    }
	  if (A[i][j] < -10)
	    k = -2;
	}
      arg[i] = k;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: k is read after the if statement that sets it: its value depends on the condition" } */
    {
      double best = 0;
      int k = -1;
      for (int j = 0; j < n; j++)
	{
	  if (A[i][j] > best)
	    {
	      best = A[i][j];
	      k = j;
	    }
	  y[i] += k;
	}
    }
}

/* The index or the maximum stored in an expression.  */
void
stored (int n, double A[n][n] SPARSE ("CSR"), int *arg, double *m)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: output arg stores k, the index of best's maximum, other than as it is .in an expression, or converted.: an index is sparsified stored alone .arg.i. = k., to compute from after the loops" } */
    {
      double best = 0;
      int k = -1;
      for (int j = 0; j < n; j++)
	if (A[i][j] > best)
	  {
	    best = A[i][j];
	    k = j;
	  }
      arg[i] = k + 1;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: output m stores the maximum best takes over loop j other than as it is .in an expression, or converted.: a variable's maximum is sparsified stored alone .m.i. = best., to compute from after the loops" } */
    {
      double best = 0;
      for (int j = 0; j < n; j++)
	if (A[i][j] > best)
	  best = A[i][j];
      m[i] = 2 * best;
    }
}

/* Over the whole of a vector, from values set before the nest.  */
int
vector (int n, double x[n] SPARSE ("CU"))
{
  double best = 0;
  int k = -1;
  for (int j = 0; j < n; j++)	/* { dg-message "not sparsified: k takes the index of best's maximum over the whole nest, from the values they have before it: an index is sparsified per row or column .best and k set in the loop around loop j, k stored in an array's element after it." } */
    if (fabs (x[j]) > best)
      {
	best = fabs (x[j]);
	k = j;
      }
  return k;
}

/* Where the sparse loops cannot take the index as the dense loops do:
   a value that is not one value at the unstored entries of a row
   (x[j]'s), a column's over CSR, part of a column (a pivot below the
   diagonal), and a loop counting down over a row's stored entries.  */
void
loops (int n, double A[n][n] SPARSE ("CSR"), double C[n][n] SPARSE ("CSC"),
       int I[n][n] SPARSE ("CSR"), const double *x, int *arg)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: arg takes its maximum's index over loop j, where the sparse loops would visit the entries A stores only: the dense loop also compares the value at its unstored zeros" } */
    {
      double best = -1;
      int k = -1;
      for (int j = 0; j < n; j++)
	if (A[i][j] * x[j] > best)
	  {
	    best = A[i][j] * x[j];
	    k = j;
	  }
      arg[i] = k;
    }
  for (int j = 0; j < n; j++)	/* { dg-message "not sparsified: arg takes a maximum at each element, whose values the sparse loops would need element after element, each in the dense loops' order, which the formats here do not allow: store the matrix in the order of the loops .CSC for the maxima of its columns." } */
    {
      double best = 0;
      int p = -1;
      for (int i = 0; i < n; i++)
	if (fabs (A[i][j]) > best)
	  {
	    best = fabs (A[i][j]);
	    p = i;
	  }
      arg[j] = p;
    }
  for (int j = 0; j < n; j++)	/* { dg-message "not sparsified: best takes its maximum over loop i, which runs over part of its extent" } */
    {
      double best = 0;
      int p = -1;
      for (int i = j; i < n; i++)
	if (fabs (C[i][j]) > best)
	  {
	    best = fabs (C[i][j]);
	    p = i;
	  }
      arg[j] = p;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop j counts down and 'arg' takes its maximum's index in its order, but its sparse loop visits the gaps between the entries I stores, which runs in increasing order only" } */
    {
      int best = 0;
      int k = -1;
      for (int j = n - 1; j >= 0; j--)
	if (I[i][j] > best)
	  {
	    best = I[i][j];
	    k = j;
	  }
      arg[i] = k;
    }
}
