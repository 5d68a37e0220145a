/* report.h -- the results file of the kernel benchmark: text, the table
   of measurements, and the measurements kept for the summary.  */

#ifndef BENCH_REPORT_H
#define BENCH_REPORT_H

#include <stdio.h>
#include "kernels.h"

typedef struct bench_rec
{
  const char *input;   /* must outlive the report */
  enum bench_kernel kernel;
  int threads;
  const char *who;     /* a peer's name */
  double secs;
  double bytes;        /* input_bytes of the kernel on the input */
  double ratio;        /* the table's ratio: the time over the pragma's at
                          the same thread count (the loops: processor
                          times, in runs alternating with the pragma's);
                          0 when none */
} bench_rec;

extern const char *const kernel_names[K_COUNT];

/* Write to F (and stdout) from now on.  */
void report_open (FILE *f);
/* Free text, printf-style, to both.  */
void report_text (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));
/* The text of the file PATH, after a blank line, to both.  */
void report_file (const char *path);
/* The table's header lines.  */
void report_table_head (void);
/* A row for R.  R is kept for report_records.  */
void report_row (const bench_rec *r, const char *note);
const bench_rec *report_records (size_t *n);
/* The ratios of the rows reported so far as SVG charts to the file
   PATH, one for each kernel and thread count (a row for each kernel, 1
   thread beside 2 threads): the inputs along the x axis, a bar for each
   peer.  -1 after a message when PATH cannot be
   written.  */
int report_chart (const char *path);

#endif
