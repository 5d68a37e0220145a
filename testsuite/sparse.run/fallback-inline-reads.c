/* Element reads made in the generated code (formats of dense and
   compressed levels: CSR, CSC, DCSR, DCSC, CSF, a sparse vector, a dense
   matrix; coordinates: COO of ranks 2 and 3), of every element type and
   of pos and crd widths 8 to 64: gathers (indices read from arrays) and
   walks of every element in order, forwards and backwards, over empty
   rows and the first and last coordinates; reads after writes in the
   same loop; reads of a tensor a sparsified kernel and sp_insert changed
   between calls; the same loops under OpenMP threads.  The dense build
   reads plain arrays.  */
/* { dg-options "-fopenmp" } */
#include "sparse-run.h"

enum { M = 23, N = 29, L = 7, LEN = M * N };

/* Weighted sum of A[ri[k]][ci[k]], k < LEN, over threads.  */
#define GATHER(NAME, T, FMT)                                                  \
  static double NAME (int m, int n, T A[m][n] SPARSE (FMT), const int *ri,    \
                      const int *ci)                                          \
  {                                                                           \
    double s = 0;                                                             \
    _Pragma ("omp parallel for reduction(+:s)")                               \
    for (int k = 0; k < LEN; k++)                                             \
      s += (k % 7 + 1) * (double) A[ri[k]][ci[k]];                            \
    return s;                                                                 \
  }
GATHER (gather_csr, double, "CSR")
GATHER (gather_csr8, double, "CSR;pos=16;crd=8")
GATHER (gather_csr16, float, "CSR;pos=16;crd=16")
GATHER (gather_csr64, int, "CSR;pos=64;crd=64")
GATHER (gather_csc, long, "CSC")
GATHER (gather_dcsr, double, "DCSR;pos=8;crd=8")
GATHER (gather_dcsc, int, "DCSC")
GATHER (gather_dense, float, "D,D")
GATHER (gather_coo, double, "COO")

/* Every element read in order, row by row, the columns forwards in even
   rows and backwards in odd ones: a window holds the runs between
   entries.  The array declared in the body keeps the nest element by
   element.  */
#define WALK(NAME, T, FMT)                                                    \
  static double NAME (int m, int n, T A[m][n] SPARSE (FMT))                   \
  {                                                                           \
    double s = 0;                                                             \
    _Pragma ("omp parallel for reduction(+:s)")                               \
    for (int i = 0; i < m; i++)                                               \
      for (int k = 0; k < n; k++)                                             \
        {                                                                     \
          int w[1] = { i + 1 };                                               \
          int j = i % 2 ? n - 1 - k : k;                                      \
          s += (w[0] + 2 * j) * (double) A[i][j];                             \
        }                                                                     \
    return s;                                                                 \
  }
WALK (walk_csr, double, "CSR")
WALK (walk_csr8, int, "CSR;pos=16;crd=8")
WALK (walk_csc, float, "CSC;crd=16")
WALK (walk_dcsr, long, "DCSR;pos=64;crd=64")
WALK (walk_dcsc, double, "DCSC;pos=8")
WALK (walk_coo, int, "COO;pos=16;crd=16")

#define GATHER3(NAME, FMT)                                                    \
  static double NAME (int a, int b, int c, double T[a][b][c] SPARSE (FMT),    \
                      const int *ri, const int *ci)                           \
  {                                                                           \
    double s = 0;                                                             \
    for (int k = 0; k < LEN; k++)                                             \
      s += (k % 5 + 1) * T[ri[k] % a][ci[k] % b][(ri[k] + ci[k]) % c];        \
    return s;                                                                 \
  }
GATHER3 (gather3, "CSF")
GATHER3 (gather3_coo, "COO")

/* Sums of 64-bit integers past 2^53, exact (unsigned: they wrap).  */
static unsigned long
gather1 (int n, long v[n] SPARSE ("CU;pos=8;crd=16"), const int *ci)
{
  unsigned long s = 0;
  for (int k = 0; k < LEN; k++)
    s += (unsigned long) ((k % 3 + 1) * v[ci[k] % n]);
  return s;
}

static unsigned long
gather_long (int m, int n, long A[m][n] SPARSE ("DCSR;crd=16"), const int *ri,
             const int *ci)
{
  unsigned long s = 0;
  for (int k = 0; k < LEN; k++)
    s += (unsigned long) ((k % 7 + 1) * A[ri[k]][ci[k]]);
  return s;
}

/* Writes and reads in one loop: new entries (the tensor then has calls
   pending), stored ones changed in place, and reads of both.  */
static double
write_read (int m, int n, double A[m][n] SPARSE ("CSR"), const int *ri,
            const int *ci)
{
  double s = 0;
  for (int k = 0; k < LEN; k += 3)
    {
      s += A[ri[k]][ci[k]];
      A[ri[k]][ci[k]] = A[ri[k]][ci[k]] * 2 + k % 5;
      s += 3 * A[ri[k]][ci[k]] + A[ri[k / 2]][ci[k / 2]];
    }
  return s;
}

/* A sparsified kernel: C = A + B.  */
static void
add (int m, int n, double C[m][n] SPARSE ("CSR"),
     double A[m][n] SPARSE ("CSR"), double B[m][n] SPARSE ("CSR"))
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      C[i][j] = A[i][j] + B[i][j];
}

/* A typed M x N matrix in FMT, an entry where the hash is 0 mod MOD but
   in rows i % 5 == 3, which are empty, and the first and last elements;
   64-bit integers BIG plus a little (doubles hold them exactly below
   2^53).  */
static sp_tensor *
typed (const char *fmt, sp_type type, int seed, int mod, int64_t big)
{
  int64_t dims[2] = { M, N };
  sp_tensor *t = sr_check (sp_new (fmt, type, 2, dims), fmt);
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++)
      {
        uint32_t h = sr_hash (i, j, 0, seed);
        int64_t c[2] = { i, j };
        int corner = (i == 0 && j == 0) || (i == M - 1 && j == N - 1);
        if ((h % mod != 0 || i % 5 == 3) && !corner)
          continue;
        if (type == SP_I64)
          sp_insert_i64 (t, c, big + (int64_t) (h % 1000));
        else
          sp_insert (t, c, sr_val (h) * 4);
      }
  /* Assembled: reads of a tensor with inserts pending call the
     runtime.  */
  sp_assemble (t);
  return t;
}

int
main (void)
{
  static int ri[LEN], ci[LEN];
  const int64_t big = (int64_t) 1 << 30, huge = (int64_t) 1 << 55;
  /* Every element once in a scrambled order, the corners first and
     last.  */
  for (int k = 0; k < LEN; k++)
    {
      ri[k] = (int) ((k * 7919L) % LEN) / N;
      ci[k] = (int) ((k * 7919L) % LEN) % N;
    }
  ri[0] = 0, ci[0] = 0, ri[LEN - 1] = M - 1, ci[LEN - 1] = N - 1;

  sp_tensor *a = typed ("CSR", SP_F64, 1, 4, big);
  sp_tensor *a8 = typed ("CSR;pos=16;crd=8", SP_F64, 2, 4, big);
  sp_tensor *a16 = typed ("CSR;pos=16;crd=16", SP_F32, 3, 4, big);
  sp_tensor *a64 = typed ("CSR;pos=64;crd=64", SP_I32, 4, 4, big);
  sp_tensor *c = typed ("CSC", SP_I64, 5, 4, big);
  sp_tensor *d = typed ("DCSR;pos=8;crd=8", SP_F64, 6, 8, big);
  sp_tensor *dc = typed ("DCSC", SP_I32, 7, 4, big);
  sp_tensor *dd = typed ("D,D", SP_F32, 8, 4, big);
  printf ("gathers: %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n",
          gather_csr (M, N, sp_array (a), ri, ci),
          gather_csr8 (M, N, sp_array (a8), ri, ci),
          gather_csr16 (M, N, sp_array (a16), ri, ci),
          gather_csr64 (M, N, sp_array (a64), ri, ci),
          gather_csc (M, N, sp_array (c), ri, ci),
          gather_dcsr (M, N, sp_array (d), ri, ci),
          gather_dcsc (M, N, sp_array (dc), ri, ci),
          gather_dense (M, N, sp_array (dd), ri, ci));
  sp_tensor *o = typed ("COO", SP_F64, 19, 4, big);
  sp_tensor *wo = typed ("COO;pos=16;crd=16", SP_I32, 20, 4, big);
  printf ("coordinates: %.17g %.17g\n",
          gather_coo (M, N, sp_array (o), ri, ci),
          walk_coo (M, N, sp_array (wo)));

  sp_tensor *w = typed ("CSR", SP_F64, 9, 4, big);
  sp_tensor *w8 = typed ("CSR;pos=16;crd=8", SP_I32, 10, 4, big);
  sp_tensor *wc = typed ("CSC;crd=16", SP_F32, 11, 4, big);
  sp_tensor *wd = typed ("DCSR;pos=64;crd=64", SP_I64, 12, 4, big);
  sp_tensor *wdc = typed ("DCSC;pos=8", SP_F64, 13, 8, big);
  printf ("walks: %.17g %.17g %.17g %.17g %.17g\n",
          walk_csr (M, N, sp_array (w)), walk_csr8 (M, N, sp_array (w8)),
          walk_csc (M, N, sp_array (wc)), walk_dcsr (M, N, sp_array (wd)),
          walk_dcsc (M, N, sp_array (wdc)));

  sp_tensor *t3 = sr_tensor3 ("CSF", L, L, L, 14, 3);
  sp_tensor *o3 = sr_tensor3 ("COO", L, L, L, 21, 3);
  int64_t n1 = 100;
  sp_tensor *v = sr_check (sp_new ("CU;pos=8;crd=16", SP_I64, 1, &n1), "CU");
  for (int64_t k = 0; k < n1; k += 3)
    sp_insert_i64 (v, &k, huge + k);
  sp_assemble (t3);
  sp_assemble (o3);
  sp_assemble (v);
  sp_tensor *g = typed ("DCSR;crd=16", SP_I64, 18, 3, huge);
  printf ("rank 3 and 1, exact: %.17g %.17g %lu %lu\n",
          gather3 (L, L, L, sp_array (t3), ri, ci),
          gather3_coo (L, L, L, sp_array (o3), ri, ci),
          gather1 ((int) n1, sp_array (v), ci),
          gather_long (M, N, sp_array (g), ri, ci));

  /* Changed between calls: writes in the reading loop, a kernel's new
     arrays, inserts.  */
  sp_tensor *x = typed ("CSR", SP_F64, 15, 4, big);
  sp_tensor *y = typed ("CSR", SP_F64, 16, 4, big);
  sp_tensor *z = typed ("CSR", SP_F64, 17, 4, big);
  printf ("before: %.17g\n", gather_csr (M, N, sp_array (x), ri, ci));
  printf ("writes: %.17g\n", write_read (M, N, sp_array (x), ri, ci));
  printf ("after writes: %.17g %.17g\n",
          gather_csr (M, N, sp_array (x), ri, ci),
          walk_csr (M, N, sp_array (x)));
  add (M, N, sp_array (z), sp_array (x), sp_array (y));
  printf ("after a kernel: %.17g %.17g\n",
          gather_csr (M, N, sp_array (z), ri, ci),
          walk_csr (M, N, sp_array (z)));
  for (int64_t i = 3; i < M; i += 5)
    sp_insert (z, (int64_t[]) { i, i % N }, 1.5);
  printf ("after inserts: %.17g %.17g\n",
          gather_csr (M, N, sp_array (z), ri, ci),
          walk_csr (M, N, sp_array (z)));

  sp_tensor *all[] = { a, a8, a16, a64, c, d, dc, dd, w, w8, wc, wd, wdc,
                       t3, v, g, x, y, z, o, wo, o3 };
  for (size_t k = 0; k < sizeof all / sizeof *all; k++)
    sp_free (all[k]);
  return 0;
}
