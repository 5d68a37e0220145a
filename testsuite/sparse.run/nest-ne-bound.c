/* Loops whose condition is i != n, counting up from a start not above
   n (from one above, the loop would index outside its arrays), read as
   i < n: an SpMV with both loops so written, the bound on the left
   (n != j), a triangle from i + 1 over long variables, a size_t row index, a variable declared
   outside its loop and read after it, and a row walk (a guard false at
   zero in a nest the loops refuse).  Values are printed with %a.  */
#include <stddef.h>
#include "sparse-run.h"

enum { M = 23, N = 29 };

static void
spmv_ne (int m, int n, double y[m], double A[m][n] SPARSE ("CSR"),
	 const double x[n])
{
  for (int i = 0; i != m; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      double s = 0;
      for (int j = 0; n != j; ++j)
	s += A[i][j] * x[j];
      y[i] = s;
    }
}

static double
upper_ne (double A[M][N] SPARSE ("DCSR"))
{
  double s = 0;
  for (long i = 0; i != M; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, j >= i . 1L . A.i,j. . .i . 1L. . .j . 1L. : 0..; A: DCSR; loops: i for over A, j for over A; s: scalar" } */
    for (long j = i + 1; j != N; j += 1)
      s += A[i][j] * (double) (i + 1) * (double) (j + 1);
  return s;
}

static int
last_index (double A[M][N] SPARSE ("CSR"), double y[M])
{
  int i, j = -1;
  for (i = 0; i != M; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      y[i] = 0;
      for (j = 0; j != N; j++)
	y[i] += A[i][j];
    }
  return i * 1000 + j;
}

/* Refused by the nest (y is read at y[j] where it is written at y[i]),
   walked along each row.  */
static void
spread (double A[M][N] SPARSE ("CSR"), double y[N])
{
  for (size_t i = 0; i != M; i++)
    for (int j = 0; j != N; j++)	/* { dg-message "loop .j. visits only the entries .A. stores in the line it reads" } */
      if (A[i][j] != 0 && y[j] < 1)
	y[j] = y[j] * 0.5 + A[i][j];
}

static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %a", a[i]);
  printf ("\n");
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", M, N, 3, 3), *d = sr_as (a, "DCSR");
  double (*A)[N] = sp_array (a), (*D)[N] = sp_array (d);
  double x[N], y[N];
  for (int j = 0; j < N; j++)
    x[j] = 0.25 + 0.125 * (j % 5);
  spmv_ne (M, N, y, A, x);
  pr ("spmv_ne", y, M);
  printf ("upper_ne: %a\n", upper_ne (D));
  printf ("last_index: %d\n", last_index (A, y));
  pr ("row sums", y, M);
  for (int j = 0; j < N; j++)
    y[j] = (j % 3) * 0.5;
  spread (A, y);
  pr ("spread", y, N);
  sp_free (a);
  sp_free (d);
  return 0;
}
