/* Guards on a tagged value whose truth at zero only the run knows (a
   threshold `tol`), around additions into a local temporary that a
   statement after the loop stores: sparsified where the condition is
   false at zero, checked before the loops, which run as written where it
   is not (a negative `tol` counts every zero).  The matrices hold
   negative entries, explicit zeros and a NaN.  */
#include <math.h>
#include "sparse-run.h"

enum { M = 19, N = 23 };

static sp_tensor *
matrix (const char *fmt, int seed)
{
  sp_tensor *t = sr_matrix (fmt, M, N, seed, 3);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      if (sr_hash (i, j, 0, seed) % 7 == 1)
        sp_insert (t, (int64_t[]) { i, j }, 0.0);
  sp_insert (t, (int64_t[]) { 4, 9 }, NAN);
  return t;
}

/* Entries above the threshold per row, counted in a local.  */
static void
count_rows (int *cnt, double A[M][N] SPARSE ("CSR"), double tol)
{
  for (int i = 0; i < M; i++)
    {
      int c = 0;
      for (int j = 0; j < N; j++)
        if (fabs (A[i][j]) > tol)
          c++;
      cnt[i] = c;
    }
}

/* The sum of the entries at or below the threshold, in a local, scaled
   on the store; over DCSR.  */
static void
sum_small (double *y, double A[M][N] SPARSE ("DCSR"), double tol)
{
  for (int i = 0; i < M; i++)
    {
      double s = 0;
      for (int j = 0; j < N; j++)
        if (A[i][j] <= tol)
          s += A[i][j] * (j + 1);
      y[i] = 2 * s + 1;
    }
}

/* The else branch: entries not above the threshold, over CSC.  */
static void
count_else (int *cnt, double A[M][N] SPARSE ("CSC"), double tol)
{
  for (int i = 0; i < M; i++)
    {
      int c = 0, d = 0;
      for (int j = 0; j < N; j++)
        if (A[i][j] > tol)
          c += 2;
        else
          d++;
      cnt[i] = c - d;
    }
}

static void
pri (const char *what, double tol, const int *a)
{
  printf ("%s %g:", what, tol);
  for (int i = 0; i < M; i++)
    printf (" %d", a[i]);
  printf ("\n");
}

int
main (void)
{
  sp_tensor *a = matrix ("CSR", 11), *d = matrix ("DCSR", 12);
  sp_tensor *c = matrix ("CSC", 13);
  const double tols[] = { 1.0, 0.0, -0.0, -0.5, NAN };
  int cnt[M];
  double y[M];
  for (unsigned k = 0; k < sizeof tols / sizeof *tols; k++)
    {
      double tol = tols[k];
      count_rows (cnt, sp_array (a), tol);
      pri ("count", tol, cnt);
      sum_small (y, sp_array (d), tol);
      printf ("small %g:", tol);
      for (int i = 0; i < M; i++)
        printf (" %.17g", isnan (y[i]) ? 0.125 : y[i]);
      printf ("\n");
      count_else (cnt, sp_array (c), tol);
      pri ("else", tol, cnt);
    }
  sp_free (a);
  sp_free (d);
  sp_free (c);
  return 0;
}
