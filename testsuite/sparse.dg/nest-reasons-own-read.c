/* Outputs read at the element they are set to (y[i] = alpha * s + beta
   * y[i] is sparsified, nest-gemv.c) where the sparse loops cannot
   read each element before writing it once: left to the fallback, each
   with its reason and what to write instead.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

/* The rows DCSR leaves out would be cleared, not scaled.  */
void
scale_by_row (int n, double A[n][n] SPARSE ("DCSR"), const double *x,
              double *y)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: output y is also read at the element it is set to, but the loops skip the elements where the sparse operands store nothing: store them in a format that keeps every row .CSR, not DCSR., or compute the sums into another array first" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = y[i] * s;
    }
}

/* Two sums over matrices of different orders: not one nest.  */
void
two_sums (int n, double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSC"),
          const double *x, double *y)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: output y is also read at the element it is set to: the sparse loops would need each element written once, after its sums, which the formats or the sums here do not allow; compute the sums into another array first" } */
    {
      double s = 0, t = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      for (int j = 0; j < n; j++)
        t += B[i][j] * x[j];
      y[i] = s + t * y[i];
    }
}

/* Read in a loop that does not index it: the values earlier iterations
   of that loop wrote.  */
void
inner_update (int n, double A[n][n] SPARSE ("CSR"), double *y)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: output y is also read at y.i." } */
    for (int j = 0; j < n; j++)
      y[i] = A[i][j] - y[i];
}
