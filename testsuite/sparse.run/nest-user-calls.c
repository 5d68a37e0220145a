/* Loop bodies that call the program's own functions, each one return
   statement, as dense code writes small helpers: a square summed, a
   product of two arguments, a helper calling a helper, an int
   parameter given a double (truncated, as C converts it), a float
   result, float arithmetic inside the helper, a function that is not zero at zero (every element visited),
   one reading a global constant, a guard calling a helper, and an int
   matrix through a long helper.  The matrices hold negative entries,
   explicit zeros and a stored -0.0; every value is printed with %a.  */
#include <math.h>
#include "sparse-run.h"

enum { M = 17, N = 19 };

static const double scale = 0.75;

static double sq (double v) { return v * v; }
static double times (double a, double b) { return a * b; }
static double sq_plus (double v) { return sq (v) + v * scale; }
static int whole (int v) { return v; }
static float halff (double v) { return v / 2; }
static float sqf (float v) { return v * v + v / 3; }
static double plus1 (double v) { return v + 1; }
static inline int big (double v) { return fabs (v) > 0.5; }
static long twice_l (long v) { return 2 * v; }

static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %a", a[i]);
  printf ("\n");
}

static sp_tensor *
matrix (const char *fmt, int seed)
{
  sp_tensor *t = sr_matrix (fmt, M, N, seed, 3);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      if (sr_hash (i, j, 0, seed) % 7 == 1)
        sp_insert (t, (int64_t[]) { i, j }, 0.0);
  sp_insert (t, (int64_t[]) { 1, 1 }, -0.0);
  return t;
}

static double
sum_sq (double A[M][N] SPARSE ("CSR"))
{
  double s = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, A.i,j. . A.i,j...; A: CSR; loops: i for, j for over A; s: scalar" } */
    for (int j = 0; j < N; j++)
      s += sq (A[i][j]);
  return s;
}

static void
spmv_times (double y[M], double A[M][N] SPARSE ("DCSR"), const double x[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: DCSR" } */
    {
      y[i] = 0;
      for (int j = 0; j < N; j++)
        y[i] += times (A[i][j], x[j]);
    }
}

static void
rows_sq_plus (double y[M], double A[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . A.i,j. . A.i,j. . 0.75.; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < N; j++)
        s += sq_plus (A[i][j]);
      y[i] = s;
    }
}

static long
sum_whole (double A[M][N] SPARSE ("CSR"))
{
  long s = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, .long..int..A.i,j. . 8...; A: CSR; loops: i for, j for over A; s: scalar" } */
    for (int j = 0; j < N; j++)
      s += whole (A[i][j] * 8);
  return s;
}

static void
halves (float z[M], double A[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: z.i. = sum.j, .float..A.i,j. . 0.5..; A: CSR; loops: i for, j for over A; z: dense" } */
    {
      z[i] = 0;
      for (int j = 0; j < N; j++)
        z[i] += halff (A[i][j]);
    }
}

/* Float arithmetic in the helper: the argument rounded to float, the
   square and the sum rounded in float, the result widened to the sum.  */
static double
sum_sqf (double A[M][N] SPARSE ("CSR"))
{
  double s = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, .double...float.A.i,j. . .float.A.i,j. . .float.A.i,j. / 3f...; A: CSR; loops: i for, j for over A; s: scalar" } */
    for (int j = 0; j < N; j++)
      s += sqf (A[i][j]);
  return s;
}

/* plus1 (0) is 1: every element counts.  */
static double
sum_plus1 (double A[M][N] SPARSE ("CSR"))
{
  double s = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, A.i,j. . 1..; A: CSR; loops: i for, j for; s: scalar" } */
    for (int j = 0; j < N; j++)
      s += plus1 (A[i][j]);
  return s;
}

static int
count_big (double A[M][N] SPARSE ("CSR"))
{
  int c = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, abs.A.i,j.. > 0.5 != 0 . 1 : 0..; A: CSR; loops: i for, j for over A; c: scalar" } */
    for (int j = 0; j < N; j++)
      if (big (A[i][j]))
        c++;
  return c;
}

static void
int_rows (long r[M], int B[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: r.i. = sum.j, B.i,j. . 2L.; B: CSR; loops: i for, j for over B; r: dense" } */
    {
      r[i] = 0;
      for (int j = 0; j < N; j++)
        r[i] += twice_l (B[i][j]);
    }
}

int
main (void)
{
  sp_tensor *a = matrix ("CSR", 3), *d = sr_as (a, "DCSR");
  sp_tensor *b = sr_check (sp_new ("CSR", SP_I32, 2, (int64_t[]) { M, N }),
                           "CSR");
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      if (sr_hash (i, j, 0, 5) % 4 == 0)
        sp_insert (b, (int64_t[]) { i, j }, (double) (sr_hash (i, j, 1, 5) % 200) - 100);
  double (*A)[N] = sp_array (a), (*D)[N] = sp_array (d);
  int (*B)[N] = sp_array (b);
  double y[M], x[N];
  float z[M];
  long r[M];
  for (int j = 0; j < N; j++)
    x[j] = 0.5 + 0.125 * (j % 7);

  printf ("sum_sq: %a\n", sum_sq (A));
  spmv_times (y, D, x);
  pr ("spmv_times", y, M);
  rows_sq_plus (y, A);
  pr ("rows_sq_plus", y, M);
  printf ("sum_whole: %ld\n", sum_whole (A));
  halves (z, A);
  for (int i = 0; i < M; i++)
    printf (" %a", z[i]);
  printf ("\n");
  printf ("sum_sqf: %a\n", sum_sqf (A));
  printf ("sum_plus1: %a\n", sum_plus1 (A));
  printf ("count_big: %d\n", count_big (A));
  int_rows (r, B);
  for (int i = 0; i < M; i++)
    printf (" %ld", r[i]);
  printf ("\n");
  sp_free (a);
  sp_free (d);
  sp_free (b);
  return 0;
}
