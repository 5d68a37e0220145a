/* Loop bounds that are expressions whose value the loops cannot change:
   members through '.' and '->', macros and constant expressions, a const
   local, sizeof a / sizeof a[0], casts.  A bound that is not the extent
   of the tagged dimension it runs over is compared with it before the
   loops; when they differ (a loop over part of the rows) the loops run
   as written.  */
#include "sparse-run.h"

#define M 30
#define N 24
#define NE (sizeof (int[N]) / sizeof (int))

struct dims
{
  int m, n;
};

struct problem
{
  struct dims d;
  long rows;
};

/* A member of a struct parameter nothing modifies: the extents are the
   same expressions.  */
static void
by_value (struct dims d, double y[d.m], double A[d.m][d.n] SPARSE ("CSR"),
          const double x[d.n])
{
  for (int i = 0; i < d.m; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR" } */
    {
      y[i] = 0;
      for (int j = 0; j < d.n; j++)
        y[i] += A[i][j] * x[j];
    }
}

/* Through a pointer: compared with the extents where the loops start.  */
static void
by_pointer (const struct problem *p, double y[M], double A[M][N] SPARSE ("CSR"),
            const double x[N])
{
  for (int i = 0; i < p->d.m; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR" } */
    for (long j = 0; j < p->rows - 6; j++)
      y[i] += A[i][j] * x[j];
}

/* Macros, constant expressions, a const local, sizeof, casts.  */
static void
constants (double y[M], double A[M][N] SPARSE ("CSR"), const double x[N])
{
  const int m = M;
  for (int i = 0; i < m - 0; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR" } */
    for (unsigned j = 0; j < NE * 2 / 2; j++)
      y[i] += A[i][j] * x[j];
}

static void
sizes (double y[M], const double x[N])
{
  const int n = N;
  double A[M][n] SPARSE ("CSR");
  double B[M][N] SPARSE ("CSR");
  for (int i = 0; i < M; i++)
    for (int j = 0; j < n; j++)
      {
        A[i][j] = (i * 7 + j * 3) % 5 == 0 ? i - j * 0.25 : 0;
        B[i][j] = (i * 3 + j * 7) % 5 == 0 ? i + j * 0.5 : 0;
      }
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  for (size_t i = 0; i < sizeof B / sizeof B[0]; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, B.i,j. . x.j..; B: CSR" } */
    for (size_t j = 0; j < sizeof B[0] / sizeof B[0][0]; j++)
      y[i] += B[i][j] * x[j];
}

/* A tagged local, compared with its tensor's extent.  */
static void
local (const struct problem *p, double y[M], const double x[N])
{
  double L[M][N] SPARSE ("CSR");
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      L[i][j] = (i * 3 + j * 5) % 4 == 1 ? 1.5 * i - j : 0;
  for (int i = 0; i < p->d.m; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, L.i,j. . x.j..; L: CSR" } */
    for (int j = 0; j < p->d.n; j++)
      y[i] += L[i][j] * x[j];
}

/* A cast of a long parameter to the int loop variable's type.  */
static void
narrowed (long m, double y[m], double A[m][N] SPARSE ("CSR"), const double x[N])
{
  for (int i = 0; i < (int) m; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR" } */
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
}

/* A global read by the bound, and an array written through a pointer of
   another type: C's aliasing rules keep it.  */
static int rows_g = M;

static void
global_bound (double *y, double A[M][N] SPARSE ("CSR"), const double x[N])
{
  for (int i = 0; i < rows_g; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR" } */
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, N, 71, 3);
  double x[N], y[M];
  sr_fill (x, N, 72, 1);
  struct dims d = { M, N };
  by_value (d, y, sp_array (a), x);
  sr_print ("by value", y, M);

  struct problem p = { { M, N }, N + 6 };
  by_pointer (&p, y, sp_array (a), x);
  sr_print ("by pointer", y, M);
  /* Part of the rows: the loops run as written.  */
  p.d.m = M - 5;
  by_pointer (&p, y, sp_array (a), x);
  sr_print ("part of the rows", y, M);
  p.d.m = 0;
  p.rows = 0;
  by_pointer (&p, y, sp_array (a), x);
  sr_print ("no rows", y, M);

  p.d.m = M;
  local (&p, y, x);
  sr_print ("local", y, M);
  p.d.n = N - 1;
  local (&p, y, x);
  sr_print ("local, part of the columns", y, M);

  constants (y, sp_array (a), x);
  sr_print ("constants", y, M);
  sizes (y, x);
  sr_print ("sizes", y, M);
  narrowed (M, y, sp_array (a), x);
  sr_print ("narrowed", y, M);
  global_bound (y, sp_array (a), x);
  sr_print ("global", y, M);
  rows_g = 3;
  global_bound (y, sp_array (a), x);
  sr_print ("global, 3 rows", y, M);
  sp_free (a);
  return 0;
}
