/* The product of a symmetric matrix stored as its lower triangle (with
   the diagonal): each entry added to y[i] from its row and, off the
   diagonal, to y[j] from its column; CALLS times (argv[2], default 20);
   then the product with the whole matrix as often.
   The triangle is taken from the matrix read (sp_read expands a
   symmetric file).  */
#include "adopt.h"

static void
symmetric (int n, double L[n][n] SPARSE (ADOPT_FMT), const double x[n],
           double y[n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      {
        y[i] += L[i][j] * x[j];
        if (j != i)
          y[j] += L[i][j] * x[i];
      }
}

/* The same product with the whole matrix, for comparison.  */
static void
whole (int n, double A[n][n] SPARSE (ADOPT_FMT), const double x[n],
       double y[n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
}

/* The lower triangle of the matrix read, in ADOPT_FMT (through a dense
   copy: the runtime's arrays are the kernels' business).  */
static sp_tensor *
lower_triangle (sp_tensor *a)
{
  int64_t n = sp_dim (a, 0), dims[2] = { n, n };
  double *d = malloc ((size_t) n * n * sizeof *d);
  sp_tensor *coo = sp_new ("COO", SP_F64, 2, dims), *l;
  if (!d || !coo || sp_to_dense (a, d))
    {
      fprintf (stderr, "%s\n", sp_error ());
      exit (2);
    }
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j <= i; j++)
      if (d[i * n + j] != 0)
        sp_insert (coo, (int64_t[]) { i, j }, d[i * n + j]);
  free (d);
  /* Converted, so assembled here rather than in the first timed call.  */
  if (!(l = sp_convert (coo, ADOPT_FMT)))
    {
      fprintf (stderr, "%s\n", sp_error ());
      exit (2);
    }
  sp_free (coo);
  return l;
}

int
main (int argc, char **argv)
{
  sp_tensor *a = adopt_matrix (argc, argv);
  sp_tensor *t = lower_triangle (a);
  int n = (int) sp_dim (t, 0), calls = argc > 2 ? atoi (argv[2]) : 20;
  double *x = malloc (n * sizeof *x), *y = calloc (n, sizeof *y), s = 0;
  for (int i = 0; i < n; i++)
    x[i] = 1 + i % 5;
  void *l = sp_array (t);
  double t0 = adopt_now ();
  for (int c = 0; c < calls; c++)
    symmetric (n, l, x, y);
  double t1 = adopt_now ();
  for (int i = 0; i < n; i++)
    s += (i % 7 + 1) * y[i];
  double *z = calloc (n, sizeof *z), w = 0;
  void *full = sp_array (a);
  double t2 = adopt_now ();
  for (int c = 0; c < calls; c++)
    whole (n, full, x, z);
  double t3 = adopt_now ();
  for (int i = 0; i < n; i++)
    w += (i % 7 + 1) * z[i];
  printf ("symmetric %.6f s whole %.6f s checksum %.17g %.17g\n", t1 - t0,
          t3 - t2, s, w);
  free (z);
  free (x);
  free (y);
  sp_free (t);
  sp_free (a);
  return 0;
}
