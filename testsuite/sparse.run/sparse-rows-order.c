/* A product plus several matrices stored like C, in Gustavson's order:
   each row's workspace takes the products, then the other terms' rows in
   the order of the sum, then (for += and -=) the old row.  That rounds as
   the dense program only where the sum adds its terms one at a time from
   the left with the product first or second, which is where the compiler
   does it (other orders are inner products: einsum-dense-product.c).
   D and E hold values near 1e16 and -3e15 (units in the last place 2
   and 0.5), so that adding the terms in another order than the
   program's changes the result (checked: adding E's row before D's
   fails), and every entry is printed exactly.  */
#include "sparse-run.h"

enum { M = 7, K = 6, N = 8 };

static void
sum_after (double C[M][N] SPARSE ("CSR"), double A[M][K] SPARSE ("CSR"),
           double B[K][N] SPARSE ("CSR"), double D[M][N] SPARSE ("CSR"),
           double E[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j) + D(i,j) + E(i,j)	/* { dg-message "C: through a workspace, D added per row, E added per row" } */
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             {
               double s = 0;
               for (int k = 0; k < K; k++)
                 s += A[i][k] * B[k][j];
               C[i][j] = s + D[i][j] + E[i][j];
             })
}

static void
product_second (double C[M][N] SPARSE ("CSR"), double A[M][K] SPARSE ("CSR"),
                double B[K][N] SPARSE ("CSC"), double D[M][N] SPARSE ("CSR"),
                double E[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = D(i,j) - A(i,k) * B(k,j) - E(i,j)	/* { dg-message "B: CSC converted to CSR, E: CSR; loops: i for, k for over A, j for over B; C: through a workspace, D added per row, E added per row" } */
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             {
               double s = 0;
               for (int k = 0; k < K; k++)
                 s += A[i][k] * B[k][j];
               C[i][j] = D[i][j] - s - E[i][j];
             })
}

static void
accumulate (double C[M][N] SPARSE ("CSR"), double A[M][K] SPARSE ("CSR"),
            double B[K][N] SPARSE ("CSR"), double D[M][N] SPARSE ("CSR"),
            double E[M][N] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) -= A(i,k) * B(k,j) - D(i,j) + E(i,j)	/* { dg-message "D added per row, E added per row, old entries added per row" } */
  DENSE (for (int i = 0; i < M; i++)
           for (int j = 0; j < N; j++)
             {
               double s = 0;
               for (int k = 0; k < K; k++)
                 s += A[i][k] * B[k][j];
               C[i][j] -= s - D[i][j] + E[i][j];
             })
}

/* Every entry of the M x N tensor T, exactly.  */
static void
print_exact (const char *what, const sp_tensor *t)
{
  double a[M][N];
  if (sp_to_dense (t, a))
    {
      fprintf (stderr, "%s: %s\n", what, sp_error ());
      exit (2);
    }
  printf ("%s:", what);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      printf (" %a", a[i][j]);
  printf ("\n");
}

/* An R x C matrix (at most M x N) in FMT: BIG plus a fraction (rounded)
   where the hash of SEED says, else zero.  */
static sp_tensor *
near (const char *fmt, int r, int c, int seed, double big)
{
  static double a[M * N];
  for (int k = 0; k < r * c; k++)
    {
      uint32_t h = sr_hash (k / c, k % c, 0, seed);
      a[k] = h % 3 ? big + (double) (h % 1000) / 7.0 : 0;
    }
  return sr_check (sp_from_dense (a, SP_F64, 2, (int64_t[]) { r, c }, fmt),
                   fmt);
}

int
main (void)
{
  sp_tensor *a = near ("CSR", M, K, 1, 0.0), *b = near ("CSR", K, N, 2, 0.0);
  sp_tensor *bc = sr_as (b, "CSC");
  sp_tensor *d = near ("CSR", M, N, 3, 1e16), *e = near ("CSR", M, N, 4, -3e15);
  sp_tensor *c = sr_matrix ("CSR", M, N, 5, 2);

  sum_after (sp_array (c), sp_array (a), sp_array (b), sp_array (d),
             sp_array (e));
  print_exact ("A B + D + E", c);
  product_second (sp_array (c), sp_array (a), sp_array (bc), sp_array (d),
                  sp_array (e));
  print_exact ("D - A B - E", c);
  accumulate (sp_array (c), sp_array (a), sp_array (b), sp_array (d),
              sp_array (e));
  print_exact ("C -= A B - D + E", c);
  sp_free (a);
  sp_free (b);
  sp_free (bc);
  sp_free (c);
  sp_free (d);
  sp_free (e);
  return 0;
}
