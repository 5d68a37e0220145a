/* Indices with side effects are evaluated once, in compound assignments
   and increments too, on parameters whose rows are pointer arithmetic.  */
#include <stdio.h>
#include <sparse.h>
static void f (int n, double A[n][n] SPARSE ("CSR"))
{
  int i = 0, j = 0;
  for (int r = 0; r < n; r++) for (int c = 0; c < n; c++) A[r][c] = 0;
  A[i++][j++] += 5;
  A[i++][0] *= 2;
  A[i + 1][j] += A[i - 1][j] + 1;
  i += 2;
  A[i][j++]++;
  double s = 0;
  for (int r = 0; r < n; r++) for (int c = 0; c < n; c++) s = s * 2 + A[r][c];
  printf ("%d %d %g\n", i, j, s);
}
int main (void)
{
  int64_t d[2] = { 5, 5 };
  sp_tensor *t = sp_new ("CSR", SP_F64, 2, d);
  f (5, sp_array (t));
  sp_free (t);
  return 0;
}
