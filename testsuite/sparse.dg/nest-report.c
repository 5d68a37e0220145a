/* The report of loop nests turned into statements: one note per
   statement at the nest's outer loop, with the index notation, the
   formats, the loop order and how the output is written.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

void
spmv (int n, int m, double y[n], double A[n][m] SPARSE ("CSR"), double x[m])
{
  for (int i = 0; i < n; i++)	/* { dg-message "3: note: loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    {
      y[i] = 0;
      for (int j = 0; j < m; j++)
	y[i] += A[i][j] * x[j];
    }
}

void
transposed (int n, int m, double y[m], double A[n][m] SPARSE ("CSR"),
	    double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.j. .= sum.i, A.i,j. . x.i..; A: CSR; loops: i for, j for over A" } */
    for (int j = 0; j < m; j++)
      y[j] += A[i][j] * x[i];
}

void
scalar (int n, double y[n], double A[n][n] SPARSE ("DCSR"), double x[n],
	double alpha)
{
  int i, j;
  double s;
  for (i = 0; i <= n - 1; ++i)	/* { dg-message "loop nest sparsified: y.i. = alpha . sum.j, A.i,j. . x.j..; A: DCSR" } */
    {
      s = 0.0;
      for (j = 0; j < n; j += 1)
	s = s + A[i][j] * x[j];
      y[i] = alpha * s;
    }
}

void
residual (int n, double r[n], double b[n], double A[n][n] SPARSE ("CSR"),
	  double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: r.i. = b.i. - sum.j, A.i,j. . x.j..; A: CSR" } */
    {
      r[i] = b[i];
      for (int j = 0; j < n; j++)
	r[i] -= A[i][j] * x[j];
    }
}

/* Two outputs: two statements, two notes.  */
void
two (int n, double y[n], double z[n], double A[n][n] SPARSE ("CSR"),
     double B[n][n] SPARSE ("CSC"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR" } */
    {				/* { dg-message "loop nest sparsified: z.i. = sum.j, B.i,j. . x.j..; B: CSC" "" { target *-*-* } .-1 } */
      y[i] = z[i] = 0;
      for (int j = 0; j < n; j++)
	{
	  y[i] += A[i][j] * x[j];
	  z[i] += B[i][j] * x[j];
	}
    }
}

/* SpGEMM, rows zeroed by their own loop, into a sparse output.  */
void
gustavson (int n, double C[restrict n][n] SPARSE ("CSR"),
	   double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: C.i,j. = sum.k, A.i,k. . B.k,j..; C: CSR, A: CSR, B: CSR; loops: i for, k for over A, j for over B; C: through a workspace" } */
    {
      for (int j = 0; j < n; j++)
	C[i][j] = 0;
      for (int k = 0; k < n; k++)
	for (int j = 0; j < n; j++)
	  C[i][j] += A[i][k] * B[k][j];
    }
}

/* Reductions to a scalar, tensors.  */
double
inner (int n, double B[n][n][n] SPARSE ("CSF"), double C[n][n][n] SPARSE ("CSF"))
{
  double s = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, sum.k, B.i,j,k. . C.i,j,k....; B: CSF, C: CSF; loops: i co-iterate B, C, j co-iterate B, C, k co-iterate B, C; s: scalar" } */
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
	s += B[i][j][k] * C[i][j][k];
  return s;
}

/* An iteration loop indexes nothing: the nests inside it are
   sparsified, the dense updates stay loops.  */
void
power (int n, double P[n][n] SPARSE ("CSR"), double r[n], double t[n])
{
  for (int it = 0; it < 10; it++)
    {
      for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: t.i. = sum.j, P.i,j. . r.j..; P: CSR" } */
	{
	  t[i] = 0;
	  for (int j = 0; j < n; j++)
	    t[i] += P[i][j] * r[j];
	}
      for (int i = 0; i < n; i++)
	r[i] = t[i];
    }
}

/* A float constant in double arithmetic is converted to double by C
   first: the statement uses the converted value.  In float arithmetic a
   float variable, or the float constant itself (nest-constants.c),
   computes in float.  */
void
float_constants (int n, double y[n], double A[n][n] SPARSE ("CSR"),
		 double x[n], float yf[n], float B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . 0.10000000149011612 . x.j..; A: CSR" } */
    for (int j = 0; j < n; j++)
      y[i] += 0.1f * A[i][j] * x[j];
  float c = 0.1f;
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: yf.i. .= sum.j, B.i,j. . c.; B: CSR" } */
    for (int j = 0; j < n; j++)
      yf[i] += c * B[i][j];
}
