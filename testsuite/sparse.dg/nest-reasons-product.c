/* Products over the loops (nest-product.c) that the sparse loops
   cannot take as the dense loops do: left to the fallback, each with
   its reason and what to write instead.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

/* Into a variable of the nest, then stored in an expression (stored as
   it is, y[i] = p, it is sparsified: nest-pick-temps.c).  */
void
temporary (int n, double A[n][n] SPARSE ("CSR"), double *y)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: output y stores the product p takes over loop j other than as it is .in an expression, or converted.: a variable's product is sparsified stored alone .y.i. = p., to compute from after the loops" } */
    {
      double p = 1;
      for (int j = 0; j < n; j++)
        p *= A[i][j] + 1;
      y[i] = 2 * p;
    }
}

/* float elements taking double factors: each product rounded to float
   in the dense loop.  */
void
narrower (int n, double A[n][n] SPARSE ("CSR"), float *p)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: p is float but takes double values, each multiplied in that type before it is converted" } */
    {
      p[i] = 1;
      for (int j = 0; j < n; j++)
        p[i] *= A[i][j] + 1;
    }
}

/* Under a condition: the factor is 1 where it is false, which an if
   statement around the product does not say.  */
void
guarded (int n, double A[n][n] SPARSE ("CSR"), double *p)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: p takes a product inside another if statement" } */
    {
      p[i] = 1;
      for (int j = 0; j < n; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads" } */
        if (A[i][j] > 0)
          p[i] *= A[i][j];
    }
}
