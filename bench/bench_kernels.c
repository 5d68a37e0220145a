/* bench_kernels.c -- sparse kernels written as einsum pragmas against
   hand-written C, Eigen 3, CXSparse and GraphBLAS, serial and on two
   threads, measured in one run with a STREAM triad for scale.  Every
   result is checked against the hand-written C's.

   usage: bench_kernels OUTDIR RESULTS.md [matrix.mtx...]
   Generated inputs are written to OUTDIR once and reused; BENCH_QUICK=1
   takes small generated inputs only (the real matrices given are small
   and always measured); BENCH_ONLY=TEXT only inputs whose name contains
   TEXT (the results are then partial).  The file why-kernels.md next to
   RESULTS.md, which says why missed targets are missed, is copied to its
   end; the ratios of the table are drawn beside it, in RESULTS.svg.  */

#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "gen.h"
#include "inputs.h"
#include "kernels.h"
#include "placement.h"
#include "plot.h"
#include "report.h"
#include "targets.h"
#include "timing.h"
#include "triad.h"

/* Dense columns of SpMM and SDDMM, rank of MTTKRP.  */
#define NK 32
/* A pragma kernel slower than FALLBACK_RATIO times the C on the probe
   inputs is not run on inputs with more than LARGE_NNZ entries.  */
#define FALLBACK_RATIO 50
#define LARGE_NNZ 1000000
#define NLARGE 4
/* SpGEMM is skipped where A A takes more multiply-adds (its result could
   be as large).  */
#define SPGEMM_MAX_FLOPS 200000000

#define BIT(k) (1u << (k))
#define MATRIX_ALL (BIT (K_SPMV) | BIT (K_SPMM) | BIT (K_SPGEMM)         \
                    | BIT (K_SPADD) | BIT (K_SDDMM))
#define TENSOR_ALL (BIT (K_TTV) | BIT (K_MTTKRP))

typedef struct gen_input
{
  const char *name;
  unsigned kernels;
} gen_input;

/* SpGEMM is left out where A A would hold over ~100M entries.  */
static const gen_input full_inputs[] = {
  { "poisson2d_1000", MATRIX_ALL },
  { "stencil27_100", MATRIX_ALL & ~BIT (K_SPGEMM) },
  { "rmat_s20_ef16", MATRIX_ALL & ~BIT (K_SPGEMM) },
  { "rmat_s16_ef8", MATRIX_ALL },
  { "uniform_1M_5M", MATRIX_ALL & ~BIT (K_SPGEMM) },
  { "uniform_100K_1M", MATRIX_ALL },
  { "powerlaw3d_4M", TENSOR_ALL },
};

static const gen_input quick_inputs[] = {
  { "poisson2d_100", MATRIX_ALL },
  { "stencil27_20", MATRIX_ALL },
  { "rmat_s12_ef8", MATRIX_ALL },
  { "uniform_10K_50K", MATRIX_ALL },
  { "powerlaw3d_50K", TENSOR_ALL },
};

/* Inputs of the probe for the fallback guard.  */
static const char *const probe_inputs[] = { "poisson2d_100",
                                            "powerlaw3d_50K" };

/* Serial peers, then two-thread ones; the pragma first in each group.  */
static const bench_peer *const peers[] = {
  &peer_pragma, &peer_loops, &peer_c, &peer_eigen, &peer_cxsparse,
  &peer_graphblas,
  &peer_pragma_par, &peer_c_par, &peer_eigen_par, &peer_graphblas_par,
};
#define NPEERS (sizeof peers / sizeof *peers)

static double triad[2];
static double probe_ratio[K_COUNT];

/* The largest matrices measured, by entries.  */
static const char *large[NLARGE];
static int64_t large_nnz[NLARGE];

static int
is_pragma (const bench_peer *p)
{
  return !strcmp (p->name, "pragma");
}

static void
note_large (const bench_in *in)
{
  int64_t nnz = input_nnz (in);
  for (int i = 0; i < NLARGE; i++)
    if (nnz > large_nnz[i])
      {
        memmove (large + i + 1, large + i, (NLARGE - 1 - i) * sizeof *large);
        memmove (large_nnz + i + 1, large_nnz + i,
                 (NLARGE - 1 - i) * sizeof *large_nnz);
        large[i] = in->name;
        large_nnz[i] = nnz;
        return;
      }
}

/* Run P's kernel K once and compare its result with the reference (REF
   dense, or REF_S).  The check's text goes to NOTE; returns the run's
   time.  */
static double
check_peer (const bench_peer *p, void *state, const bench_in *in,
            enum bench_kernel k, const double *ref, const base_csr *ref_s,
            double *out, char *note, size_t len)
{
  size_t dn = input_dense_len (in, k);
  double t0 = now ();
  void *res = p->run[k] (state, in, out);
  double secs = now () - t0, diff;
  int64_t pattern = 0;
  if (dn)
    {
      if (res)
        p->fetch (res, in, k, out, NULL);
      diff = check_dense (ref, out, dn);
    }
  else
    {
      base_csr got = { 0 };
      p->fetch (res, in, k, NULL, &got);
      diff = got.pos ? check_csr (ref_s, &got, &pattern) : INFINITY;
      base_csr_free (&got);
    }
  if (res)
    p->drop (res);
  if (pattern < 0)
    snprintf (note, len, "WRONG: shape differs");
  else if (pattern)
    snprintf (note, len, "WRONG: %lld entries differ in pattern, max rel "
              "diff %.1e", (long long) pattern, diff);
  else
    snprintf (note, len, "%smax rel diff %.1e", diff > 1e-8 ? "WRONG: " : "",
              diff);
  return secs;
}

/* A row's measurement: the time, the runs it is the best of, the ratio
   to the pragma when measured with it (else 0), the note.  */
typedef struct timed
{
  double secs;
  int runs;
  double ratio;
  char note[256];
} timed;

/* Check peer P (state ST) on kernel K, then time it alone: T gets the
   best of its runs, the check's run included.  The C, the reference,
   is not checked: TREF is its run.  */
static void
time_alone (const bench_peer *p, void *st, const bench_in *in,
            enum bench_kernel k, const double *ref, const base_csr *ref_s,
            double *out, double tref, timed *t)
{
  double first = tref;
  void *res;
  if (p == &peer_c)
    snprintf (t->note, sizeof t->note, "reference");
  else
    first = check_peer (p, st, in, k, ref, ref_s, out, t->note,
                        sizeof t->note);
  BEST_AFTER (t->secs, t->runs, first, res = p->run[k] (st, in, out),
              if (res) p->drop (res));
}

/* Check peers P[0] and P[1] (states ST) on kernel K, then time them in
   alternation, P0 P1 P1 P0 P0 P1 ..., so that whatever else the machine
   does meanwhile hits both alike: T[w] gets the best wall-clock time of
   P[w]'s runs, the check's run included; T[1].ratio P1's best processor
   time over P0's in the runs after the check, which leaves out the time
   other processes hold the processor.  The runs are counted as timing.h
   says.  */
static void
time_paired (const bench_peer *const p[2], void *const st[2],
             const bench_in *in, enum bench_kernel k, const double *ref,
             const base_csr *ref_s, double *out, timed t[2])
{
  double total = 0, cpu[2] = { 1e30, 1e30 };
  int r;
  for (int w = 0; w < 2; w++)
    {
      t[w].secs = check_peer (p[w], st[w], in, k, ref, ref_s, out,
                              t[w].note, sizeof t[w].note);
      total += t[w].secs;
    }
  for (r = 1; r < REPEAT && (r < PAIR_MIN || total < PAIR_BUDGET);
       r++)
    for (int h = 0; h < 2; h++)
      {
        int w = h ^ (r & 1);
        double c0 = cpu_now (), t0 = now ();
        void *res = p[w]->run[k] (st[w], in, out);
        double secs = now () - t0, c1 = cpu_now () - c0;
        if (res)
          p[w]->drop (res);
        total += secs;
        t[w].secs = fmin (t[w].secs, secs);
        cpu[w] = fmin (cpu[w], c1);
      }
  t[1].ratio = cpu[1] / cpu[0];
  t[0].runs = t[1].runs = r;
  for (int w = 0; w < 2; w++)
    {
      size_t len = strlen (t[w].note);
      len += snprintf (t[w].note + len, sizeof t[w].note - len,
                       "; alternating with %s", p[1 - w]->name);
      int at = placement_line_offset ((void (*) (void)) p[w]->run[k]);
      if (at >= 0)
        snprintf (t[w].note + len, sizeof t[w].note - len,
                  "; shortest loop at byte %d of its line", at);
    }
}

/* Report P's row for T on kernel K.  OURS[th] is the pragma's time at th
   threads, set here when P is the pragma; the ratio is T's own if it has
   one, else the time over OURS.  */
static void
report_timed (const bench_in *in, enum bench_kernel k, const bench_peer *p,
              double bytes, timed *t, double ours[3])
{
  bench_rec r = { in->name, k, p->threads, p->name, t->secs, bytes,
                  t->ratio };
  if (!r.ratio && !is_pragma (p) && ours[p->threads] > 0)
    r.ratio = r.secs / ours[p->threads];
  size_t len = strlen (t->note);
  char *note = t->note;
  len += snprintf (note + len, sizeof t->note - len, "; best of %d%s",
                   t->runs, p->threads == 2 ? " in two rounds" : "");
  if (k == K_SPMV)
    len += snprintf (note + len, sizeof t->note - len,
                     "; %.2f GB/s = %.0f%% of triad", bytes / r.secs / 1e9,
                     100 * bytes / r.secs / 1e9 / triad[p->threads - 1]);
  if (is_pragma (p))
    {
      ours[p->threads] = r.secs;
      if (p->threads == 2 && ours[1] > 0)
        snprintf (note + len, sizeof t->note - len, "; speedup %.2fx",
                  ours[1] / r.secs);
    }
  report_row (&r, note);
}

/* The index of P in peers.  */
static size_t
peer_index (const bench_peer *p)
{
  size_t i = 0;
  while (peers[i] != p)
    i++;
  return i;
}

/* A row of one input's table, kept until every kernel of the input
   has been measured: a peer's measurement T (PEER its index in peers) or,
   when PEER is negative, the row TEXT with T's note.  */
typedef struct row
{
  enum bench_kernel k;
  int peer;
  double bytes;
  bench_rec text;
  timed t;
} row;

typedef struct rows
{
  row r[K_COUNT * NPEERS];
  int n;
} rows;

static void
add_text (rows *rs, const bench_rec *r, const char *note)
{
  row *w = &rs->r[rs->n++];
  w->k = r->kernel;
  w->peer = -1;
  w->text = *r;
  snprintf (w->t.note, sizeof w->t.note, "%s", note);
}

static void
add_timed (rows *rs, enum bench_kernel k, const bench_peer *p, double bytes,
           const timed *t)
{
  row *w = &rs->r[rs->n++];
  w->k = k;
  w->peer = (int) peer_index (p);
  w->bytes = bytes;
  w->t = *t;
}

/* Kernel K on IN for every peer that offers it, its rows added to RS;
   STATES are the peers' prepared states.  The serial pragma and its
   loop-nest form are timed together, in alternation.  */
static void
measure (const bench_in *in, enum bench_kernel k, void *const *states,
         rows *rs)
{
  if (k == K_SPGEMM && input_spgemm_flops (in) > SPGEMM_MAX_FLOPS)
    {
      bench_rec r = { in->name, k, 1, "all", 0, 0, 0 };
      char note[128];
      snprintf (note, sizeof note, "skipped: A A takes %.3g multiply-adds, "
                "over %.3g", (double) input_spgemm_flops (in),
                (double) SPGEMM_MAX_FLOPS);
      add_text (rs, &r, note);
      return;
    }
  size_t dn = input_dense_len (in, k);
  double *ref = malloc ((dn ? dn : 1) * sizeof *ref);
  double *out = malloc ((dn ? dn : 1) * sizeof *out);
  base_csr ref_s = { 0 };
  if (!ref || !out)
    abort ();
  /* The reference: the serial hand-written C.  */
  double t0 = now ();
  void *res = peer_c.run[k] (NULL, in, ref);
  double tref = now () - t0;
  if (res)
    {
      peer_c.fetch (res, in, k, NULL, &ref_s);
      peer_c.drop (res);
    }
  double bytes = input_bytes (in, k, ref_s.pos ? ref_s.pos[ref_s.nrows] : 0);
  for (size_t i = 0; i < NPEERS; i++)
    {
      const bench_peer *p = peers[i];
      if (!p->run[k] || p == &peer_loops)
        continue;
      if (is_pragma (p) && probe_ratio[k] > FALLBACK_RATIO
          && input_nnz (in) > LARGE_NNZ)
        {
          bench_rec r = { in->name, k, p->threads, p->name, 0, bytes, 0 };
          char note[128];
          snprintf (note, sizeof note, "fallback: not sparsified (%.0fx "
                    "the C time on the probe)", probe_ratio[k]);
          add_text (rs, &r, note);
          continue;
        }
      timed t[2] = { { 0 } };
      if (p == &peer_pragma && peer_loops.run[k])
        {
          const bench_peer *const pair[2] = { p, &peer_loops };
          void *const st[2] = { states[i], states[peer_index (&peer_loops)] };
          time_paired (pair, st, in, k, ref, &ref_s, out, t);
          add_timed (rs, k, p, bytes, &t[0]);
          add_timed (rs, k, &peer_loops, bytes, &t[1]);
          continue;
        }
      time_alone (p, states[i], in, k, ref, &ref_s, out, tref, &t[0]);
      add_timed (rs, k, p, bytes, &t[0]);
    }
  free (ref);
  free (out);
  base_csr_free (&ref_s);
}

/* A 2-thread run needs both processors: while something else holds one
   for a while (another process, or on a virtual machine the host), every
   run of a round comes out near the 1-thread time.  Each 2-thread row of RS
   gets a second round of runs, seconds after its first, after every other
   kernel of the input; its time is the best of both.  */
static void
second_round (const bench_in *in, void *const *states, rows *rs)
{
  for (int j = 0; j < rs->n; j++)
    {
      row *w = &rs->r[j];
      if (w->peer < 0 || peers[w->peer]->threads != 2)
        continue;
      const bench_peer *p = peers[w->peer];
      size_t dn = input_dense_len (in, w->k);
      double *out = malloc ((dn ? dn : 1) * sizeof *out), secs;
      int runs;
      void *res;
      if (!out)
        abort ();
      BEST_N (secs, runs, res = p->run[w->k] (states[w->peer], in, out),
              if (res) p->drop (res));
      w->t.secs = fmin (w->t.secs, secs);
      w->t.runs += runs;
      free (out);
    }
}

/* Report the rows of RS in order.  */
static void
report_rows (const bench_in *in, rows *rs)
{
  double ours[3] = { 0 };
  for (int j = 0; j < rs->n; j++)
    {
      row *w = &rs->r[j];
      if (j == 0 || w->k != rs->r[j - 1].k)
        ours[1] = ours[2] = 0;
      if (w->peer < 0)
        report_row (&w->text, w->t.note);
      else
        report_timed (in, w->k, peers[w->peer], w->bytes, &w->t, ours);
    }
}

static void
run_input (const char *dir, const char *name, const char *path,
           unsigned kernels)
{
  bench_in in;
  void *states[NPEERS];
  const char *only = getenv ("BENCH_ONLY");
  if (only && *only && !strstr (name, only))
    return;
  if (!path)
    path = gen_file (dir, name);
  if (input_load (&in, name, path, NK))
    return;
  if (in.rank == 2)
    note_large (&in);
  for (size_t i = 0; i < NPEERS; i++)
    states[i] = peers[i]->prepare ? peers[i]->prepare (&in) : NULL;
  static rows rs;
  rs.n = 0;
  for (int k = 0; k < K_COUNT; k++)
    if ((kernels & BIT (k)) && input_offers (&in, k))
      measure (&in, k, states, &rs);
  second_round (&in, states, &rs);
  report_rows (&in, &rs);
  for (size_t i = 0; i < NPEERS; i++)
    if (peers[i]->unprepare)
      peers[i]->unprepare (states[i]);
  input_free (&in);
}

/* Pragma time over C time for each kernel on the probe inputs.  */
static void
probe (const char *dir)
{
  char text[512] = "";
  size_t len = 0;
  for (size_t n = 0; n < sizeof probe_inputs / sizeof *probe_inputs; n++)
    {
      bench_in in;
      if (input_load (&in, probe_inputs[n], gen_file (dir, probe_inputs[n]),
                      NK))
        exit (1);
      size_t dn = 0;
      for (int k = 0; k < K_COUNT; k++)
        if (input_dense_len (&in, k) > dn)
          dn = input_dense_len (&in, k);
      double *out = malloc ((dn ? dn : 1) * sizeof *out), tp, tc;
      void *res;
      for (int k = 0; k < K_COUNT; k++)
        {
          if (!input_offers (&in, k) || !peer_c.run[k])
            continue;
          BEST (tp, res = peer_pragma.run[k] (NULL, &in, out),
                if (res) peer_pragma.drop (res));
          BEST (tc, res = peer_c.run[k] (NULL, &in, out),
                if (res) peer_c.drop (res));
          probe_ratio[k] = tp / tc;
          len += snprintf (text + len, sizeof text - len, "%s%s %.2f",
                           len ? ", " : "", kernel_names[k], tp / tc);
        }
      free (out);
      input_free (&in);
    }
  report_text ("Fallback guard: pragma time / C time on the probe inputs "
               "(%s, %s): %s.  A kernel above %d would be the element-by-"
               "element fallback and is skipped on inputs over %d entries."
               "\n\n", probe_inputs[0], probe_inputs[1], text,
               FALLBACK_RATIO, LARGE_NNZ);
}

static void
cpu_model (char *buf, size_t len)
{
  char line[256];
  FILE *f = fopen ("/proc/cpuinfo", "r");
  snprintf (buf, len, "unknown");
  while (f && fgets (line, sizeof line, f))
    if (!strncmp (line, "model name", 10) && strchr (line, ':'))
      {
        snprintf (buf, len, "%s", strchr (line, ':') + 2);
        buf[strcspn (buf, "\n")] = 0;
        break;
      }
  if (f)
    fclose (f);
}

/* The 1, 5 and 15 minute load averages, as /proc/loadavg gives them.  */
static void
load_average (char *buf, size_t len)
{
  FILE *f = fopen ("/proc/loadavg", "r");
  double l[3];
  if (f && fscanf (f, "%lf %lf %lf", &l[0], &l[1], &l[2]) == 3)
    snprintf (buf, len, "%.2f %.2f %.2f", l[0], l[1], l[2]);
  else
    snprintf (buf, len, "unknown");
  if (f)
    fclose (f);
}

static void
header (int argc, char **argv, int quick)
{
  char cpu[128], load[64], cmd[2048] = "OMP_NUM_THREADS=2";
  const char *rev = getenv ("BENCH_REV");
  size_t len = strlen (cmd);
  time_t t = time (NULL);
  char date[64];
  strftime (date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime (&t));
  cpu_model (cpu, sizeof cpu);
  load_average (load, sizeof load);
  if (quick)
    len += snprintf (cmd + len, sizeof cmd - len, " BENCH_QUICK=1");
  for (int i = 0; i < argc && len < sizeof cmd; i++)
    len += snprintf (cmd + len, sizeof cmd - len, " %s", argv[i]);
  report_text (
    "# Kernel benchmark%s\n\n"
    "Produced by `make bench%s` on %s, one process:\n\n    %s\n\n"
    "Source: %s.  Machine: %ld online CPUs (nproc), %s; OpenMP threads "
    "for the "
    "2-thread rows: %d (omp_get_max_threads)%s.  Load average at the "
    "start: %s.  The 2-thread rows need both cores: while another "
    "process holds one, each parallel region waits for the scheduler "
    "(milliseconds), which swamps kernels that take less.\n\n",
    quick ? " (quick mode: small inputs only)" : "",
    quick ? " BENCH_QUICK=1" : "", date, cmd,
    rev && *rev ? rev : "revision unknown", sysconf (_SC_NPROCESSORS_ONLN),
    cpu, omp_get_max_threads (),
    omp_get_max_threads () == 2 ? "" : " -- NOT 2: the 2-thread rows are "
    "not what they say", load);
  report_text (
    "Kernels (dense operands hold fixed pseudo-random values; NK = %d):\n"
    "SpMV y = A x; SpMM Y = A X with X of NK columns; SpGEMM C = A A; "
    "SpAdd C = A + A^T (the pragma reads A^T as A stored by columns, the "
    "others get A^T's CSR arrays, made untimed); SDDMM C = A .* (U V^T), "
    "U and V of NK columns; TTV Y(i,j) = B(i,j,k) x(k) into DCSR; MTTKRP "
    "Y(i,r) = B(i,j,k) U(j,r) V(k,r), rank NK.  Matrices are CSR with "
    "32-bit indices, the tensor CSF (CU,CU,CU).\n\n"
    "All C is built with -O2 -march=native (GCC 12), the C++ of Eigen "
    "likewise; all but the plugin's kernels with -falign-loops=64 too, "
    "so that where the linker happens to place a peer's hot loop does not "
    "handicap it (the plugin aligns its kernels' loops itself); at -O2 GCC vectorises only loops that need no scalar "
    "epilogue, so the hand-written dense inner loops over NK run "
    "scalar.\n\n"
    "Who: **pragma** = bench/kernels_sparse.c compiled with the plugin "
    "(1 thread: without -fopenmp; 2 threads: with -fopenmp, the plugin's "
    "parallel loops and builds take chunks of rows in turn, eight per "
    "thread; kernels it does not parallelise run serial there too).  "
    "**loops** = SpMV, SpMM and SpGEMM written "
    "as ordinary dense loop nests over the tagged parameters (same file), "
    "which the plugin recognises; each is timed together with the serial "
    "pragma, the two runs alternating (pragma loops loops pragma ...) so "
    "that other processes slow both alike; their ratio is the best "
    "processor time of the loops over the pragma's in those runs (the "
    "time the thread ran, not the time other processes held the core), "
    "and the target is at most 1.05.  The two compile to the same inner "
    "loops, which the plugin starts on 64-byte lines in both (where "
    "identical loops fall in their lines set them apart by up to 20%% "
    "otherwise); the note says at which byte of its line each one's "
    "shortest loop starts, read from the program's disassembly.  "
    "**C** = bench/kernels_ref.c, hand-written "
    "over the same arrays, the reference every result is checked against "
    "(2 threads: schedule(static) over rows, schedule(dynamic,16) over "
    "tensor slices; SpGEMM and SpAdd serial only).  **Eigen** 3.4 maps "
    "the same arrays (2 threads: built with -fopenmp, which parallelises "
    "its sparse x dense products only, schedule(dynamic)).  **CXSparse** "
    "(serial) works on compressed columns: a CSR matrix's arrays are the "
    "CSC of its transpose.  **GraphBLAS** (SuiteSparse 7.4, "
    "GxB_NTHREADS 1 or 2) gets the operands imported once, untimed; "
    "SDDMM there is a structurally masked GrB_mxm then GrB_eWiseMult.\n\n",
    NK);
  report_text (
    "Columns: *seconds* is the best of the runs the note counts: at "
    "least %d, then more until they add up to %.1f s, at most %d (the "
    "serial pragma and loops alternating: at least %d each, until the "
    "two add up to %.1f s; a 2-thread row gets a second round of as "
    "many runs once every kernel of its input has been measured, since "
    "another process holding one of the two processors for a while "
    "slows every run of a round).  The "
    "result of each peer's first run is compared with the C's (outside "
    "the timing): the note's *max rel diff* is the largest "
    "|a-b|/max(|a|,|b|,1e-6 max|ref|) (an entry present in one result "
    "only counts against zero; \"WRONG\" marks a difference over 1e-8 or "
    "a pattern mismatch).  *ratio* = that row's time / the pragma's time "
    "at the same thread count (the loops rows: of processor times, as "
    "above): above 1, the pragma is faster.  SpMV's "
    "bandwidth counts the bytes it must move, 4 (nrows + 1) + 4 nnz + "
    "8 nnz + 8 ncols + 8 nrows (pos, crd, vals and x read once, y "
    "written once), over its time, and gives it as a percentage of the "
    "triad at the same thread count; it can pass 100%%: the triad's "
    "stores also cost a read of the line they fill, which STREAM does "
    "not count, while SpMV almost only reads.\n\n",
    REPEAT_MIN, REPEAT_BUDGET, REPEAT, PAIR_MIN, PAIR_BUDGET);
  report_text (
    "Inputs: real SuiteSparse matrices as given; generated ones "
    "(bench/gen.c, cached in the output directory): poisson2d_G = 5-point "
    "Laplacian on a G x G grid; stencil27_G = 27-point stencil on G^3; "
    "rmat_sS_efE = R-MAT (.57,.19,.19) with 2^S vertices and E 2^S edges; "
    "uniform_N_NNZ = NNZ uniform random entries in N x N; powerlaw3d_NNZ "
    "= NNZ entries of a 3-tensor whose slice sizes follow a power law "
    "(slice share ~ rank^(-2/3), fibre share ~ rank^(-1/2)), FROSTT .tns.  "
    "Repeated coordinates add up when read.%s\n\n",
    quick ? "" : "  SpGEMM is not run on stencil27_100, rmat_s20_ef16 and "
    "uniform_1M_5M, whose products would hold 10^8 entries or take "
    "minutes; rmat_s16_ef8 and uniform_100K_1M stand in.");
}

/* The table's ratios drawn beside RESULTS (x.md: x.svg), and shown
   under the table.  */
static void
chart (const char *results)
{
  char svg[4096];
  const char *name = plot_path (results, ".svg", svg, sizeof svg);
  if (report_chart (svg) == 0)
    report_text ("\n![The ratios of the table: a chart for each kernel and "
                 "thread count, a bar for each peer's time over the "
                 "pragma's](%s)\n", name);
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
  double start = now ();
  const char *q = getenv ("BENCH_QUICK");
  int quick = q && *q && strcmp (q, "0");
  FILE *f = fopen (argv[2], "w");
  if (!f)
    {
      perror (argv[2]);
      return 1;
    }
  report_open (f);
  header (argc, argv, quick);
  triad[0] = triad_gbs (1);
  triad[1] = triad_gbs (2);
  report_text ("STREAM triad (a[i] = b[i] + s c[i], 3 x %zu doubles, "
               "24 bytes an element): %.2f GB/s on 1 thread, %.2f GB/s on "
               "2 threads.\n\n", TRIAD_N, triad[0], triad[1]);
  probe (argv[1]);
  report_table_head ();
  const gen_input *gens = quick ? quick_inputs : full_inputs;
  size_t ngens = quick ? sizeof quick_inputs / sizeof *quick_inputs
                       : sizeof full_inputs / sizeof *full_inputs;
  for (size_t g = 0; g < ngens; g++)
    run_input (argv[1], gens[g].name, NULL, gens[g].kernels);
  for (int i = 3; i < argc; i++)
    {
      const char *base = strrchr (argv[i], '/');
      run_input (argv[1], base ? base + 1 : argv[i], argv[i], MATRIX_ALL);
    }
  chart (argv[2]);
  int nlarge = 0;
  while (nlarge < NLARGE && large[nlarge])
    nlarge++;
  targets_write (triad, large, nlarge);
  /* Why the targets missed are missed, from measurements outside this
     run: a file kept next to the results.  */
  char why[4096];
  const char *slash = strrchr (argv[2], '/');
  snprintf (why, sizeof why, "%.*swhy-kernels.md",
            slash ? (int) (slash - argv[2] + 1) : 0, argv[2]);
  report_file (why);
  char load[64];
  load_average (load, sizeof load);
  report_text ("\nThe whole run took %.0f s; load average at the end: %s."
               "\n", now () - start, load);
  fclose (f);
  return 0;
}
