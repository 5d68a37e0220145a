/* Plain arrays of types narrower than int in loop nests over a sparse
   matrix: an unsigned char mask as a guard and as a factor, short and
   int8_t weights (promoted to int), signed and unsigned char outputs
   that wrap on store, and char and short sums that wrap at each step
   (which GCC computes in the narrow type).  */
#include "sparse-run.h"

static void
masked (int m, int n, double A[m][n] SPARSE ("CSR"),
        const unsigned char mask[n], const double x[n], double y[m],
        double z[m])
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, mask.j. != 0 . A.i,j. . x.j. : 0.; A: CSR" } */
    for (int j = 0; j < n; j++)
      if (mask[j])
        y[i] += A[i][j] * x[j];
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: z.i. .= sum.j, A.i,j. . .int.mask.j..; A: CSR" } */
    for (int j = 0; j < n; j++)
      z[i] += A[i][j] * mask[j];
}

static void
weights (int m, int n, double A[m][n] SPARSE ("CSR"), const short w[n],
         const int8_t v[n], double y[m])
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, A.i,j. . w.j. - v.j. . A.i,j..; A: CSR" } */
    for (int j = 0; j < n; j++)
      y[i] += A[i][j] * w[j] - v[j] * A[i][j];
}

static void
stores (int m, int n, int B[m][n] SPARSE ("CSR"), signed char sc[m][n],
        unsigned char uc[m][n])
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: sc.i,j. = .unsigned char...unsigned int..unsigned char.B.i,j. . 37U.; B: CSR" } */
    for (int j = 0; j < n; j++)
      {
        sc[i][j] = B[i][j] * 37;
        uc[i][j] = B[i][j] * 91 + 1;
      }
}

static void
narrow_sums (int m, int n, int B[m][n] SPARSE ("CSR"), unsigned char uc[m],
             short sh[m], signed char sc[m])
{
  for (int i = 0; i < m; i++)	/* { dg-message "loop nest sparsified: sh.i. .= sum.j, .short." } */
    for (int j = 0; j < n; j++)
      {
        uc[i] += B[i][j] * 3;
        sh[i] += B[i][j] * 1000;
        sc[i] -= B[i][j];
      }
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
  unsigned char mask[N];
  short w[N];
  int8_t v[N];
  double x[N], y[M] = { 0 }, z[M] = { 0 };
  for (int j = 0; j < N; j++)
    {
      mask[j] = sr_hash (j, 1, 2, 3) % 3 * 120;
      x[j] = j * 0.25;
      w[j] = (short) (j * 3000 - 20000);
      v[j] = (int8_t) (j * 17 - 100);
    }
  masked (M, N, sp_array (A), mask, x, y, z);
  sr_print ("y", y, M);
  sr_print ("z", z, M);
  for (int i = 0; i < M; i++)
    y[i] = 0;
  weights (M, N, sp_array (A), w, v, y);
  sr_print ("weights", y, M);
  signed char sc[M][N];
  unsigned char uc[M][N];
  stores (M, N, sp_array (B), sc, uc);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      printf ("%d %u%c", sc[i][j], uc[i][j], j == N - 1 ? '\n' : ' ');
  unsigned char ucs[M];
  short shs[M];
  signed char scs[M];
  for (int i = 0; i < M; i++)
    {
      ucs[i] = (unsigned char) (200 + i);
      shs[i] = (short) (30000 - 1000 * i);
      scs[i] = (signed char) (i * 11 - 120);
    }
  narrow_sums (M, N, sp_array (B), ucs, shs, scs);
  for (int i = 0; i < M; i++)
    printf ("%u %d %d\n", ucs[i], shs[i], scs[i]);
  sp_free (A);
  sp_free (B);
  return 0;
}
