/* Signed and unsigned values together in loop nests over sparse
   matrices, with C's conversions: an int converted to unsigned to be
   compared with an unsigned (a negative entry is large), a double with an
   unsigned is compared as doubles, unsigned long values past 2^63 become
   doubles exactly as C rounds them, unsigned loop variables are values,
   and _Bool arrays are guards.  */
#include "sparse-run.h"

static unsigned
above (int m, int n, int B[m][n] SPARSE ("CSR"),
       double A[m][n] SPARSE ("CSR"), unsigned u)
{
  unsigned c = 0;
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, B.i,j. != 0 && B.i,j. > u . 1U : 0..; B: CSR" } */
    for (int j = 0; j < n; j++)
      if ((unsigned) B[i][j] > u)
        c += 1;
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, A.i,j. != 0 && A.i,j. > u . 100U : 0..; A: CSR" } */
    for (int j = 0; j < n; j++)
      if (A[i][j] > u)
        c += 100;
  return c;
}

/* Unsigned long values past 2^63 as factors of doubles.  */
static double
big (int m, int n, double A[m][n] SPARSE ("CSR"), const uint64_t b[n])
{
  double s = 0;
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, A.i,j. . b.j...; A: CSR" } */
    for (int j = 0; j < n; j++)
      s += A[i][j] * b[j];
  return s;
}

/* Unsigned loop variables as values: j + 1 in unsigned arithmetic.  */
static void
positions (unsigned m, unsigned n, double A[m][n] SPARSE ("CSR"),
           double y[m])
{
  for (unsigned i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . .j . 1U..; A: CSR" } */
    for (unsigned j = 0; j < n; j++)
      y[i] += A[i][j] * (j + 1);
}

static void
flagged (int m, int n, double A[m][n] SPARSE ("CSR"), const _Bool f[n],
         const double x[n], double y[m])
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, f.j. != 0 . A.i,j. . x.j. : 0.; A: CSR" } */
    for (int j = 0; j < n; j++)
      if (f[j])
        y[i] += A[i][j] * x[j];
}

int
main (void)
{
  enum { M = 23, N = 19 };
  sp_tensor *A = sr_matrix ("CSR", M, N, 1, 3);
  sp_tensor *B = sr_check (sp_new ("CSR", SP_I32, 2,
                                   (int64_t[]) { M, N }), "B");
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 5);
        if (h % 3 == 0)
          sp_insert (B, (int64_t[]) { i, j },
                     (double) ((int) (h >> 8) % 200 - 100));
      }
  printf ("above %u %u %u\n", above (M, N, sp_array (B), sp_array (A), 0),
          above (M, N, sp_array (B), sp_array (A), 2),
          above (M, N, sp_array (B), sp_array (A), 4000000000u));
  uint64_t b[N];
  _Bool f[N];
  double x[N], y[M] = { 0 };
  for (int j = 0; j < N; j++)
    {
      b[j] = (UINT64_C (1) << 63) + (uint64_t) j * 1025 + UINT64_C (3) * j;
      f[j] = sr_hash (j, 2, 3, 4) % 2;
      x[j] = 1 + j * 0.5;
    }
  printf ("big %.17g\n", big (M, N, sp_array (A), b));
  positions (M, N, sp_array (A), y);
  sr_print ("positions", y, M);
  for (int i = 0; i < M; i++)
    y[i] = 0;
  flagged (M, N, sp_array (A), f, x, y);
  sr_print ("flagged", y, M);
  sp_free (A);
  sp_free (B);
  return 0;
}
