/* Loop nests in their surroundings: file-scope and local tagged arrays,
   several outputs in one nest, nests under if and while, loop variables
   used after the loops, dense arrays of static storage next to pointer
   parameters, and nests the plugin must leave as they are (a call, a
   subrange, a condition, a break, a value carried across iterations),
   which still mean the same), and a condition on indices, which is
   sparsified.  */
#include "sparse-run.h"

enum { N = 16 };

static double G[N][N] SPARSE ("CSR");   /* file scope, starts all zero */
static double gx[N], gy[N];

/* A sparse local filled from a dense one, then used.  */
static double
local_copy (const double D[N][N], const double x[N])
{
  double T[N][N] SPARSE ("DCSR");
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: T.i,j. = D.i,j.; T: DCSR; loops: i for, j for; T: appended in order" } */
    for (int j = 0; j < N; j++)
      T[i][j] = D[i][j];
  double s = 0;
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, T.i,j. . x.j. . .i . 1...; T: DCSR; loops: i for over T, j for over T; s: scalar" } */
    for (int j = 0; j < N; j++)
      s += T[i][j] * x[j] * (i + 1);
  return s;
}

/* Two outputs, one nest.  */
static void
two (int n, double y[n], double z[n], double A[n][n] SPARSE ("CSR"),
     double B[n][n] SPARSE ("CSR"), const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */	/* { dg-message "loop nest sparsified: z.i. = sum.j, B.i,j. . x.j..; B: CSR; loops: i for, j for over B; z: dense" } */
    {
      y[i] = 0;
      z[i] = 0;
      for (int j = 0; j < n; j++)
        {
          y[i] += A[i][j] * x[j];
          z[i] += B[i][j] * x[j];
        }
    }
}

/* The file-scope matrix: filled through the runtime, then multiplied
   into file-scope vectors.  */
static void
global_spmv (int transpose)
{
  if (transpose)
    for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: gy.i. = sum.j, G.j,i. . gx.j..; G: CSR; loops: j for, i for over G; gy: dense" } */
      {
        gy[i] = 0;
        for (int j = 0; j < N; j++)
          gy[i] += G[j][i] * gx[j];
      }
  else
    {
      int i = 0;
      while (i < 1)
        {
          for (int r = 0; r < N; r++)	/* { dg-message "loop nest sparsified: gy.r. = sum.c, G.r,c. . gx.c..; G: CSR; loops: r for, c for over G; gy: dense" } */
            {
              gy[r] = 0;
              for (int c = 0; c < N; c++)
                gy[r] += G[r][c] * gx[c];
            }
          i++;
        }
    }
}

/* A pointer output next to a file-scope input: the statement runs when
   they do not overlap, the loops when they do.  */
static void
global_into (double y[N])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, G.i,j. . gx.j..; G: CSR; loops: i for, j for over G; y: dense" } */
    {
      double s = 0;
      for (int j = 0; j < N; j++)
        s += G[i][j] * gx[j];
      y[i] = s;
    }
}

/* Loop variables that outlive the loops.  */
static int
finals (int n, double y[n], double A[n][n] SPARSE ("CSR"), const double x[n])
{
  int i, j = -5;
  for (i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . x.j..; A: CSR; loops: i for, j for over A; y: dense" } */
    for (j = 0; j < n; j++)
      y[i] += A[i][j] * x[j];
  return i * 1000 + j;
}

/* Left alone: a call, a subrange, a break, a value carried across
   iterations; and a condition on the indices, sparsified.  */
static void
left_alone (int n, double y[n], double A[n][n] SPARSE ("CSR"),
            const double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body calls sr_val" } */
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
        y[i] += sr_val (i + j) * A[i][j] * x[j];
    }
  for (int i = 1; i < n; i++)	/* { dg-message "not sparsified: a subscript of A is not a loop variable" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i - 1][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: y.i. -= sum.j, j != i . A.i,j. . x.j. : 0.; A: CSR; loops: i for, j for over A; y: dense" } */
    for (int j = 0; j < n; j++)
      if (j != i)
        y[i] -= A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: loop body has a break" } */
    for (int j = 0; j < n; j++)
      {
        if (A[i][j] < -3)
          break;
        y[i] += A[i][j];
      }
  /* A value carried from one iteration to the next: y[i] gets the
     previous column's element.  */
  for (int i = 0; i < n; i++)	/* { dg-message "not sparsified: prev is read in loop j before it is set there: its value carries over from one iteration to the next" } */
    {
      double prev = 0;
      for (int j = 0; j < n; j++)
        {
          y[i] += prev * x[j];
          prev = A[i][j];
        }
    }
}

int
main (void)
{
  sp_tensor *a = sr_matrix ("CSR", N, N, 121, 3);
  sp_tensor *b = sr_matrix ("CSR", N, N, 122, 4);
  double D[N][N], x[N], y[N], z[N];
  sr_fill (&D[0][0], N * N, 123, 3);
  sr_fill (x, N, 124, 1);

  printf ("local %.12g\n", local_copy (D, x));
  two (N, y, z, sp_array (a), sp_array (b), x);
  sr_print ("two: y", y, N);
  sr_print ("two: z", z, N);

  for (int i = 0; i < N; i++)	/* { dg-message "not sparsified: loop body uses an unsupported operation" } */
    for (int j = 0; j < N; j++)
      if (sr_hash (i, j, 0, 125) % 4 == 0)
        G[i][j] = sr_val (sr_hash (i, j, 1, 125));
  for (int i = 0; i < N; i++)
    gx[i] = x[i];
  global_spmv (0);
  sr_print ("global", gy, N);
  global_spmv (1);
  sr_print ("global transposed", gy, N);

  global_into (y);
  sr_print ("into a parameter", y, N);
  global_into (gx);
  sr_print ("into the input itself", gx, N);

  sr_fill (y, N, 126, 1);
  printf ("finals %d\n", finals (N, y, sp_array (a), x));
  sr_print ("finals y", y, N);

  left_alone (N, y, sp_array (a), x);
  sr_print ("left alone", y, N);
  sp_free (a);
  sp_free (b);
  return 0;
}
