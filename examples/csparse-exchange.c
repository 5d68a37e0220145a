/* csparse-exchange.c -- one matrix shared with CSparse, no copy either way.

   CSparse's cs_dl is a compressed-column matrix of 64-bit indices: the
   arrays of a "CSC;pos=64;crd=64" tensor, level 1's pos and crd (column
   pointers, row indices) and its values.  The matrix read from a file is
   handed to CSparse as a cs_dl over the tensor's own arrays (sp_pos,
   sp_crd, sp_values); CSparse's transpose of it comes back as a tensor
   over CSparse's arrays (sp_wrap).  A tagged SpMV and CSparse's
   cs_dl_gaxpy then compute A x and A^T x from the same arrays.

     make -C examples run        (needs libsuitesparse-dev)  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <suitesparse/cs.h>
#include <sparse.h>

_Static_assert (sizeof (cs_long_t) == sizeof (int64_t),
                "cs_dl's indices are the tensor's 64-bit indices");

#define CSC64 "CSC;pos=64;crd=64"

static void
spmv (int m, int n, double y[m], double A[m][n] SPARSE (CSC64), double x[n])
{
  for (int i = 0; i < m; i++)
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}

/* Y = A X by the tagged kernel and by CSparse over C, the same matrix;
   prints their checksum and largest difference.  */
static void
compare (const char *what, sp_tensor *a, const cs_dl *c, const double *x)
{
  int m = (int) sp_dim (a, 0), n = (int) sp_dim (a, 1);
  double *y = malloc (sizeof *y * m), *ycs = calloc (m, sizeof *ycs);
  double sum = 0, most = 0;
  spmv (m, n, y, sp_array (a), (double *) x);
  cs_dl_gaxpy (c, x, ycs);
  for (int i = 0; i < m; i++)
    {
      sum += y[i] * (i + 1);
      most = fmax (most, fabs (y[i] - ycs[i]));
    }
  printf ("%s: checksum %.12g, largest difference from CSparse %g\n", what,
          sum, most);
  free (y);
  free (ycs);
}

int
main (int argc, char **argv)
{
  const char *path = argc > 1 ? argv[1] : "laplace72.mtx";
  sp_tensor *a = sp_read (path, CSC64, SP_F64), *at;
  if (!a)
    {
      fprintf (stderr, "csparse-exchange: %s\n", sp_error ());
      return 1;
    }
  int64_t m = sp_dim (a, 0), n = sp_dim (a, 1);
  double *x = malloc (sizeof *x * (m > n ? m : n));
  for (int64_t j = 0; j < (m > n ? m : n); j++)
    x[j] = 1.0 + (j % 10) * 0.1;

  /* The tensor's arrays as a cs_dl: CSparse reads them in place.  */
  cs_dl view = { .nzmax = sp_nnz (a), .m = m, .n = n, .p = sp_pos (a, 1),
                 .i = sp_crd (a, 1), .x = sp_values (a), .nz = -1 };
  compare ("A x", a, &view, x);

  /* CSparse's matrix as a tensor: the kernel reads CSparse's arrays.  */
  cs_dl *t = cs_dl_transpose (&view, 1);
  at = t ? sp_wrap (CSC64, SP_F64, 2, (int64_t[]) { n, m },
                    (void *[]) { NULL, t->p }, (void *[]) { NULL, t->i },
                    t->x)
         : NULL;
  if (!at)
    {
      fprintf (stderr, "csparse-exchange: %s\n",
               t ? sp_error () : "cs_dl_transpose failed");
      return 1;
    }
  compare ("A^T x", at, t, x);
  printf ("A^T is CSparse's arrays: %s\n",
          t->p == sp_pos (at, 1) && t->i == sp_crd (at, 1)
          && t->x == sp_values (at) ? "yes" : "no");

  sp_free (at);   /* the handle only: CSparse's arrays stay CSparse's */
  cs_dl_spfree (t);
  sp_free (a);
  free (x);
  return 0;
}
