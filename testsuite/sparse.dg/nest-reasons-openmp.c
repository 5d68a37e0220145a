/* OpenMP around or inside a nest: only a combined '#pragma omp parallel
   for' on the outer loop is replaced by the plugin's loops; the other
   constructs and clauses keep the program's loops, each with its
   reason.  */
/* { dg-do compile } */
/* { dg-options "-fopenmp -fplugin-arg-sparse-report" } */
#include <sparse.h>

int f (void);

void
constructs (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)	/* { dg-message "not sparsified: the loops are inside an OpenMP construct ..#pragma omp for..; only a .#pragma omp parallel for. on the outer loop of a nest is replaced by parallel sparse loops" } */
        y[i] += A[i][j] * x[j];
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has '#pragma omp atomic'" } */
    for (int j = 0; j < n; j++)
#pragma omp atomic
      y[j] += A[i][j] * x[i];
#pragma omp parallel for
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has '#pragma omp critical'" } */
    for (int j = 0; j < n; j++)
#pragma omp critical
      y[j] += A[i][j] * x[i];
#pragma omp parallel for num_threads(f ())
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: the .#pragma omp parallel for. has a clause whose expression has side effects, which the sparse loops cannot honour" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: the .#pragma omp parallel for. has ordered, which the sparse loops cannot honour" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
}

double
clauses (int n, double A[n][n] SPARSE ("CSR"), double x[n])
{
  double m = 0, s = 0;
#pragma omp parallel for reduction(max:m)
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: the .#pragma omp parallel for. has a reduction clause other than \\+ on a variable" } */
    for (int j = 0; j < n; j++)
      m += A[i][j] * x[j];
#pragma omp parallel for firstprivate(s)
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: the .#pragma omp parallel for. has a firstprivate clause on a variable the loops write" } */
    for (int j = 0; j < n; j++)
      s += A[i][j] * x[j];
  return m + s;
}
