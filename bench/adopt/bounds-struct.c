/* SpMV whose loop bounds are members of a struct reached through a
   pointer, as programs keep their sizes: for (i < p->n) for (j < p->n).
   Compiled without the plugin it is the dense program.  Prints the best
   wall-clock time of REPS products and a checksum both builds must
   print alike.  Usage: bounds-struct matrix.mtx  */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sparse.h>

enum { REPS = 20 };

struct problem
{
  int n;
  double tol;
};

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void
spmv (const struct problem *p, double y[p->n],
      double A[p->n][p->n] SPARSE ("CSR"), const double x[p->n])
{
  for (int i = 0; i < p->n; i++)
    {
      double s = 0;
      for (int j = 0; j < p->n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}

int
main (int argc, char **argv)
{
  sp_tensor *t = argc > 1 ? sp_read (argv[1], "csr", SP_F64) : NULL;
  if (!t)
    {
      fprintf (stderr, "usage: %s matrix.mtx (%s)\n", argv[0], sp_error ());
      return 2;
    }
  struct problem p = { (int) sp_dim (t, 0), 1e-9 };
  double *x = malloc (p.n * sizeof *x), *y = malloc (p.n * sizeof *y);
  for (int i = 0; i < p.n; i++)
    x[i] = 1 + i % 7;
  void *a = sp_array (t);
  double best = 1e30, sum = 0;
  for (int r = 0; r < 3; r++)
    {
      double t0 = now ();
      for (int k = 0; k < REPS; k++)
        spmv (&p, y, a, x);
      double t1 = now ();
      best = t1 - t0 < best ? t1 - t0 : best;
    }
  for (int i = 0; i < p.n; i++)
    sum += (i % 5 + 1) * y[i];
  printf ("bounds-struct %.2f ms checksum %.17g\n", best * 1e3, sum);
  free (x);
  free (y);
  sp_free (t);
  return 0;
}
