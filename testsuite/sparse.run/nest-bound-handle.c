/* Loops bounded by a local copy of an extent that only the tagged
   array's declaration reads (double A[p->n][p->n], loops to n = p->n):
   the bound is compared with the handle's extent when the nest starts;
   equal, the sparse loops run, else the loops as written.  */
#include "sparse-run.h"

struct prob
{
  int n;
};

static void
spmv (const struct prob *p, double y[], double A[p->n][p->n] SPARSE ("CSR"),
      const double x[], int n)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}

int
main (void)
{
  enum { N = 30 };
  struct prob p = { N };
  sp_tensor *A = sr_matrix ("csr", N, N, 4, 3);
  double x[N], y[N];
  sr_fill (x, N, 7, 1);
  /* The whole extent, then part of it: the loops as written.  */
  for (int n = N; n >= N - 10; n -= 10)
    {
      for (int i = 0; i < N; i++)
        y[i] = -1;
      spmv (&p, y, sp_array (A), x, n);
      printf ("n %d:", n);
      for (int i = 0; i < N; i++)
        printf (" %a", y[i]);
      printf ("\n");
    }
  sp_free (A);
  return 0;
}
