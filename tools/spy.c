/* spy.c -- `sparse spy FILE OUT.svg`: the sparsity pattern of a matrix
   as an SVG picture, drawn as MATLAB's and matplotlib's spy draw it (row
   0 at the top, a mark where an entry is stored, "nz = N" below).

   A matrix of at most MAX_CELLS rows and columns gets one cell per
   element.  A larger one is cut into square blocks of B x B elements, B
   chosen so that at most MAX_CELLS blocks fit each way, and a block is
   shaded by how many entries it holds (SHADES levels, from a few to the
   fullest block).  Cells of one row of equal shade that touch are one
   rectangle: the file stays small even for a dense pattern.  */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tool.h"
#include "svg.h"

#define MAX_CELLS 512
#define SHADES 8
/* The picture's longer side and its margins, in pixels.  */
#define SIDE 512
#define MARGIN 40

/* The shade of a block of C entries when the fullest holds MAX: 1 to
   SHADES (0 for none).  */
static int
shade (int64_t c, int64_t max)
{
  return c ? (int) ((c * SHADES + max - 1) / max) : 0;
}

/* The cells: the GR x GC counts of COUNT, rows of equal shade merged.  */
static void
put_cells (FILE *f, const int64_t *count, int64_t gr, int64_t gc)
{
  int64_t max = 1;
  for (int64_t k = 0; k < gr * gc; k++)
    max = count[k] > max ? count[k] : max;
  for (int64_t i = 0; i < gr; i++)
    for (int64_t j = 0; j < gc;)
      {
        int s = shade (count[i * gc + j], max);
        int64_t end = j + 1;
        while (end < gc && shade (count[i * gc + end], max) == s)
          end++;
        if (s)
          {
            fprintf (f, "<rect class=\"cell\" x=\"%lld\" y=\"%lld\" "
                     "width=\"%lld\" height=\"1\"", (long long) j,
                     (long long) i, (long long) (end - j));
            if (s < SHADES)
              fprintf (f, " fill-opacity=\"%.3f\"", (double) s / SHADES);
            fputs ("/>\n", f);
          }
        j = end;
      }
}

/* Text TXT at pixel X, Y, anchored at ANCHOR.  */
static void
put_text (FILE *f, double x, double y, const char *anchor, const char *txt)
{
  fprintf (f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>\n",
           x, y, anchor, txt);
}

/* The picture of the M x N matrix PATH, NNZ entries counted into GR x GC
   blocks of B x B elements (COUNT), to F.  */
static void
put_svg (FILE *f, const char *path, int64_t m, int64_t n, int64_t nnz,
         const int64_t *count, int64_t gr, int64_t gc, int64_t b)
{
  /* Pixels per cell; the picture covers the elements, the last blocks
     may reach past them.  */
  double s = (double) SIDE / (gr > gc ? gr : gc);
  double w = s * n / b, h = s * m / b;
  char txt[64];
  fprintf (f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
           "height=\"%.0f\" font-family=\"sans-serif\" font-size=\"12\">\n"
           "<title>", w + 2 * MARGIN, h + 2 * MARGIN);
  svg_put_escaped (f, path);
  fprintf (f, ": %lld x %lld, %lld entries", (long long) m, (long long) n,
           (long long) nnz);
  if (b > 1)
    fprintf (f, ", cells of %lld x %lld elements shaded by their count",
             (long long) b, (long long) b);
  fprintf (f, "</title>\n<rect x=\"%d\" y=\"%d\" width=\"%.1f\" "
           "height=\"%.1f\" fill=\"white\"/>\n"
           "<g transform=\"translate(%d %d) scale(%g)\" fill=\"#1f3a93\">\n",
           MARGIN, MARGIN, w, h, MARGIN, MARGIN, s);
  put_cells (f, count, gr, gc);
  fprintf (f, "</g>\n<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%.1f\" "
           "fill=\"none\" stroke=\"black\"/>\n", MARGIN, MARGIN, w, h);
  /* Indices 0-based, as the runtime's coordinates.  */
  put_text (f, MARGIN, MARGIN - 6, "start", "0");
  snprintf (txt, sizeof txt, "%lld", (long long) (n - 1));
  put_text (f, MARGIN + w, MARGIN - 6, "end", txt);
  put_text (f, MARGIN - 4, MARGIN + 12, "end", "0");
  snprintf (txt, sizeof txt, "%lld", (long long) (m - 1));
  put_text (f, MARGIN - 4, MARGIN + h, "end", txt);
  snprintf (txt, sizeof txt, "nz = %lld", (long long) nnz);
  put_text (f, MARGIN + w / 2, MARGIN + h + 24, "middle", txt);
  fputs ("</svg>\n", f);
}

int
tool_spy (const char *path, const char *svg)
{
  sp_tensor *t = tool_read (path, "coo;pos=64;crd=64");
  if (!t)
    return TOOL_FAILED;
  int rc = TOOL_OK;
  if (sp_rank (t) != 2)
    {
      rc = tool_fail ("%s: spy draws matrices; this tensor has rank %d",
                      path, sp_rank (t));
      sp_free (t);
      return rc;
    }
  int64_t m = sp_dim (t, 0), n = sp_dim (t, 1), c[2];
  int64_t big = m > n ? m : n, b = (big + MAX_CELLS - 1) / MAX_CELLS;
  int64_t gr = (m + b - 1) / b, gc = (n + b - 1) / b;
  int64_t *count = calloc (gr * gc, sizeof *count);
  sp_iter *it = count ? sp_iter_new (t) : NULL;
  FILE *f = NULL;
  if (!count)
    rc = tool_fail ("out of memory");
  else if (!it)
    rc = tool_fail ("%s", sp_error ());
  else if (!(f = fopen (svg, "w")))
    rc = tool_fail ("cannot create %s: %s", svg, strerror (errno));
  else
    {
      while (sp_iter_next (it, c, NULL) > 0)
        count[c[0] / b * gc + c[1] / b]++;
      put_svg (f, path, m, n, sp_nnz (t), count, gr, gc, b);
      if (ferror (f) | fclose (f))
        rc = tool_fail ("cannot write %s: %s", svg, strerror (errno));
    }
  sp_iter_free (it);
  free (count);
  sp_free (t);
  return rc;
}
