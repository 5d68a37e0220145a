/* Hypersparse operands cost what their entries cost: a 10^7 x 10^7
   matrix of 10^6 entries at random places (fixed seed), most rows
   empty, in DCSR.  Its square, C(i,j) = A(i,k) * A(k,j), intersects each
   row of A (one or two columns) with the 951581 nonempty rows of A's
   top level: merged step by step, each row walks that list up to its
   columns, and the test runs past sparse_run's limit (built so, the
   program was killed after 130 s, the first product unfinished);
   searched (loopgen-gallop.c), it takes
   under twice the time of the same product over CSR (the section
   "Hypersparse operands" of bench/results-kernels.md).  To see the old
   path time out, build it with -fplugin-arg-sparse-merge-only:
     gcc-12 -O2 -fplugin=build/sparse.so -fplugin-arg-sparse-merge-only \
       -Iinclude testsuite/sparse.run/hypersparse-product.c \
       build/libsparsert.a -lm -pthread && ./a.out
   SpMV and the elementwise product over the same DCSR operand, TTV over
   a hypersparse CSF tensor, too.

   A dense build cannot hold such a matrix: without the plugin the
   program computes each result from the entry list instead (integer
   values, so every sum is exact), and prints the same lines.  Each
   result is printed as its number of entries and weighted sums of its
   values.  */
#include <stdio.h>
#include <stdlib.h>
#include <sparse.h>

#define N 10000000
#define NNZ 1000000

typedef struct entry
{
  int64_t i, j;
  double v;
} entry;

static uint64_t seed = 0x9E3779B97F4A7C15ull;

static int64_t
next (int64_t n)
{
  seed = seed * 6364136223846793005ull + 1442695040888963407ull;
  return (int64_t) ((seed >> 17) % (uint64_t) n);
}

/* The weights of the checksums.  */
static double
wrow (int64_t i)
{
  return (double) (i % 997 + 1);
}

static double
wcol (int64_t j)
{
  return (double) (j % 991 + 1);
}

static void
print_sums (const char *what, int64_t nnz, double s, double w)
{
  printf ("%s: %lld entries, sum %.17g, weighted %.17g\n", what,
          (long long) nnz, s, w);
}

#ifdef __SPARSE_PLUGIN__
static void
product (int64_t n, double C[n][n] SPARSE ("DCSR"),
         double A[n][n] SPARSE ("DCSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * A(k,j)
}

static void
product_csr (int64_t n, double C[n][n] SPARSE ("CSR"),
             double A[n][n] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * A(k,j)
}

static void
square (int64_t n, double C[n][n] SPARSE ("DCSR"),
        double A[n][n] SPARSE ("DCSR"), double B[n][n] SPARSE ("DCSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) * B(i,j)
}

static void
spmv (int64_t n, double y[n], double A[n][n] SPARSE ("DCSR"),
      const double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
}

static void
spmv_csr (int64_t n, double y[n], double A[n][n] SPARSE ("CSR"),
          const double x[n])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
}

static void
ttv (int64_t n, double Y[n][n] SPARSE ("DCSR"),
     double T[n][n][n] SPARSE ("CSF"), const double x[n])
{
#pragma sparse einsum Y(i,j) = T(i,j,k) * x(k)
}

/* Y = C X, C in DCSR or CSR.  */
static void
times (sp_tensor *c, int csr, const double *x, double *y)
{
  if (csr)
    spmv_csr (N, y, sp_array (c), x);
  else
    spmv (N, y, sp_array (c), x);
}

/* The sums of matrix C through SpMV: sum_i wrow(i) * C(i,:) . wcol.  */
static void
print_matrix (const char *what, sp_tensor *c, int csr, double *x, double *y)
{
  for (int64_t j = 0; j < N; j++)
    x[j] = wcol (j);
  times (c, csr, x, y);
  double w = 0;
  for (int64_t i = 0; i < N; i++)
    w += wrow (i) * y[i];
  for (int64_t j = 0; j < N; j++)
    x[j] = 1;
  times (c, csr, x, y);
  double s = 0;
  for (int64_t i = 0; i < N; i++)
    s += y[i];
  print_sums (what, sp_nnz (c), s, w);
}

static int
run (const entry *e, int64_t ne, const entry *t, int64_t nt)
{
  int64_t dims[3] = { N, N, N };
  sp_tensor *a = sp_new ("DCSR", SP_F64, 2, dims);
  sp_tensor *tt = sp_new ("CSF", SP_F64, 3, dims);
  double *x = malloc (N * sizeof *x), *y = malloc (N * sizeof *y);
  if (!a || !tt || !x || !y)
    return 1;
  for (int64_t p = 0; p < ne; p++)
    sp_insert (a, (int64_t[]) { e[p].i, e[p].j }, e[p].v);
  for (int64_t p = 0; p < nt; p++)
    sp_insert (tt, (int64_t[]) { t[p].i, t[p].j, (int64_t) t[p].v },
               (double) (1 + p % 5));
  sp_tensor *ac = sp_convert (a, "CSR");
  sp_tensor *c = sp_new ("DCSR", SP_F64, 2, dims);
  sp_tensor *cc = sp_new ("CSR", SP_F64, 2, dims);
  sp_tensor *sq = sp_new ("DCSR", SP_F64, 2, dims);
  sp_tensor *ty = sp_new ("DCSR", SP_F64, 2, dims);
  product (N, sp_array (c), sp_array (a));
  product_csr (N, sp_array (cc), sp_array (ac));
  square (N, sp_array (sq), sp_array (a), sp_array (a));
  for (int64_t k = 0; k < N; k++)
    x[k] = wcol (k);
  ttv (N, sp_array (ty), sp_array (tt), x);
  print_matrix ("A", a, 0, x, y);
  print_matrix ("A*A (DCSR)", c, 0, x, y);
  print_matrix ("A*A (CSR)", cc, 1, x, y);
  print_matrix ("A.*A", sq, 0, x, y);
  print_matrix ("T*x", ty, 0, x, y);
  sp_free (a);
  sp_free (tt);
  sp_free (ac);
  sp_free (c);
  sp_free (cc);
  sp_free (sq);
  sp_free (ty);
  free (x);
  free (y);
  return 0;
}

#else

static int
by_place (const void *pa, const void *pb)
{
  const entry *a = pa, *b = pb;
  if (a->i != b->i)
    return a->i < b->i ? -1 : 1;
  return a->j < b->j ? -1 : a->j > b->j;
}

/* Sort E by place and add up duplicates: the entry count.  */
static int64_t
canonical (entry *e, int64_t n)
{
  qsort (e, (size_t) n, sizeof *e, by_place);
  int64_t m = 0;
  for (int64_t p = 0; p < n; p++)
    if (m && e[m - 1].i == e[p].i && e[m - 1].j == e[p].j)
      e[m - 1].v += e[p].v;
    else
      e[m++] = e[p];
  return m;
}

static void
print_entries (const char *what, const entry *e, int64_t n)
{
  double s = 0, w = 0;
  for (int64_t p = 0; p < n; p++)
    {
      s += e[p].v;
      w += wrow (e[p].i) * wcol (e[p].j) * e[p].v;
    }
  print_sums (what, n, s, w);
}

/* The first entry of canonical E (N of them) in row I, or N.  */
static int64_t
row_start (const entry *e, int64_t n, int64_t i)
{
  int64_t lo = 0, hi = n;
  while (lo < hi)
    {
      int64_t mid = lo + (hi - lo) / 2;
      if (e[mid].i < i)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static int
run (entry *e, int64_t ne, entry *t, int64_t nt)
{
  ne = canonical (e, ne);
  print_entries ("A", e, ne);
  /* The product: each entry (i,k) times row k.  */
  int64_t np = 0, cap = 1024;
  entry *p = malloc ((size_t) cap * sizeof *p);
  for (int64_t q = 0; q < ne && p; q++)
    for (int64_t r = row_start (e, ne, e[q].j); r < ne && e[r].i == e[q].j;
         r++)
      {
        if (np == cap)
          p = realloc (p, (size_t) (cap *= 2) * sizeof *p);
        if (p)
          p[np++] = (entry) { e[q].i, e[r].j, e[q].v * e[r].v };
      }
  if (!p)
    return 1;
  np = canonical (p, np);
  print_entries ("A*A (DCSR)", p, np);
  print_entries ("A*A (CSR)", p, np);
  for (int64_t q = 0; q < ne; q++)
    e[q].v *= e[q].v;
  print_entries ("A.*A", e, ne);
  /* T*x: the entries of T (i, j, k) hold 1 + p % 5 in insertion order;
     duplicates add up before the product, as in the tensor.  */
  for (int64_t q = 0; q < nt; q++)
    {
      int64_t k = (int64_t) t[q].v;
      t[q].v = (double) (1 + q % 5) * wcol (k);
    }
  nt = canonical (t, nt);
  print_entries ("T*x", t, nt);
  free (p);
  return 0;
}
#endif

int
main (void)
{
  /* T's entries: (i, j) in E's places, k in the third field.  */
  enum { NT = NNZ / 4 };
  entry *e = malloc (NNZ * sizeof *e), *t = malloc (NT * sizeof *t);
  if (!e || !t)
    return 1;
  for (int64_t p = 0; p < NNZ; p++)
    {
      e[p].i = next (N);
      e[p].j = next (N);
      e[p].v = (double) (1 + next (7));
    }
  for (int64_t p = 0; p < NT; p++)
    {
      t[p].i = next (N);
      t[p].j = next (N);
      t[p].v = (double) next (N);
    }
  int rc = run (e, NNZ, t, NT);
  free (e);
  free (t);
  return rc;
}
