/* Loop nests over tagged arrays left to the fallback because of what
   their bodies do, each with its reason.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

double f (double);

void
body (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n],
      volatile double *vp, double *p)
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body calls f" } */
    for (int j = 0; j < n; j++)
      y[i] += f (A[i][j]) * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has an if statement" } */
    for (int j = 0; j < n; j++)
      if (x[j] > 0)
	y[i] += A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has a break" } */
    for (int j = 0; j < n; j++)
      {
	y[i] += A[i][j] * x[j];
	break;
      }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has a while loop" } */
    {
      int j = 0;
      while (j < n)
	y[i] += A[i][j++];
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop variable j is written in the loop body" } */
    for (int j = 0; j < n; j++)
      {
	y[i] += A[i][j];
	j++;
      }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop variable j is used as a value" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * j;
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: a subscript of A is a constant" } */
    y[i] = A[i][0];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: a subscript of x is not a loop variable" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[n - 1 - j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: vp is volatile" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * vp[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: pointer p is assigned in the loop body" } */
    for (int j = 0; j < n; j++)
      {
	p = x;
	y[i] += A[i][j] * p[j];
      }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: the loop body declares array t" } */
    {
      double t[2];
      t[0] = A[i][i];
      y[i] = t[0];
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: a floating value is converted to an integer" } */
    for (int j = 0; j < n; j++)
      y[i] += (int) A[i][j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: division by an indexed expression" } */
    for (int j = 0; j < n; j++)
      y[i] = y[i] + A[i][j] / x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has a comparison: what it does at the unstored zeros of A, which sparse loops skip, would be lost" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] > 2 ? 1 : 0;
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body uses the % operator" } */
    for (int j = 0; j < n; j++)
      y[i] += (int) x[j] % 3 * A[i][j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: index 'i' is used twice in one access of 'A'" } */
    y[i] = A[i][i];
}
