/* Work proportional to the nonzeros: 1000000 x 1000000 matrices with a
   handful of entries, through SpMV, its transpose, sparse add, element-wise
   multiply, SpGEMM, an inner product and a tagged local of that size.  Any
   loop over all n^2 coordinates would run for hours; the whole program
   must take well under a second.  Without the plugin the same program runs
   on 100 x 100 dense arrays and prints the same.  */
#include <time.h>
#include "sparse-run.h"

#ifdef __SPARSE_PLUGIN__
#define NB 1000000
#else
#define NB 100
#endif

static void
spmv (double y[NB], double A[NB][NB] SPARSE ("DCSR"), double x[NB])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
  DENSE (for (int i = 0; i < NB; i++)
           {
             y[i] = 0;
             for (int j = 0; j < NB; j++)
               y[i] += A[i][j] * x[j];
           })
}

static void
spmv_csr (double y[NB], double A[NB][NB] SPARSE ("CSR"), double x[NB])
{
#pragma sparse einsum y(i) = A(i,j) * x(j)
  DENSE (for (int i = 0; i < NB; i++)
           {
             y[i] = 0;
             for (int j = 0; j < NB; j++)
               y[i] += A[i][j] * x[j];
           })
}

static void
spmvt (double w[NB], double A[NB][NB] SPARSE ("DCSR"), double y[NB])
{
#pragma sparse einsum w(j) = A(i,j) * y(i)
  DENSE (for (int j = 0; j < NB; j++)
           {
             w[j] = 0;
             for (int i = 0; i < NB; i++)
               w[j] += A[i][j] * y[i];
           })
}

static void
add (double C[NB][NB] SPARSE ("DCSR"), double A[NB][NB] SPARSE ("DCSR"),
     double B[NB][NB] SPARSE ("DCSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) + B(i,j)
  DENSE (for (int i = 0; i < NB; i++)
           for (int j = 0; j < NB; j++)
             C[i][j] = A[i][j] + B[i][j];)
}

static void
emul (double C[NB][NB] SPARSE ("CSR"), double A[NB][NB] SPARSE ("CSR"),
      double B[NB][NB] SPARSE ("CSR"))
{
#pragma sparse einsum C(i,j) = A(i,j) * B(i,j)
  DENSE (for (int i = 0; i < NB; i++)
           for (int j = 0; j < NB; j++)
             C[i][j] = A[i][j] * B[i][j];)
}

static void
spgemm (double C[NB][NB] SPARSE ("DCSR"), double A[NB][NB] SPARSE ("DCSR"),
        double B[NB][NB] SPARSE ("DCSR"))
{
#pragma sparse einsum C(i,j) = A(i,k) * B(k,j)
  DENSE (for (int i = 0; i < NB; i++)
           for (int j = 0; j < NB; j++)
             {
               double s = 0;
               for (int k = 0; k < NB; k++)
                 s += A[i][k] * B[k][j];
               C[i][j] = s;
             })
}

static double
inner (double A[NB][NB] SPARSE ("DCSR"), double B[NB][NB] SPARSE ("DCSR"))
{
  double s = 0;
#pragma sparse einsum s = A(i,j) * B(i,j)
  DENSE (for (int i = 0; i < NB; i++)
           for (int j = 0; j < NB; j++)
             s += A[i][j] * B[i][j];)
  return s;
}

/* A local as large, written by a kernel and read element by element.  */
static double
local (double A[NB][NB] SPARSE ("DCSR"), double B[NB][NB] SPARSE ("DCSR"))
{
  double T[NB][NB] SPARSE ("DCSR");
  DENSE (for (int i = 0; i < NB; i++)
           for (int j = 0; j < NB; j++)
             T[i][j] = 0;)
  T[7][7] = 100;
#pragma sparse einsum T(i,j) += 2 * A(i,j) - B(i,j)
  DENSE (for (int i = 0; i < NB; i++)
           for (int j = 0; j < NB; j++)
             T[i][j] += 2 * A[i][j] - B[i][j];)
  return T[0][0] + 10 * T[NB - 1][NB - 1] + 100 * T[NB / 2][3]
         + 1000 * T[7][7] + 10000 * T[3][NB / 2];
}

static const int64_t pa[][2] = { { 0, 0 }, { 0, NB - 1 }, { NB / 2, 3 },
                                 { NB - 1, NB - 1 }, { NB - 1, NB / 2 } };
static const double va[] = { 1, 2, 3, 4, 5 };
static const int64_t pb[][2] = { { 0, 0 }, { NB / 2, 3 }, { 3, NB / 2 },
                                 { NB - 1, NB - 1 }, { NB / 2, NB / 2 } };
static const double vb[] = { 0.5, -1, 2, 1, 3 };
static const int64_t at[] = { 0, 3, NB / 2, NB - 1 };

static sp_tensor *
matrix (const char *fmt, const int64_t (*p)[2], const double *v)
{
  int64_t dims[2] = { NB, NB };
  sp_tensor *t = sr_check (sp_new (fmt, SP_F64, 2, dims), fmt);
  for (int e = 0; e < 5; e++)
    sp_insert (t, p[e], v[e]);
  return t;
}

static void
show_vec (const char *what, const double *y)
{
  double s = 0;
  for (int64_t i = 0; i < NB; i++)
    s += y[i];
  printf ("%s: sum %g, at 0, 3, n/2, n-1: %g %g %g %g\n", what, s, y[at[0]],
          y[at[1]], y[at[2]], y[at[3]]);
}

static void
show_mat (const char *what, const sp_tensor *t)
{
  printf ("%s: %lld entries;", what, (long long) sp_nnz (t));
  for (int a = 0; a < 4; a++)
    for (int b = 0; b < 4; b++)
      {
        double v = sp_get (t, (int64_t[]) { at[a], at[b] });
        if (v != 0)
          printf (" (%c,%c) %g", "03hn"[a], "03hn"[b], v);
      }
  printf ("\n");
}

int
main (void)
{
  clock_t start = clock ();
  sp_tensor *a = matrix ("DCSR", pa, va), *b = matrix ("DCSR", pb, vb);
  sp_tensor *ac = sr_as (a, "CSR"), *bc = sr_as (b, "CSR");
  double *x = malloc (NB * sizeof *x), *y = malloc (NB * sizeof *y);
  double *w = malloc (NB * sizeof *w);
  for (int64_t j = 0; j < NB; j++)
    x[j] = j == 0 ? 1 : j == NB / 2 ? 5 : j == NB - 1 ? 3 : 2;

  spmv (y, sp_array (a), x);
  show_vec ("spmv", y);
  spmv_csr (y, sp_array (ac), x);
  show_vec ("spmv csr", y);
  spmvt (w, sp_array (a), y);
  show_vec ("spmv transposed", w);

  sp_tensor *c = matrix ("DCSR", pb, va);
  add (sp_array (c), sp_array (a), sp_array (b));
  show_mat ("add", c);
  spgemm (sp_array (c), sp_array (a), sp_array (b));
  show_mat ("spgemm", c);
  sp_tensor *cc = matrix ("CSR", pa, vb);
  emul (sp_array (cc), sp_array (ac), sp_array (bc));
  show_mat ("emul", cc);
  printf ("inner %g\n", inner (sp_array (a), sp_array (b)));
  printf ("local %g\n", local (sp_array (a), sp_array (b)));

  double secs = (double) (clock () - start) / CLOCKS_PER_SEC;
  if (secs > 5)
    printf ("too slow: %.1f s\n", secs);
  free (x);
  free (y);
  free (w);
  sp_free (a);
  sp_free (b);
  sp_free (ac);
  sp_free (bc);
  sp_free (c);
  sp_free (cc);
  return 0;
}
