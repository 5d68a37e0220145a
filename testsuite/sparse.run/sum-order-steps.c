/* Outputs and scalars the program adds into more than once per element
   keep the dense program's order of additions: y[j] += a; y[j] += b is
   (y + a) + b, not y + (a + b); a sum into a temporary added whole,
   t = 0; for ... t += ...; y[i] += t, is y + (a1 + a2 ...), not
   (y + a1) + a2 ...; a value then a loop's sum, or a loop's sum then a
   value, in that order; nested loops add in the program's order.  The
   values make every other order differ: outputs near 1e16, where adding
   1 twice rounds to nothing but adding 2 does not, and terms with many
   digits.  Printed with %a, bit for bit.  */
#include "sparse-run.h"

/* The nests below share one signature; each reads some of it.  */
#define UNUSED __attribute__ ((unused))
#define NEST(name) \
  static void name (int n, double y[n], double A[n][n] SPARSE ("CSR"), \
                    UNUSED double B[n][n] SPARSE ("CSR"), \
                    UNUSED double x[n], UNUSED double z[n], \
                    UNUSED double c[n])

/* Two terms into one element per iteration, scattered along columns.  */
NEST (two_scattered)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j < n; j++)
      {
        y[j] += A[i][j] * x[i];
        y[j] += B[i][j] * z[i];
      }
}

/* ... along rows, with either sign.  */
NEST (two_in_rows)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j < n; j++)
      {
        y[i] -= A[i][j] * x[j];
        y[i] += B[i][j] * z[j];
      }
}

/* Scaled terms, spelt out as y = y + ...  */
NEST (two_scaled)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j < n; j++)
      {
        y[i] = y[i] + 2.0 * A[i][j] * x[j];
        y[i] = y[i] - 0.5 * B[i][j] * z[j];
      }
}

/* One operand twice.  */
NEST (same_twice)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j < n; j++)
      {
        y[i] += A[i][j] * x[j];
        y[i] += A[i][j] * z[j];
      }
}

/* The columns' loop outside, transposed reads.  */
NEST (two_transposed)
{
  for (int j = 0; j < n; j++)	/* { dg-message "loop nest sparsified" } */
    for (int i = 0; i < n; i++)
      {
        y[j] += A[i][j] * x[i];
        y[j] -= B[i][j] * z[i];
      }
}

/* The output zeroed, then two terms: (0 + a1) - b1 ...  */
NEST (two_from_zero)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      y[i] = 0;
      for (int j = 0; j < n; j++)
        {
          y[i] += A[i][j] * x[j];
          y[i] -= B[i][j] * z[j];
        }
    }
}

/* A temporary of two terms, stored.  */
NEST (two_in_temporary)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      double t = 0;
      for (int j = 0; j < n; j++)
        {
          t += A[i][j] * x[j];
          t += B[i][j] * z[j];
        }
      y[i] = t;
    }
}

/* Two temporaries' sums, each added whole, one after the other.  */
NEST (temporaries_added)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      double t1 = 0, t2 = 0;
      for (int j = 0; j < n; j++)
        t1 += A[i][j] * x[j];
      for (int j = 0; j < n; j++)
        t2 += B[i][j] * x[j] * x[j];
      y[i] += t1;
      y[i] += t2;
    }
}

/* One temporary's sum added whole.  */
NEST (temporary_added)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      double t = 0;
      for (int j = 0; j < n; j++)
        t += A[i][j] * x[j];
      y[i] -= t;
    }
}

/* The two temporaries' total added: y + (t1 + t2).  */
NEST (temporaries_total)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      double t1 = 0, t2 = 0;
      for (int j = 0; j < n; j++)
        t1 += A[i][j] * x[j];
      for (int j = 0; j < n; j++)
        t2 += B[i][j] * z[j];
      y[i] += t1 + t2;
    }
}

/* Two loops straight into the output.  */
NEST (two_loops)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      for (int j = 0; j < n; j++)
        y[i] += A[i][j] * x[j];
      for (int j = 0; j < n; j++)
        y[i] -= B[i][j] * z[j];
    }
}

/* A value, then a loop into the output.  */
NEST (value_then_loop)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      y[i] += c[i];
      for (int j = 0; j < n; j++)
        y[i] += A[i][j] * x[j];
    }
}

/* A loop into the output, then a value.  */
NEST (loop_then_value)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      for (int j = 0; j < n; j++)
        y[i] -= A[i][j] * x[j];
      y[i] += c[i];
    }
}

/* A value, then a temporary's sum.  */
NEST (value_then_temporary)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      y[i] += c[i];
      double t = 0;
      for (int j = 0; j < n; j++)
        t += A[i][j] * x[j];
      y[i] += t;
    }
}

/* The diagonal, then a value.  */
NEST (diagonal_then_value)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      y[i] += A[i][i] * z[i];
      y[i] += c[i];
    }
}

/* A scalar, two terms per iteration.  */
static double
scalar_two (int n, double A[n][n] SPARSE ("CSR"),
            double B[n][n] SPARSE ("CSR"), double x[n], double s)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j < n; j++)
      {
        s += A[i][j] * x[j];
        s -= B[i][j] * x[i];
      }
  return s;
}

/* A scalar summed along columns, over a CSR matrix: the columns' order,
   as the loops run.  */
static double
scalar_by_columns (int n, double A[n][n] SPARSE ("CSR"), double x[n],
                   double s)
{
  for (int j = 0; j < n; j++)	/* { dg-message "loop nest sparsified" } */
    for (int i = 0; i < n; i++)
      s += A[i][j] * x[j];
  return s;
}

/* Rows' sums added whole into a scalar.  */
static double
scalar_of_rows (int n, double A[n][n] SPARSE ("CSR"), double x[n], double s)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      double t = 0;
      for (int j = 0; j < n; j++)
        t += A[i][j] * x[j];
      s += t;
    }
  return s;
}

/* Two temporaries per row into a scalar.  */
static double
scalar_of_temporaries (int n, double A[n][n] SPARSE ("CSR"),
                       double B[n][n] SPARSE ("CSR"), double x[n], double s)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    {
      double t1 = 0, t2 = 0;
      for (int j = 0; j < n; j++)
        t1 += A[i][j] * x[j];
      for (int j = 0; j < n; j++)
        t2 += B[i][j] * x[j];
      s += t1;
      s -= t2;
    }
  return s;
}

/* Two nests into one scalar.  */
static double
scalar_two_nests (int n, double A[n][n] SPARSE ("CSR"),
                  double B[n][n] SPARSE ("CSR"), double x[n], double s)
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j < n; j++)
      s += A[i][j] * x[j];
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j < n; j++)
      s -= B[i][j] * x[j];
  return s;
}

/* A tensor's two inner loops into one element.  */
static void
tensor_nested (int n, double y[n], double T[n][n][n] SPARSE ("CSF"),
               double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        y[i] += T[i][j][k] * x[k];
}

/* A sparse output, two terms into each entry.  */
static void
sparse_two (int n, double C[n][n] SPARSE ("CSR"),
            double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j < n; j++)
      {
        C[i][j] += A[i][j];
        C[i][j] -= B[i][j];
      }
}

/* A product's sum into a sparse output's old entries.  */
static void
sparse_product (int n, double C[n][n] SPARSE ("CSR"),
                double A[n][n] SPARSE ("CSR"), double B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += A[i][k] * B[k][j];
}

/* Two products' sums one after the other into a sparse output: the
   first kernel's result, then the second's terms into it.  */
static void
sparse_two_products (int n, double C[n][n] SPARSE ("CSR"),
                     double A[n][n] SPARSE ("CSR"),
                     double B[n][n] SPARSE ("CSR"))
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified: split into 2 kernels" } */
    for (int j = 0; j < n; j++)
      {
        double s = 0;
        for (int k = 0; k < n; k++)
          s += A[i][k] * B[k][j];
        for (int l = 0; l < n; l++)
          s += A[i][l] * A[l][j];
        C[i][j] = s;
      }
}

/* A symmetric matrix's product from its lower triangle: each element
   takes its row's terms, then its column's (from the rows after it),
   as the two statements the nest becomes add them.  */
static void
symmetric_lower (int n, double y[n], double L[n][n] SPARSE ("CSR"),
                 double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = 0; j <= i; j++)
      {
        y[i] += L[i][j] * x[j];
        y[j] += L[i][j] * x[i];
      }
}

/* ... from the upper triangle, the column's terms first (from the rows
   before), as the two statements add them.  */
static void
symmetric_upper (int n, double y[n], double U[n][n] SPARSE ("CSR"),
                 double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest sparsified" } */
    for (int j = i + 1; j < n; j++)
      {
        y[j] += U[i][j] * x[i];
        y[i] += U[i][j] * x[j];
      }
}

/* ... the whole matrix both ways: a row's terms and a column's come in
   turn in each element, which two statements would not keep (left to
   the loops as written).  */
static void
symmetric_whole (int n, double y[n], double A[n][n] SPARSE ("CSR"),
                 double x[n])
{
  for (int i = 0; i < n; i++)	/* { dg-message "loop nest not sparsified: y is added into at two places whose terms come in turn" } */
    for (int j = 0; j < n; j++)
      {
        y[i] += A[i][j] * x[j];
        y[j] += A[i][j] * x[i];
      }
}

/* The pragma's forms: a sum into the output term by term, each term of
   the sum whole.  */
static void
pragmas (int n, double y[n], double A[n][n] SPARSE ("CSR"),
         double B[n][n] SPARSE ("CSR"), double x[n], double z[n])
{
#pragma sparse einsum y(i) += A(i,j) * x(j)	/* { dg-message "einsum sparsified" } */
#pragma sparse einsum y(i) -= B(i,j) * z(j)	/* { dg-message "einsum sparsified" } */
#pragma sparse einsum y(i) += A(i,j) * x(j) + B(i,j) * z(j)	/* { dg-message "einsum sparsified" } */
  DENSE (for (int i = 0; i < n; i++)
           for (int j = 0; j < n; j++)
             y[i] += A[i][j] * x[j];
         for (int i = 0; i < n; i++)
           for (int j = 0; j < n; j++)
             y[i] -= B[i][j] * z[j];
         for (int i = 0; i < n; i++)
           for (int j = 0; j < n; j++)
             y[i] += A[i][j] * x[j] + B[i][j] * z[j];)
}

static void
pr (const char *what, const double *a, int n)
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    printf (" %a", a[i]);
  printf ("\n");
}

/* C's stored values, row by row.  */
static void
pr_matrix (const char *what, int n, double C[n][n] SPARSE ("CSR"))
{
  printf ("%s:", what);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (C[i][j] != 0)
        printf (" %a", C[i][j]);
  printf ("\n");
}

enum { N = 40 };

/* Entries with many digits; rows 0 and 1 of A and B ones, which vanish
   one by one next to 1e16.  */
static double
entry (int64_t i, int64_t j, int seed)
{
  uint32_t h = sr_hash (i, j, 0, seed);
  return i == seed - 1 ? 1 : (double) (h % 100003) / 7919 - 6;
}

static void
fresh (double y[N])
{
  for (int i = 0; i < N; i++)
    y[i] = 1e16 + 2 * i + (i % 3) / 7.0;
}

int
main (void)
{
  /* Row loops on threads under -fopenmp (sum-order-steps-openmp.c).  */
  setenv ("SP_PAR_MIN", "0", 1);
  sp_tensor *A = sp_new ("CSR", SP_F64, 2, (int64_t[]) { N, N });
  sp_tensor *B = sp_new ("CSR", SP_F64, 2, (int64_t[]) { N, N });
  sp_tensor *C = sp_new ("CSR", SP_F64, 2, (int64_t[]) { N, N });
  sp_tensor *T = sp_new ("CSF", SP_F64, 3, (int64_t[]) { N, N, N });
  for (int64_t i = 0; i < N; i++)
    for (int64_t j = 0; j < N; j++)
      {
        if (i == j || sr_hash (i, j, 1, 7) % 3 == 0)
          sp_insert (A, (int64_t[]) { i, j }, entry (i, j, 1));
        if (sr_hash (i, j, 2, 7) % 3 == 0)
          sp_insert (B, (int64_t[]) { i, j }, entry (i, j, 2));
        if (sr_hash (i, j, 3, 7) % 2 == 0)
          sp_insert (C, (int64_t[]) { i, j }, 1e16 + 2 * j);
        for (int64_t k = 0; k < N; k++)
          if (sr_hash (i * N + j, k, 4, 7) % 5 == 0)
            sp_insert (T, (int64_t[]) { i, j, k }, entry (i * N + j, k, 3));
      }
  double x[N], z[N], c[N], y[N];
  for (int i = 0; i < N; i++)
    {
      x[i] = i < 2 ? 1 : 1.0 / (i + 0.37);
      z[i] = i < 2 ? 1 : 1.0 / (i + 0.61);
      c[i] = 1 + 1.0 / (i + 3);
    }
  static const struct
  {
    const char *name;
    void (*f) (int, double *, double (*)[], double (*)[], double *,
               double *, double *);
  } nests[] = {
    { "two_scattered", two_scattered },
    { "two_in_rows", two_in_rows },
    { "two_scaled", two_scaled },
    { "same_twice", same_twice },
    { "two_transposed", two_transposed },
    { "two_from_zero", two_from_zero },
    { "two_in_temporary", two_in_temporary },
    { "temporaries_added", temporaries_added },
    { "temporary_added", temporary_added },
    { "temporaries_total", temporaries_total },
    { "two_loops", two_loops },
    { "value_then_loop", value_then_loop },
    { "loop_then_value", loop_then_value },
    { "value_then_temporary", value_then_temporary },
    { "diagonal_then_value", diagonal_then_value },
  };
  for (unsigned k = 0; k < sizeof nests / sizeof *nests; k++)
    {
      fresh (y);
      nests[k].f (N, y, sp_array (A), sp_array (B), x, z, c);
      pr (nests[k].name, y, N);
    }
  printf ("scalar_two %a\n",
          scalar_two (N, sp_array (A), sp_array (B), x, 1e16));
  printf ("scalar_by_columns %a\n",
          scalar_by_columns (N, sp_array (A), x, 0.1));
  printf ("scalar_of_rows %a\n", scalar_of_rows (N, sp_array (A), x, 1e16));
  printf ("scalar_of_temporaries %a\n",
          scalar_of_temporaries (N, sp_array (A), sp_array (B), x, 1e16));
  printf ("scalar_two_nests %a\n",
          scalar_two_nests (N, sp_array (A), sp_array (B), x, 1e16));
  fresh (y);
  tensor_nested (N, y, sp_array (T), x);
  pr ("tensor_nested", y, N);
  /* Sums from 0.3: the symmetric products' terms all count.  */
  for (int i = 0; i < N; i++)
    y[i] = 0.3 + (i % 3) / 7.0;
  symmetric_lower (N, y, sp_array (A), z);
  pr ("symmetric_lower", y, N);
  symmetric_upper (N, y, sp_array (A), z);
  pr ("symmetric_upper", y, N);
  symmetric_whole (N, y, sp_array (A), z);
  pr ("symmetric_whole", y, N);
  fresh (y);
  pragmas (N, y, sp_array (A), sp_array (B), x, z);
  pr ("pragmas", y, N);
  sparse_two (N, sp_array (C), sp_array (A), sp_array (B));
  pr_matrix ("sparse_two", N, sp_array (C));
  sparse_product (N, sp_array (C), sp_array (A), sp_array (B));
  pr_matrix ("sparse_product", N, sp_array (C));
  sparse_two_products (N, sp_array (C), sp_array (A), sp_array (B));
  pr_matrix ("sparse_two_products", N, sp_array (C));
  sp_free (A);
  sp_free (B);
  sp_free (C);
  sp_free (T);
  return 0;
}
