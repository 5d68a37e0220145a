/* Element reads the plugin leaves to the runtime (subscripts from index
   arrays), in every order: rows forwards and backwards, column by column,
   rows skipped, at random; of tensors with inserts pending, assembled,
   and written in between; CSR, DCSR, COO, CSC and CSF, of each element
   type, of ranks 1 to 3.  The dense build reads plain arrays.  */
#include "sparse-run.h"

enum { M = 31, N = 43, L = 9, ORDERS = 5 };

/* Weighted sums of A[ri[k]][ci[k]] for k < len.  */
#define READER(NAME, T, FMT)                                                  \
  static double NAME (int m, int n, T A[m][n] SPARSE (FMT), const int *ri,    \
                      const int *ci, int len)                                 \
  {                                                                           \
    double s = 0;                                                             \
    for (int k = 0; k < len; k++)                                             \
      s += (k % 7 + 1) * (double) A[ri[k]][ci[k]];                            \
    return s;                                                                 \
  }
READER (read_csr, double, "CSR")
READER (read_dcsr, double, "DCSR")
READER (read_coo, double, "COO")
READER (read_csc, double, "CSC")
READER (read_float, float, "CSR")
READER (read_long, long, "DCSR")
READER (read_int, int, "CSR")

static double
read3 (int a, int b, int c, double T[a][b][c] SPARSE ("CSF"), const int *ri,
       const int *ci, int len)
{
  double s = 0;
  for (int k = 0; k < len; k++)
    s += (k % 5 + 1) * T[ri[k] % a][ri[k] / a % b][ci[k] % c];
  return s;
}

static double
read1 (int n, long v[n] SPARSE ("CU"), const int *ci, int len)
{
  double s = 0;
  for (int k = 0; k < len; k++)
    s += (k % 3 + 1) * (double) v[ci[k] % n];
  return s;
}

/* Writes between reads: a row scaled, an element set, one cleared.  */
static void
write_some (int m, int n, double A[m][n] SPARSE ("CSR"), const int *ri,
            const int *ci, int len)
{
  for (int k = 0; k < len; k += 5)
    {
      A[ri[k]][ci[k]] *= 2;
      A[ri[k + 1]][ci[k + 1]] = k;
      A[ri[k + 2]][ci[k + 2]] = 0;
    }
}

/* Order O of the M x N elements into RI, CI.  */
static void
order (int o, int *ri, int *ci)
{
  uint32_t h = 12345;
  for (int k = 0; k < M * N; k++)
    switch (o)
      {
      case 0: ri[k] = k / N, ci[k] = k % N; break;
      case 1: ri[k] = M - 1 - k / N, ci[k] = N - 1 - k % N; break;
      case 2: ri[k] = k % M, ci[k] = k / M; break;
      case 3: ri[k] = k / N * 3 % M, ci[k] = (k % N * 2 + 1) % N; break;
      default:
        h = h * 1103515245u + 12345u;
        ri[k] = (int) (h >> 8) % M;
        ci[k] = (int) (h >> 20) % N;
        break;
      }
}

static sp_tensor *
typed (const char *fmt, sp_type type)
{
  int64_t dims[2] = { M, N };
  sp_tensor *t = sr_check (sp_new (fmt, type, 2, dims), fmt);
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 7);
        if (h % 5 == 0 && i % 6 != 2)
          sp_insert (t, (int64_t[]) { i, j }, sr_val (h) * 4);
      }
  return t;
}

int
main (void)
{
  static int ri[M * N], ci[M * N];
  sp_tensor *a = sr_matrix ("csr", M, N, 1, 4);
  sp_tensor *d = sr_matrix ("dcsr", M, N, 2, 3);
  sp_tensor *c = sr_matrix ("coo", M, N, 3, 4);
  sp_tensor *s = sr_matrix ("csc", M, N, 4, 4);
  sp_tensor *f = typed ("csr", SP_F32), *g = typed ("dcsr", SP_I64);
  sp_tensor *h = typed ("csr", SP_I32);
  sp_tensor *t = sr_tensor3 ("csf", L, L, L, 5, 6);
  int64_t n1 = 100;
  sp_tensor *v = sr_check (sp_new ("CU", SP_I64, 1, &n1), "CU");
  for (int64_t k = 0; k < n1; k += 3)
    sp_insert_i64 (v, &k, ((int64_t) 1 << 55) + k);
  for (int o = 0; o < ORDERS; o++)
    {
      order (o, ri, ci);
      printf ("order %d: %g %g %g %g %g %g %g %g %g\n", o,
              read_csr (M, N, sp_array (a), ri, ci, M * N),
              read_dcsr (M, N, sp_array (d), ri, ci, M * N),
              read_coo (M, N, sp_array (c), ri, ci, M * N),
              read_csc (M, N, sp_array (s), ri, ci, M * N),
              read_float (M, N, sp_array (f), ri, ci, M * N),
              read_long (M, N, sp_array (g), ri, ci, M * N),
              read_int (M, N, sp_array (h), ri, ci, M * N),
              read3 (L, L, L, sp_array (t), ri, ci, M * N),
              read1 ((int) n1, sp_array (v), ci, M * N));
      if (o == 0)
        sp_assemble (a);
      write_some (M, N, sp_array (a), ri, ci, 60);
      printf ("after writes: %g\n", read_csr (M, N, sp_array (a), ri, ci,
                                              M * N));
    }
  sp_free (a);
  sp_free (d);
  sp_free (c);
  sp_free (s);
  sp_free (f);
  sp_free (g);
  sp_free (h);
  sp_free (t);
  sp_free (v);
  return 0;
}
