/* bench_hyper.c -- hypersparse operands: a 10^7 x 10^7 matrix of 10^6
   entries at uniformly random places (most rows empty), squared and
   multiplied by a vector over DCSR and over CSR, through the pragma
   (hyper_kernels.c) as the plugin builds it and merging step by step
   (-fplugin-arg-sparse-merge-only, the code before intersections could
   search), and GraphBLAS's product; then Matrix Market reading of it.
   Writes the section "## Hypersparse operands" of RESULTS (replacing it
   when there, else appended).

   usage: bench_hyper OUTDIR RESULTS [LIMIT]
   LIMIT: seconds a run that merges step by step may take before it is
   killed (default 60).  */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <GraphBLAS.h>
#include "hyper_kernels.h"
#include "plot.h"
#include "timing.h"

#define N 10000000
#define NNZ 1000000
#define MARK "\n## Hypersparse operands\n"
/* Runs of each product, the two alternating.  */
#define PAIRS 6

static char section[1 << 16];

static void
say (const char *fmt, ...)
{
  size_t n = strlen (section);
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (section + n, sizeof section - n, fmt, ap);
  va_end (ap);
}

static void *
need (void *p, const char *what)
{
  if (!p)
    {
      fprintf (stderr, "bench_hyper: %s: %s\n", what, sp_error ());
      exit (1);
    }
  return p;
}

static uint64_t seed;

static int64_t
next (void)
{
  seed = seed * 6364136223846793005ull + 1442695040888963407ull;
  return (int64_t) ((seed >> 17) % N);
}

/* The entries, as the tests draw them: row, column, value 1..7.  */
static void
draw (int64_t *ri, int64_t *cj, double *v)
{
  seed = 0x9E3779B97F4A7C15ull;
  for (int64_t p = 0; p < NNZ; p++)
    {
      ri[p] = next ();
      cj[p] = next ();
      v[p] = (double) (1 + next () % 7);
    }
}

/* The number of distinct rows among the entries' RI.  */
static int64_t
rows_used (const int64_t *ri)
{
  unsigned char *seen = calloc (N / 8 + 1, 1);
  int64_t n = 0;
  for (int64_t p = 0; seen && p < NNZ; p++)
    if (!(seen[ri[p] >> 3] & (1 << (ri[p] & 7))))
      {
        seen[ri[p] >> 3] |= (unsigned char) (1 << (ri[p] & 7));
        n++;
      }
  free (seen);
  return n;
}

/* The time of the DCSR pragma's row of the kernel being measured.  */
static double t_dcsr;

/* The rows with a ratio, for the chart.  */
#define MAX_RATIOS 16
static const char *ratio_kernel[MAX_RATIOS], *ratio_who[MAX_RATIOS];
static double ratio_value[MAX_RATIOS];
static int nratios;

static void
keep_ratio (const char *kernel, const char *who, double ratio)
{
  if (nratios == MAX_RATIOS)
    return;
  ratio_kernel[nratios] = kernel;
  ratio_who[nratios] = who;
  ratio_value[nratios++] = ratio;
}

/* The table's ratios as a chart beside RESULTS (x.md: x-hyper.svg): a
   group for each kernel, a bar for each row measured against the DCSR
   pragma.  The section then shows it.  */
static void
chart (const char *results)
{
  const char *groups[MAX_RATIOS], *series[MAX_RATIOS];
  double values[MAX_RATIOS * MAX_RATIOS] = { 0 };
  int ngroups = 0, nseries = 0;
  for (int i = 0; i < nratios; i++)
    plot_index (series, &nseries, ratio_who[i]);
  for (int i = 0; i < nratios; i++)
    {
      int g = plot_index (groups, &ngroups, ratio_kernel[i]);
      values[g * nseries + plot_index (series, &nseries, ratio_who[i])]
        = ratio_value[i];
    }
  plot_chart c = { "Hypersparse operands, 1 thread", ngroups, nseries,
                   groups, series, values };
  char svg[4096];
  const char *name = plot_path (results, "-hyper.svg", svg, sizeof svg);
  FILE *f = fopen (svg, "w");
  if (!f || plot_svg (f, "time / the DCSR pragma's time (log scale)", &c, 1,
                      1) | fclose (f))
    {
      fprintf (stderr, "bench_hyper: cannot write %s\n", svg);
      return;
    }
  say ("\n![The ratios of the table: a bar for each row's time over the "
       "DCSR pragma's](%s)\n", name);
}

static void
row (const char *kernel, const char *who, double secs, const char *note)
{
  char ratio[32] = "";
  if (strcmp (who, "pragma DCSR") == 0)
    t_dcsr = secs;
  else if (t_dcsr > 0 && secs > 0)
    {
      snprintf (ratio, sizeof ratio, "%.2f", secs / t_dcsr);
      keep_ratio (kernel, who, secs / t_dcsr);
    }
  say ("| uniform_10M_1M | %s | 1 | %s | %.4g | %s | %s |\n", kernel, who,
       secs, ratio, note);
}

/* The time of one C = A A (C new in A's format, CSR or DCSR); C's
   entries into *NNZ.  */
static double
product_once (sp_tensor *a, int csr, int64_t *nnz)
{
  int64_t dims[2] = { N, N };
  sp_tensor *c = need (sp_new (csr ? "CSR" : "DCSR", SP_F64, 2, dims),
                       "new");
  double t0 = now ();
  hk_product (c, a, csr);
  double t = now () - t0;
  *nnz = sp_nnz (c);
  sp_free (c);
  return t;
}

/* The best times of the product over A (DCSR) and AC (CSR), PAIRS runs
   of each in alternation, so that other processes slow both alike.  */
static void
time_products (sp_tensor *a, sp_tensor *ac, double *td, double *tc,
               int64_t *nnz_d, int64_t *nnz_c)
{
  *td = *tc = 1e30;
  for (int r = 0; r < PAIRS; r++)
    {
      double t = product_once (a, 0, nnz_d);
      *td = t < *td ? t : *td;
      t = product_once (ac, 1, nnz_c);
      *tc = t < *tc ? t : *tc;
    }
}

/* The product merging step by step, in a child process killed after
   LIMIT seconds: its time, or -1 when it did not finish.  */
static double
time_merge (sp_tensor *a, int limit)
{
  fflush (NULL);
  double t0 = now ();
  pid_t pid = fork ();
  if (pid == 0)
    {
      int64_t dims[2] = { N, N };
      alarm ((unsigned) limit);
      sp_tensor *c = need (sp_new ("DCSR", SP_F64, 2, dims), "new");
      hk_product_merge (c, a, 0);
      _exit (0);
    }
  int st;
  if (pid < 0 || waitpid (pid, &st, 0) != pid)
    return -1;
  double t = now () - t0;
  return WIFEXITED (st) && WEXITSTATUS (st) == 0 ? t : -1;
}

/* y = A x through FN, best time; Y holds the result.  */
static double
time_spmv (void (*fn) (double *, sp_tensor *, const double *, int),
           sp_tensor *a, int csr, double *y, const double *x, int *runs)
{
  double best;
  BEST_N (best, *runs, fn (y, a, x, csr), (void) 0);
  return best;
}

/* GraphBLAS's C = A A (plus-times), 1 thread: best time.  */
static double
time_graphblas (const int64_t *ri, const int64_t *cj, const double *v,
                int *runs, int64_t *nnz)
{
  GrB_Matrix a, c;
  GrB_Index *I = malloc (NNZ * sizeof *I), *J = malloc (NNZ * sizeof *J);
  if (!I || !J || GrB_init (GrB_NONBLOCKING) != GrB_SUCCESS)
    return -1;
  GxB_Global_Option_set (GxB_GLOBAL_NTHREADS, 1);
  for (int64_t p = 0; p < NNZ; p++)
    {
      I[p] = (GrB_Index) ri[p];
      J[p] = (GrB_Index) cj[p];
    }
  GrB_Matrix_new (&a, GrB_FP64, N, N);
  GrB_Matrix_build_FP64 (a, I, J, v, NNZ, GrB_PLUS_FP64);
  GrB_wait (a, GrB_MATERIALIZE);
  free (I);
  free (J);
  double best;
  GrB_Index nv = 0;
  BEST_N (best, *runs,
          (GrB_Matrix_new (&c, GrB_FP64, N, N),
           GrB_mxm (c, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, a, a, NULL),
           GrB_wait (c, GrB_MATERIALIZE)),
          (GrB_Matrix_nvals (&nv, c), GrB_Matrix_free (&c)));
  *nnz = (int64_t) nv;
  GrB_Matrix_free (&a);
  GrB_finalize ();
  return best;
}

/* Write the entries as Matrix Market to PATH unless it is there.  */
static void
write_mtx (const char *path, const int64_t *ri, const int64_t *cj,
           const double *v)
{
  if (access (path, R_OK) == 0)
    return;
  FILE *f = fopen (path, "w");
  if (!f)
    return;
  fprintf (f, "%%%%MatrixMarket matrix coordinate real general\n");
  fprintf (f, "%d %d %d\n", N, N, NNZ);
  for (int64_t p = 0; p < NNZ; p++)
    fprintf (f, "%lld %lld %g\n", (long long) ri[p] + 1,
             (long long) cj[p] + 1, v[p]);
  fclose (f);
}

/* sp_convert of T (in FROM) to TO: its row.  */
static void
time_convert (const sp_tensor *t, const char *to, const char *from)
{
  double best;
  int runs;
  sp_tensor *c = NULL;
  BEST_N (best, runs, c = need (sp_convert (t, to), to), sp_free (c));
  char what[48], note[64];
  snprintf (what, sizeof what, "sp_convert %s to %s", from, to);
  snprintf (note, sizeof note, "best of %d", runs);
  say ("| uniform_10M_1M | %s | 1 | runtime | %.4g |  | %s |\n", what, best,
       note);
}

/* The calling process's peak resident memory, in kB (VmHWM: of this
   program image only, where getrusage counts the parent's pages a
   forked child held before its exec).  */
static long
peak_kb (void)
{
  FILE *f = fopen ("/proc/self/status", "r");
  char line[256];
  long kb = -1;
  while (f && fgets (line, sizeof line, f))
    if (sscanf (line, "VmHWM: %ld", &kb) == 1)
      break;
  if (f)
    fclose (f);
  return kb;
}

/* bench_hyper --read PATH FMT: sp_read's seconds, the tensor's bytes
   (sp_memory) and the peak resident kB on stdout.  */
static int
read_only (const char *path, const char *fmt)
{
  double t0 = now ();
  sp_tensor *t = need (sp_read (path, fmt, SP_F64), path);
  double secs = now () - t0;
  printf ("%.9g %zu %ld\n", secs, sp_memory (t), peak_kb ());
  sp_free (t);
  return 0;
}

/* sp_read of PATH into FMT in a process of its own (this program run
   afresh, holding nothing else): its row.  */
static void
time_read (const char *path, const char *fmt)
{
  int fd[2];
  if (pipe (fd))
    return;
  fflush (NULL);
  pid_t pid = fork ();
  if (pid == 0)
    {
      dup2 (fd[1], 1);
      close (fd[0]);
      close (fd[1]);
      execl ("/proc/self/exe", "bench_hyper", "--read", path, fmt,
             (char *) NULL);
      _exit (127);
    }
  close (fd[1]);
  char out[128] = "";
  ssize_t got = read (fd[0], out, sizeof out - 1);
  close (fd[0]);
  int st;
  double secs;
  size_t bytes;
  long kb;
  if (pid < 0 || waitpid (pid, &st, 0) != pid || got <= 0
      || sscanf (out, "%lf %zu %ld", &secs, &bytes, &kb) != 3)
    return;
  char note[160];
  snprintf (note, sizeof note, "one run; the tensor %.1f MB (sp_memory), "
            "peak resident %.0f MB", bytes / 1e6, kb / 1e3);
  char what[32];
  snprintf (what, sizeof what, "sp_read into %s", fmt);
  say ("| uniform_10M_1M | %s | 1 | runtime | %.4g |  | %s |\n", what, secs,
       note);
}

/* RESULTS with its section replaced (or appended).  */
static int
write_section (const char *results)
{
  FILE *f = fopen (results, "r");
  char *text = NULL;
  size_t len = 0;
  if (f)
    {
      fseek (f, 0, SEEK_END);
      len = (size_t) ftell (f);
      fseek (f, 0, SEEK_SET);
      text = malloc (len + 1);
      if (!text || fread (text, 1, len, f) != len)
        len = 0;
      fclose (f);
      if (text)
        {
          text[len] = 0;
          char *m = strstr (text, MARK);
          if (m)
            len = (size_t) (m - text);
        }
    }
  f = fopen (results, "w");
  if (!f)
    return 1;
  fwrite (text ? text : "", 1, len, f);
  fputs (section, f);
  free (text);
  return fclose (f) != 0;
}

int
main (int argc, char **argv)
{
  if (argc == 4 && strcmp (argv[1], "--read") == 0)
    return read_only (argv[2], argv[3]);
  if (argc < 3)
    {
      fprintf (stderr, "usage: bench_hyper OUTDIR RESULTS [LIMIT]\n");
      return 2;
    }
  int limit = argc > 3 ? atoi (argv[3]) : 60;
  int64_t *ri = malloc (NNZ * sizeof *ri), *cj = malloc (NNZ * sizeof *cj);
  double *v = malloc (NNZ * sizeof *v);
  double *x = malloc (N * sizeof *x), *y = malloc (N * sizeof *y);
  double *y2 = malloc (N * sizeof *y2);
  if (!ri || !cj || !v || !x || !y || !y2)
    return 1;
  draw (ri, cj, v);
  int64_t dims[2] = { N, N };
  sp_tensor *a = need (sp_new ("DCSR", SP_F64, 2, dims), "new");
  for (int64_t p = 0; p < NNZ; p++)
    sp_insert (a, (int64_t[]) { ri[p], cj[p] }, v[p]);
  sp_tensor *ac = need (sp_convert (a, "CSR"), "convert");
  for (int64_t j = 0; j < N; j++)
    x[j] = (double) (j % 991 + 1);
  char load[64] = "?";
  FILE *la = fopen ("/proc/loadavg", "r");
  if (la && fgets (load, sizeof load, la))
    load[strcspn (load, " ")] = 0;
  if (la)
    fclose (la);

  say ("%s\nProduced by `build/bench_hyper bench/out bench/results-kernels.md "
       "%d` (part of `make bench`), one process, 1 thread; source %s; load "
       "average at the start %s.  The input: %d x %d, %d entries at "
       "uniformly random places drawn with a fixed seed (values 1..7), in "
       "%lld of the rows (the matrix of "
       "testsuite/sparse.run/hypersparse-product.c).  The pragma's kernels "
       "are bench/hyper_kernels.c, built with the plugin (-O2 "
       "-march=native); *merge only* is the same file built with "
       "-fplugin-arg-sparse-merge-only, whose intersections merge step by "
       "step as every intersection did before they could search (run in a "
       "child process killed after %d s).  *seconds* is the best of the "
       "runs the note counts (the two products alternating; others at "
       "least 2, until they add up to 0.5 s, at most 20); *ratio* = the "
       "row's time / the DCSR pragma's.  Results are checked against the "
       "CSR product (C x compared) and GraphBLAS's entry count.\n\n",
       MARK, limit, getenv ("BENCH_REV") ? getenv ("BENCH_REV") : "?", load,
       N, N, NNZ, (long long) rows_used (ri), limit);
  say ("| input | kernel | threads | who | seconds | ratio | note |\n");
  say ("|---|---|---|---|---|---|---|\n");

  int runs;
  int64_t nnz_d = 0, nnz_c = 0, nnz_g = 0;
  char note[200];
  double td, tc;
  time_products (a, ac, &td, &tc, &nnz_d, &nnz_c);
  /* The check: both products times x.  */
  sp_tensor *cd = need (sp_new ("DCSR", SP_F64, 2, dims), "new");
  sp_tensor *cc = need (sp_new ("CSR", SP_F64, 2, dims), "new");
  hk_product (cd, a, 0);
  hk_product (cc, ac, 1);
  hk_spmv (y, cd, x, 0);
  hk_spmv (y2, cc, x, 1);
  int same = memcmp (y, y2, N * sizeof *y) == 0;
  sp_free (cd);
  sp_free (cc);
  snprintf (note, sizeof note, "%lld entries; best of %d alternating "
            "with CSR; %s", (long long) nnz_d, PAIRS,
            same ? "equal to the CSR product" : "WRONG: differs from CSR");
  row ("SpGEMM C = A A", "pragma DCSR", td, note);
  snprintf (note, sizeof note, "%lld entries; best of %d alternating with "
            "DCSR", (long long) nnz_c, PAIRS);
  row ("SpGEMM C = A A", "pragma CSR", tc, note);
  double t = time_merge (a, limit);
  if (t < 0)
    {
      snprintf (note, sizeof note, "did not finish within %d s (killed)",
                limit);
      say ("| uniform_10M_1M | SpGEMM C = A A | 1 | merge only DCSR | > %d "
           "| > %.0f | %s |\n", limit, limit / t_dcsr, note);
      keep_ratio ("SpGEMM C = A A", "merge only DCSR (killed: at least)",
                  limit / t_dcsr);
    }
  else
    row ("SpGEMM C = A A", "merge only DCSR", t, "one run");
  t = time_graphblas (ri, cj, v, &runs, &nnz_g);
  snprintf (note, sizeof note, "%lld entries%s; best of %d (hypersparse "
            "by its own choice)", (long long) nnz_g,
            nnz_g == nnz_d ? "" : " (WRONG count)", runs);
  row ("SpGEMM C = A A", "GraphBLAS", t, note);

  t = time_spmv (hk_spmv, a, 0, y, x, &runs);
  time_spmv (hk_spmv, ac, 1, y2, x, &runs);
  snprintf (note, sizeof note, "best of %d; %s", runs,
            memcmp (y, y2, N * sizeof *y) == 0 ? "equal to CSR's"
                                               : "WRONG: differs from CSR");
  row ("SpMV y = A x", "pragma DCSR", t, note);
  t = time_spmv (hk_spmv, ac, 1, y2, x, &runs);
  snprintf (note, sizeof note, "best of %d", runs);
  row ("SpMV y = A x", "pragma CSR", t, note);

  time_convert (a, "DCSC", "DCSR");
  time_convert (a, "CSR", "DCSR");
  time_convert (ac, "DCSR", "CSR");

  char path[512];
  snprintf (path, sizeof path, "%s/uniform_10M_1M.mtx", argv[1]);
  write_mtx (path, ri, cj, v);
  time_read (path, "DCSR");
  time_read (path, "CSR");
  time_read (path, "COO");
  say ("\nMerged step by step, the DCSR product walks, for each nonempty "
       "row i, A's list of nonempty rows k up to row i's columns: steps in "
       "the product of the two counts; searched, each of row i's one or "
       "two columns costs a logarithm of that list.  SpMV over DCSR "
       "visits the entries only (y's 10^7 elements are zeroed first, as "
       "over CSR); sp_read into DCSR allocates nothing of the matrix's "
       "extent (compare the peak with COO's; CSR needs 10^7 + 1 row "
       "offsets), nor does the transposition into DCSC.\n");
  chart (argv[2]);
  sp_free (a);
  sp_free (ac);
  free (ri);
  free (cj);
  free (v);
  free (x);
  free (y);
  free (y2);
  return write_section (argv[2]);
}
