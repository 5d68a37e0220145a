/* plot.h -- grouped bar charts of ratios as one SVG document, written
   by the benchmarks beside their results files.  */

#ifndef BENCH_PLOT_H
#define BENCH_PLOT_H

#include <stdio.h>

typedef struct plot_chart
{
  const char *title;
  int ngroups, nseries;
  const char *const *groups;  /* the groups' labels, along the x axis */
  const char *const *series;  /* the bars of each group, in the legend */
  const double *values;       /* ngroups x nseries, group by group; a
                                 value <= 0 draws no bar */
} plot_chart;

/* The N charts of CHARTS to F as one SVG document, COLUMNS charts to a
   row.  Each has bars grouped along the x axis, a colour per series (by
   its place in the list: charts of the same series share their
   colours), a legend, and a log2 y axis labelled YLABEL with a dashed
   line at 1 from which the bars rise or fall; a chart of no groups says
   "(no ratios)".  -1 when F could not be written.  */
int plot_svg (FILE *f, const char *ylabel, const plot_chart *charts, int n,
              int columns);

/* The index of NAME among the N names of NAMES, added at the end (N
   grows) when not there: groups and series in order of appearance.  */
int plot_index (const char **names, int *n, const char *name);

/* Into BUF, the path of a chart beside the results file RESULTS: its
   name without ".md", then SUFFIX ("x.md", "-a.svg": "x-a.svg").
   Returns the file's name alone, within BUF, for a link from
   RESULTS.  */
const char *plot_path (const char *results, const char *suffix, char *buf,
                       size_t len);

#endif
