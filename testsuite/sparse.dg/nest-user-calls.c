/* Calls of the program's own functions in loop bodies that cannot be
   read as the expression the function returns, each with its reason,
   and two that can.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

double declared (double);
double later (double);

double
old_style (v)
     double v;
{
  return v;
}

static double
var_args (double v, ...)
{
  return v;
}

static double
two_statements (double v)
{
  double w = v * v;
  return w;
}

static double
at (const double *p, int k)
{
  return p[k];
}

static double
down (double v)
{
  return v * down (v * 0.5);
}

static double sq (double v) { return v * v; }
static double f1 (double v) { return sq (v); }
static double f2 (double v) { return f1 (v); }
static double f3 (double v) { return f2 (v); }
static double f4 (double v) { return f3 (v); }
static double f5 (double v) { return f4 (v); }
static double f6 (double v) { return f5 (v); }
static double f7 (double v) { return f6 (v); }
static double f8 (double v) { return f7 (v); }
static double f9 (double v) { return f8 (v); }

static double two (double a, double b) { return a * b; }

void
calls (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body calls declared, which is not defined before this function in the file" } */
    for (int j = 0; j < n; j++)
      y[i] += declared (A[i][j]);
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body calls later, which is not defined before this function in the file" } */
    for (int j = 0; j < n; j++)
      y[i] += later (A[i][j]);
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body calls old_style, which has no prototype or takes variable arguments" } */
    for (int j = 0; j < n; j++)
      y[i] += old_style (A[i][j]);
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body calls var_args, which has no prototype or takes variable arguments" } */
    for (int j = 0; j < n; j++)
      y[i] += var_args (A[i][j], 1.0);
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body calls two_statements, whose body is not one return statement" } */
    for (int j = 0; j < n; j++)
      y[i] += two_statements (A[i][j]);
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body calls at, which takes an argument that is not a number" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * at (x, j);
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body calls down, which calls itself" } */
    for (int j = 0; j < n; j++)
      y[i] += down (A[i][j]);
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body calls f1 through 8 calls or more" } */
    for (int j = 0; j < n; j++)
      y[i] += f9 (A[i][j]);
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . A.i,j..; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < n; j++)
      y[i] += f7 (A[i][j]);
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < n; j++)
      y[i] += two (A[i][j], x[j]);
}

double later (double v) { return v * 3; }
