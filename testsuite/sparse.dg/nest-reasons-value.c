/* Loop nests that read well but whose loops do not compute one index
   notation statement per output, or whose operands may share storage:
   left to the fallback, each with its reason.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

double g_last;

void
values (int n, double y[n], double z[n], double A[n][n] SPARSE ("CSR"),
	double x[n], float xf[n], float B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: output y is also read at y.j." } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * y[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: y.i. is assigned in every iteration of loop j, which does not index it" } */
    for (int j = 0; j < n; j++)
      y[i] = A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: s is read inside loop j, where it accumulates" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
	{
	  s += A[i][j];
	  z[j] = s;
	}
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: t is read after loop j, which leaves it the value of its last iteration" } */
    {
      double t;
      for (int j = 0; j < n; j++)
	t = A[i][j];
      y[i] = t;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: u is read in loop j before it is set there: its value carries over from one iteration to the next" } */
    {
      double u = 0;
      for (int j = 0; j < n; j++)
	{
	  y[i] += u;
	  u = A[i][j];
	}
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: g_last keeps only the value of the last iteration of loop j" } */
    for (int j = 0; j < n; j++)
      g_last = A[i][j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop k accumulates into y but its variable indexes nothing there" } */
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
	y[i] += A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: d is float but accumulates double terms over loop j" } */
    {
      float d = 0;
      for (int j = 0; j < n; j++)
	d += B[i][j] * x[j];
      z[i] = d;
    }
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: z.i. .= sum.j, B.i,j. . .double.xf.j..; B: CSR" } */
    for (int j = 0; j < n; j++)
      z[i] += (double) B[i][j] * (double) xf[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: y is written both at y.i. and at y.j.: an output written at two places is sparsified when both only accumulate" } */
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
	y[j] += A[i][j];
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: the loops compute nothing that is used after them" } */
    {
      double u = 0;
      for (int j = 0; j < n; j++)
	u += A[i][j];
    }
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: two different variables are named w" } */
    {
      double w = 0;
      for (int j = 0; j < n; j++)
	{
	  double w = A[i][j];
	  y[j] += w;
	}
      z[i] = w;
    }
}

/* An output parameter and input parameters tagged with one format may
   be one tensor, read other than element by element: the sparse loops
   run when the handles differ.  */
void
same (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"),
      double B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest versioned on C != A, C != B: the sparse loops when that holds, else the loops as written" } */
    /* { dg-message "loop nest sparsified: C.i,j. = sum.k, A.i,k. . B.k,j..; C: CSR, A: CSR, B: CSR" "" { target *-*-* } .-1 } */
    for (int j = 0; j < n; j++)
      {
	C[i][j] = 0;
	for (int k = 0; k < n; k++)
	  C[i][j] += A[i][k] * B[k][j];
      }
}
