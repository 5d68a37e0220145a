/* bench_kernels.c -- sparse kernels written as einsum pragmas against
   hand-written C, Eigen 3 and CXSparse, measured in one run.

   usage: bench_kernels OUTDIR RESULTS.md [matrix.mtx...]  */

#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <suitesparse/cs.h>
#include "sparse.h"
#include "sparse_abi.h"
#include "gen.h"
#include "timing.h"
#include "kernels.h"

#define SPMM_COLS 32

static FILE *results;

static void
row (const char *input, const char *op, const char *who, double secs,
     double ours, const char *note)
{
  char ratio[32] = "";
  if (ours > 0)
    snprintf (ratio, sizeof ratio, "%.2f", secs / ours);
  fprintf (results, "| %s | %s | %s | %.5f | %s | %s |\n", input, op, who,
           secs, ratio, note ? note : "");
  fflush (results);
  printf ("%-28s %-8s %-10s %10.5f s %6s %s\n", input, op, who, secs, ratio,
          note ? note : "");
}

static void
csr_view (const sp_tensor *t, base_csr *b)
{
  b->nrows = (int32_t) t->lv[0].size;
  b->ncols = (int32_t) t->lv[1].size;
  b->pos = t->lv[1].pos;
  b->crd = t->lv[1].crd;
  b->val = t->vals;
}

static double *
random_dense (size_t n, unsigned seed)
{
  double *v = malloc ((n ? n : 1) * sizeof *v);
  for (size_t i = 0; i < n; i++)
    {
      seed = seed * 1103515245u + 12345u;
      v[i] = (double) (seed >> 16 & 0x7fff) / 32768.0 - 0.5;
    }
  return v;
}

/* Largest relative difference between two vectors.  */
static double
maxrel (const double *a, const double *b, size_t n)
{
  double m = 0;
  for (size_t i = 0; i < n; i++)
    {
      double d = fabs (a[i] - b[i]) / fmax (1e-300, fmax (fabs (a[i]), fabs (b[i])));
      if (d > m && fabs (a[i] - b[i]) > 1e-12)
        m = d;
    }
  return m;
}

static void
bench_matrix (const char *name, sp_tensor *A)
{
  base_csr a;
  csr_view (A, &a);
  int nr = a.nrows, nc = a.ncols;
  char note[96];
  double ours, t;

  /* SpMV.  */
  double *x = random_dense (nc, 1), *y = calloc (nr, sizeof *y);
  double *y2 = calloc (nr, sizeof *y2);
  BEST (ours, k_spmv (nr, nc, y, sp_array (A), x), );
  ref_spmv (&a, y2, x);
  snprintf (note, sizeof note, "max rel diff vs C %.1e", maxrel (y, y2, nr));
  row (name, "SpMV", "pragma", ours, 0, note);
  BEST (t, ref_spmv (&a, y2, x), );
  row (name, "SpMV", "C", t, ours, NULL);
  BEST (t, eig_spmv (&a, y2, x), );
  row (name, "SpMV", "Eigen", t, ours, NULL);
  sp_tensor *Acsc = sp_convert (A, "csc");
  base_csr at;
  csr_view (Acsc, &at);
  cs_di csa = { .nzmax = at.pos[at.nrows], .m = nr, .n = nc, .p = at.pos,
                .i = at.crd, .x = at.val, .nz = -1 };
  BEST (t, (memset (y2, 0, nr * sizeof *y2), cs_di_gaxpy (&csa, x, y2)), );
  row (name, "SpMV", "CXSparse", t, ours, "CSC gaxpy incl. zeroing y");
  free (x);
  free (y);
  free (y2);

  /* SpMM with a dense right-hand side of SPMM_COLS columns.  */
  double *X = random_dense ((size_t) nc * SPMM_COLS, 2);
  double *Y = malloc ((size_t) nr * SPMM_COLS * sizeof *Y);
  double *Y2 = malloc ((size_t) nr * SPMM_COLS * sizeof *Y2);
  BEST (ours, k_spmm (nr, nc, SPMM_COLS, Y, sp_array (A), X), );
  ref_spmm (&a, SPMM_COLS, Y2, X);
  snprintf (note, sizeof note, "max rel diff vs C %.1e",
            maxrel (Y, Y2, (size_t) nr * SPMM_COLS));
  row (name, "SpMM", "pragma", ours, 0, note);
  BEST (t, ref_spmm (&a, SPMM_COLS, Y2, X), );
  row (name, "SpMM", "C", t, ours, NULL);
  BEST (t, eig_spmm (&a, SPMM_COLS, Y2, X), );
  row (name, "SpMM", "Eigen", t, ours, NULL);
  free (X);
  free (Y);
  free (Y2);

  if (nr == nc)
    {
      int64_t dims[2] = { nr, nc };
      /* SpGEMM: A*A.  */
      sp_tensor *C = NULL;
      base_csr c;
      BEST (ours, (C = sp_new ("csr", SP_F64, 2, dims),
                   k_spgemm (nr, nr, nc, sp_array (C), sp_array (A),
                             sp_array (A))),
            if (r_ < REPEAT - 1) sp_free (C));
      snprintf (note, sizeof note, "nnz(C) = %lld", (long long) sp_nnz (C));
      sp_free (C);
      row (name, "SpGEMM", "pragma", ours, 0, note);
      BEST (t, ref_spgemm (&a, &a, &c), base_csr_free (&c));
      row (name, "SpGEMM", "C", t, ours, "unsorted rows");
      int64_t enz = 0;
      BEST (t, enz = eig_spgemm (&a, &a), );
      snprintf (note, sizeof note, "nnz(C) = %lld", (long long) enz);
      row (name, "SpGEMM", "Eigen", t, ours, note);
      cs_di *cc = NULL;
      BEST (t, cc = cs_di_multiply (&csa, &csa), cs_di_spfree (cc));
      row (name, "SpGEMM", "CXSparse", t, ours, NULL);

      /* SpAdd: A + A^T (different patterns).  */
      /* A's CSC arrays are the CSR arrays of A^T.  */
      base_csr bt = { .nrows = nc, .ncols = nr, .pos = at.pos, .crd = at.crd,
                      .val = at.val };
      int64_t nnzb = at.pos[at.nrows];
      sp_tensor *B = sp_new ("csr", SP_F64, 2, dims);
      for (int32_t i = 0; i < bt.nrows; i++)
        for (int32_t p = bt.pos[i]; p < bt.pos[i + 1]; p++)
          {
            int64_t co[2] = { i, bt.crd[p] };
            sp_insert (B, co, bt.val[p]);
          }
      sp_assemble (B);
      BEST (ours, (C = sp_new ("csr", SP_F64, 2, dims),
                   k_spadd (nr, nc, sp_array (C), sp_array (A), sp_array (B))),
            if (r_ < REPEAT - 1) sp_free (C));
      snprintf (note, sizeof note, "nnz(C) = %lld", (long long) sp_nnz (C));
      sp_free (C);
      row (name, "SpAdd", "pragma", ours, 0, note);
      BEST (t, ref_spadd (&a, &bt, &c), base_csr_free (&c));
      row (name, "SpAdd", "C", t, ours, NULL);
      BEST (t, enz = eig_spadd (&a, &bt), );
      row (name, "SpAdd", "Eigen", t, ours, NULL);
      cs_di csb = { .nzmax = (int) nnzb, .m = nr, .n = nc, .p = a.pos,
                    .i = a.crd, .x = a.val, .nz = -1 };
      BEST (t, cc = cs_di_add (&csa, &csb, 1.0, 1.0), cs_di_spfree (cc));
      row (name, "SpAdd", "CXSparse", t, ours, "A + A^T in CSC");
      sp_free (B);
    }

  /* SDDMM with rank-32 factors.  */
  {
    int64_t dims[2] = { nr, nc };
    double *U = random_dense ((size_t) nr * SPMM_COLS, 3);
    double *V = random_dense ((size_t) SPMM_COLS * nc, 4);
    sp_tensor *C = NULL;
    BEST (ours, (C = sp_new ("csr", SP_F64, 2, dims),
                 k_sddmm (nr, nc, SPMM_COLS, sp_array (C), sp_array (A), U, V)),
          if (r_ < REPEAT - 1) sp_free (C));
    sp_free (C);
    row (name, "SDDMM", "pragma", ours, 0, NULL);
    double *ov = malloc ((a.pos[nr] + 1) * sizeof *ov);
    BEST (t, ref_sddmm (&a, SPMM_COLS, U, V, ov), );
    row (name, "SDDMM", "C", t, ours, NULL);
    free (ov);
    free (U);
    free (V);
  }
  sp_free (Acsc);
}

int
main (int argc, char **argv)
{
  if (argc < 3)
    {
      fprintf (stderr, "usage: %s OUTDIR RESULTS.md [matrix.mtx...]\n",
               argv[0]);
      return 2;
    }
  results = fopen (argv[2], "w");
  if (!results)
    return 1;
  fprintf (results, "# Kernel benchmark (serial)\n\nProduced by `make bench` "
           "(bench/bench_kernels); best of %d runs, one process.\n"
           "ratio = peer time / pragma time (above 1: the pragma is faster). "
           "SpMM and SDDMM use %d dense columns.\n\n"
           "| input | kernel | who | seconds | ratio | note |\n"
           "|---|---|---|---|---|---|\n", REPEAT, SPMM_COLS);
  const char *gens[] = { "poisson2d_1000", "rmat_s16_ef8" };
  for (int g = 0; g < 2; g++)
    {
      sp_tensor *A = sp_read (gen_file (argv[1], gens[g]), "csr", SP_F64);
      if (!A)
        {
          fprintf (stderr, "%s\n", sp_error ());
          return 1;
        }
      bench_matrix (gens[g], A);
      sp_free (A);
    }
  for (int i = 3; i < argc; i++)
    {
      const char *base = strrchr (argv[i], '/');
      sp_tensor *A = sp_read (argv[i], "csr", SP_F64);
      if (!A)
        {
          fprintf (stderr, "%s\n", sp_error ());
          continue;
        }
      bench_matrix (base ? base + 1 : argv[i], A);
      sp_free (A);
    }
  fclose (results);
  return 0;
}
