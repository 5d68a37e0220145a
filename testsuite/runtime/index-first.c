/* { dg-do run } */
/* The index of a first level whose coordinates are stored (index.c):
   made for DCSR and COO, each row's first entry and its end (for DCSR
   in its compressed second level, for COO among the entries); declined
   for a hypersparse level and for a first level that is dense; freed
   with the arrays, so that a change of the entries asks for it anew.  */

#include <stdio.h>
#include <stdlib.h>
#include "internal.h"
#include "sparse_plugin.h"
#include "rt-check.h"

#define X(...) ((const int64_t[]) { __VA_ARGS__ })

/* T's index against the entries of each row, counted in order.  */
static void
check_index (sp_tensor *t, const char *what, int64_t rows)
{
  int64_t *count = calloc ((size_t) rows + 1, sizeof *count), c[2];
  sp_iter *it = sp_iter_new (t);
  while (sp_iter_next (it, c, NULL) > 0)
    count[c[0]]++;
  sp_iter_free (it);
  sp__index_first (t);
  CHECK (t->indexed == 1 && t->index, "%s: indexed %d", what, t->indexed);
  if (t->indexed != 1)
    return;
  int64_t at = 0;
  for (int64_t i = 0; i <= rows; i++)
    {
      CHECK (t->index[i] == at, "%s: row %lld starts at %lld, not %lld",
             what, (long long) i, (long long) t->index[i], (long long) at);
      at += i < rows ? count[i] : 0;
    }
  free (count);
}

int
main (void)
{
  static const char *const fmts[] = { "DCSR", "COO", "COO;pos=16;crd=16" };
  for (int f = 0; f < 3; f++)
    {
      sp_tensor *t = sp_new (fmts[f], SP_F64, 2, X (9, 5));
      sp_insert (t, X (0, 1), 1);
      sp_insert (t, X (3, 0), 2);
      sp_insert (t, X (3, 4), 3);
      sp_insert (t, X (8, 2), 4);
      CHECK (sp_assemble (t) == 0, "%s", sp_error ());
      check_index (t, fmts[f], 9);
      /* A new entry: the arrays change, the index goes with them.  */
      sp_insert (t, X (5, 3), 5);
      CHECK (sp_assemble (t) == 0 && t->indexed == 0 && !t->index,
             "%s: index kept after a change", fmts[f]);
      check_index (t, fmts[f], 9);
      sp_free (t);
    }
  /* A hypersparse level: no index.  */
  sp_tensor *h = sp_new ("DCSR", SP_F64, 2, X ((int64_t) 1 << 40, 5));
  sp_insert (h, X (12345678901, 2), 1);
  CHECK (sp_assemble (h) == 0, "%s", sp_error ());
  sp__index_first (h);
  CHECK (h->indexed == -1 && !h->index, "hypersparse: indexed %d",
         h->indexed);
  sp_free (h);
  /* A dense first level: nothing to index.  */
  sp_tensor *r = sp_new ("CSR", SP_F64, 2, X (4, 4));
  sp_insert (r, X (1, 1), 1);
  CHECK (sp_assemble (r) == 0, "%s", sp_error ());
  sp__index_first (r);
  CHECK (r->indexed == -1 && !r->index, "CSR: indexed %d", r->indexed);
  sp_free (r);
  printf ("%s: %d failures\n", failures ? "FAIL" : "PASS", failures);
  return failures != 0;
}
