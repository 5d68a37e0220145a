/* Jacobi sweeps over a problem held in a structure, its vectors reached
   through members (p->b[i], p->x[j], p->xn[i]) and its order a member
   bounding the loops, rows on threads when built with -fopenmp.  */
#include "adopt.h"

enum { SWEEPS = 50 };

struct prob
{
  int n;
  double *b, *x, *xn;
};

static void
sweep (struct prob *p, double A[p->n][p->n] SPARSE (ADOPT_FMT))
{
  int i, j;
#ifdef _OPENMP
#pragma omp parallel for private(j)
#endif
  for (i = 0; i < p->n; i++)
    {
      double s = p->b[i];
      for (j = 0; j < p->n; j++)
        if (j != i)
          s -= A[i][j] * p->x[j];
      p->xn[i] = s / A[i][i];
    }
}

int
main (int argc, char **argv)
{
  sp_tensor *t = adopt_matrix (argc, argv);
  int n = (int) sp_dim (t, 0);
  struct prob p = { n, malloc (n * sizeof (double)),
                    calloc (n, sizeof (double)), malloc (n * sizeof (double)) };
  double s = 0;
  for (int i = 0; i < n; i++)
    p.b[i] = 1 + i % 5;
  void *a = sp_array (t);
  double t0 = adopt_now ();
  for (int it = 0; it < SWEEPS; it++)
    {
      sweep (&p, a);
      double *x = p.x;
      p.x = p.xn;
      p.xn = x;
    }
  double t1 = adopt_now ();
  for (int i = 0; i < n; i++)
    s += (i % 7 + 1) * p.x[i];
  printf ("jacobi %.4f s checksum %.17g\n", t1 - t0, s);
  free (p.b);
  free (p.x);
  free (p.xn);
  sp_free (t);
  return 0;
}
