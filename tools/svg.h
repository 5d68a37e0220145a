/* svg.h -- what the SVG pictures of the sparse program and of the
   benchmarks share.  */

#ifndef SPARSE_SVG_H
#define SPARSE_SVG_H

#include <stdio.h>

/* S written to F with the characters XML gives a meaning escaped.  */
static inline void
svg_put_escaped (FILE *f, const char *s)
{
  for (; *s; s++)
    switch (*s)
      {
      case '&': fputs ("&amp;", f); break;
      case '<': fputs ("&lt;", f); break;
      case '>': fputs ("&gt;", f); break;
      case '"': fputs ("&quot;", f); break;
      default: fputc (*s, f);
      }
}

#endif /* SPARSE_SVG_H */
