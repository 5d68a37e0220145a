/* targets.c -- "Where we stand": the project's performance targets, each
   met or missed with the figures of this run.  */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "report.h"
#include "targets.h"

static const bench_rec *recs;
static size_t nrecs;

/* The time of WHO (NULL: the best peer, neither the pragma nor its own
   loop-nest form, its name in
   *BEST_WHO; ONLY: restrict to these peers, NULL-terminated) on INPUT,
   kernel K, THREADS; 0 when not measured.  */
static double
find (const char *input, enum bench_kernel k, int threads, const char *who,
      const char *const *only, const char **best_who)
{
  double best = 0;
  for (size_t i = 0; i < nrecs; i++)
    {
      const bench_rec *r = &recs[i];
      if (r->kernel != k || r->threads != threads || r->secs <= 0
          || strcmp (r->input, input))
        continue;
      if (who ? strcmp (r->who, who)
              : !strcmp (r->who, "pragma") || !strcmp (r->who, "loops"))
        continue;
      int allowed = !only;
      for (int j = 0; only && only[j]; j++)
        allowed |= !strcmp (r->who, only[j]);
      if (allowed && (best == 0 || r->secs < best))
        {
          best = r->secs;
          if (best_who)
            *best_who = r->who;
        }
    }
  return best;
}

/* Whether INPUT appears before record I (to visit each input once).  */
static int
seen_before (size_t i)
{
  for (size_t j = 0; j < i; j++)
    if (!strcmp (recs[j].input, recs[i].input))
      return 1;
  return 0;
}

typedef struct tally
{
  int met, total;
  char misses[4096];
} tally;

/* Count a case; a missed one is described by FMT.  */
static void __attribute__ ((format (printf, 3, 4)))
tally_add (tally *t, int met, const char *fmt, ...)
{
  t->total++;
  t->met += met;
  size_t len = strlen (t->misses);
  if (met || len + 160 >= sizeof t->misses)
    return;
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (t->misses + len, sizeof t->misses - len, fmt, ap);
  va_end (ap);
}

static void
tally_print (const char *title, const tally *t)
{
  if (!t->total)
    {
      report_text ("- %s: **not measured**\n", title);
      return;
    }
  int len = (int) strlen (t->misses);
  if (len >= 2 && !strcmp (t->misses + len - 2, "; "))
    len -= 2;
  report_text ("- %s: **%s** (met on %d of %d)%s%.*s\n", title,
               t->met == t->total ? "met" : "missed", t->met, t->total,
               t->met == t->total ? "" : "; missed: ", len, t->misses);
}

/* Ours against the best of ONLY (NULL: every peer) for kernel K.  */
static void
versus (const char *title, enum bench_kernel k, const char *const *only)
{
  tally t = { 0 };
  for (size_t i = 0; i < nrecs; i++)
    {
      if (seen_before (i))
        continue;
      const char *input = recs[i].input;
      for (int th = 1; th <= 2; th++)
        {
          const char *who = NULL;
          double ours = find (input, k, th, "pragma", NULL, NULL);
          double peer = find (input, k, th, NULL, only, &who);
          if (ours > 0 && peer > 0)
            tally_add (&t, peer >= ours, "%s %dt (%s %.2f); ", input, th,
                       who, peer / ours);
        }
    }
  tally_print (title, &t);
}

/* The loop-nest form of kernel K against its pragma (serial, timed in
   alternation, the loops row's ratio): within 5%.  */
static void
loops_within (tally *t, char *all, size_t size, enum bench_kernel k)
{
  for (size_t i = 0; i < nrecs; i++)
    {
      const bench_rec *r = &recs[i];
      if (r->kernel != k || strcmp (r->who, "loops") || r->ratio <= 0)
        continue;
      size_t len = strlen (all);
      if (len + 80 < size)
        snprintf (all + len, size - len, "%s %s %.2f; ", r->input,
                  kernel_names[k], r->ratio);
      tally_add (t, r->ratio <= 1.05, "%s %s %.2f; ", r->input,
                 kernel_names[k], r->ratio);
    }
}

void
targets_write (const double triad[2], const char *const *large, int nlarge)
{
  recs = report_records (&nrecs);
  report_text ("\n## Where we stand\n\nFigures are from the table above; "
               "a ratio is the peer's time over ours (at least 1.00 meets "
               "an \"at least as fast\" target).\n\n");

  tally t = { 0 };
  char buf[2048] = "";
  for (int m = 0; m < nlarge; m++)
    for (int th = 1; th <= 2; th++)
      for (size_t i = 0; i < nrecs; i++)
        {
          const bench_rec *r = &recs[i];
          if (r->kernel != K_SPMV || r->threads != th || r->secs <= 0
              || strcmp (r->who, "pragma") || strcmp (r->input, large[m]))
            continue;
          double gbs = r->bytes / 1e9 / triad[th - 1];
          double pct = 100 * gbs / r->secs;
          const char *who = "";
          double peer = find (r->input, K_SPMV, th, NULL, NULL, &who);
          size_t len = strlen (buf);
          if (peer > 0)
            snprintf (buf + len, sizeof buf - len, "%s %dt %.0f%% (best "
                      "peer %s %.0f%%); ", r->input, th, pct, who,
                      100 * gbs / peer);
          tally_add (&t, pct >= 85, "%s %dt %.0f%%; ", r->input, th, pct);
        }
  tally_print ("SpMV at >= 85% of triad bandwidth on the largest matrices",
               &t);
  if (buf[0])
    report_text ("  (all: %.*s)\n", (int) strlen (buf) - 2, buf);

  tally l = { 0 };
  char all[4096] = "";
  loops_within (&l, all, sizeof all, K_SPMV);
  loops_within (&l, all, sizeof all, K_SPMM);
  loops_within (&l, all, sizeof all, K_SPGEMM);
  tally_print ("Dense-loop SpMV, SpMM and SpGEMM within 5% of the pragma "
               "(loops time / pragma time <= 1.05: processor times, the two "
               "timed in alternation)", &l);
  if (all[0])
    report_text ("  (all: %.*s)\n", (int) strlen (all) - 2, all);

  versus ("SpMV at least as fast as every peer", K_SPMV, NULL);
  static const char *const c_only[] = { "C", NULL };
  versus ("SpMV at least as fast as hand-written C", K_SPMV, c_only);
  versus ("SpMM at least as fast as hand-written C", K_SPMM, c_only);
  static const char *const libs[] = { "Eigen", "CXSparse", "GraphBLAS",
                                      NULL };
  versus ("SpGEMM at least as fast as the best of Eigen, CXSparse, "
          "GraphBLAS", K_SPGEMM, libs);
  versus ("SpAdd at least as fast as the best of Eigen, CXSparse, "
          "GraphBLAS", K_SPADD, libs);

  /* Two-thread speedup where one thread is not bandwidth-bound.  */
  tally s = { 0 };
  char bound[4096] = "";
  for (size_t i = 0; i < nrecs; i++)
    {
      if (seen_before (i))
        continue;
      const char *input = recs[i].input;
      for (int k = 0; k < K_COUNT; k++)
        {
          double t1 = find (input, k, 1, "pragma", NULL, NULL);
          double t2 = find (input, k, 2, "pragma", NULL, NULL);
          if (t1 <= 0 || t2 <= 0)
            continue;
          double bytes = 0;
          for (size_t j = 0; j < nrecs; j++)
            if (recs[j].kernel == (enum bench_kernel) k
                && !strcmp (recs[j].input, input))
              bytes = recs[j].bytes;
          double frac = bytes / t1 / 1e9 / triad[0];
          if (frac >= TARGETS_BOUND)
            {
              size_t len = strlen (bound);
              if (len + 80 < sizeof bound)
                snprintf (bound + len, sizeof bound - len,
                          "%s %s %.2fx (%.0f%% of triad); ", input,
                          kernel_names[k], t1 / t2, 100 * frac);
              continue;
            }
          tally_add (&s, t1 / t2 >= 1.7, "%s %s %.2fx; ", input,
                     kernel_names[k], t1 / t2);
        }
    }
  tally_print ("2-thread speedup >= 1.7x where one thread is not "
               "bandwidth-bound", &s);
  if (bound[0])
    report_text ("  (bandwidth-bound at one thread, so not held to it: "
                 "%.*s)\n", (int) strlen (bound) - 2, bound);
}
