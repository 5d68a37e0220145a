/* A statement whose sums cannot share one loop nest runs as several
   kernels over temporaries; the report lists them in the order they run
   and the format of each temporary.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report" } */
#include <sparse.h>

void
f (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"),
   double B[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j) + A(i,l) * A(l,j)	/* { dg-message "23: note: einsum sparsified: split into 2 kernels over temporaries 't0' CSR: t0.i,j. = sum.k, A.i,k. . B.k,j..; C.i,j. = t0.i,j. . sum.l, A.i,l. . A.l,j..; kernel 1, t0.i,j. = sum.k, A.i,k. . B.k,j..; A: CSR, B: CSR, t0: CSR; loops: i for, k for over A, j for over B; t0: through a workspace; kernel 2, C.i,j. = t0.i,j. . sum.l, A.i,l. . A.l,j..; C: CSR, A: CSR, t0: CSR; loops: i for, l for over A, j for over A; C: through a workspace, t0 added per row" } */
}

/* The old entries of a sparse output are added last, to the whole
   right-hand side.  */
void
g (int n, double C[n][n] SPARSE ("CSR"), double A[n][n] SPARSE ("CSR"),
   double B[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) += A(i,k) * A(k,j) + B(i,l) * A(l,j)	/* { dg-message "split into 3 kernels over temporaries 't0' CSR, 't1' CSR: t1.i,j. = sum.k, A.i,k. . A.k,j..; t0.i,j. = t1.i,j. . sum.l, B.i,l. . A.l,j..; C.i,j. .= t0.i,j.;" } */
}

/* A column sum of a CSR matrix inside a sum over its columns: the
   column sums first, into a dense vector.  */
double
h (int m, int n, double P[m][n] SPARSE ("CSR"), double D[n],
   double E[n][n] SPARSE ("CSC"))
{
  double s;
#pragma sparse einsum s = P(i,j) + D(j) * E(j,k) * D(j)	/* { dg-message "split into 2 kernels over temporaries 't0' dense: t0.j. = sum.i, P.i,j..; s = sum.j, t0.j. . D.j. . sum.k, E.j,k.. . D.j..; kernel 1, t0.j. = sum.i, P.i,j..; P: CSR, t0: dense; loops: i for, j for over P; t0: dense; kernel 2" } */
  return s;
}

/* A sparse output its loops would produce out of order: the sums
   first.  */
void
k (int n, double Y[n][n] SPARSE ("DCSR"),
   double A[n][n][n] SPARSE ("(i,j,k)->(j:D,k:CU,i:CU)"),
   double C[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum Y(i,j) = A(m,j,l) * C(i,k)	/* { dg-message "split into 2 kernels over temporaries 't0' dense: t0.j. = sum.m, sum.l, A.m,j,l...; Y.i,j. = t0.j. . sum.k, C.i,k..;" } */
}

/* A row's sum used twice, as people write a residual's norm: one
   temporary for both.  */
double
norm2 (int n, double A[n][n] SPARSE ("CSR"), double x[n], double b[n])
{
  double r = 0;
  for (int i = 0; i < n; i++)	/* { dg-message "split into 2 kernels over temporaries 't0' dense: t0.i. = sum.j, A.i,j. . x.j..; r .= sum.i, .t0.i. - b.i.. . .t0.i. - b.i...;" } */
    {
      double s = 0;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      r += (s - b[i]) * (s - b[i]);
    }
  return r;
}
