/* bench_runtime.c -- Matrix Market reading and format conversion against
   SuiteSparse CXSparse and straightforward C, and FROSTT reading against
   Matrix Market reading, measured in one run.

   usage: bench_runtime OUTDIR RESULTS.md [real matrices...]
   Generated inputs are written to OUTDIR once and reused; BENCH_QUICK=1
   takes small ones only.  */

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <suitesparse/cs.h>
#include "sparse.h"
#include "sparse_abi.h"
#include "gen.h"
/* Reading a large file takes a second or two, and one run in two is
   slowed by other processes on a shared machine: the best of five.  */
#define REPEAT_MIN 5
#include "timing.h"
#include "baseline.h"
#include "threads.h"


static FILE *results;

static void
row (const char *input, const char *op, const char *who, double secs,
     double ref, const char *extra)
{
  char ratio[32] = "";
  if (ref > 0)
    snprintf (ratio, sizeof ratio, "%.2f", ref / secs);
  fprintf (results, "| %s | %s | %s | %.4f | %s | %s |\n", input, op, who,
           secs, ratio, extra ? extra : "");
  fflush (results);
  printf ("%-28s %-12s %-10s %9.4f s %s %s\n", input, op, who, secs, ratio,
          extra ? extra : "");
}

static double
file_mb (const char *path)
{
  struct stat st;
  return stat (path, &st) ? 0 : st.st_size / 1e6;
}

/* Reading a file into COO (the target) and into CSR, against strtod.  */
static void
bench_read (const char *name, const char *path)
{
  double mb = file_mb (path), ours, csr, base;
  char extra[64];
  sp_tensor *t = NULL;
  BEST (ours, t = sp_read (path, "coo", SP_F64), sp_free (t));
  BEST (csr, t = sp_read (path, "csr", SP_F64), sp_free (t));
  int64_t m, n, nz, *ri = NULL, *ci = NULL;
  double *v = NULL;
  BEST (base, base_read_mtx (path, &m, &n, &nz, &ri, &ci, &v),
        (free (ri), free (ci), free (v)));
  snprintf (extra, sizeof extra, "%.0f MB/s", mb / ours);
  row (name, "mtx read", "sparse", ours, base, extra);
  snprintf (extra, sizeof extra, "%.0f MB/s; into CSR", mb / csr);
  row (name, "mtx read", "sparse CSR", csr, base, extra);
  snprintf (extra, sizeof extra, "%.0f MB/s", mb / base);
  row (name, "mtx read", "strtod", base, 0, extra);
  /* On the runtime's own threads: files of 2M entries or more out of row
     order are read by parts, one a thread.  */
  double two;
  sp__set_threads (2);
  BEST (two, t = sp_read (path, "coo", SP_F64), sp_free (t));
  sp__set_threads (1);
  snprintf (extra, sizeof extra, "%.0f MB/s; ratio vs strtod", mb / two);
  row (name, "mtx read", "sparse, 2 threads", two, base, extra);
}

/* Reading the FROSTT file PATH (NAME) into COO and CSF, on 1 and 2
   threads, against reading the Matrix Market file MTX (MTX_NAME, of
   about as many entries and bytes) into COO in the same run with as many
   threads: ratio = our MB/s / the .mtx reader's.  */
static void
bench_tns (const char *name, const char *path, const char *mtx_name,
           const char *mtx)
{
  static const char *const fmts[] = { "coo", "csf" };
  double mb = file_mb (path), mtx_mb = file_mb (mtx), ref[2], secs;
  char who[64], extra[160];
  sp_tensor *t = NULL;
  for (int th = 0; th < 2; th++)
    {
      sp__set_threads (th + 1);
      BEST (ref[th], t = sp_read (mtx, "coo", SP_F64), sp_free (t));
    }
  for (int f = 0; f < 2; f++)
    for (int th = 0; th < 2; th++)
      {
        sp__set_threads (th + 1);
        BEST (secs, t = sp_read (path, fmts[f], SP_F64), sp_free (t));
        snprintf (who, sizeof who, "sparse %s%s", f ? "CSF" : "COO",
                  th ? ", 2 threads" : "");
        snprintf (extra, sizeof extra, "%.0f MB/s; ratio vs %s.mtx into COO "
                  "(%.0f MB/s)", mb / secs, mtx_name, mtx_mb / ref[th]);
        row (name, "tns read", who, secs, ref[th] * mb / mtx_mb, extra);
      }
  sp__set_threads (1);
}

/* The int32 CSR arrays of a tensor stored as D,CU (or its CSC as
   (j:D,i:CU)): ROWS, POS, CRD, VALS view its storage.  */
static void
csr_view (const sp_tensor *t, base_csr *b)
{
  b->nrows = (int32_t) t->lv[0].size;
  b->ncols = (int32_t) t->lv[1].size;
  b->pos = t->lv[1].pos;
  b->crd = t->lv[1].crd;
  b->val = t->vals;
}

static void
bench_convert (const char *name, const char *path)
{
  sp_tensor *coo = sp_read (path, "coo", SP_F64);
  sp_tensor *csr = coo ? sp_convert (coo, "csr") : NULL;
  if (!csr)
    {
      printf ("%s: %s\n", name, sp_error ());
      sp_free (coo);
      return;
    }
  int64_t nnz = sp_nnz (coo), m = sp_dim (coo, 0), n = sp_dim (coo, 1);
  base_csr a;
  csr_view (csr, &a);

  /* The COO's coordinates as arrays, for the baselines.  */
  int64_t *ri = malloc (nnz * sizeof *ri), *ci = malloc (nnz * sizeof *ci);
  double *v = malloc (nnz * sizeof *v);
  for (int32_t i = 0, e = 0; i < a.nrows; i++)
    for (int32_t p = a.pos[i]; p < a.pos[i + 1]; p++, e++)
      ri[e] = i, ci[e] = a.crd[p], v[e] = a.val[p];

  double ours, tcs, base;
  sp_tensor *out = NULL;
  base_csr bo;

  /* COO -> CSR.  CXSparse builds compressed columns from triplets: give it
     (col,row) so it does the same counting sort by row.  */
  cs_di *trip = cs_di_spalloc (n, m, nnz, 1, 1), *c = NULL;
  for (int64_t e = 0; e < nnz; e++)
    cs_di_entry (trip, (int) ci[e], (int) ri[e], v[e]);
  BEST (ours, out = sp_convert (coo, "csr"), sp_free (out));
  BEST (tcs, c = cs_di_compress (trip), cs_di_spfree (c));
  BEST (base, base_coo_to_csr (m, n, nnz, ri, ci, v, &bo),
        base_csr_free (&bo));
  row (name, "COO->CSR", "sparse", ours, tcs, "ratio vs CXSparse");
  row (name, "COO->CSR", "CXSparse", tcs, 0, NULL);
  row (name, "COO->CSR", "plain C", base, 0, NULL);
  cs_di_spfree (trip);

  /* CSR -> CSC.  A CSR matrix's arrays are the CSC of its transpose.  */
  cs_di at = { .nzmax = (int) nnz, .m = (int) n, .n = (int) m, .p = a.pos,
               .i = a.crd, .x = a.val, .nz = -1 };
  BEST (ours, out = sp_convert (csr, "csc"), sp_free (out));
  BEST (tcs, c = cs_di_transpose (&at, 1), cs_di_spfree (c));
  BEST (base, base_transpose (&a, &bo), base_csr_free (&bo));
  row (name, "CSR->CSC", "sparse", ours, tcs, "ratio vs CXSparse");
  row (name, "CSR->CSC", "CXSparse", tcs, 0, NULL);
  row (name, "CSR->CSC", "plain C", base, 0, NULL);
  /* The same on the runtime's own threads (two of them from 2^18
     entries).  */
  double two;
  sp__set_threads (2);
  BEST (two, out = sp_convert (csr, "csc"), sp_free (out));
  sp__set_threads (1);
  row (name, "CSR->CSC", "sparse, 2 threads", two, ours,
       "ratio vs 1 thread");

  /* CSR -> DIA and CSR -> ELL, only where the padded storage stays within
     a few times the nonzeros.  */
  int32_t nd = 0, k = 0, *off = NULL, *crd = NULL;
  double *vals = NULL;
  int dia_ok = base_csr_to_dia (&a, &nd, &off, &vals) == 0;
  free (off);
  free (vals);
  if (dia_ok && (double) nd * m <= 8.0 * nnz + 1e6)
    {
      BEST (ours, out = sp_convert (csr, "dia"), sp_free (out));
      BEST (base, base_csr_to_dia (&a, &nd, &off, &vals),
            (free (off), free (vals)));
      row (name, "CSR->DIA", "sparse", ours, base, "ratio vs plain C");
      row (name, "CSR->DIA", "plain C", base, 0, NULL);
    }
  /* The longest row decides ELL's size: measure it before allocating.  */
  for (int32_t i = 0; i < a.nrows; i++)
    if (a.pos[i + 1] - a.pos[i] > k)
      k = a.pos[i + 1] - a.pos[i];
  if ((double) k * m <= 8.0 * nnz + 1e6)
    {
      BEST (ours, out = sp_convert (csr, "ell"), sp_free (out));
      BEST (base, base_csr_to_ell (&a, &k, &crd, &vals),
            (free (crd), free (vals)));
      row (name, "CSR->ELL", "sparse", ours, base, "ratio vs plain C");
      row (name, "CSR->ELL", "plain C", base, 0, NULL);
    }
  free (ri);
  free (ci);
  free (v);
  sp_free (csr);
  sp_free (coo);
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
  const char *q = getenv ("BENCH_QUICK");
  int quick = q && *q && strcmp (q, "0");
  sp__set_threads (1);          /* one thread but where a row says two */
  fprintf (results, "# Runtime benchmark: reading and conversion%s\n\n"
           "Produced by `make bench%s` (bench/bench_runtime), all in one "
           "process; each time is the best of at least %d runs, then more "
           "until they add up to %.1f s, at most %d.\nratio = baseline "
           "time / our time "
           "(above 1: we are faster).  The runtime works on one thread "
           "except in the rows that say two.\n\n"
           "| input | operation | who | seconds | ratio | note |\n"
           "|---|---|---|---|---|---|\n",
           quick ? " (quick mode: small inputs only)" : "",
           quick ? " BENCH_QUICK=1" : "", REPEAT_MIN, REPEAT_BUDGET, REPEAT);
  static const char *full_names[] = { "poisson2d_1000", "rmat_s20_ef16",
                                      "uniform_1M_5M" };
  static const char *quick_names[] = { "poisson2d_100", "rmat_s12_ef8",
                                       "uniform_10K_50K" };
  const char *const *gen_names = quick ? quick_names : full_names;
  for (int g = 0; g < 3; g++)
    {
      const char *p = gen_file (argv[1], gen_names[g]);
      bench_read (gen_names[g], p);
      bench_convert (gen_names[g], p);
    }
  /* FROSTT files of the NELL-2 shape (12092 x 9184 x 28818), in random
     and in sorted order, about as large as the second matrix.  */
  static const char *full_tns[] = { "nell2_14M", "nell2s_14M" };
  static const char *quick_tns[] = { "nell2_100K", "nell2s_100K" };
  char *mtx = strdup (gen_file (argv[1], gen_names[1]));
  for (int g = 0; g < 2; g++)
    {
      const char *name = quick ? quick_tns[g] : full_tns[g];
      bench_tns (name, gen_file (argv[1], name), gen_names[1], mtx);
    }
  free (mtx);
  for (int i = 3; i < argc; i++)
    {
      const char *base = strrchr (argv[i], '/');
      base = base ? base + 1 : argv[i];
      bench_read (base, argv[i]);
      bench_convert (base, argv[i]);
    }
  fclose (results);
  return 0;
}
