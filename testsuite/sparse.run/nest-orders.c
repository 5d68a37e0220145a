/* Loop orders and formats: the same kernels written with their loops in
   every order, over operands in several formats, dense and sparse
   outputs.  The plugin must give each nest the meaning of its loops
   whatever the order the scheduler picks (or leave it alone).  Generated
   by a short script; each function says what it computes.  */
#include "sparse-run.h"

enum { N = 7, M = 6, P = 5 };

/* y += A x, loops i, j, A in CSR */
static void
k0 (double y[N], double A[N][M] SPARSE ("CSR"), const double x[M])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
}

/* y += A x, loops i, j, A in DCSR */
static void
k1 (double y[N], double A[N][M] SPARSE ("DCSR"), const double x[M])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: DCSR; loops: i for over A, j for over A; y: dense" } */
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
}

/* y += A x, loops i, j, A in CSC */
static void
k2 (double y[N], double A[N][M] SPARSE ("CSC"), const double x[M])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSC; loops: j for, i for over A; y: dense" } */
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
}

/* y += A x, loops i, j, A in COO */
static void
k3 (double y[N], double A[N][M] SPARSE ("COO"), const double x[M])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: COO; loops: i for over A, j for over A; y: dense" } */
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
}

/* y += A x, loops i, j, A in CSR */
static void
k4 (double y[N], double A[N][M] SPARSE ("CSR"), const double x[M])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, x.j. . A.i,j..; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < M; j++)
      y[i] = y[i] + x[j] * A[i][j];
}

/* y += A x, loops i, j, A in DCSR */
static void
k5 (double y[N], double A[N][M] SPARSE ("DCSR"), const double x[M])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, x.j. . A.i,j..; A: DCSR; loops: i for over A, j for over A; y: dense" } */
    for (int j = 0; j < M; j++)
      y[i] = y[i] + x[j] * A[i][j];
}

/* y += A x, loops i, j, A in CSC */
static void
k6 (double y[N], double A[N][M] SPARSE ("CSC"), const double x[M])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, x.j. . A.i,j..; A: CSC; loops: j for, i for over A; y: dense" } */
    for (int j = 0; j < M; j++)
      y[i] = y[i] + x[j] * A[i][j];
}

/* y += A x, loops i, j, A in COO */
static void
k7 (double y[N], double A[N][M] SPARSE ("COO"), const double x[M])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, x.j. . A.i,j..; A: COO; loops: i for over A, j for over A; y: dense" } */
    for (int j = 0; j < M; j++)
      y[i] = y[i] + x[j] * A[i][j];
}

/* y -= 2 A x, loops i, j, A in CSR */
static void
k8 (double y[N], double A[N][M] SPARSE ("CSR"), const double x[M])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. -= sum.j, A.i,j. . 2 . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < M; j++)
      y[i] -= 2 * A[i][j] * x[j];
}

/* y -= 2 A x, loops i, j, A in DCSR */
static void
k9 (double y[N], double A[N][M] SPARSE ("DCSR"), const double x[M])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. -= sum.j, A.i,j. . 2 . x.j..; A: DCSR; loops: i for over A, j for over A; y: dense" } */
    for (int j = 0; j < M; j++)
      y[i] -= 2 * A[i][j] * x[j];
}

/* y -= 2 A x, loops i, j, A in CSC */
static void
k10 (double y[N], double A[N][M] SPARSE ("CSC"), const double x[M])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. -= sum.j, A.i,j. . 2 . x.j..; A: CSC; loops: j for, i for over A; y: dense" } */
    for (int j = 0; j < M; j++)
      y[i] -= 2 * A[i][j] * x[j];
}

/* y -= 2 A x, loops i, j, A in COO */
static void
k11 (double y[N], double A[N][M] SPARSE ("COO"), const double x[M])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. -= sum.j, A.i,j. . 2 . x.j..; A: COO; loops: i for over A, j for over A; y: dense" } */
    for (int j = 0; j < M; j++)
      y[i] -= 2 * A[i][j] * x[j];
}

/* y += A x, loops j, i, A in CSR */
static void
k12 (double y[N], double A[N][M] SPARSE ("CSR"), const double x[M])
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int i = 0; i < N; i++)
      y[i] += A[i][j] * x[j];
}

/* y += A x, loops j, i, A in DCSR */
static void
k13 (double y[N], double A[N][M] SPARSE ("DCSR"), const double x[M])
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: DCSR; loops: i for over A, j for over A; y: dense" } */
    for (int i = 0; i < N; i++)
      y[i] += A[i][j] * x[j];
}

/* y += A x, loops j, i, A in CSC */
static void
k14 (double y[N], double A[N][M] SPARSE ("CSC"), const double x[M])
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSC; loops: j for, i for over A; y: dense" } */
    for (int i = 0; i < N; i++)
      y[i] += A[i][j] * x[j];
}

/* y += A x, loops j, i, A in COO */
static void
k15 (double y[N], double A[N][M] SPARSE ("COO"), const double x[M])
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: COO; loops: i for over A, j for over A; y: dense" } */
    for (int i = 0; i < N; i++)
      y[i] += A[i][j] * x[j];
}

/* y += A x, loops j, i, A in CSR */
static void
k16 (double y[N], double A[N][M] SPARSE ("CSR"), const double x[M])
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, x.j. . A.i,j..; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int i = 0; i < N; i++)
      y[i] = y[i] + x[j] * A[i][j];
}

/* y += A x, loops j, i, A in DCSR */
static void
k17 (double y[N], double A[N][M] SPARSE ("DCSR"), const double x[M])
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, x.j. . A.i,j..; A: DCSR; loops: i for over A, j for over A; y: dense" } */
    for (int i = 0; i < N; i++)
      y[i] = y[i] + x[j] * A[i][j];
}

/* y += A x, loops j, i, A in CSC */
static void
k18 (double y[N], double A[N][M] SPARSE ("CSC"), const double x[M])
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, x.j. . A.i,j..; A: CSC; loops: j for, i for over A; y: dense" } */
    for (int i = 0; i < N; i++)
      y[i] = y[i] + x[j] * A[i][j];
}

/* y += A x, loops j, i, A in COO */
static void
k19 (double y[N], double A[N][M] SPARSE ("COO"), const double x[M])
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, x.j. . A.i,j..; A: COO; loops: i for over A, j for over A; y: dense" } */
    for (int i = 0; i < N; i++)
      y[i] = y[i] + x[j] * A[i][j];
}

/* y -= 2 A x, loops j, i, A in CSR */
static void
k20 (double y[N], double A[N][M] SPARSE ("CSR"), const double x[M])
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: y.i. -= sum.j, A.i,j. . 2 . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int i = 0; i < N; i++)
      y[i] -= 2 * A[i][j] * x[j];
}

/* y -= 2 A x, loops j, i, A in DCSR */
static void
k21 (double y[N], double A[N][M] SPARSE ("DCSR"), const double x[M])
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: y.i. -= sum.j, A.i,j. . 2 . x.j..; A: DCSR; loops: i for over A, j for over A; y: dense" } */
    for (int i = 0; i < N; i++)
      y[i] -= 2 * A[i][j] * x[j];
}

/* y -= 2 A x, loops j, i, A in CSC */
static void
k22 (double y[N], double A[N][M] SPARSE ("CSC"), const double x[M])
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: y.i. -= sum.j, A.i,j. . 2 . x.j..; A: CSC; loops: j for, i for over A; y: dense" } */
    for (int i = 0; i < N; i++)
      y[i] -= 2 * A[i][j] * x[j];
}

/* y -= 2 A x, loops j, i, A in COO */
static void
k23 (double y[N], double A[N][M] SPARSE ("COO"), const double x[M])
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: y.i. -= sum.j, A.i,j. . 2 . x.j..; A: COO; loops: i for over A, j for over A; y: dense" } */
    for (int i = 0; i < N; i++)
      y[i] -= 2 * A[i][j] * x[j];
}

/* a temporary used twice, A in CSR */
static void
k24 (double y[N], double A[N][M] SPARSE ("CSR"), const double x[M], const double w[N])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: split into 2 kernels over temporaries 't0' dense: t0.i. = 0.5 . sum.j, A.i,j. . x.j..; y.i. = w.i. . t0.i. - t0.i.; kernel 1, t0.i. = 0.5 . sum.j, A.i,j. . x.j..; A: CSR, t0: dense; loops: i for, j for over A; t0: dense" } */
    {
      double t = 0.5;
      for (int j = 0; j < M; j++)
        t += A[i][j] * x[j];
      y[i] = t * w[i] - t;
    }
}

/* a temporary used twice, A in DCSR */
static void
k25 (double y[N], double A[N][M] SPARSE ("DCSR"), const double x[M], const double w[N])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: split into 2 kernels over temporaries 't0' dense: t0.i. = 0.5 . sum.j, A.i,j. . x.j..; y.i. = w.i. . t0.i. - t0.i.; kernel 1, t0.i. = 0.5 . sum.j, A.i,j. . x.j..; A: DCSR, t0: dense; loops: i for, j for over A; t0: dense" } */
    {
      double t = 0.5;
      for (int j = 0; j < M; j++)
        t += A[i][j] * x[j];
      y[i] = t * w[i] - t;
    }
}

/* a temporary used twice, A in CSC */
static void
k26 (double y[N], double A[N][M] SPARSE ("CSC"), const double x[M], const double w[N])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: split into 2 kernels over temporaries 't0' dense: t0.i. = 0.5 . sum.j, A.i,j. . x.j..; y.i. = w.i. . t0.i. - t0.i.; kernel 1, t0.i. = 0.5 . sum.j, A.i,j. . x.j..; A: CSC, t0: dense; nest 1 .= 0.5.: i for; nest 2 ..= sum.j, A.i,j. . x.j...: j for, i for over A; t0: dense" } */
    {
      double t = 0.5;
      for (int j = 0; j < M; j++)
        t += A[i][j] * x[j];
      y[i] = t * w[i] - t;
    }
}

/* a temporary used twice, A in COO */
static void
k27 (double y[N], double A[N][M] SPARSE ("COO"), const double x[M], const double w[N])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: split into 2 kernels over temporaries 't0' dense: t0.i. = 0.5 . sum.j, A.i,j. . x.j..; y.i. = w.i. . t0.i. - t0.i.; kernel 1, t0.i. = 0.5 . sum.j, A.i,j. . x.j..; A: COO, t0: dense; loops: i for, j for over A; t0: dense" } */
    {
      double t = 0.5;
      for (int j = 0; j < M; j++)
        t += A[i][j] * x[j];
      y[i] = t * w[i] - t;
    }
}

/* a temporary used twice, A in DCSC */
static void
k28 (double y[N], double A[N][M] SPARSE ("DCSC"), const double x[M], const double w[N])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: split into 2 kernels over temporaries 't0' dense: t0.i. = 0.5 . sum.j, A.i,j. . x.j..; y.i. = w.i. . t0.i. - t0.i.; kernel 1, t0.i. = 0.5 . sum.j, A.i,j. . x.j..; A: DCSC, t0: dense; nest 1 .= 0.5.: i for; nest 2 ..= sum.j, A.i,j. . x.j...: j for over A, i for over A; t0: dense" } */
    {
      double t = 0.5;
      for (int j = 0; j < M; j++)
        t += A[i][j] * x[j];
      y[i] = t * w[i] - t;
    }
}

/* a temporary used twice, A in D,CU */
static void
k29 (double y[N], double A[N][M] SPARSE ("D,CU"), const double x[M], const double w[N])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: split into 2 kernels over temporaries 't0' dense: t0.i. = 0.5 . sum.j, A.i,j. . x.j..; y.i. = w.i. . t0.i. - t0.i.; kernel 1, t0.i. = 0.5 . sum.j, A.i,j. . x.j..; A: CSR, t0: dense; loops: i for, j for over A; t0: dense" } */
    {
      double t = 0.5;
      for (int j = 0; j < M; j++)
        t += A[i][j] * x[j];
      y[i] = t * w[i] - t;
    }
}

/* C += A B, loops i, j, k, C dense, B dense */
static void
k30 (double C[N][P], double A[N][M] SPARSE ("CSR"), double B[M][P])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: C.i,k. .= sum.j, A.i,j. . B.j,k..; A: CSR; loops: i for, j for over A, k for; C: dense" } */
    for (int j = 0; j < M; j++)
      for (int k = 0; k < P; k++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops i, j, k, C dense, B CSR */
static void
k31 (double C[N][P], double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: C.i,k. .= sum.j, A.i,j. . B.j,k..; A: CSR, B: CSR; loops: i for, j for over A, k for over B; C: dense" } */
    for (int j = 0; j < M; j++)
      for (int k = 0; k < P; k++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops i, j, k, C CSR, B dense */
static void
k32 (double C[N][P] SPARSE ("CSR"), double A[N][M] SPARSE ("CSR"), double B[M][P])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest versioned on C != A" } */
    for (int j = 0; j < M; j++)
      for (int k = 0; k < P; k++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops i, j, k, C CSR, B CSR */
static void
k33 (double C[N][P] SPARSE ("CSR"), double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest versioned on C != A" } */
    for (int j = 0; j < M; j++)
      for (int k = 0; k < P; k++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops i, j, k, C DCSR, B dense */
static void
k34 (double C[N][P] SPARSE ("DCSR"), double A[N][M] SPARSE ("CSR"), double B[M][P])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: C.i,k. = C.i,k. . sum.j, A.i,j. . B.j,k..; C: DCSR written as CSR, A: CSR; loops: i for, j for over A, k for; C: through a workspace, old entries added per row" } */
    for (int j = 0; j < M; j++)
      for (int k = 0; k < P; k++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops i, j, k, C DCSR, B CSR */
static void
k35 (double C[N][P] SPARSE ("DCSR"), double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: C.i,k. = C.i,k. . sum.j, A.i,j. . B.j,k..; C: DCSR written as CSR, A: CSR, B: CSR; loops: i for, j for over A, k for over B; C: through a workspace, old entries added per row" } */
    for (int j = 0; j < M; j++)
      for (int k = 0; k < P; k++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops i, k, j, C dense, B dense */
static void
k36 (double C[N][P], double A[N][M] SPARSE ("CSR"), double B[M][P])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: C.i,k. .= sum.j, A.i,j. . B.j,k..; A: CSR; loops: i for, j for over A, k for; C: dense" } */
    for (int k = 0; k < P; k++)
      for (int j = 0; j < M; j++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops i, k, j, C dense, B CSR */
static void
k37 (double C[N][P], double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: C.i,k. .= sum.j, A.i,j. . B.j,k..; A: CSR, B: CSR; loops: i for, j for over A, k for over B; C: dense" } */
    for (int k = 0; k < P; k++)
      for (int j = 0; j < M; j++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops i, k, j, C CSR, B dense */
static void
k38 (double C[N][P] SPARSE ("CSR"), double A[N][M] SPARSE ("CSR"), double B[M][P])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest versioned on C != A" } */
    for (int k = 0; k < P; k++)
      for (int j = 0; j < M; j++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops i, k, j, C CSR, B CSR */
static void
k39 (double C[N][P] SPARSE ("CSR"), double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest versioned on C != A" } */
    for (int k = 0; k < P; k++)
      for (int j = 0; j < M; j++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops i, k, j, C DCSR, B dense */
static void
k40 (double C[N][P] SPARSE ("DCSR"), double A[N][M] SPARSE ("CSR"), double B[M][P])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: C.i,k. = C.i,k. . sum.j, A.i,j. . B.j,k..; C: DCSR written as CSR, A: CSR; loops: i for, j for over A, k for; C: through a workspace, old entries added per row" } */
    for (int k = 0; k < P; k++)
      for (int j = 0; j < M; j++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops i, k, j, C DCSR, B CSR */
static void
k41 (double C[N][P] SPARSE ("DCSR"), double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: C.i,k. = C.i,k. . sum.j, A.i,j. . B.j,k..; C: DCSR written as CSR, A: CSR, B: CSR; loops: i for, j for over A, k for over B; C: through a workspace, old entries added per row" } */
    for (int k = 0; k < P; k++)
      for (int j = 0; j < M; j++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops j, i, k, C dense, B dense */
static void
k42 (double C[N][P], double A[N][M] SPARSE ("CSR"), double B[M][P])
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: C.i,k. .= sum.j, A.i,j. . B.j,k..; A: CSR; loops: i for, j for over A, k for; C: dense" } */
    for (int i = 0; i < N; i++)
      for (int k = 0; k < P; k++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops j, i, k, C dense, B CSR */
static void
k43 (double C[N][P], double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: C.i,k. .= sum.j, A.i,j. . B.j,k..; A: CSR, B: CSR; loops: i for, j for over A, k for over B; C: dense" } */
    for (int i = 0; i < N; i++)
      for (int k = 0; k < P; k++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops j, i, k, C CSR, B CSR */
static void
k44 (double C[N][P] SPARSE ("CSR"), double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest versioned on C != A" } */
    for (int i = 0; i < N; i++)
      for (int k = 0; k < P; k++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops j, i, k, C DCSR, B CSR */
static void
k45 (double C[N][P] SPARSE ("DCSR"), double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: C.i,k. = C.i,k. . sum.j, A.i,j. . B.j,k..; C: DCSR written as CSR, A: CSR, B: CSR; loops: i for, j for over A, k for over B; C: through a workspace, old entries added per row" } */
    for (int i = 0; i < N; i++)
      for (int k = 0; k < P; k++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops j, k, i, C dense, B dense */
static void
k46 (double C[N][P], double A[N][M] SPARSE ("CSR"), double B[M][P])
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: C.i,k. .= sum.j, A.i,j. . B.j,k..; A: CSR; loops: i for, j for over A, k for; C: dense" } */
    for (int k = 0; k < P; k++)
      for (int i = 0; i < N; i++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops j, k, i, C dense, B CSR */
static void
k47 (double C[N][P], double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: C.i,k. .= sum.j, A.i,j. . B.j,k..; A: CSR, B: CSR; loops: i for, j for over A, k for over B; C: dense" } */
    for (int k = 0; k < P; k++)
      for (int i = 0; i < N; i++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops j, k, i, C CSR, B CSR */
static void
k48 (double C[N][P] SPARSE ("CSR"), double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest versioned on C != A" } */
    for (int k = 0; k < P; k++)
      for (int i = 0; i < N; i++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops j, k, i, C DCSR, B CSR */
static void
k49 (double C[N][P] SPARSE ("DCSR"), double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: C.i,k. = C.i,k. . sum.j, A.i,j. . B.j,k..; C: DCSR written as CSR, A: CSR, B: CSR; loops: i for, j for over A, k for over B; C: through a workspace, old entries added per row" } */
    for (int k = 0; k < P; k++)
      for (int i = 0; i < N; i++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops k, i, j, C dense, B dense */
static void
k50 (double C[N][P], double A[N][M] SPARSE ("CSR"), double B[M][P])
{
  for (int k = 0; k < P; k++)	/* { dg-message "loop nest sparsified: C.i,k. .= sum.j, A.i,j. . B.j,k..; A: CSR; loops: i for, j for over A, k for; C: dense" } */
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops k, i, j, C dense, B CSR */
static void
k51 (double C[N][P], double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int k = 0; k < P; k++)	/* { dg-message "loop nest sparsified: C.i,k. .= sum.j, A.i,j. . B.j,k..; A: CSR, B: CSR; loops: i for, j for over A, k for over B; C: dense" } */
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops k, i, j, C CSR, B CSR */
static void
k52 (double C[N][P] SPARSE ("CSR"), double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int k = 0; k < P; k++)	/* { dg-message "loop nest versioned on C != A" } */
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops k, i, j, C DCSR, B CSR */
static void
k53 (double C[N][P] SPARSE ("DCSR"), double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int k = 0; k < P; k++)	/* { dg-message "loop nest sparsified: C.i,k. = C.i,k. . sum.j, A.i,j. . B.j,k..; C: DCSR written as CSR, A: CSR, B: CSR; loops: i for, j for over A, k for over B; C: through a workspace, old entries added per row" } */
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops k, j, i, C dense, B dense */
static void
k54 (double C[N][P], double A[N][M] SPARSE ("CSR"), double B[M][P])
{
  for (int k = 0; k < P; k++)	/* { dg-message "loop nest sparsified: C.i,k. .= sum.j, A.i,j. . B.j,k..; A: CSR; loops: i for, j for over A, k for; C: dense" } */
    for (int j = 0; j < M; j++)
      for (int i = 0; i < N; i++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops k, j, i, C dense, B CSR */
static void
k55 (double C[N][P], double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int k = 0; k < P; k++)	/* { dg-message "loop nest sparsified: C.i,k. .= sum.j, A.i,j. . B.j,k..; A: CSR, B: CSR; loops: i for, j for over A, k for over B; C: dense" } */
    for (int j = 0; j < M; j++)
      for (int i = 0; i < N; i++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops k, j, i, C CSR, B CSR */
static void
k56 (double C[N][P] SPARSE ("CSR"), double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int k = 0; k < P; k++)	/* { dg-message "loop nest versioned on C != A" } */
    for (int j = 0; j < M; j++)
      for (int i = 0; i < N; i++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C += A B, loops k, j, i, C DCSR, B CSR */
static void
k57 (double C[N][P] SPARSE ("DCSR"), double A[N][M] SPARSE ("CSR"), double B[M][P] SPARSE ("CSR"))
{
  for (int k = 0; k < P; k++)	/* { dg-message "loop nest sparsified: C.i,k. = C.i,k. . sum.j, A.i,j. . B.j,k..; C: DCSR written as CSR, A: CSR, B: CSR; loops: i for, j for over A, k for over B; C: through a workspace, old entries added per row" } */
    for (int j = 0; j < M; j++)
      for (int i = 0; i < N; i++)
        C[i][k] += A[i][j] * B[j][k];
}

/* C = 1 - A B, loops i, k, j */
static void
k58 (double C[N][P], double A[N][M] SPARSE ("DCSR"), double B[M][P])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: C.i,k. = 1 - sum.j, A.i,j. . B.j,k..; A: DCSR; loops: i for, k for, j for over A; C: dense" } */
    for (int k = 0; k < P; k++)
      {
        C[i][k] = 1;
        for (int j = 0; j < M; j++)
          C[i][k] -= A[i][j] * B[j][k];
      }
}

/* C = 1 - A B, loops k, i, j */
static void
k59 (double C[N][P], double A[N][M] SPARSE ("DCSR"), double B[M][P])
{
  for (int k = 0; k < P; k++)	/* { dg-message "loop nest sparsified: C.i,k. = 1 - sum.j, A.i,j. . B.j,k..; A: DCSR; loops: i for, k for, j for over A; C: dense" } */
    for (int i = 0; i < N; i++)
      {
        C[i][k] = 1;
        for (int j = 0; j < M; j++)
          C[i][k] -= A[i][j] * B[j][k];
      }
}

/* E = A + D, loops i, j, E dense */
static void
k60 (double E[N][M], double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. . D.i,j.; A: CSR, D: DCSR; loops: i for, j co-iterate A, D; E: dense" } */
    for (int j = 0; j < M; j++)
      E[i][j] = A[i][j] + D[i][j];
}

/* E = A + D, loops i, j, E CSR */
static void
k61 (double E[N][M] SPARSE ("CSR"), double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. . D.i,j.; E: CSR, A: CSR, D: DCSR; loops: i for, j co-iterate A, D; E: appended in order" } */
    for (int j = 0; j < M; j++)
      E[i][j] = A[i][j] + D[i][j];
}

/* E = A + D, loops i, j, E DCSC */
static void
k62 (double E[N][M] SPARSE ("DCSC"), double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. . D.i,j.; E: DCSC, A: CSR converted to CSC, D: DCSR converted to DCSC; loops: j for, i co-iterate A, D; E: appended in order" } */
    for (int j = 0; j < M; j++)
      E[i][j] = A[i][j] + D[i][j];
}

/* E = A - D, loops i, j, E dense */
static void
k63 (double E[N][M], double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. - D.i,j.; A: CSR, D: DCSR; loops: i for, j co-iterate A, D; E: dense" } */
    for (int j = 0; j < M; j++)
      E[i][j] = A[i][j] - D[i][j];
}

/* E = A - D, loops i, j, E CSR */
static void
k64 (double E[N][M] SPARSE ("CSR"), double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. - D.i,j.; E: CSR, A: CSR, D: DCSR; loops: i for, j co-iterate A, D; E: appended in order" } */
    for (int j = 0; j < M; j++)
      E[i][j] = A[i][j] - D[i][j];
}

/* E = A - D, loops i, j, E DCSC */
static void
k65 (double E[N][M] SPARSE ("DCSC"), double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. - D.i,j.; E: DCSC, A: CSR converted to CSC, D: DCSR converted to DCSC; loops: j for, i co-iterate A, D; E: appended in order" } */
    for (int j = 0; j < M; j++)
      E[i][j] = A[i][j] - D[i][j];
}

/* E = A * D, loops i, j, E dense */
static void
k66 (double E[N][M], double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. . D.i,j.; A: CSR, D: DCSR; loops: i for over D, j co-iterate A, D; E: dense" } */
    for (int j = 0; j < M; j++)
      E[i][j] = A[i][j] * D[i][j];
}

/* E = A * D, loops i, j, E CSR */
static void
k67 (double E[N][M] SPARSE ("CSR"), double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. . D.i,j.; E: CSR, A: CSR, D: DCSR; loops: i for over D, j co-iterate A, D; E: appended in order" } */
    for (int j = 0; j < M; j++)
      E[i][j] = A[i][j] * D[i][j];
}

/* E = A * D, loops i, j, E DCSC */
static void
k68 (double E[N][M] SPARSE ("DCSC"), double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. . D.i,j.; E: DCSC, A: CSR converted to CSC, D: DCSR converted to DCSC; loops: j for over D, i co-iterate A, D; E: appended in order" } */
    for (int j = 0; j < M; j++)
      E[i][j] = A[i][j] * D[i][j];
}

/* E = A + D, loops j, i, E dense */
static void
k69 (double E[N][M], double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. . D.i,j.; A: CSR, D: DCSR; loops: i for, j co-iterate A, D; E: dense" } */
    for (int i = 0; i < N; i++)
      E[i][j] = A[i][j] + D[i][j];
}

/* E = A + D, loops j, i, E CSR */
static void
k70 (double E[N][M] SPARSE ("CSR"), double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. . D.i,j.; E: CSR, A: CSR, D: DCSR; loops: i for, j co-iterate A, D; E: appended in order" } */
    for (int i = 0; i < N; i++)
      E[i][j] = A[i][j] + D[i][j];
}

/* E = A + D, loops j, i, E DCSC */
static void
k71 (double E[N][M] SPARSE ("DCSC"), double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. . D.i,j.; E: DCSC, A: CSR converted to CSC, D: DCSR converted to DCSC; loops: j for, i co-iterate A, D; E: appended in order" } */
    for (int i = 0; i < N; i++)
      E[i][j] = A[i][j] + D[i][j];
}

/* E = A - D, loops j, i, E dense */
static void
k72 (double E[N][M], double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. - D.i,j.; A: CSR, D: DCSR; loops: i for, j co-iterate A, D; E: dense" } */
    for (int i = 0; i < N; i++)
      E[i][j] = A[i][j] - D[i][j];
}

/* E = A - D, loops j, i, E CSR */
static void
k73 (double E[N][M] SPARSE ("CSR"), double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. - D.i,j.; E: CSR, A: CSR, D: DCSR; loops: i for, j co-iterate A, D; E: appended in order" } */
    for (int i = 0; i < N; i++)
      E[i][j] = A[i][j] - D[i][j];
}

/* E = A - D, loops j, i, E DCSC */
static void
k74 (double E[N][M] SPARSE ("DCSC"), double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. - D.i,j.; E: DCSC, A: CSR converted to CSC, D: DCSR converted to DCSC; loops: j for, i co-iterate A, D; E: appended in order" } */
    for (int i = 0; i < N; i++)
      E[i][j] = A[i][j] - D[i][j];
}

/* E = A * D, loops j, i, E dense */
static void
k75 (double E[N][M], double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. . D.i,j.; A: CSR, D: DCSR; loops: i for over D, j co-iterate A, D; E: dense" } */
    for (int i = 0; i < N; i++)
      E[i][j] = A[i][j] * D[i][j];
}

/* E = A * D, loops j, i, E CSR */
static void
k76 (double E[N][M] SPARSE ("CSR"), double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. . D.i,j.; E: CSR, A: CSR, D: DCSR; loops: i for over D, j co-iterate A, D; E: appended in order" } */
    for (int i = 0; i < N; i++)
      E[i][j] = A[i][j] * D[i][j];
}

/* E = A * D, loops j, i, E DCSC */
static void
k77 (double E[N][M] SPARSE ("DCSC"), double A[N][M] SPARSE ("CSR"), double D[N][M] SPARSE ("DCSR"))
{
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: E.i,j. = A.i,j. . D.i,j.; E: DCSC, A: CSR converted to CSC, D: DCSR converted to DCSC; loops: j for over D, i co-iterate A, D; E: appended in order" } */
    for (int i = 0; i < N; i++)
      E[i][j] = A[i][j] * D[i][j];
}

/* s = w^T A x, loops i, j */
static void
k78 (double *out, double A[N][M] SPARSE ("CSR"), const double x[M], const double w[N])
{
  double s = 0.25;
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, w.i. . A.i,j. . x.j...; A: CSR; loops: i for, j for over A; s: scalar" } */
    for (int j = 0; j < M; j++)
      s += w[i] * A[i][j] * x[j];
  *out = s;
}

/* s = w^T A x, loops j, i */
static void
k79 (double *out, double A[N][M] SPARSE ("CSR"), const double x[M], const double w[N])
{
  double s = 0.25;
  for (int j = 0; j < M; j++)	/* { dg-message "loop nest sparsified: s .= sum.j, sum.i, w.i. . A.i,j. . x.j...; A: CSR converted to CSC; loops: j for, i for over A; s: scalar" } */
    for (int i = 0; i < N; i++)
      s += w[i] * A[i][j] * x[j];
  *out = s;
}

static double y[N], Cd[N][P], Ed[N][M], Bd[M][P], x[M], w[N];
static void reset (void) { sr_fill (y, N, 3, 2); sr_fill (&Cd[0][0], N * P, 4, 2); sr_fill (&Ed[0][0], N * M, 5, 2); }
int main (void)
{
  sp_tensor *ta = sr_matrix ("CSR", N, M, 1, 3), *tb = sr_matrix ("CSR", M, P, 2, 3), *td = sr_matrix ("DCSR", N, M, 6, 2);
  sr_fill (&Bd[0][0], M * P, 9, 1); sr_fill (x, M, 10, 1); sr_fill (w, N, 11, 1);
  reset (); { sp_tensor *t = sr_as (ta, "CSR"); k0 (y, sp_array (t), x); sp_free (t); } sr_print ("k0", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "DCSR"); k1 (y, sp_array (t), x); sp_free (t); } sr_print ("k1", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "CSC"); k2 (y, sp_array (t), x); sp_free (t); } sr_print ("k2", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "COO"); k3 (y, sp_array (t), x); sp_free (t); } sr_print ("k3", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "CSR"); k4 (y, sp_array (t), x); sp_free (t); } sr_print ("k4", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "DCSR"); k5 (y, sp_array (t), x); sp_free (t); } sr_print ("k5", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "CSC"); k6 (y, sp_array (t), x); sp_free (t); } sr_print ("k6", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "COO"); k7 (y, sp_array (t), x); sp_free (t); } sr_print ("k7", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "CSR"); k8 (y, sp_array (t), x); sp_free (t); } sr_print ("k8", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "DCSR"); k9 (y, sp_array (t), x); sp_free (t); } sr_print ("k9", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "CSC"); k10 (y, sp_array (t), x); sp_free (t); } sr_print ("k10", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "COO"); k11 (y, sp_array (t), x); sp_free (t); } sr_print ("k11", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "CSR"); k12 (y, sp_array (t), x); sp_free (t); } sr_print ("k12", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "DCSR"); k13 (y, sp_array (t), x); sp_free (t); } sr_print ("k13", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "CSC"); k14 (y, sp_array (t), x); sp_free (t); } sr_print ("k14", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "COO"); k15 (y, sp_array (t), x); sp_free (t); } sr_print ("k15", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "CSR"); k16 (y, sp_array (t), x); sp_free (t); } sr_print ("k16", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "DCSR"); k17 (y, sp_array (t), x); sp_free (t); } sr_print ("k17", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "CSC"); k18 (y, sp_array (t), x); sp_free (t); } sr_print ("k18", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "COO"); k19 (y, sp_array (t), x); sp_free (t); } sr_print ("k19", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "CSR"); k20 (y, sp_array (t), x); sp_free (t); } sr_print ("k20", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "DCSR"); k21 (y, sp_array (t), x); sp_free (t); } sr_print ("k21", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "CSC"); k22 (y, sp_array (t), x); sp_free (t); } sr_print ("k22", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "COO"); k23 (y, sp_array (t), x); sp_free (t); } sr_print ("k23", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "CSR"); k24 (y, sp_array (t), x, w); sp_free (t); } sr_print ("k24", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "DCSR"); k25 (y, sp_array (t), x, w); sp_free (t); } sr_print ("k25", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "CSC"); k26 (y, sp_array (t), x, w); sp_free (t); } sr_print ("k26", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "COO"); k27 (y, sp_array (t), x, w); sp_free (t); } sr_print ("k27", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "DCSC"); k28 (y, sp_array (t), x, w); sp_free (t); } sr_print ("k28", y, N);
  reset (); { sp_tensor *t = sr_as (ta, "D,CU"); k29 (y, sp_array (t), x, w); sp_free (t); } sr_print ("k29", y, N);
  reset (); k30 (Cd, sp_array (ta), Bd); sr_print ("k30", &Cd[0][0], N * P);
  reset (); k31 (Cd, sp_array (ta), sp_array (tb)); sr_print ("k31", &Cd[0][0], N * P);
  { sp_tensor *tc = sr_matrix ("CSR", N, P, 7, 2); k32 (sp_array (tc), sp_array (ta), Bd); sr_print_t ("k32", tc, N * P); sp_free (tc); }
  { sp_tensor *tc = sr_matrix ("CSR", N, P, 7, 2); k33 (sp_array (tc), sp_array (ta), sp_array (tb)); sr_print_t ("k33", tc, N * P); sp_free (tc); }
  { sp_tensor *tc = sr_matrix ("DCSR", N, P, 7, 2); k34 (sp_array (tc), sp_array (ta), Bd); sr_print_t ("k34", tc, N * P); sp_free (tc); }
  { sp_tensor *tc = sr_matrix ("DCSR", N, P, 7, 2); k35 (sp_array (tc), sp_array (ta), sp_array (tb)); sr_print_t ("k35", tc, N * P); sp_free (tc); }
  reset (); k36 (Cd, sp_array (ta), Bd); sr_print ("k36", &Cd[0][0], N * P);
  reset (); k37 (Cd, sp_array (ta), sp_array (tb)); sr_print ("k37", &Cd[0][0], N * P);
  { sp_tensor *tc = sr_matrix ("CSR", N, P, 7, 2); k38 (sp_array (tc), sp_array (ta), Bd); sr_print_t ("k38", tc, N * P); sp_free (tc); }
  { sp_tensor *tc = sr_matrix ("CSR", N, P, 7, 2); k39 (sp_array (tc), sp_array (ta), sp_array (tb)); sr_print_t ("k39", tc, N * P); sp_free (tc); }
  { sp_tensor *tc = sr_matrix ("DCSR", N, P, 7, 2); k40 (sp_array (tc), sp_array (ta), Bd); sr_print_t ("k40", tc, N * P); sp_free (tc); }
  { sp_tensor *tc = sr_matrix ("DCSR", N, P, 7, 2); k41 (sp_array (tc), sp_array (ta), sp_array (tb)); sr_print_t ("k41", tc, N * P); sp_free (tc); }
  reset (); k42 (Cd, sp_array (ta), Bd); sr_print ("k42", &Cd[0][0], N * P);
  reset (); k43 (Cd, sp_array (ta), sp_array (tb)); sr_print ("k43", &Cd[0][0], N * P);
  { sp_tensor *tc = sr_matrix ("CSR", N, P, 7, 2); k44 (sp_array (tc), sp_array (ta), sp_array (tb)); sr_print_t ("k44", tc, N * P); sp_free (tc); }
  { sp_tensor *tc = sr_matrix ("DCSR", N, P, 7, 2); k45 (sp_array (tc), sp_array (ta), sp_array (tb)); sr_print_t ("k45", tc, N * P); sp_free (tc); }
  reset (); k46 (Cd, sp_array (ta), Bd); sr_print ("k46", &Cd[0][0], N * P);
  reset (); k47 (Cd, sp_array (ta), sp_array (tb)); sr_print ("k47", &Cd[0][0], N * P);
  { sp_tensor *tc = sr_matrix ("CSR", N, P, 7, 2); k48 (sp_array (tc), sp_array (ta), sp_array (tb)); sr_print_t ("k48", tc, N * P); sp_free (tc); }
  { sp_tensor *tc = sr_matrix ("DCSR", N, P, 7, 2); k49 (sp_array (tc), sp_array (ta), sp_array (tb)); sr_print_t ("k49", tc, N * P); sp_free (tc); }
  reset (); k50 (Cd, sp_array (ta), Bd); sr_print ("k50", &Cd[0][0], N * P);
  reset (); k51 (Cd, sp_array (ta), sp_array (tb)); sr_print ("k51", &Cd[0][0], N * P);
  { sp_tensor *tc = sr_matrix ("CSR", N, P, 7, 2); k52 (sp_array (tc), sp_array (ta), sp_array (tb)); sr_print_t ("k52", tc, N * P); sp_free (tc); }
  { sp_tensor *tc = sr_matrix ("DCSR", N, P, 7, 2); k53 (sp_array (tc), sp_array (ta), sp_array (tb)); sr_print_t ("k53", tc, N * P); sp_free (tc); }
  reset (); k54 (Cd, sp_array (ta), Bd); sr_print ("k54", &Cd[0][0], N * P);
  reset (); k55 (Cd, sp_array (ta), sp_array (tb)); sr_print ("k55", &Cd[0][0], N * P);
  { sp_tensor *tc = sr_matrix ("CSR", N, P, 7, 2); k56 (sp_array (tc), sp_array (ta), sp_array (tb)); sr_print_t ("k56", tc, N * P); sp_free (tc); }
  { sp_tensor *tc = sr_matrix ("DCSR", N, P, 7, 2); k57 (sp_array (tc), sp_array (ta), sp_array (tb)); sr_print_t ("k57", tc, N * P); sp_free (tc); }
  reset (); { sp_tensor *t = sr_as (ta, "DCSR"); k58 (Cd, sp_array (t), Bd); sp_free (t); } sr_print ("k58", &Cd[0][0], N * P);
  reset (); { sp_tensor *t = sr_as (ta, "DCSR"); k59 (Cd, sp_array (t), Bd); sp_free (t); } sr_print ("k59", &Cd[0][0], N * P);
  reset (); k60 (Ed, sp_array (ta), sp_array (td)); sr_print ("k60", &Ed[0][0], N * M);
  { sp_tensor *te = sr_matrix ("CSR", N, M, 8, 3); k61 (sp_array (te), sp_array (ta), sp_array (td)); sr_print_t ("k61", te, N * M); sp_free (te); }
  { sp_tensor *te = sr_matrix ("DCSC", N, M, 8, 3); k62 (sp_array (te), sp_array (ta), sp_array (td)); sr_print_t ("k62", te, N * M); sp_free (te); }
  reset (); k63 (Ed, sp_array (ta), sp_array (td)); sr_print ("k63", &Ed[0][0], N * M);
  { sp_tensor *te = sr_matrix ("CSR", N, M, 8, 3); k64 (sp_array (te), sp_array (ta), sp_array (td)); sr_print_t ("k64", te, N * M); sp_free (te); }
  { sp_tensor *te = sr_matrix ("DCSC", N, M, 8, 3); k65 (sp_array (te), sp_array (ta), sp_array (td)); sr_print_t ("k65", te, N * M); sp_free (te); }
  reset (); k66 (Ed, sp_array (ta), sp_array (td)); sr_print ("k66", &Ed[0][0], N * M);
  { sp_tensor *te = sr_matrix ("CSR", N, M, 8, 3); k67 (sp_array (te), sp_array (ta), sp_array (td)); sr_print_t ("k67", te, N * M); sp_free (te); }
  { sp_tensor *te = sr_matrix ("DCSC", N, M, 8, 3); k68 (sp_array (te), sp_array (ta), sp_array (td)); sr_print_t ("k68", te, N * M); sp_free (te); }
  reset (); k69 (Ed, sp_array (ta), sp_array (td)); sr_print ("k69", &Ed[0][0], N * M);
  { sp_tensor *te = sr_matrix ("CSR", N, M, 8, 3); k70 (sp_array (te), sp_array (ta), sp_array (td)); sr_print_t ("k70", te, N * M); sp_free (te); }
  { sp_tensor *te = sr_matrix ("DCSC", N, M, 8, 3); k71 (sp_array (te), sp_array (ta), sp_array (td)); sr_print_t ("k71", te, N * M); sp_free (te); }
  reset (); k72 (Ed, sp_array (ta), sp_array (td)); sr_print ("k72", &Ed[0][0], N * M);
  { sp_tensor *te = sr_matrix ("CSR", N, M, 8, 3); k73 (sp_array (te), sp_array (ta), sp_array (td)); sr_print_t ("k73", te, N * M); sp_free (te); }
  { sp_tensor *te = sr_matrix ("DCSC", N, M, 8, 3); k74 (sp_array (te), sp_array (ta), sp_array (td)); sr_print_t ("k74", te, N * M); sp_free (te); }
  reset (); k75 (Ed, sp_array (ta), sp_array (td)); sr_print ("k75", &Ed[0][0], N * M);
  { sp_tensor *te = sr_matrix ("CSR", N, M, 8, 3); k76 (sp_array (te), sp_array (ta), sp_array (td)); sr_print_t ("k76", te, N * M); sp_free (te); }
  { sp_tensor *te = sr_matrix ("DCSC", N, M, 8, 3); k77 (sp_array (te), sp_array (ta), sp_array (td)); sr_print_t ("k77", te, N * M); sp_free (te); }
  { double o; k78 (&o, sp_array (ta), x, w); printf ("k78 %.12g\n", o); }
  { double o; k79 (&o, sp_array (ta), x, w); printf ("k79 %.12g\n", o); }
  sp_free (ta); sp_free (tb); sp_free (td);
  return 0;
}
