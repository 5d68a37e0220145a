/* Loop nests and pragmas that update a tagged array's stored values in
   place: scaled by a scalar, by dense vectors along rows and columns,
   negated, in CSR, CSC, DCSR, COO and CSF, double and long.  Unstored
   elements are zeros the updates keep zero, so only stored entries
   change and the pattern stays.  ELL, DIA and dense storage keep the
   element-by-element loops, with the same results.  */
#include <math.h>
#include "sparse-run.h"

enum { M = 17, N = 13 };

static void
scale_csr (double A[M][N] SPARSE ("CSR"), double s)
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: A.i,j. = A.i,j. . s; A: CSR; loops: i for, j for over A; A: its stored values updated in place" } */
    for (int j = 0; j < N; j++)
      A[i][j] *= s;
}

static void
scale_csc (double A[M][N] SPARSE ("CSC"), double s)
{
  for (int i = 0; i < M; i++)	/* { dg-message "A: CSC; loops: j for, i for over A; A: its stored values updated in place" } */
    for (int j = 0; j < N; j++)
      A[i][j] *= s;
}

static void
scale_dcsr (double A[M][N] SPARSE ("DCSR"), double s)
{
  for (int i = 0; i < M; i++)	/* { dg-message "A: DCSR; loops: i for over A, j for over A; A: its stored values updated in place" } */
    for (int j = 0; j < N; j++)
      A[i][j] *= s;
}

static void
scale_coo (double A[M][N] SPARSE ("COO"), double s)
{
  for (int i = 0; i < M; i++)	/* { dg-message "A: COO; loops: i for over A, j for over A; A: its stored values updated in place" } */
    for (int j = 0; j < N; j++)
      A[i][j] *= s;
}

static void
scale_ell (double A[M][N] SPARSE ("ELL"), double s)
{
  for (int i = 0; i < M; i++)	/* { dg-message "'A' is stored as ELL, whose values the loops update in place only in a format without derived levels" } */
    for (int j = 0; j < N; j++)
      A[i][j] *= s;
}

static void
scale_dia (double A[M][N] SPARSE ("DIA"), double s)
{
  for (int i = 0; i < M; i++)	/* { dg-message "'A' is stored as DIA, whose values the loops update in place only in a format without derived levels" } */
    for (int j = 0; j < N; j++)
      A[i][j] *= s;
}

static void
scale_dense (double A[M][N] SPARSE ("D,D"), double s)
{
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      A[i][j] *= s;
}

/* Rows and columns weighed by dense vectors, and the sign flipped.  */
static void
weigh (double A[M][N] SPARSE ("CSR"), double r[M], double c[N])
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: A.i,j. = .?r.i. . A.i,j. . c.j.; A: CSR; loops: i for, j for over A; A: its stored values updated in place" } */
    for (int j = 0; j < N; j++)
      A[i][j] = r[i] * A[i][j] * c[j];
}

static void
negate (double A[M][N] SPARSE ("DCSR"))
{
  for (int i = 0; i < M; i++)	/* { dg-message "its stored values updated in place" } */
    for (int j = 0; j < N; j++)
      A[i][j] = -A[i][j];
}

/* A rank-3 tensor, and long values.  */
static void
scale3 (long T[4][M][N] SPARSE ("CSF"), long s)
{
  for (int k = 0; k < 4; k++)	/* { dg-message "its stored values updated in place" } */
    for (int i = 0; i < M; i++)
      for (int j = 0; j < N; j++)
        T[k][i][j] = T[k][i][j] * s;
}

/* Thresholding: entries of magnitude below TOL set to zero, stored as
   explicit zeros; the rest, NaNs included, kept.  */
static void
threshold (double A[M][N] SPARSE ("CSR"), double tol)
{
  for (int i = 0; i < M; i++)	/* { dg-message "loop nest sparsified: A.i,j. = .abs.A.i,j.. < tol .*A: its stored values updated in place" } */
    for (int j = 0; j < N; j++)
      if (fabs (A[i][j]) < tol)
        A[i][j] = 0;
}

/* Not when the element written is not the one read: the dense loops
   read elements written in earlier iterations.  */
static void
threshold_t (double A[N][N] SPARSE ("COO"), double tol)
{
  for (int i = 0; i < N; i++)	/* { dg-message "not sparsified: output A is also read at A.i..j." } */
    for (int j = 0; j < N; j++)
      if (fabs (A[i][j]) < tol)
        A[j][i] = 0;
}

/* The pragma.  */
static void
scale_pragma (double A[M][N] SPARSE ("CSR"), double s)
{
#pragma sparse einsum A(i,j) = s * A(i,j)
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             A[i][j] = s * A[i][j];)
}

/* Not in place: the sum adds s where A stores nothing.  */
static void
shift (double A[M][N] SPARSE ("CSR"), double s)
{
  for (int i = 0; i < M; i++)	/* { dg-message "appended in order" } */
    for (int j = 0; j < N; j++)
      A[i][j] = A[i][j] + s;
}

int
main (void)
{
  static const char *const fmts[] = { "CSR", "CSC", "DCSR", "COO", "ELL",
                                       "DIA", "D,D" };
  void (*const fns[]) (double (*)[N], double) = {
    scale_csr, scale_csc, scale_dcsr, scale_coo, scale_ell, scale_dia,
    scale_dense
  };
  for (int f = 0; f < 7; f++)
    {
      sp_tensor *a = sr_matrix (fmts[f], M, N, 80 + f, 3);
      fns[f] (sp_array (a), -0.5);
      fns[f] (sp_array (a), 3);
      printf ("%s: %lld entries\n", fmts[f], (long long) sp_nnz (a));
      sr_print_t (fmts[f], a, M * N);
      sp_free (a);
    }

  double r[M], c[N];
  for (int i = 0; i < M; i++)
    r[i] = i % 3 - 1.25;
  for (int j = 0; j < N; j++)
    c[j] = 0.5 * (j % 4) + 0.25;
  sp_tensor *a = sr_matrix ("CSR", M, N, 90, 2);
  weigh (sp_array (a), r, c);
  sr_print_t ("weighed", a, M * N);
  scale_pragma (sp_array (a), 0.75);
  sr_print_t ("pragma", a, M * N);
  shift (sp_array (a), 1);
  sr_print_t ("shifted", a, M * N);
  sp_free (a);

  a = sr_matrix ("CSR", M, N, 93, 2);
  threshold (sp_array (a), 1.0);
  sr_print_t ("thresholded", a, M * N);
  sp_free (a);
  a = sr_matrix ("COO", N, N, 94, 2);
  threshold_t (sp_array (a), 1.0);
  sr_print_t ("thresholded across", a, N * N);
  sp_free (a);

  sp_tensor *d = sr_matrix ("DCSR", M, N, 91, 3);
  negate (sp_array (d));
  sr_print_t ("negated", d, M * N);
  sp_free (d);

  int64_t dims[3] = { 4, M, N };
  sp_tensor *t = sr_check (sp_new ("CSF", SP_I64, 3, dims), "sp_new");
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < M; i++)
      for (int j = 0; j < N; j++)
        if (sr_hash (k, i, j, 92) % 5 == 0)
          sp_insert_i64 (t, (int64_t[]) { k, i, j }, 1 + (i * 7 + j) % 9);
  scale3 (sp_array (t), -3);
  long sum = 0;
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < M; i++)
      for (int j = 0; j < N; j++)
        sum += sp_get_i64 (t, (int64_t[]) { k, i, j }) * (k + i + j + 1);
  printf ("tensor: %lld entries, weighed sum %ld\n", (long long) sp_nnz (t),
          sum);
  sp_free (t);
  return 0;
}
