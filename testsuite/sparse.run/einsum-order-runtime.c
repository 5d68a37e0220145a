/* A product whose cheapest contraction order depends on extents known
   only at run time is planned in each candidate order, and the one the
   operands' extents and nonzeros make cheapest runs: the same function
   called with a tall sparse matrix contracts B C first, with a wide one
   A B first; A B x runs as one loop nest when A has a few entries, as
   B x first when it has many; a product of four tensors chooses its first
   pair the same way.  Every call gives the dense program's
   result; the plugin's build also checks that the two calls of each
   function took different orders (sp_korder_last).  */
#include "sparse-run.h"
#include <sparse_kernel.h>

static void
chain (int n, int m, int r, double Y[n][r], double A[n][m] SPARSE ("CSR"),
       double B[m][r], double C[r][r])
{
#pragma sparse einsum Y(i,l) = A(i,j) * B(j,k) * C(k,l) /* { dg-message "contraction order chosen at run time by the work estimated from the operands' extents and nonzeros, among 2 candidates; candidate 1, split into 2 kernels over temporaries 't0' dense: t0.i,k. = sum.j, A.i,j. . B.j,k..; Y.i,l. = sum.k, t0.i,k. . C.k,l..;.*candidate 2, split into 2 kernels over temporaries 't0' dense: t0.l,j. = sum.k, B.j,k. . C.k,l..; Y.i,l. = sum.j, A.i,j. . t0.l,j.." } */
  DENSE (for (int i = 0; i < n; i++)
           for (int l = 0; l < r; l++)
             {
               double s = 0;
               for (int j = 0; j < m; j++)
                 for (int k = 0; k < r; k++)
                   s += A[i][j] * B[j][k] * C[k][l];
               Y[i][l] = s;
             })
}

static void
mv2 (int n, double y[n], double A[n][n] SPARSE ("CSR"),
     double B[n][n] SPARSE ("CSR"), double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * B(j,k) * x(k) /* { dg-message "among 2 candidates; candidate 1, one loop nest: .*candidate 2, split into 2 kernels" } */
  DENSE (for (int i = 0; i < n; i++)
           {
             double s = 0;
             for (int j = 0; j < n; j++)
               for (int k = 0; k < n; k++)
                 s += A[i][j] * B[j][k] * x[k];
             y[i] = s;
           })
}

/* Four tensors: the first pair chosen at run time, the product of the
   other three after it planned again, with its own choice.  */
static void
chain4 (int n, int r, double Y[n][r], double A[n][n] SPARSE ("CSR"),
        double B[n][r], double C[r][r], double D[r][r])
{
#pragma sparse einsum Y(i,m) = A(i,j) * B(j,k) * C(k,l) * D(l,m) /* { dg-message "contraction order chosen at run time by the work estimated from the operands. extents and nonzeros, among 3 candidates; candidate 1, split into 3 kernels" } */
  DENSE (for (int i = 0; i < n; i++)
           for (int m = 0; m < r; m++)
             {
               double s = 0;
               for (int j = 0; j < n; j++)
                 for (int k = 0; k < r; k++)
                   for (int l = 0; l < r; l++)
                     s += A[i][j] * B[j][k] * C[k][l] * D[l][m];
               Y[i][m] = s;
             })
}

/* The candidate the last kernel ran, or -1 without the plugin.  */
static int
last_order (void)
{
#ifdef __SPARSE_PLUGIN__
  return sp_korder_last ();
#else
  return -1;
#endif
}

/* y = A B x with an entry of A where the hash is 0 mod MOD.  */
static int
run_mv2 (const char *what, int n, int mod)
{
  double *y = calloc ((size_t) n, sizeof (double));
  double *x = malloc ((size_t) n * sizeof (double));
  if (!y || !x)
    exit (2);
  sr_fill (x, n, 4, 1);
  sp_tensor *a = sr_matrix ("CSR", n, n, 5, mod);
  sp_tensor *b = sr_matrix ("CSR", n, n, 6, 2);
  mv2 (n, y, sp_array (a), sp_array (b), x);
  sr_print (what, y, n);
  int pick = last_order ();
  sp_free (a);
  sp_free (b);
  free (y);
  free (x);
  return pick;
}

/* Y = A B C for an N x M matrix A with an entry where the hash is 0
   mod 3; the candidate that ran, or -1 without the plugin.  */
static int
run (const char *what, int n, int m, int r)
{
  double (*y)[r] = calloc ((size_t) n * r, sizeof (double));
  double (*b)[r] = malloc ((size_t) m * r * sizeof (double));
  double (*c)[r] = malloc ((size_t) r * r * sizeof (double));
  if (!y || !b || !c)
    exit (2);
  sr_fill (&b[0][0], (int64_t) m * r, 1, 1);
  sr_fill (&c[0][0], (int64_t) r * r, 2, 1);
  sp_tensor *a = sr_matrix ("CSR", n, m, 3, 3);
  chain (n, m, r, y, sp_array (a), b, c);
  sr_print (what, &y[0][0], (int64_t) n * r);
  int pick = last_order ();
  sp_free (a);
  free (y);
  free (b);
  free (c);
  return pick;
}

/* Y = A B C D with two entries a row of the N x N matrix A, B N x R.  */
static int
run4 (const char *what, int n, int r)
{
  sp_tensor *A = sr_check (sp_new ("CSR", SP_F64, 2, (int64_t[]) { n, n }),
                           what);
  for (int64_t i = 0; i < n; i++)
    {
      sp_insert (A, (int64_t[]) { i, (i * 7) % n }, 1.0 + i % 3);
      sp_insert (A, (int64_t[]) { i, (i * 13 + 1) % n }, 0.5);
    }
  double (*Y)[r] = calloc ((size_t) n, sizeof *Y);
  double (*B)[r] = malloc ((size_t) n * sizeof *B);
  double (*C)[r] = malloc ((size_t) r * sizeof *C);
  double (*D)[r] = malloc ((size_t) r * sizeof *D);
  if (!Y || !B || !C || !D)
    return -1;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < r; k++)
      B[i][k] = (i + k) % 5 * 0.25;
  for (int i = 0; i < r; i++)
    for (int k = 0; k < r; k++)
      {
        C[i][k] = (i * k) % 3 * 0.5;
        D[i][k] = (i + 2 * k) % 4 * 0.125;
      }
  chain4 (n, r, Y, sp_array (A), B, C, D);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < r; k++)
      s += Y[i][k] * (i % 7 + k);
  printf ("%s: %.17g\n", what, s);
  free (Y);
  free (B);
  free (C);
  free (D);
  sp_free (A);
  return last_order ();
}

int
main (void)
{
  int tall = run ("tall", 300, 5, 8);
  int wide = run ("wide", 5, 300, 8);
  run ("square", 40, 40, 8);
  int few = run_mv2 ("mv2 few", 60, 400);
  int many = run_mv2 ("mv2 many", 60, 2);
  run4 ("chain4 tall", 400, 3);
  run4 ("chain4 square", 30, 20);
#ifdef __SPARSE_PLUGIN__
  if (tall < 0 || wide < 0 || tall == wide || few < 0 || many < 0
      || few == many)
    {
      printf ("orders taken: tall %d, wide %d, few %d, many %d\n", tall,
              wide, few, many);
      return 1;
    }
#endif
  return 0;
}
