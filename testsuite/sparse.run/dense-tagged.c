/* Loops over tagged arrays stored densely ("D", "D,D") and nothing
   sparse are kernels over the runtime's values, not element accesses:
   a dot product, a scaled update, an update in place whose right-hand
   side is not zero where the old value is (every element is stored), a
   fill from the index, and a product with a dense-format matrix.  */
/* { dg-options "-fopenmp" } */
#include "sparse-run.h"

static double
dot (int n, double a[n] SPARSE ("D"), double b[n] SPARSE ("D"))
{
  double s = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, a.i. . b.i..; a: dense, b: dense" } */
    s += a[i] * b[i];
  return s;
}

static void
fill (int n, double x[n] SPARSE ("D"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: x.i. = 1 / .i . 3.; x: dense" } */
    x[i] = 1.0 / (i + 3);
}

static void
axpy (int n, double y[n] SPARSE ("D"), double a, double x[n] SPARSE ("D"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    y[i] += a * x[i];
}

static void
direction (int n, double p[n] SPARSE ("D"), double r[n] SPARSE ("D"),
           double b)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: p.i. = r.i. . p.i. . b; p: dense, r: dense; loops: i for .parallel.; p: its stored values updated in place" } */
    p[i] = r[i] + b * p[i];
}

static void
matvec (int m, int n, double y[m] SPARSE ("D"), double A[m][n] SPARSE ("D,D"),
        double x[n] SPARSE ("D"))
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified" } */
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
  enum { M = 37, N = 41 };
  int64_t dm[1] = { M }, dn[1] = { N };
  sp_tensor *A = sr_matrix ("D,D", M, N, 3, 2);
  sp_tensor *x = sp_new ("D", SP_F64, 1, dn);
  sp_tensor *r = sp_new ("D", SP_F64, 1, dn);
  sp_tensor *y = sp_new ("D", SP_F64, 1, dm);
  fill (N, sp_array (x));
  fill (N, sp_array (r));
  axpy (N, sp_array (r), -0.75, sp_array (x));
  direction (N, sp_array (x), sp_array (r), 1.0 / 3);
  matvec (M, N, sp_array (y), sp_array (A), sp_array (x));
  printf ("x.x %.17g r.x %.17g y.y %.17g\n", dot (N, sp_array (x), sp_array (x)),
          dot (N, sp_array (r), sp_array (x)), dot (M, sp_array (y), sp_array (y)));
  for (int64_t i = 0; i < M; i += 6)
    printf ("y[%lld] %.17g\n", (long long) i, sp_get (y, &i));
  sp_free (A);
  sp_free (x);
  sp_free (r);
  sp_free (y);
  return 0;
}
