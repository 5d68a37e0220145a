/* Loop nests over tagged arrays left to the fallback because of what
   their bodies do, each with its reason.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

double f (double);

void
body (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n],
      volatile double *vp, double *p, long double ld[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body calls f" } */
    for (int j = 0; j < n; j++)
      y[i] += f (A[i][j]) * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: at the unstored zeros of A the condition 'A.i..j. < 1' is true, and 'y.i. .= x.j.' would run there, but sparse loops visit only the stored entries" } */
    for (int j = 0; j < n; j++)
      if (A[i][j] < 1)
	y[i] += x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has a break" } */
    for (int j = 0; j < n; j++)
      {
	y[i] += A[i][j] * x[j];
	break;
      }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has a while loop that is not read as a counted for loop: j is stepped in its body, not by its last statement: make the step .'j..;' or 'j--;'. the last statement of the body" } */
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
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: ld is not an array, a tagged array or a scalar of type double, float or an integer type" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * ld[j];
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
      y[i] += (__int128) A[i][j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: division by 'A', a sparse operand: its unstored zeros would divide by zero" } */
    for (int j = 0; j < n; j++)
      y[i] = y[i] + x[j] / A[i][j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: at the unstored zeros of A a condition in 'y.i. .= A.i..j. < 2' is true, so that it adds a value that is not zero there, but sparse loops visit only the stored entries" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] < 2 ? 1 : 0;
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: remainder by 'A', a sparse operand" } */
    for (int j = 0; j < n; j++)
      y[i] += (int) x[j] % (int) A[i][j];
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.i_2, i_2 == i . A.i,i_2. : 0.; A: CSR" } */
    y[i] = A[i][i];
}
