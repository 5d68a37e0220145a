/* Element-wise kernels written as loops: sparse addition and subtraction
   (union of the patterns), the three-operand PLUS3, element-wise product
   (intersection), scaling, sparse vector updates.  */
#include "sparse-run.h"

enum { M = 16, N = 13 };

static void
add (double C[M][N] SPARSE ("CSR"), double A[M][N] SPARSE ("CSR"),
     double B[M][N] SPARSE ("DCSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: C.i,j. = A.i,j. . B.i,j.; C: CSR, A: CSR, B: DCSR; loops: i for, j co-iterate A, B; C: appended in order" } */
    for (int j = 0; j < N; j++)
      C[i][j] = A[i][j] + B[i][j];
}

static void
subtract (double C[M][N], double A[M][N] SPARSE ("CSR"),
          double B[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: C.i,j. = A.i,j. - B.i,j.; A: CSR, B: CSR; loops: i for, j co-iterate A, B; C: dense" } */
    for (int j = 0; j < N; j++)
      C[i][j] = A[i][j] - B[i][j];
}

/* PLUS3 into a sparse output.  */
static void
plus3 (double A[M][N] SPARSE ("DCSR"), double B[M][N] SPARSE ("CSR"),
       double C[M][N] SPARSE ("CSR"), double D[M][N] SPARSE ("COO"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: A.i,j. = B.i,j. . C.i,j. . D.i,j.; A: DCSR, B: CSR, C: CSR, D: COO; loops: i for, j co-iterate B, C, D; A: appended in order" } */
    for (int j = 0; j < N; j++)
      A[i][j] = B[i][j] + C[i][j] + D[i][j];
}

/* Hadamard product: nonzero only where both are.  */
static void
hadamard (double C[M][N] SPARSE ("CSR"), double A[M][N] SPARSE ("CSR"),
          double B[M][N] SPARSE ("CSC"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: C.i,j. = A.i,j. . B.i,j.; C: CSR, A: CSR, B: CSC converted to CSR; loops: i for, j co-iterate A, B; C: appended in order" } */
    for (int j = 0; j < N; j++)
      C[i][j] = A[i][j] * B[i][j];
}

/* Sparse plus dense into dense, accumulating.  */
static void
add_to_dense (double Y[M][N], double A[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: Y.i,j. .= A.i,j.; A: CSR; loops: i for, j for over A; Y: dense" } */
    for (int j = 0; j < N; j++)
      Y[i][j] += A[i][j];
}

/* B = alpha A, a scaled copy with the same pattern.  */
static void
scale (double B[M][N] SPARSE ("DCSR"), double alpha,
       double A[M][N] SPARSE ("CSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: B.i,j. = A.i,j. . alpha; B: DCSR, A: CSR; loops: i for, j for over A; B: appended in order" } */
    for (int j = 0; j < N; j++)
      B[i][j] = alpha * A[i][j];
}

/* AXPY with a sparse vector: y += a * x.  */
static void
axpy (int n, double y[n], double a, double x[n] SPARSE ("CU"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= x.i. . a; x: CU; loops: i for over x; y: dense" } */
    y[i] += a * x[i];
}

/* z = x - w for two sparse vectors, into a dense one, and a negated
   copy into a sparse one.  */
static void
vsub (int n, double z[n], double x[n] SPARSE ("CU"), double w[n] SPARSE ("CU"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: z.i. = x.i. - w.i.; x: CU, w: CU; loops: i co-iterate x, w; z: dense" } */
    z[i] = x[i] - w[i];
}

static void
vneg (int n, double v[n] SPARSE ("CU"), double x[n] SPARSE ("CU"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: v.i. = -x.i.; v: CU, x: CU; loops: i for over x; v: appended in order" } */
    v[i] = -x[i];
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, N, 61, 3);
  sp_tensor *b = sr_matrix ("DCSR", M, N, 62, 4);
  sp_tensor *c = sr_matrix ("CSR", M, N, 63, 2);
  double C[M][N], Y[M][N];

  add (sp_array (c), sp_array (a), sp_array (b));
  sr_print_t ("A + B", c, M * N);
  /* The output passed as an operand too: element by element, each
     element read before it is written.  */
  sp_tensor *bd = sr_as (b, "DCSR");
  add (sp_array (c), sp_array (c), sp_array (bd));
  sr_print_t ("C = C + B", c, M * N);
  sp_free (bd);
  sp_tensor *bb = sr_as (b, "CSR");
  subtract (C, sp_array (a), sp_array (bb));
  sr_print ("A - B", &C[0][0], M * N);

  sp_tensor *d = sr_matrix ("COO", M, N, 64, 5);
  sp_tensor *out = sr_matrix ("DCSR", M, N, 65, 2);
  plus3 (sp_array (out), sp_array (a), sp_array (c), sp_array (d));
  sr_print_t ("B + C + D", out, M * N);

  sp_tensor *bc = sr_as (b, "CSC");
  hadamard (sp_array (c), sp_array (a), sp_array (bc));
  sr_print_t ("A .* B", c, M * N);

  sr_fill (&Y[0][0], M * N, 66, 1);
  add_to_dense (Y, sp_array (a));
  sr_print ("Y += A", &Y[0][0], M * N);

  scale (sp_array (out), -0.75, sp_array (a));
  sr_print_t ("-0.75 A", out, M * N);

  int64_t n = 40;
  sp_tensor *x = sr_check (sp_new ("CU", SP_F64, 1, &n), "x");
  sp_tensor *w = sr_check (sp_new ("CU", SP_F64, 1, &n), "w");
  for (int64_t i = 0; i < n; i++)
    {
      if (sr_hash (i, 0, 0, 67) % 3 == 0)
        sp_insert (x, &i, sr_val (sr_hash (i, 1, 0, 67)));
      if (sr_hash (i, 0, 0, 68) % 4 == 0)
        sp_insert (w, &i, sr_val (sr_hash (i, 1, 0, 68)));
    }
  double yv[40], zv[40];
  sr_fill (yv, n, 69, 1);
  axpy (n, yv, 2.5, sp_array (x));
  sr_print ("axpy", yv, n);
  vsub (n, zv, sp_array (x), sp_array (w));
  sr_print ("x - w", zv, n);
  sp_tensor *v = sr_check (sp_new ("CU", SP_F64, 1, &n), "v");
  vneg (n, sp_array (v), sp_array (x));
  sr_print_t ("-x", v, n);
  vneg (n, sp_array (v), sp_array (v));
  sr_print_t ("-(-x) in place", v, n);

  sp_free (v);
  sp_free (x);
  sp_free (w);
  sp_free (bc);
  sp_free (out);
  sp_free (d);
  sp_free (bb);
  sp_free (a);
  sp_free (b);
  sp_free (c);
  return 0;
}
