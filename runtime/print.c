/* print.c -- a readable dump of a tensor: its format, extents and entry
   count, then each level's arrays and the values, as stored.  */

#include <inttypes.h>
#include "storage.h"

static const char *const type_name[] = { "f64", "f32", "i64", "i32" };

static void
print_ix (FILE *out, const char *name, const void *a, int w, int64_t n)
{
  fprintf (out, "    %s[%" PRId64 "]:", name, n);
  for (int64_t i = 0; i < n; i++)
    fprintf (out, " %" PRId64, sp__ix_get (a, w, i));
  fputc ('\n', out);
}

int
sp_print (const sp_tensor *t, FILE *out)
{
  char fmt[256];
  int64_t nnz;

  if (!out)
    return sp__fail ("sp_print: no stream (NULL)");
  if (sp__ready (t, "sp_print") || (nnz = sp_nnz (t)) < 0)
    return -1;
  fprintf (out, "tensor %s", type_name[t->type]);
  for (int d = 0; d < t->fmt.rank; d++)
    fprintf (out, "%c%" PRId64, d ? 'x' : ' ', t->dims[d]);
  fprintf (out, " \"%s\" nnz %" PRId64 "\n",
           sp_format_print (&t->fmt, fmt, sizeof fmt), nnz);
  for (int k = 0; k < t->fmt.nlevels; k++)
    {
      const sp_level_store *ls = &t->lv[k];
      int type = t->fmt.lv[k].type;
      fprintf (out, "  level %d %s size %" PRId64 " positions %" PRId64 "\n",
               k, sp_lvl_props (type)->name, ls->size, ls->count);
      if (sp_lvl_has_pos (type))
        print_ix (out, "pos", ls->pos, t->fmt.posw, ls->npos);
      if (sp_lvl_is_sparse (type))
        print_ix (out, "crd", ls->crd, t->fmt.crdw, ls->ncrd);
    }
  fprintf (out, "  vals[%" PRId64 "]:", t->nvals);
  for (int64_t p = 0; p < t->nvals; p++)
    {
      sp_num v = sp__num_load (t->vals, t->type, p);
      if (sp__is_int (t->type))
        fprintf (out, " %" PRId64, v.i);
      else
        fprintf (out, " %.17g", v.d);
    }
  fputc ('\n', out);
  return ferror (out) ? sp__fail ("sp_print: write error") : 0;
}
