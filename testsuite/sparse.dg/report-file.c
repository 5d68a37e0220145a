/* -fplugin-arg-sparse-report=FILE: the report's notes are lines of FILE,
   not diagnostics; the warning of a nest left to element access stays a
   warning.  FILE is appended to, so that the units of one build make one
   report: compiled twice, it holds every line twice.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-sparse-report=report-file.txt" } */
#include <sparse.h>

double f (double);

void
spmv (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
}

void
refused (int n, double y[n], double A[n][n] SPARSE ("CSR"), double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-warning "loop nest not sparsified: loop body calls f" } */
    for (int j = 0; j < n; j++)
      y[i] += f (A[i][j]) * x[j];
}

/* { dg-final { scan-file-count report-file.txt {report-file\.c:14:3: note: loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR} 1 } } */
/* { dg-final { scan-file-count report-file.txt {report-file\.c:22:3: note: loop nest not sparsified: loop body calls f, which is not defined before this function in the file; .A. accessed element by element} 1 } } */
/* { dg-final { scan-file-count report-file.txt {.} 2 } } */
/* { dg-final { sparse-compile-again } } */
/* { dg-final { scan-file-count report-file.txt {report-file\.c:14:3: note: loop nest sparsified} 2 } } */
/* { dg-final { scan-file-count report-file.txt {.} 4 } } */
