/* report.c -- the results file of the kernel benchmark.  */

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "plot.h"
#include "report.h"

const char *const kernel_names[K_COUNT] = {
  "SpMV", "SpMM", "SpGEMM", "SpAdd", "SDDMM", "TTV", "MTTKRP"
};

static FILE *out;
static bench_rec *recs;
static size_t nrecs, caprecs;

void
report_open (FILE *f)
{
  out = f;
}

void
report_text (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vfprintf (out, fmt, ap);
  va_end (ap);
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
  fflush (out);
  fflush (stdout);
}

void
report_file (const char *path)
{
  FILE *f = fopen (path, "r");
  if (!f)
    {
      report_text ("\n(%s, which says why targets are missed, is not "
                   "there.)\n", path);
      return;
    }
  char buf[4096];
  size_t n;
  report_text ("\n");
  while ((n = fread (buf, 1, sizeof buf, f)) > 0)
    report_text ("%.*s", (int) n, buf);
  fclose (f);
}

void
report_table_head (void)
{
  report_text ("| input | kernel | threads | who | seconds | ratio | note |\n"
               "|---|---|---|---|---|---|---|\n");
}

void
report_row (const bench_rec *r, const char *note)
{
  char ratio[32] = "";
  if (r->ratio > 0)
    snprintf (ratio, sizeof ratio, "%.2f", r->ratio);
  if (r->secs > 0)
    report_text ("| %s | %s | %d | %s | %.4g | %s | %s |\n", r->input,
                 kernel_names[r->kernel], r->threads, r->who, r->secs, ratio,
                 note ? note : "");
  else
    report_text ("| %s | %s | %d | %s | - | | %s |\n", r->input,
                 kernel_names[r->kernel], r->threads, r->who,
                 note ? note : "");
  if (nrecs == caprecs)
    {
      caprecs = caprecs ? 2 * caprecs : 256;
      recs = realloc (recs, caprecs * sizeof *recs);
      if (!recs)
        abort ();
    }
  recs[nrecs++] = *r;
}

const bench_rec *
report_records (size_t *n)
{
  *n = nrecs;
  return recs;
}

/* Chart C of the ratios of kernel K at THREADS, over the NSERIES peers
   SERIES; GROUPS and VALUES are room for every record.  Returns the
   number of groups.  */
static int
kernel_chart (plot_chart *c, enum bench_kernel k, int threads,
              const char **series, int nseries, const char **groups,
              double *values, char *title, size_t len)
{
  int ngroups = 0;
  for (size_t i = 0; i < nrecs; i++)
    {
      const bench_rec *r = &recs[i];
      if (r->kernel != k || r->threads != threads || r->ratio <= 0)
        continue;
      int before = ngroups, g = plot_index (groups, &ngroups, r->input);
      if (g == before)
        for (int s = 0; s < nseries; s++)
          values[g * nseries + s] = 0;
      values[g * nseries + plot_index (series, &nseries, r->who)] = r->ratio;
    }
  snprintf (title, len, "%s, %d thread%s", kernel_names[k], threads,
            threads > 1 ? "s" : "");
  *c = (plot_chart) { title, ngroups, nseries, groups, series, values };
  return ngroups;
}

int
report_chart (const char *path)
{
  /* Every chart has every peer that has a ratio, in the table's order,
     so that a peer has one colour throughout.  */
  const char **series = malloc ((nrecs + 1) * sizeof *series);
  int nseries = 0, ncharts = 0, rc = -1;
  for (size_t i = 0; series && i < nrecs; i++)
    if (recs[i].ratio > 0)
      plot_index (series, &nseries, recs[i].who);
  plot_chart charts[2 * K_COUNT];
  char titles[2 * K_COUNT][64];
  const char **groups = malloc (2 * K_COUNT * (nrecs + 1) * sizeof *groups);
  double *values = malloc (2 * K_COUNT * (nrecs + 1) * (nseries + 1)
                           * sizeof *values);
  FILE *f = NULL;
  /* A row for each kernel measured, 1 thread then 2.  */
  if (series && groups && values)
    for (int k = 0; k < K_COUNT; k++)
      {
        int found = 0;
        for (int th = 1; th <= 2; th++)
          {
            size_t at = (size_t) (ncharts + th - 1) * (nrecs + 1);
            found |= kernel_chart (&charts[ncharts + th - 1], k, th, series,
                                   nseries, groups + at, values + at * nseries,
                                   titles[ncharts + th - 1],
                                   sizeof *titles);
          }
        ncharts += found ? 2 : 0;
      }
  if (!series || !groups || !values)
    fprintf (stderr, "%s: out of memory\n", path);
  else if (!(f = fopen (path, "w")))
    fprintf (stderr, "%s: %s\n", path, strerror (errno));
  else if (plot_svg (f, "time / the pragma's time (log scale)", charts,
                     ncharts, 2) | fclose (f))
    fprintf (stderr, "%s: cannot write\n", path);
  else
    rc = 0;
  free (series);
  free (groups);
  free (values);
  return rc;
}
