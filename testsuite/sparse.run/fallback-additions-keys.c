/* Additions the plugin leaves to the runtime into tensors that start
   empty, in formats whose logs pack a key in other orders and widths than
   CSR's: columns first (CSC, DCSC), a compressed first level (DCSR), COO,
   unequal extents, 8-bit coordinates, rank 3; with reads between the
   additions (the log is then looked up), long values past 2^53, and
   additions of -0.0, +0.0 and 1/0.  Every element prints as the dense
   program's.  */
#include <math.h>
#include "sparse-run.h"

enum { R = 37, C = 101 };

/* Pseudo-random additions at (c[0], c[1]); those with index q % 9 == 4
   first read the element and add what they read to S.  */
#define SCATTER(NAME, FMT)                                                    \
  static double NAME (int m, int n, double A[m][n] SPARSE (FMT), int seed)    \
  {                                                                           \
    double s = 0;                                                             \
    for (int q = 0; q < 3000; q++)                                            \
      {                                                                       \
        int c[2];                                                             \
        uint32_t h = sr_hash (q, seed, 0, 7);                                 \
        c[0] = h % m;                                                         \
        c[1] = (h >> 11) % n;                                                 \
        if (q % 9 == 4)                                                       \
          s += A[c[0]][c[1]];                                                 \
        A[c[0]][c[1]] += q % 97 == 5 ? -0.0 : q % 89 == 3 ? 0.0             \
                         : sr_val (h) + q * 0x1p-20;                          \
      }                                                                       \
    return s;                                                                 \
  }
SCATTER (scatter_csr, "CSR")
SCATTER (scatter_csc, "CSC")
SCATTER (scatter_dcsr, "DCSR")
SCATTER (scatter_dcsc, "DCSC")
SCATTER (scatter_coo, "COO")
SCATTER (scatter_narrow, "CSR;crd=8")

/* Every element, in row order, through a nest the plugin sparsifies.  */
#define SUM(NAME, FMT)                                                        \
  static double NAME (int m, int n, double A[m][n] SPARSE (FMT))              \
  {                                                                           \
    double s = 0;                                                             \
    for (int i = 0; i < m; i++)                                               \
      for (int j = 0; j < n; j++)                                             \
        s += A[i][j] * (1 + i * 0.5 + j * 0.25);                              \
    return s;                                                                 \
  }
SUM (sum_csr, "CSR")
SUM (sum_csc, "CSC")
SUM (sum_dcsr, "DCSR")
SUM (sum_dcsc, "DCSC")
SUM (sum_coo, "COO")
SUM (sum_narrow, "CSR;crd=8")

/* Rank 3, long values: each sum needs all 64 bits.  */
static void
scatter3 (int a, int b, int d, long T[a][b][d] SPARSE ("CSF"))
{
  for (int q = 0; q < 2000; q++)
    {
      int c[3];
      uint32_t h = sr_hash (q, 3, 1, 9);
      c[0] = h % a;
      c[1] = (h >> 8) % b;
      c[2] = (h >> 16) % d;
      T[c[0]][c[1]][c[2]] += (long) (h % 5 + 1) * 0x20000000000001L;
    }
}

static long
sum3 (int a, int b, int d, long T[a][b][d] SPARSE ("CSF"))
{
  long s = 0;
  for (int i = 0; i < a; i++)
    for (int j = 0; j < b; j++)
      for (int k = 0; k < d; k++)
        s ^= T[i][j][k] * (i * 131 + j * 7 + k + 1);
  return s;
}

/* An infinity added to one element, then finite numbers to it.  */
static void
scatter_inf (int m, int n, double A[m][n] SPARSE ("CSR"))
{
  for (int q = 0; q < 50; q++)
    {
      int c[2] = { q % 3, q % 5 };
      A[c[0]][c[1]] += q == 10 ? 1 / 0.0 : q * 0.5;
    }
}

static void
print (int m, int n, double A[m][n] SPARSE ("CSR"))
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      printf ("%a%c", A[i][j], j == n - 1 ? '\n' : ' ');
}

static sp_tensor *
empty (const char *fmt, sp_type type, int rank, int64_t d0, int64_t d1,
       int64_t d2)
{
  int64_t dims[3] = { d0, d1, d2 };
  return sr_check (sp_new (fmt, type, rank, dims), fmt);
}

#define RUN(SCATTER, SUMF, FMT, M, N)                                         \
  do                                                                          \
    {                                                                         \
      sp_tensor *t = empty (FMT, SP_F64, 2, M, N, 0);                         \
      double r = SCATTER (M, N, sp_array (t), 1);                             \
      r += SCATTER (M, N, sp_array (t), 2);                                   \
      printf ("%s read %a sum %a\n", FMT, r, SUMF (M, N, sp_array (t)));     \
      sp_free (t);                                                            \
    }                                                                         \
  while (0)

int
main (void)
{
  sp_tensor *t3 = empty ("CSF", SP_I64, 3, 7, 11, 13);
  sp_tensor *inf = empty ("CSR", SP_F64, 2, 3, 5, 0);
  RUN (scatter_csr, sum_csr, "CSR", R, C);
  RUN (scatter_csc, sum_csc, "CSC", R, C);
  RUN (scatter_dcsr, sum_dcsr, "DCSR", C, R);
  RUN (scatter_dcsc, sum_dcsc, "DCSC", C, R);
  RUN (scatter_coo, sum_coo, "COO", R, C);
  RUN (scatter_narrow, sum_narrow, "CSR;crd=8", R, C);
  scatter3 (7, 11, 13, sp_array (t3));
  printf ("rank 3 %ld\n", sum3 (7, 11, 13, sp_array (t3)));
  scatter_inf (3, 5, sp_array (inf));
  print (3, 5, sp_array (inf));
  sp_free (t3);
  sp_free (inf);
  return 0;
}
