/* Accumulators wider than their terms, as C's usual arithmetic
   conversions make them: each term computed in its own type, then
   converted and added.  A long count of int products (triangles), a
   long sum of ints beyond int's range, float products summed as
   doubles (each product rounded to float first, which the printed
   digits show), ints and long products summed as doubles, ints summed
   as floats, and a comparison counted into a double.  */
#include "sparse-run.h"

enum { N = 24 };

static long
triangles (int U[N][N] SPARSE ("CSR"))
{
  long count = 0;
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: count .= sum.i, sum.j, sum.k, .long..U.i,j. . U.j,k. . U.k,i.....; U: CSR converted to CSC" } */
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        count += U[i][j] * U[j][k] * U[k][i];
  return count;
}

/* Every entry near 2^30: a row's sum leaves int's range.  */
static void
long_rows (long y[N], int B[N][N] SPARSE ("DCSR"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, .long.B.i,j..; B: DCSR" } */
    {
      y[i] = 0;
      for (int j = 0; j < N; j++)
        y[i] += B[i][j];
    }
}

static void
float_products (double y[N], float F[N][N] SPARSE ("CSR"), const float x[N])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. = sum.j, .double..F.i,j. . x.j...; F: CSR" } */
    {
      double s = 0;
      for (int j = 0; j < N; j++)
        s += F[i][j] * x[j];
      y[i] = s;
    }
}

static double
int_total (int B[N][N] SPARSE ("COO"))
{
  double s = 0;
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: s .= sum.i, sum.j, .double.B.i,j...; B: COO" } */
    for (int j = 0; j < N; j++)
      s += B[i][j];
  return s;
}

static void
long_products (double y[N], long L[N][N] SPARSE ("CSR"), const long w[N])
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, .double..L.i,j. . w.j...; L: CSR" } */
    for (int j = 0; j < N; j++)
      y[i] += L[i][j] * w[j];
}

static void
float_of_ints (float y[N], int U[N][N] SPARSE ("CSC"))
{
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: y.i. .= sum.j, .float.U.i,j..; U: CSC" } */
    for (int j = 0; j < N; j++)
      y[i] += U[i][j];
}

static double
count_nonzeros (float F[N][N] SPARSE ("CSR"))
{
  double c = 0;
  for (int i = 0; i < N; i++)	/* { dg-message "loop nest sparsified: c .= sum.i, sum.j, F.i,j. != 0f . 1 : 0..; F: CSR" } */
    for (int j = 0; j < N; j++)
      c += F[i][j] != 0;
  return c;
}

int
main (void)
{
  int64_t dims[2] = { N, N };
  sp_tensor *u = sr_check (sp_new ("CSR", SP_I32, 2, dims), "U");
  sp_tensor *b = sr_check (sp_new ("DCSR", SP_I32, 2, dims), "B");
  sp_tensor *f = sr_check (sp_new ("CSR", SP_F32, 2, dims), "F");
  sp_tensor *l = sr_check (sp_new ("CSR", SP_I64, 2, dims), "L");
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
        uint32_t h = sr_hash (i, j, 0, 501);
        if (i < j && h % 3 == 0)
          sp_insert (u, (int64_t[]) { i, j }, 1);
        if (h % 4 == 1)
          sp_insert (b, (int64_t[]) { i, j }, (1 << 30) + (int) (h % 1000));
        if (h % 3 == 2)
          sp_insert (f, (int64_t[]) { i, j }, 1 + (h % 64) / 0x1p16);
        if (h % 5 == 0)
          sp_insert_i64 (l, (int64_t[]) { i, j },
                         (int64_t) (h % 100000) * 100003 - 5000000000);
      }
  sp_tensor *bc = sr_as (b, "COO"), *uc = sr_as (u, "CSC");
  /* U and its transpose: a graph whose edges go both ways.  */
  sp_tensor *ut = sr_check (sp_new ("CSR", SP_I32, 2, dims), "U+U^T");
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (i != j && sr_hash (i < j ? i : j, i < j ? j : i, 0, 501) % 3 == 0)
        sp_insert (ut, (int64_t[]) { i, j }, 1);

  float xf[N];
  long w[N], yl[N];
  double y[N];
  float yf[N];
  for (int j = 0; j < N; j++)
    {
      xf[j] = 1 + (j % 7) / 0x1p15;
      w[j] = j % 3 ? 7 : -3;
    }

  printf ("triangles %ld %ld\n", triangles (sp_array (u)),
          triangles (sp_array (ut)));
  long_rows (yl, sp_array (b));
  for (int i = 0; i < N; i++)
    printf ("%ld ", yl[i]);
  printf ("\n");
  float_products (y, sp_array (f), xf);
  for (int i = 0; i < N; i++)
    printf ("%.17g ", y[i]);
  printf ("\n");
  printf ("int total %.17g\n", int_total (sp_array (bc)));
  for (int i = 0; i < N; i++)
    y[i] = 0.5;
  long_products (y, sp_array (l), w);
  for (int i = 0; i < N; i++)
    printf ("%.17g ", y[i]);
  printf ("\n");
  for (int i = 0; i < N; i++)
    yf[i] = i;
  float_of_ints (yf, sp_array (uc));
  for (int i = 0; i < N; i++)
    printf ("%.9g ", yf[i]);
  printf ("\nnonzeros %.17g\n", count_nonzeros (sp_array (f)));
  sp_free (u);
  sp_free (ut);
  sp_free (uc);
  sp_free (b);
  sp_free (bc);
  sp_free (f);
  sp_free (l);
  return 0;
}
