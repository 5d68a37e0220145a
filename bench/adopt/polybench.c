/* PolyBench's trisolv and gesummv as PolyBench writes them: the element
   x[i] (tmp[i], y[i]) set, accumulated into and read in the row's body,
   over the matrix (trisolv takes its lower triangle and diagonal), 5
   calls each.  */
#include "adopt.h"

enum { CALLS = 5 };

static void
trisolv (int n, double L[n][n] SPARSE (ADOPT_FMT), double *x, const double *b)
{
  for (int i = 0; i < n; i++)
    {
      x[i] = b[i];
      for (int j = 0; j < i; j++)
        x[i] -= L[i][j] * x[j];
      x[i] = x[i] / L[i][i];
    }
}

static void
gesummv (int n, double alpha, double beta, double A[n][n] SPARSE (ADOPT_FMT),
         double B[n][n] SPARSE (ADOPT_FMT), double *tmp, const double *x,
         double *y)
{
  for (int i = 0; i < n; i++)
    {
      tmp[i] = 0.0;
      y[i] = 0.0;
      for (int j = 0; j < n; j++)
        {
          tmp[i] = A[i][j] * x[j] + tmp[i];
          y[i] = B[i][j] * x[j] + y[i];
        }
      y[i] = alpha * tmp[i] + beta * y[i];
    }
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  double *b = malloc (n * sizeof *b), *x = malloc (n * sizeof *x);
  double *tmp = malloc (n * sizeof *tmp), *y = malloc (n * sizeof *y);
  double r = 0, q = 0;
  void *a = sp_array (t);
  for (int i = 0; i < n; i++)
    b[i] = i % 5 + 1;
  double t0 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    {
      trisolv (n, a, x, b);
      r += x[c % n] + x[n - 1];
    }
  double t1 = adopt_now ();
  for (int c = 0; c < CALLS; c++)
    {
      gesummv (n, 1.5, 0.5 + c, a, a, tmp, b, y);
      for (int i = 0; i < n; i++)
        q += (i % 7 + 1) * y[i];
    }
  double t2 = adopt_now ();
  printf ("trisolv %.4f s gesummv %.4f s checksum %.17g %.17g\n", t1 - t0,
          t2 - t1, r, q);
  free (b);
  free (x);
  free (tmp);
  free (y);
  sp_free (t);
  return 0;
}
