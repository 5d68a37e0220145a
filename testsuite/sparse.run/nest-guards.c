/* Guards whose branch does nothing where the tagged value is zero, as
   dense code writes them: a test of the value (`if (A[i][j] != 0)`,
   `if (A[i][j])`, a threshold, `fabs (A[i][j]) > tol`), a test of the
   indices only (`if (j != i)`, `j < i` with an else), comparisons as
   values (`e += A[i][j] != 0`), && and ||, nested ifs, a temporary
   declared in the branch, `c ? v : 0`, `if (...) continue;`, and an
   integer division that only the guard keeps from dividing by zero.  The matrices hold
   negative entries, explicit zeros (stored entries whose value is 0:
   a guard false there must skip them as the dense loop does) and a NaN
   (true for !=, false for every ordering).  */
#include <math.h>
#include "sparse-run.h"

enum { M = 19, N = 23 };

/* A matrix in FMT with entries where the hash is 0 mod 3, explicit
   zeros where it is 1 mod 7, and, when NAN_AT >= 0, a NaN in that
   row.  */
static sp_tensor *
matrix (const char *fmt, int m, int n, int seed, int nan_at)
{
  sp_tensor *t = sr_matrix (fmt, m, n, seed, 3);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      if (sr_hash (i, j, 0, seed) % 7 == 1)
        sp_insert (t, (int64_t[]) { i, j }, 0.0);
  if (nan_at >= 0)
    sp_insert (t, (int64_t[]) { nan_at, nan_at % n }, NAN);
  return t;
}

/* Every value, NaN spelt alike whatever its sign.  */
static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    if (isnan (a[i]))
      printf (" nan");
    else
      printf (" %.17g", a[i]);
  printf ("\n");
}

static void
pri (const char *what, const int *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %d", a[i]);
  printf ("\n");
}

/* Each idiom below as dense code writes it.  */

static void
adjacency (double y[M], double A[M][N] SPARSE ("CSR"), const double x[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. != 0 . x.j. : 0.; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < N; j++)
      if (A[i][j] != 0)
        y[i] += x[j];
}

static void
degrees (int deg[M], double A[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: deg.i. = sum.j, A.i,j. != 0 . 1 : 0.; A: CSR; loops: i for, j for over A; deg: dense" } */
    {
      deg[i] = 0;
      for (int j = 0; j < N; j++)
        if (A[i][j])
          deg[i]++;
    }
}

/* Jacobi's step: the diagonal is left out by its indices.  */
static void
jacobi (double y[M], double A[M][M] SPARSE ("CSR"), const double b[M],
        const double x[M], const double d[M])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = .b.i. - sum.j, j != i . A.i,j. . x.j. : 0.. / d.i.; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = b[i];
      for (int j = 0; j < M; j++)
        if (j != i)
          s -= A[i][j] * x[j];
      y[i] = s / d[i];
    }
}

static long
edges (double A[M][N] SPARSE ("DCSR"))
{
  long e = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: e .= sum.i, sum.j, .long..A.i,j. != 0...; A: DCSR; loops: i for over A, j for over A; e: scalar" } */
    for (int j = 0; j < N; j++)
      e += (A[i][j] != 0);
  return e;
}

static void
above_tol (double y[M], double A[M][N] SPARSE ("CSR"), double tol)
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, abs.A.i,j.. > tol . A.i,j. : 0.; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < N; j++)
      if (fabs (A[i][j]) > tol)
        y[i] += A[i][j];
}

/* A threshold false at zero, in a COO matrix.  */
static int
count_above (double A[M][N] SPARSE ("COO"))
{
  int c = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, A.i,j. > 0.5 . 1 : 0..; A: COO; loops: i for over A, j for over A; c: scalar" } */
    for (int j = 0; j < N; j++)
      if (A[i][j] > 0.5)
        c++;
  return c;
}

/* A threshold whose sign only the run knows: sparsified where it is not
   negative (the condition false at zero), the loops as written where it
   is.  */
static int
count_over (double A[M][N] SPARSE ("DCSR"), double tol)
{
  int c = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "sparsified where the condition 'A.i..j. > tol' is false at the unstored zeros" } */
    for (int j = 0; j < N; j++)
      if (A[i][j] > tol)
        c++;
  return c;
}

/* The strict lower and the upper triangle, by an if and its else.  */
static void
triangles (double lo[M], double up[M], double A[M][M] SPARSE ("CSR"),
           const double x[M])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: lo.i. = sum.j, j < i . A.i,j. . x.j. : 0.; A: CSR; loops: i for, j for over A; lo: dense" } */	/* { dg-message "loop nest sparsified: up.i. = sum.j, !.j < i. . A.i,j. . x.j. : 0.; A: CSR; loops: i for, j for over A; up: dense" } */
    {
      lo[i] = 0;
      up[i] = 0;
      for (int j = 0; j < M; j++)
        if (j < i)
          lo[i] += A[i][j] * x[j];
        else
          up[i] += A[i][j] * x[j];
    }
}

/* Nested ifs, a temporary declared in the branch, && and ||.  */
static void
nested (double y[M], int c[M], double A[M][N] SPARSE ("CSR"),
        const double x[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j != i && A.i,j. > 0 . A.i,j. . x.j. . .A.i,j. . x.j.. : 0.; A: CSR" } */
    for (int j = 0; j < N; j++)
      if (j != i)
        {
          if (A[i][j] > 0)
            {
              double w = A[i][j] * x[j];
              y[i] += w * w;
            }
        }
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: c.i. .= sum.j, A.i,j. > 0 && x.j. > 0 . 1 : 0.; A: CSR" } */
    for (int j = 0; j < N; j++)
      if (A[i][j] > 0 && x[j] > 0)
        c[i]++;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: c.i. .= sum.j, A.i,j. < -1 .. A.i,j. > 1 . 2 : 0.; A: CSR" } */
    for (int j = 0; j < N; j++)
      if (A[i][j] < -1 || A[i][j] > 1)
        c[i] += 2;
}

/* The positive part, as a conditional expression, into a sparse
   output; and the negative part of the same into a dense one.  */
static void
parts (double P[M][N] SPARSE ("CSR"), double neg[M],
       double A[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: P.i,j. = A.i,j. > 0 . A.i,j. : 0; P: CSR, A: CSR" } */
    for (int j = 0; j < N; j++)
      P[i][j] = A[i][j] > 0 ? A[i][j] : 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: neg.i. .= sum.j, A.i,j. > 0 . 0 : A.i,j.|neg.i. .= sum.j, !.A.i,j. > 0. . A.i,j. : 0.; A: CSR" } */
    for (int j = 0; j < N; j++)
      neg[i] += A[i][j] > 0 ? 0 : A[i][j];
}

/* An integer division only the guard keeps from dividing by zero.  */
static void
quotients (int q[M], int A[M][N] SPARSE ("CSR"), const int d[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: q.i. .= sum.j, d.j. != 0 . A.i,j. / d.j. : 0.; A: CSR" } */
    for (int j = 0; j < N; j++)
      if (d[j] != 0)
        q[i] += A[i][j] / d[j];
}

/* A guard on a dense vector only, the value on the matrix.  */
static void
where_x (double y[M], double A[M][N] SPARSE ("CSC"), const double x[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, x.j. > 0 . A.i,j. . x.j. : 0.; A: CSC" } */
    for (int j = 0; j < N; j++)
      if (x[j] > 0)
        y[i] += A[i][j] * x[j];
}

/* The strict upper triangle with size_t loops: unsigned indices
   compared with each other.  */
static void
upper (double y[M], double A[M][M] SPARSE ("CSR"), const double x[M])
{
  for (size_t i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, j > i . A.i,j. . x.j. : 0.; A: CSR; loops: i for, j for over A; y: dense" } */
    for (size_t j = 0; j < M; j++)
      if (j > i)
        y[i] += A[i][j] * x[j];
}

/* `if (...) continue;`: the rest of the loop's body under the opposite
   condition.  */
static void
skips (double y[M], double A[M][M] SPARSE ("CSR"), const double x[M])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, j != i && A.i,j. != 0 . x.j. . A.i,j. : 0.; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < M; j++)
        {
          if (j == i)
            continue;
          if (!A[i][j])
            continue;
          double w = A[i][j];
          s += w * x[j];
        }
      y[i] = s;
    }
}

int
main (void)
{
  sp_tensor *a = matrix ("CSR", M, N, 301, 5);
  sp_tensor *sq = matrix ("CSR", M, M, 302, 7);
  sp_tensor *ad = sr_as (a, "DCSR"), *ac = sr_as (a, "COO");
  sp_tensor *acsc = sr_as (a, "CSC");
  int64_t dims[2] = { M, N };
  sp_tensor *p = sr_check (sp_new ("CSR", SP_F64, 2, dims), "P");
  sp_tensor *ai = sr_check (sp_new ("CSR", SP_I32, 2, dims), "Ai");
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      if (sr_hash (i, j, 0, 303) % 3 == 0)
        sp_insert (ai, (int64_t[]) { i, j }, (int) (sr_hash (i, j, 1, 303)
                                                    % 41) - 20);
  double x[N], xm[M], b[M], d[M], y[M], y2[M];
  int c[M], di[N];
  sr_fill (x, N, 304, 1);
  sr_fill (xm, M, 305, 1);
  sr_fill (b, M, 306, 1);
  for (int i = 0; i < M; i++)
    d[i] = 2 + i % 3;
  for (int j = 0; j < N; j++)
    di[j] = j % 4 - 1;   /* zeros at j = 1, 5, 9 ... */

  for (int i = 0; i < M; i++)
    y[i] = i;
  adjacency (y, sp_array (a), x);
  pr ("adjacency", y, M);
  degrees (c, sp_array (a));
  pri ("degrees", c, M);
  jacobi (y, sp_array (sq), b, xm, d);
  pr ("jacobi", y, M);
  printf ("edges %ld %ld\n", edges (sp_array (ad)), edges (sp_array (ad)));
  for (int i = 0; i < M; i++)
    y[i] = 0;
  above_tol (y, sp_array (a), 1.0);
  pr ("above 1", y, M);
  above_tol (y, sp_array (a), 0.0);
  pr ("above 0", y, M);
  printf ("count above %d\n", count_above (sp_array (ac)));
  printf ("count over %d %d %d\n", count_over (sp_array (ad), 0.5),
          count_over (sp_array (ad), 0), count_over (sp_array (ad), -0.5));
  triangles (y, y2, sp_array (sq), xm);
  pr ("lower", y, M);
  pr ("upper", y2, M);
  for (int i = 0; i < M; i++)
    y[i] = c[i] = 0;
  nested (y, c, sp_array (a), x);
  pr ("nested", y, M);
  pri ("nested counts", c, M);
  for (int i = 0; i < M; i++)
    y[i] = 0;
  parts (sp_array (p), y, sp_array (a));
  sr_print_t ("positive part", p, M * N);
  pr ("negative part", y, M);
  for (int i = 0; i < M; i++)
    c[i] = 1;
  quotients (c, sp_array (ai), di);
  pri ("quotients", c, M);
  for (int i = 0; i < M; i++)
    y[i] = 0;
  where_x (y, sp_array (acsc), x);
  pr ("where x", y, M);
  skips (y, sp_array (sq), xm);
  pr ("skips", y, M);
  upper (y, sp_array (sq), xm);
  pr ("upper size_t", y, M);
  sp_free (a);
  sp_free (sq);
  sp_free (ad);
  sp_free (ac);
  sp_free (acsc);
  sp_free (p);
  sp_free (ai);
  return 0;
}
