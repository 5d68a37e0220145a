/* A loop's body that sets the element of a plain array its variable
   indexes and then accumulates into it and reads it, as PolyBench's
   trisolv and gesummv do: sparsified as if the element were a scalar of
   the body, the loop as written kept where the arrays overlap.  Forms
   that reach the element otherwise (j <= i reads the element being
   accumulated) keep the dense program's results.  */
#include "sparse-run.h"

enum { N = 29 };

static void
trisolv (int n, double L[n][n] SPARSE ("CSR"), double *x, const double *b)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: x.i. = .b.i. - sum.j, j < i . L.i,j. . x.j. : 0.. / sum" } */
    {
      x[i] = b[i];
      for (int j = 0; j < i; j++)
        x[i] -= L[i][j] * x[j];
      x[i] = x[i] / L[i][i];
    }
}

static void
gesummv (int n, double alpha, double beta, double A[n][n] SPARSE ("DCSR"),
         double B[n][n] SPARSE ("CSR"), double *tmp, double *x, double *y)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: tmp.i. = sum.j, A.i,j. . x.j.." } */
    {				/* { dg-message "loop nest sparsified: y.i. = " "" { target *-*-* } .-1 } */
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

static void
backsub (int n, double U[n][n] SPARSE ("CSR"), double *x, const double *b)
{
  for (int i = n - 1; i >= 0; i--)	/* { dg-message "loop nest sparsified: x.i. = " } */
    {
      x[i] = b[i];
      for (int j = n - 1; j > i; j--)
        x[i] -= U[i][j] * x[j];
      x[i] /= U[i][i];
    }
}

/* j <= i reads the element accumulated: as written.  */
static void
inclusive (int n, double L[n][n] SPARSE ("CSR"), double *x, const double *b)
{
  for (int i = 0; i < n; i++)
    {
      x[i] = b[i];
      for (int j = 0; j <= i; j++)
        x[i] -= L[i][j] * x[j] * 0.125;
    }
}

static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %.17g", a[i]);
  printf ("\n");
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", N, N, 5, 3), *ad = sr_as (a, "DCSR");
  /* Triangles with a stored diagonal of 4 .. 5.  */
  int64_t dims[2] = { N, N };
  sp_tensor *lo = sr_check (sp_new ("CSR", SP_F64, 2, dims), "CSR");
  sp_tensor *up = sr_check (sp_new ("CSR", SP_F64, 2, dims), "CSR");
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 6);
        double v = i == j ? 4 + (h % 5) * 0.25 : sr_val (h);
        if (i == j || h % 3 == 0)
          sp_insert (j <= i ? lo : up, (int64_t[]) { i, j }, v);
        if (i == j)
          sp_insert (up, (int64_t[]) { i, j }, v);
      }
  double b[N], x[N], t[N], y[N], v[2 * N];
  sr_fill (b, N, 7, 1);
  trisolv (N, sp_array (lo), x, b);
  pr ("trisolv", x, N);
  backsub (N, sp_array (up), x, b);
  pr ("backsub", x, N);
  inclusive (N, sp_array (lo), x, b);
  pr ("inclusive", x, N);
  gesummv (N, 1.5, -0.5, sp_array (ad), sp_array (a), t, b, y);
  pr ("gesummv tmp", t, N);
  pr ("gesummv y", y, N);
  /* The outputs one array; an input inside an output.  */
  gesummv (N, 1.5, -0.5, sp_array (ad), sp_array (a), y, b, y);
  pr ("gesummv tmp = y", y, N);
  for (int i = 0; i < 2 * N; i++)
    v[i] = b[i % N] + i;
  gesummv (N, 0.75, 2, sp_array (ad), sp_array (a), v, v + 3, y);
  pr ("gesummv x in tmp", v, 2 * N);
  pr ("gesummv x in tmp y", y, N);
  /* trisolv's x over b itself.  */
  for (int i = 0; i < N; i++)
    x[i] = b[i];
  trisolv (N, sp_array (lo), x, x);
  pr ("trisolv in place", x, N);
  sp_free (a);
  sp_free (ad);
  sp_free (lo);
  sp_free (up);
  return 0;
}
