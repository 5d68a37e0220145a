/* The report comes out in source order, although its notes are made at
   different times: refusals as the front end finishes each function,
   sparsified nests and pragmas when the middle end lowers them, in the
   call graph's order.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparse-report=report-order.txt -fplugin-arg-sparse-no-warn-fallback" } */
#include <sparse.h>

double f (double);

void
spmv (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += f (A[i][j]) * x[j];
#pragma sparse einsum y(i) += A(i,j) * x(j)
}

double
lookups (int n, double A[n][n] SPARSE ("CSR"), double x[n])
{
  double s = A[0][0];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += f (A[i][j]) * x[j];
  return s + A[n - 1][n - 1];
}

static void
callee (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
}

void
caller (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += f (A[i][j]) * x[j];
  callee (n, y, A, x);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
}

/* { dg-final { scan-file-sorted report-order.txt 9 } } */
