/* Charts of fixed values through bench/plot.c, the SVG to stdout;
   testsuite/sparse.bench/bench.exp checks the drawing.  */

#include <stdio.h>
#include <string.h>
#include "plot.h"

/* plot_path of RESULTS and SUFFIX is WANT, its name WANT_NAME.  */
static int
path_is (const char *results, const char *suffix, const char *want,
         const char *want_name)
{
  char buf[64];
  const char *name = plot_path (results, suffix, buf, sizeof buf);
  if (!strcmp (buf, want) && !strcmp (name, want_name))
    return 1;
  fprintf (stderr, "plot_path (%s, %s): %s, %s\n", results, suffix, buf,
           name);
  return 0;
}

int
main (void)
{
  static const char *const series[] = { "s1", "s2", "s3" };
  static const char *const groups_a[] = { "g1", "g<2>&" };
  static const char *const groups_b[] = { "only" };
  /* Group by group; 0 draws no bar.  */
  static const double values_a[] = { 2, 0.5, 1, 4, 0, 0.25 };
  static const double values_b[] = { 1.5, 0, 0 };
  plot_chart charts[] = {
    { "chart A", 2, 3, groups_a, series, values_a },
    { "chart B", 1, 3, groups_b, series, values_b },
    { "chart C", 0, 3, NULL, series, NULL },
  };
  if (!path_is ("bench/results-kernels.md", ".svg",
                "bench/results-kernels.svg", "results-kernels.svg")
      || !path_is ("r.md", "-hyper.svg", "r-hyper.svg", "r-hyper.svg")
      || !path_is ("out/results", ".svg", "out/results.svg", "results.svg"))
    return 1;
  return plot_svg (stdout, "ratio", charts, 3, 2) != 0;
}
