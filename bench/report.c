/* report.c -- the results file of the kernel benchmark.  */

#include <stdarg.h>
#include <stdlib.h>
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
