/* Tagged parameters declared as pointers to rows, T (*A)[n], the type C
   gives T A[][n]: sparsified nests, a rank-3 tensor, element reads and
   additions left to the runtime, and the parameter passed on to another
   tagged parameter.  */
#include "sparse-run.h"

enum { M = 17, N = 23, K = 3 };

static void
spmv (int n, double (*A)[n] SPARSE ("CSR"), const double *x, double *y)
{
  for (int i = 0; i < M; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}

static double
ttv_sum (int n, int k, double (*T)[n][k] SPARSE ("CSF"), const double *v)
{
  double s = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < n; j++)
      for (int l = 0; l < k; l++)
        s += T[i][j][l] * v[l] * (i + 1);
  return s;
}

/* Element reads through the runtime: the loop calls a function.  */
static double
corners (int n, double (*A)[n] SPARSE ("DCSR"))
{
  double s = 0;
  for (int i = 0; i < M; i += 4)
    s += A[i][(i * 5) % n] * sr_val (sr_hash (i, 0, 0, 1));
  return s;
}

static void
assemble (int n, double (*K2)[n] SPARSE ("CSR"))
{
  for (int q = 0; q < 200; q++)
    {
      int c[2] = { q % M, (q * 7) % n };
      K2[c[0]][c[1]] += 0.25 * (q % 5) - 0.5;
    }
}

static double
passed_on (int n, double (*A)[n] SPARSE ("CSR"), const double *x)
{
  double y[M];
  spmv (n, A, x, y);
  double s = 0;
  for (int i = 0; i < M; i++)
    s += y[i] * (i + 1);
  return s;
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, N, 7, 3), *d = sr_as (a, "DCSR");
  sp_tensor *t = sr_tensor3 ("CSF", M, N, K, 8, 4);
  int64_t dims[2] = { M, N };
  sp_tensor *k = sr_check (sp_new ("CSR", SP_F64, 2, dims), "CSR");
  double x[N], y[M], v[K] = { 1, -2, 0.5 };
  sr_fill (x, N, 9, 1);
  spmv (N, sp_array (a), x, y);
  sr_print ("spmv", y, M);
  printf ("ttv %.17g\n", ttv_sum (N, K, sp_array (t), v));
  printf ("corners %.17g\n", corners (N, sp_array (d)));
  assemble (N, sp_array (k));
  spmv (N, sp_array (k), x, y);
  sr_print ("assembled", y, M);
  printf ("passed on %.17g\n", passed_on (N, sp_array (a), x));
  sp_free (a);
  sp_free (d);
  sp_free (t);
  sp_free (k);
  return 0;
}
