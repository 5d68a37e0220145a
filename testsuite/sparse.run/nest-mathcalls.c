/* Loop bodies that call the C library's functions of one floating-point
   argument, as dense code writes them: a guarded exp row sum, sqrt of
   fabs summed without a guard (sqrt keeps zeros), exp summed without a
   guard (exp (0) is 1: every element is visited), SpMV and SpMM of exp
   and sin of A, a call in a guard's condition, a call of a dense value
   beside a sparse one, the float forms (expf, sqrtf, logf) and exp of a
   float, each zero-keeping function of an element into a dense output,
   an update in place, and the sum of two matrices through calls.  The
   matrices hold negative entries (log and sqrt give NaNs there), halves
   (where floor, round and rint differ), explicit zeros, a stored -0.0
   (sqrt (-0.0) is -0.0) and a NaN.  Every value is printed with %a, bit
   for bit.  nest-mathcalls-openmp.c builds it with -fopenmp.  */
#include <math.h>
#include "sparse-run.h"

enum { M = 19, N = 23, K = 21 };

/* A matrix in FMT with entries where the hash is 0 mod 3, explicit zeros
   where it is 1 mod 7, a -0.0 at (1,1) and, when NAN_AT >= 0, a NaN in
   that row.  */
static sp_tensor *
matrix (const char *fmt, int m, int n, int seed, int nan_at)
{
  sp_tensor *t = sr_matrix (fmt, m, n, seed, 3);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      if (sr_hash (i, j, 0, seed) % 7 == 1)
        sp_insert (t, (int64_t[]) { i, j }, 0.0);
  sp_insert (t, (int64_t[]) { 1, 1 }, -0.0);
  if (nan_at >= 0)
    sp_insert (t, (int64_t[]) { nan_at, nan_at % n }, NAN);
  return t;
}

static sp_tensor *
matrix_f (int m, int n, int seed)
{
  sp_tensor *t = sr_check (sp_new ("CSR", SP_F32, 2, (int64_t[]) { m, n }),
                           "CSR");
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      {
        uint32_t h = sr_hash (i, j, 0, seed);
        if (h % 3 == 0)
          sp_insert (t, (int64_t[]) { i, j }, sr_val (h));
      }
  return t;
}

static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %a", a[i]);
  printf ("\n");
}

static void
prf (const char *what, const float *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %a", (double) a[i]);
  printf ("\n");
}

static void
prm (const char *what, double B[M][N])
{
  for (int i = 0; i < M; i++)
    pr (what, B[i], N);
}

/* A tagged matrix's elements, read one by one.  */
static void
prt (const char *what, double A[M][N] SPARSE ("CSR"))
{
  double row[N];
  for (int i = 0; i < M; i++)
    {
      for (int j = 0; j < N; j++)
        row[j] = A[i][j];
      pr (what, row, N);
    }
}

static void
exp_rows (double y[M], double A[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. != 0 . exp.A.i,j.. : 0.; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      y[i] = 0;
      for (int j = 0; j < N; j++)
        if (A[i][j] != 0)
          y[i] += exp (A[i][j]);
    }
}

static double
sqrt_abs_sum (double A[M][N] SPARSE ("CSR"))
{
  double s = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, sqrt.abs.A.i,j.....; A: CSR; loops: i for, j for over A; s: scalar" } */
    for (int j = 0; j < N; j++)
      s += sqrt (fabs (A[i][j]));
  return s;
}

/* exp (0) is 1: the unstored zeros count, every element is visited.  */
static double
exp_sum (double A[M][N] SPARSE ("CSR"))
{
  double s = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, exp.A.i,j....; A: CSR; loops: i for, j for; s: scalar" } */
    for (int j = 0; j < N; j++)
      s += exp (A[i][j]);
  return s;
}

/* log and sqrt of the negative entries: NaNs, summed in order.  */
static void
logs (double y[M], double z[M], double A[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. != 0 . log.A.i,j.. : 0.; A: CSR" } */
    {
      y[i] = 0;
      for (int j = 0; j < N; j++)
        if (A[i][j] != 0)
          y[i] += log (A[i][j]);
    }
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: z.i. = sum.j, sqrt.A.i,j...; A: CSR; loops: i for, j for over A; z: dense" } */
    {
      z[i] = 0;
      for (int j = 0; j < N; j++)
        z[i] += sqrt (A[i][j]);
    }
}

static void
spmv_exp (double y[M], double A[M][N] SPARSE ("CSR"), const double x[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, exp.A.i,j.. . x.j..; A: CSR; loops: i for, j for; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < N; j++)
        s += exp (A[i][j]) * x[j];
      y[i] = s;
    }
}

static void
spmv_exp_nz (double y[M], double A[M][N] SPARSE ("CSR"), const double x[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. != 0 . exp.A.i,j.. . x.j. : 0.; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < N; j++)
        if (A[i][j] != 0)
          s += exp (A[i][j]) * x[j];
      y[i] = s;
    }
}

static void
spmv_sin (double y[M], double A[M][N] SPARSE ("CSR"), const double x[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, sin.A.i,j.. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < N; j++)
        s += sin (A[i][j]) * x[j];
      y[i] = s;
    }
}

/* A dense inner loop strip-mined into vectors: the call stays one per
   element of A.  */
static void
spmm_exp (double C[M][K], double A[M][N] SPARSE ("CSR"), double B[N][K])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: C.i,k. = sum.j, A.i,j. != 0 . exp.A.i,j.. . B.j,k. : 0.; A: CSR" } */
    for (int k = 0; k < K; k++)
      {
        C[i][k] = 0;
        for (int j = 0; j < N; j++)
          if (A[i][j] != 0)
            C[i][k] += exp (A[i][j]) * B[j][k];
      }
}

static void
spmm_tanh (double C[M][K], double A[M][N] SPARSE ("CSR"), double B[N][K])
{
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++)
      C[i][k] = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: C.i,k. .= sum.j, tanh.A.i,j.. . B.j,k..; A: CSR; loops: i for, j for over A, k for; C: dense" } */
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        C[i][k] += tanh (A[i][j]) * B[j][k];
}

/* exp (0) > 2 is false: the guard skips the unstored zeros.  */
static int
count_large (double A[M][N] SPARSE ("CSR"))
{
  int c = 0;
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, A.i,j. != 0 && exp.A.i,j.. > 2 . 1 : 0..; A: CSR; loops: i for, j for over A; c: scalar" } */	/* { dg-message "sparsified where the condition .exp .A.i..j.. > 2. is false at the unstored zeros" } */
    for (int j = 0; j < N; j++)
      if (exp (A[i][j]) > 2)
        c++;
  return c;
}

/* A call of a dense value, once per row, and of a sparse one.  */
static void
scaled (double y[M], double A[M][N] SPARSE ("CSR"), const double x[N],
        const double w[M])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . exp.x.j.. . cos.w.i...; A: CSR" } */
    {
      y[i] = 0;
      for (int j = 0; j < N; j++)
        y[i] += A[i][j] * exp (x[j]) * cos (w[i]);
    }
}

static void
floats (float y[M], float z[M], double u[M], float A[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. != 0f . expf.A.i,j.. : 0.; A: CSR" } */
    {
      y[i] = 0;
      for (int j = 0; j < N; j++)
        if (A[i][j] != 0)
          y[i] += expf (A[i][j]);
    }
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: z.i. = sum.j, sqrtf.abs.A.i,j... . logf.abs.A.i,j.. . 1f..; A: CSR" } */
    {
      z[i] = 0;
      for (int j = 0; j < N; j++)
        z[i] += sqrtf (fabsf (A[i][j])) * logf (fabsf (A[i][j]) + 1.0f);
    }
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: u.i. = sum.j, A.i,j. != 0f . exp..double.A.i,j.. : 0.; A: CSR" } */
    {
      u[i] = 0;
      for (int j = 0; j < N; j++)
        if (A[i][j] != 0)
          u[i] += exp (A[i][j]);
    }
}

/* Each function that keeps zeros, of each element into a dense output;
   the other ones where the element is stored.  */
static void
elementwise (double B[M][N], double A[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = sqrt (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = sqrt.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("sqrt", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = cbrt (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = cbrt.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("cbrt", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = expm1 (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = expm1.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("expm1", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = log1p (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = log1p.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("log1p", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = sin (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = sin.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("sin", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = tan (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = tan.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("tan", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = sinh (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = sinh.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("sinh", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = tanh (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = tanh.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("tanh", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = asin (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = asin.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("asin", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = atan (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = atan.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("atan", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = asinh (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = asinh.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("asinh", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = atanh (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = atanh.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("atanh", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = erf (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = erf.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("erf", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = floor (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = floor.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("floor", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = ceil (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = ceil.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("ceil", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = trunc (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = trunc.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("trunc", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = round (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = round.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("round", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = rint (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = rint.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("rint", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = nearbyint (A[i][j]);	/* { dg-message "loop nest sparsified: B.i,j. = nearbyint.A.i,j..; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("nearbyint", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = A[i][j] != 0 ? exp (A[i][j]) : 0;	/* { dg-message "loop nest sparsified: B.i,j. = A.i,j. != 0 . exp.A.i,j.. : 0; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("exp", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = A[i][j] != 0 ? exp2 (A[i][j]) : 0;	/* { dg-message "loop nest sparsified: B.i,j. = A.i,j. != 0 . exp2.A.i,j.. : 0; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("exp2", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = A[i][j] != 0 ? log (A[i][j]) : 0;	/* { dg-message "loop nest sparsified: B.i,j. = A.i,j. != 0 . log.A.i,j.. : 0; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("log", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = A[i][j] != 0 ? log2 (A[i][j]) : 0;	/* { dg-message "loop nest sparsified: B.i,j. = A.i,j. != 0 . log2.A.i,j.. : 0; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("log2", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = A[i][j] != 0 ? log10 (A[i][j]) : 0;	/* { dg-message "loop nest sparsified: B.i,j. = A.i,j. != 0 . log10.A.i,j.. : 0; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("log10", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = A[i][j] != 0 ? cos (A[i][j]) : 0;	/* { dg-message "loop nest sparsified: B.i,j. = A.i,j. != 0 . cos.A.i,j.. : 0; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("cos", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = A[i][j] != 0 ? acos (A[i][j]) : 0;	/* { dg-message "loop nest sparsified: B.i,j. = A.i,j. != 0 . acos.A.i,j.. : 0; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("acos", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = A[i][j] != 0 ? cosh (A[i][j]) : 0;	/* { dg-message "loop nest sparsified: B.i,j. = A.i,j. != 0 . cosh.A.i,j.. : 0; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("cosh", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = A[i][j] != 0 ? acosh (A[i][j]) : 0;	/* { dg-message "loop nest sparsified: B.i,j. = A.i,j. != 0 . acosh.A.i,j.. : 0; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("acosh", B);
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) B[i][j] = A[i][j] != 0 ? erfc (A[i][j]) : 0;	/* { dg-message "loop nest sparsified: B.i,j. = A.i,j. != 0 . erfc.A.i,j.. : 0; A: CSR; loops: i for, j for over A; B: dense" } */
  prm ("erfc", B);
}

/* Stored entries updated in place: sqrt keeps the zeros zero.  */
static void
sqrt_inplace (double A[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: A.i,j. = sqrt.A.i,j..; A: CSR" } */
    for (int j = 0; j < N; j++)
      A[i][j] = sqrt (A[i][j]);
}

/* The sum of two matrices through calls into a dense output.  */
static void
add_calls (double Y[M][N], double A[M][N] SPARSE ("CSR"),
           double B[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: Y.i,j. = sin.A.i,j.. . atan.B.i,j..; A: CSR, B: CSR" } */
    for (int j = 0; j < N; j++)
      Y[i][j] = sin (A[i][j]) + atan (B[i][j]);
}

int
main (void)
{
  sp_tensor *a = matrix ("CSR", M, N, 3, 5), *b = matrix ("CSR", M, N, 7, -1);
  sp_tensor *af = matrix_f (M, N, 11);
  double (*A)[N] = sp_array (a), (*Bm)[N] = sp_array (b);
  double y[M], z[M], x[N], w[M], u[M];
  float yf[M], zf[M];
  static double C[M][K], Bd[N][K], D[M][N];
  for (int j = 0; j < N; j++)
    x[j] = 0.5 + 0.125 * (j % 7);
  for (int i = 0; i < M; i++)
    w[i] = 0.25 * (i % 9) - 1;
  for (int j = 0; j < N; j++)
    for (int k = 0; k < K; k++)
      Bd[j][k] = 0.25 * ((j * K + k) % 11) - 1;

  exp_rows (y, A);
  pr ("exp_rows", y, M);
  printf ("sqrt_abs_sum: %a\n", sqrt_abs_sum (A));
  printf ("exp_sum: %a\n", exp_sum (A));
  logs (y, z, A);
  pr ("log", y, M);
  pr ("sqrt", z, M);
  spmv_exp (y, A, x);
  pr ("spmv_exp", y, M);
  spmv_exp_nz (y, A, x);
  pr ("spmv_exp_nz", y, M);
  spmv_sin (y, A, x);
  pr ("spmv_sin", y, M);
  spmm_exp (C, A, Bd);
  for (int i = 0; i < M; i++)
    pr ("spmm_exp", C[i], K);
  spmm_tanh (C, A, Bd);
  for (int i = 0; i < M; i++)
    pr ("spmm_tanh", C[i], K);
  printf ("count_large: %d\n", count_large (A));
  scaled (y, A, x, w);
  pr ("scaled", y, M);
  floats (yf, zf, u, sp_array (af));
  prf ("expf", yf, M);
  prf ("sqrtf logf", zf, M);
  pr ("exp of float", u, M);
  elementwise (D, A);
  add_calls (D, A, Bm);
  prm ("add_calls", D);
  sqrt_inplace (Bm);
  prt ("sqrt_inplace", Bm);
  sp_free (a);
  sp_free (b);
  sp_free (af);
  return 0;
}
