/* Loops under the program's '#pragma omp parallel for' that the plugin
   leaves to element access: the construct stays as written, and its
   remark, said at its outer loop with the reason it was refused, is
   worded by what the storage rewrite leaves, as a loop's is
   (row-walk-refused.c).  Where its loops walk the stored entries of a
   line and nothing else is accessed element by element, the refusal is a
   note and there is no warning; else the warning names the arrays still
   accessed element by element.  */
/* { dg-do compile } */
/* { dg-options "-fopenmp -fplugin-arg-sparse-report" } */
#include <sparse.h>

int f (void);

/* Refused by the nest's reader; the inner loop walked.  */
void
omp_walk (int n, double A[n][n] SPARSE ("CSR"), int *lvl)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest not sparsified: output lvl is also read at lvl.j." } */
    for (int j = 0; j < n; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads" } */
      if (A[i][j] != 0 && lvl[j] < 0)
        lvl[j] = i;
}

/* Refused for a clause; the inner loop walked.  */
void
omp_walk_clause (int n, double A[n][n] SPARSE ("CSR"), const int *lv,
		 int *first)
{
#pragma omp parallel for num_threads (f ())
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest not sparsified: the .#pragma omp parallel for. has a clause whose expression has side effects, which the sparse loops cannot honour" } */
    {
      int mark = -1;
      for (int j = 0; j < n; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads" } */
        if (A[i][j] != 0 && lv[j] > mark)
          {
            mark = lv[j];
            first[i] = j;
          }
    }
}

/* Nothing walked: the construct warns, naming the array.  */
void
omp_not_walked (int n, double y[n], double A[n][n] SPARSE ("CSR"),
		double x[n])
{
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++)	/* { dg-warning "loop nest not sparsified: the .#pragma omp parallel for. has ordered, which the sparse loops cannot honour; .A. accessed element by element through the runtime" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
}

/* The construct's own loop reads the diagonal element by element.  */
double
omp_own_loop (int n, double A[n][n] SPARSE ("CSR"))
{
  double m = 0;
#pragma omp parallel for reduction(max:m)
  for (int i = 0; i < n; i++)	/* { dg-warning "loop nest not sparsified: the .#pragma omp parallel for. has a reduction clause other than \\+ on a variable, which the sparse loops cannot honour; .A. accessed element by element through the runtime" } */
    m = m > A[i][i] ? m : A[i][i];
  return m;
}

/* A's line walked, B read element by element: the warning names only
   B.  */
void
omp_mixed (int n, double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSR"),
	   const int *lv, int *first, double *d)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)	/* { dg-warning "loop nest not sparsified: .*; .B. accessed element by element through the runtime" } */
    {
      int mark = -1;
      for (int j = 0; j < n; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads" } */
        if (A[i][j] != 0 && lv[j] > mark)
          {
            mark = lv[j];
            first[i] = j;
          }
      d[i] = 0;
      for (int j = 0; j < n; j++)
        d[i] += B[i][j] * (j == mark);
    }
}

/* The walked constructs give no warning.  */
/* { dg-bogus "accessed element by element" "" { target *-*-* } 20 } */
/* { dg-bogus "accessed element by element" "" { target *-*-* } 32 } */
