/* A product contracted pairwise into a vector temporary keeps it
   compressed where its kernel would not visit every coordinate anyway
   (hypersparse operands: A and B in DCSR, x a compressed vector), dense
   where it would (B in CSR loops over every row).  Each against the
   dense program; the plugin's build checks that the pairwise order ran
   where A has many entries and the one loop nest where it has few.  */
#include "sparse-run.h"
#include <sparse_kernel.h>

#define ABX_LOOPS                                                            \
  for (int i = 0; i < n; i++)                                                \
    {                                                                        \
      double s = 0;                                                          \
      for (int j = 0; j < n; j++)                                            \
        for (int k = 0; k < n; k++)                                          \
          s += A[i][j] * B[j][k] * x[k];                                     \
      y[i] = s;                                                              \
    }

static void
abx_dcsr (int n, double y[n] SPARSE ("CU"), double A[n][n] SPARSE ("DCSR"),
          double B[n][n] SPARSE ("DCSR"), double x[n] SPARSE ("CU"))
{
#pragma sparse einsum y(i) = A(i,j) * B(j,k) * x(k) /* { dg-message "candidate 2, split into 2 kernels over temporaries 't0' CU: t0.j. = sum.k, B.j,k. . x.k..; y.i. = sum.j, A.i,j. . t0.j..;" } */
  DENSE (ABX_LOOPS)
}

static void
abx_csr (int n, double y[n] SPARSE ("CU"), double A[n][n] SPARSE ("CSR"),
         double B[n][n] SPARSE ("CSR"), double x[n] SPARSE ("CU"))
{
#pragma sparse einsum y(i) = A(i,j) * B(j,k) * x(k) /* { dg-message "candidate 2, split into 2 kernels over temporaries 't0' dense: t0.j. = sum.k, B.j,k. . x.k..;" } */
  DENSE (ABX_LOOPS)
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

/* y = A B x, A with an entry where the hash is 0 mod MOD, B with one
   where it is 0 mod 2, x in every fifth element, A and B in FMT; the
   candidate that ran.  */
static int
run (const char *what, const char *fmt, int n, int mod)
{
  sp_tensor *a = sr_matrix (fmt, n, n, 1, mod);
  sp_tensor *b = sr_matrix (fmt, n, n, 2, 2);
  sp_tensor *x = sr_check (sp_new ("CU", SP_F64, 1, (int64_t[]) { n }), "x");
  sp_tensor *y = sr_check (sp_new ("CU", SP_F64, 1, (int64_t[]) { n }), "y");
  for (int64_t k = 0; k < n; k += 5)
    sp_insert (x, (int64_t[]) { k }, sr_val (sr_hash (k, 0, 0, 3)));
  if (fmt[0] == 'D')
    abx_dcsr (n, sp_array (y), sp_array (a), sp_array (b), sp_array (x));
  else
    abx_csr (n, sp_array (y), sp_array (a), sp_array (b), sp_array (x));
  sr_print_t (what, y, n);
  int pick = last_order ();
  sp_free (a);
  sp_free (b);
  sp_free (x);
  sp_free (y);
  return pick;
}

int
main (void)
{
  int many = run ("dcsr many", "DCSR", 60, 2);
  int few = run ("dcsr few", "DCSR", 60, 300);
  int csr = run ("csr many", "CSR", 60, 2);
#ifdef __SPARSE_PLUGIN__
  if (many != 1 || few != 0 || csr != 1)
    {
      printf ("orders taken: %d %d %d\n", many, few, csr);
      return 1;
    }
#endif
  return 0;
}
