/* { dg-do run } */
/* The positions of a matrix's diagonal kept for kernels (diag.c,
   sp_kdiag): for CSR, DCSR (absent rows), CSC and rectangular matrices,
   each row's entry (c, c) found at diag[c] or -1 where the row stores
   none; the same array at the next request; freed with the arrays, so
   that a change of the entries makes it anew; declined for a format
   whose last level is not compressed (COO), a hypersparse matrix and a
   tensor of another rank.  */

#include <stdio.h>
#include <stdlib.h>
#include "internal.h"
#include "sparse_kernel.h"
#include "rt-check.h"

#define X(...) ((const int64_t[]) { __VA_ARGS__ })

/* T's diagonal against its entries, read one by one: diag[c] holds the
   value of (c, c) where that is stored.  */
static void
check_diag (sp_tensor *t, const char *what, int64_t rows)
{
  const int64_t *d = sp_kdiag (t);
  CHECK (d && t->diagged == 1 && d == t->diag, "%s: diagged %d", what,
         t->diagged);
  if (!d)
    return;
  CHECK (sp_kdiag (t) == d, "%s: made twice", what);
  for (int64_t c = 0; c < rows; c++)
    {
      int stored = c < t->dims[0] && c < t->dims[1]
                   && sp_get (t, X (c, c)) != 0;
      double v = d[c] >= 0 ? ((const double *) t->vals)[d[c]] : 0;
      CHECK (stored ? d[c] >= 0 && v == sp_get (t, X (c, c)) : d[c] == -1,
             "%s: row %lld at %lld", what, (long long) c, (long long) d[c]);
    }
}

/* A matrix of FMT, M x N, with entries at (0, 0), (0, 2), (2, 1), (2, 2),
   (3, 0), (4, 4) where they fit (row 1 empty; row 3 without its diagonal).  */
static sp_tensor *
matrix (const char *fmt, int64_t m, int64_t n)
{
  sp_tensor *t = sp_new (fmt, SP_F64, 2, X (m, n));
  static const int64_t at[][2] = { { 0, 0 }, { 0, 2 }, { 2, 1 }, { 2, 2 },
                                   { 3, 0 }, { 4, 4 } };
  for (int e = 0; e < 6; e++)
    if (at[e][0] < m && at[e][1] < n)
      sp_insert (t, at[e], e + 1.5);
  CHECK (sp_assemble (t) == 0, "%s", sp_error ());
  return t;
}

int
main (void)
{
  static const char *const fmts[] = { "CSR", "DCSR", "CSC", "CSR;pos=16;crd=8" };
  for (int f = 0; f < 4; f++)
    {
      sp_tensor *t = matrix (fmts[f], 6, 6);
      check_diag (t, fmts[f], 6);
      /* A new entry: the arrays change, the positions go with them.  */
      sp_insert (t, X (1, 1), 7);
      CHECK (sp_assemble (t) == 0 && t->diagged == 0 && !t->diag,
             "%s: diagonal kept after a change", fmts[f]);
      check_diag (t, fmts[f], 6);
      sp_free (t);
    }
  /* Rows whose diagonals lie at offsets far apart, both ways (the walk
     from the last one found goes down and up).  */
  for (int f = 0; f < 3; f++)
    {
      sp_tensor *w = sp_new (fmts[f], SP_F64, 2, X (40, 40));
      for (int64_t i = 0; i < 40; i++)
        for (int64_t j = 0; j < 40; j++)
          if ((i * 7 + j * 3) % 11 < 4 || (i == j && i % 3 != 1))
            sp_insert (w, X (i, j), (double) (i * 40 + j + 1));
      CHECK (sp_assemble (w) == 0, "%s", sp_error ());
      check_diag (w, fmts[f], 40);
      sp_free (w);
    }
  /* Rectangular: the first level's extent, -1 past the other's.  */
  sp_tensor *r = matrix ("CSR", 6, 3);
  check_diag (r, "6x3", 6);
  sp_free (r);
  r = matrix ("DCSR", 3, 6);
  check_diag (r, "3x6", 3);
  sp_free (r);
  /* No compressed last level: none.  */
  sp_tensor *c = matrix ("COO", 6, 6);
  CHECK (!sp_kdiag (c) && c->diagged == -1, "COO: diagged %d", c->diagged);
  sp_free (c);
  /* A hypersparse matrix: none.  */
  sp_tensor *h = sp_new ("DCSR", SP_F64, 2, X ((int64_t) 1 << 40, 5));
  sp_insert (h, X (3, 3), 1);
  CHECK (sp_assemble (h) == 0, "%s", sp_error ());
  CHECK (!sp_kdiag (h) && h->diagged == -1, "hypersparse: diagged %d",
         h->diagged);
  sp_free (h);
  /* A vector: none.  */
  sp_tensor *v = sp_new ("CU", SP_F64, 1, X (4));
  sp_insert (v, X (1), 1);
  CHECK (sp_assemble (v) == 0, "%s", sp_error ());
  CHECK (!sp_kdiag (v) && v->diagged == -1, "vector: diagged %d",
         v->diagged);
  sp_free (v);
  printf ("%s: %d failures\n", failures ? "FAIL" : "PASS", failures);
  return failures != 0;
}
