/* plot.c -- grouped bar charts as SVG (plot.h).

   A chart's y axis is logarithmic, base 2, from the power of 2 at or
   below its smallest value (and 1/2) to the one at or above its largest
   (and 2), a tick at each power (1/4, 1/2, 1, 2, ...): a ratio of 2 and one of 1/2 stand as
   far from the line at 1.  A bar reaches from that line to its value,
   up or down (a value of 1 is a bar 1 pixel high, under the line); each
   carries a <title> with its group, series and value, which a browser
   shows on hovering.  */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "plot.h"
#include "../tools/svg.h"

/* Sizes in pixels.  */
#define BAR 9          /* a bar's width */
#define GAP 14         /* between groups */
#define LEFT 70        /* the y axis's labels */
#define TOP 36         /* the title */
#define HEIGHT 240     /* the plot area */
#define BELOW 150      /* the groups' slanted labels */
#define LEGEND 170     /* the legend, right of the plot area */
#define PANEL (TOP + HEIGHT + BELOW)
#define CELL_EXTRA (LEFT + LEGEND)  /* a chart's width beyond its bars */

static const char *const palette[] = {
  "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
  "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"
};
#define NCOLOURS ((int) (sizeof palette / sizeof *palette))

static int
plot_width (const plot_chart *c)
{
  return c->ngroups * (c->nseries * BAR + GAP);
}

/* The axis of chart C: the exponents of its lowest and highest ticks.  */
static void
axis_range (const plot_chart *c, int *lo, int *hi)
{
  *lo = -1;
  *hi = 1;
  for (int k = 0; k < c->ngroups * c->nseries; k++)
    if (c->values[k] > 0)
      {
        int e = (int) floor (log2 (c->values[k]));
        *lo = e < *lo ? e : *lo;
        e = (int) ceil (log2 (c->values[k]));
        *hi = e > *hi ? e : *hi;
      }
}

/* The pixel row of value 2^E on a chart whose plot area starts at Y0,
   for 2^LO to 2^HI.  */
static double
row_of (double e, double y0, int lo, int hi)
{
  return y0 + HEIGHT * (hi - e) / (hi - lo);
}

/* The axis, its ticks and grid, the line at 1 and the label YLABEL of a
   chart whose plot area starts at pixels X0 (its axis at X0 + LEFT), Y0,
   W wide, for 2^LO to 2^HI.  */
static void
put_axis (FILE *f, int x0, double y0, int w, int lo, int hi,
          const char *ylabel)
{
  int x = x0 + LEFT;
  for (int e = lo; e <= hi; e++)
    {
      double y = row_of (e, y0, lo, hi);
      fprintf (f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
               "stroke=\"#dddddd\"/>\n<text class=\"tick\" x=\"%d\" "
               "y=\"%.1f\" text-anchor=\"end\">%s%g</text>\n", x, y, x + w,
               y, x - 6, y + 4, e < 0 ? "1/" : "", ldexp (1, abs (e)));
    }
  fprintf (f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
           "stroke=\"black\"/>\n<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" "
           "y2=\"%.1f\" stroke=\"black\"/>\n", x, y0, x, y0 + HEIGHT,
           x, y0 + HEIGHT, x + w, y0 + HEIGHT);
  fprintf (f, "<text transform=\"translate(%d %.1f) rotate(-90)\" "
           "text-anchor=\"middle\">", x0 + 18, y0 + HEIGHT / 2);
  svg_put_escaped (f, ylabel);
  fputs ("</text>\n", f);
}

/* The dashed line at 1, over the bars.  */
static void
put_one (FILE *f, int x0, double y0, int w, int lo, int hi)
{
  double y = row_of (0, y0, lo, hi);
  fprintf (f, "<line class=\"one\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" "
           "y2=\"%.1f\" stroke=\"black\" stroke-dasharray=\"6 4\"/>\n",
           x0 + LEFT, y, x0 + LEFT + w, y);
}

/* The bars and group labels of chart C, plot area at X0, Y0, for 2^LO
   to 2^HI.  */
static void
put_bars (FILE *f, const plot_chart *c, int x0, double y0, int lo, int hi)
{
  double one = row_of (0, y0, lo, hi), bottom = y0 + HEIGHT;
  for (int g = 0; g < c->ngroups; g++)
    {
      int x = x0 + LEFT + GAP / 2 + g * (c->nseries * BAR + GAP);
      for (int s = 0; s < c->nseries; s++)
        {
          double v = c->values[g * c->nseries + s];
          if (v <= 0)
            continue;
          double y = row_of (log2 (v), y0, lo, hi);
          double top = y < one ? y : one, h = fabs (y - one);
          fprintf (f, "<rect class=\"bar\" x=\"%d\" y=\"%.1f\" width=\"%d\" "
                   "height=\"%.1f\" fill=\"%s\"><title>", x + s * BAR, top,
                   BAR - 1, h < 1 ? 1 : h, palette[s % NCOLOURS]);
          svg_put_escaped (f, c->groups[g]);
          fputs (", ", f);
          svg_put_escaped (f, c->series[s]);
          fprintf (f, ": %.2f</title></rect>\n", v);
        }
      double mid = x + c->nseries * BAR / 2.0;
      fprintf (f, "<text class=\"group\" transform=\"translate(%.1f %.1f) "
               "rotate(-40)\" text-anchor=\"end\">", mid, bottom + 14);
      svg_put_escaped (f, c->groups[g]);
      fputs ("</text>\n", f);
    }
}

/* The legend of chart C, right of its plot area at X0, Y0.  */
static void
put_legend (FILE *f, const plot_chart *c, int x0, double y0)
{
  int x = x0 + LEFT + plot_width (c) + 20;
  for (int s = 0; s < c->nseries; s++)
    {
      double y = y0 + 18 * s;
      fprintf (f, "<rect class=\"key\" x=\"%d\" y=\"%.1f\" width=\"12\" "
               "height=\"12\" fill=\"%s\"/>\n<text x=\"%d\" y=\"%.1f\">", x,
               y, palette[s % NCOLOURS], x + 18, y + 11);
      svg_put_escaped (f, c->series[s]);
      fputs ("</text>\n", f);
    }
}

const char *
plot_path (const char *results, const char *suffix, char *buf, size_t len)
{
  size_t n = strlen (results);
  if (n > 3 && !strcmp (results + n - 3, ".md"))
    n -= 3;
  snprintf (buf, len, "%.*s%s", (int) n, results, suffix);
  const char *slash = strrchr (buf, '/');
  return slash ? slash + 1 : buf;
}

int
plot_index (const char **names, int *n, const char *name)
{
  for (int i = 0; i < *n; i++)
    if (!strcmp (names[i], name))
      return i;
  names[*n] = name;
  return (*n)++;
}

int
plot_svg (FILE *f, const char *ylabel, const plot_chart *charts, int n,
          int columns)
{
  int width = 0, rows = (n + columns - 1) / columns;
  for (int i = 0; i < n; i++)
    if (plot_width (&charts[i]) > width)
      width = plot_width (&charts[i]);
  width += CELL_EXTRA;
  fprintf (f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
           "height=\"%d\" font-family=\"sans-serif\" font-size=\"11\">\n"
           "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
           columns * width, rows * PANEL);
  for (int i = 0; i < n; i++)
    {
      const plot_chart *c = &charts[i];
      int x0 = i % columns * width, w = plot_width (c), lo, hi;
      double y0 = i / columns * PANEL + TOP;
      axis_range (c, &lo, &hi);
      fprintf (f, "<g class=\"chart\">\n<text class=\"title\" x=\"%d\" "
               "y=\"%.1f\" font-size=\"14\" font-weight=\"bold\">",
               x0 + LEFT, y0 - 14);
      svg_put_escaped (f, c->title);
      fputs ("</text>\n", f);
      if (c->ngroups == 0)
        fprintf (f, "<text x=\"%d\" y=\"%.1f\">(no ratios)</text>\n",
                 x0 + LEFT, y0 + 20);
      else
        {
          put_axis (f, x0, y0, w, lo, hi, ylabel);
          put_bars (f, c, x0, y0, lo, hi);
          put_one (f, x0, y0, w, lo, hi);
          put_legend (f, c, x0, y0);
        }
      fputs ("</g>\n", f);
    }
  fputs ("</svg>\n", f);
  return ferror (f) ? -1 : 0;
}
