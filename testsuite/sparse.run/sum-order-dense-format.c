/* Nests over arrays tagged with all-dense formats (no sparse operand)
   are kernels over the runtime's values: they too add each element's
   terms in the program's order, term by term into the output where the
   program adds them so, a temporary's sum apart and then whole.  The
   values as in sum-order-steps.c: outputs near 1e16, terms with many
   digits, printed with %a.  */
#include "sparse-run.h"

static void
two_terms (int n, double y[n], double A[n][n] SPARSE ("D,D"),
           double B[n][n] SPARSE ("D,D"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j < n; j++)
      {
        y[i] += A[i][j] * x[j];
        y[i] -= B[i][j] * x[j];
      }
}

static void
temporaries (int n, double y[n], double A[n][n] SPARSE ("D,D"),
             double B[n][n] SPARSE ("D,D"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      double t1 = 0, t2 = 0;
      for (int j = 0; j < n; j++)
        t1 += A[i][j] * x[j];
      for (int j = 0; j < n; j++)
        t2 -= B[i][j] * x[j];
      y[i] += t1;
      y[i] -= t2;
    }
}

static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %a", a[i]);
  printf ("\n");
}

int
main (void)
{
  enum { N = 30 };
  int64_t dims[2] = { N, N };
  sp_tensor *A = sr_check (sp_new ("D,D", SP_F64, 2, dims), "A");
  sp_tensor *B = sr_check (sp_new ("D,D", SP_F64, 2, dims), "B");
  for (int64_t i = 0; i < N; i++)
    for (int64_t j = 0; j < N; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 11);
        if (h % 3 == 0)
          sp_insert (A, (int64_t[]) { i, j },
                     i == 0 ? 1 : (double) (h % 100003) / 7919 - 6);
        if (h % 5 == 1)
          sp_insert (B, (int64_t[]) { i, j }, (double) (h % 10007) / 791 - 6);
      }
  double x[N], y[N];
  for (int k = 0; k < 2; k++)
    {
      for (int i = 0; i < N; i++)
        {
          x[i] = i < 2 ? 1 : 1 + 1.0 / (i + 0.37);
          y[i] = 1e16 + 2 * i + (i % 3) / 7.0;
        }
      if (k == 0)
        two_terms (N, y, sp_array (A), sp_array (B), x);
      else
        temporaries (N, y, sp_array (A), sp_array (B), x);
      pr (k ? "temporaries" : "two_terms", y, N);
    }
  sp_free (A);
  sp_free (B);
  return 0;
}
