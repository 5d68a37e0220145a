/* { dg-do run } */
/* CSR <-> CSC by several threads (SP_NUM_THREADS): each takes a range of
   rows, the result is the serial counting sort's, entry for entry; on a
   matrix large enough for threads, with skewed rows, empty rows and
   columns, a matrix with few columns, and float values.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sparse.h"
#include "sparse_abi.h"

static int failures;

/* CSC of the CSR T by a plain serial counting sort.  */
static int
same_as_serial (const sp_tensor *t, const sp_tensor *c, size_t es)
{
  int64_t m = t->lv[0].size, n = t->lv[1].size, nnz = t->lv[1].count;
  const int32_t *pos = t->lv[1].pos, *crd = t->lv[1].crd;
  int32_t *cp = calloc (n + 1, 4), *next = calloc (n + 1, 4);
  int32_t *cc = malloc (nnz * 4 + 4);
  char *cv = malloc (nnz * es + 8);
  for (int64_t p = 0; p < nnz; p++)
    cp[crd[p] + 1]++;
  for (int64_t j = 0; j < n; j++)
    next[j + 1] = cp[j + 1] += cp[j];
  memcpy (next, cp, n * 4);
  for (int64_t i = 0; i < m; i++)
    for (int32_t p = pos[i]; p < pos[i + 1]; p++)
      {
        int32_t q = next[crd[p]]++;
        cc[q] = (int32_t) i;
        memcpy (cv + q * es, (const char *) t->vals + p * es, es);
      }
  int ok = c->lv[1].count == nnz
           && memcmp (c->lv[1].pos, cp, (n + 1) * 4) == 0
           && memcmp (c->lv[1].crd, cc, nnz * 4) == 0
           && memcmp (c->vals, cv, nnz * es) == 0;
  free (cp);
  free (next);
  free (cc);
  free (cv);
  return ok;
}

static void
check (const char *what, int64_t m, int64_t n, int64_t nnz, sp_type type)
{
  sp_tensor *t = sp_new ("CSR", type, 2, (int64_t[]) { m, n });
  uint64_t s = 88172645463325252ull;
  for (int64_t e = 0; e < nnz; e++)
    {
      s ^= s << 13, s ^= s >> 7, s ^= s << 17;
      /* Skewed: a quarter of the entries in the first 1% of the rows;
         every third row and column left empty.  */
      int64_t i = (s & 3) ? (int64_t) (s >> 20) % m : (int64_t) (s >> 20)
                                                        % (m / 100 + 1);
      int64_t j = (int64_t) (s >> 40) % n;
      if (i % 3 == 1)
        i--;
      if (j % 3 == 2 && n > 3)
        j--;
      sp_insert (t, (int64_t[]) { i, j }, (double) (e % 1000) - 499.5);
    }
  sp_tensor *c = sp_convert (t, "CSC");
  sp_tensor *back = c ? sp_convert (c, "CSR") : NULL;
  size_t es = type == SP_F32 ? 4 : 8;
  int ok = c && back && same_as_serial (t, c, es)
           && back->lv[1].count == t->lv[1].count
           && memcmp (back->lv[1].pos, t->lv[1].pos, (m + 1) * 4) == 0
           && memcmp (back->lv[1].crd, t->lv[1].crd, t->lv[1].count * 4) == 0
           && memcmp (back->vals, t->vals, t->lv[1].count * es) == 0;
  printf ("%s: %lld entries, %s\n", what, (long long) t->lv[1].count,
          ok ? "as serial" : "WRONG");
  failures += !ok;
  sp_free (t);
  sp_free (c);
  sp_free (back);
}

int
main (void)
{
  setenv ("SP_NUM_THREADS", "3", 1);
  check ("square", 200000, 150000, 3000000, SP_F64);
  check ("few columns", 2000000, 5, 4000000, SP_F64);
  check ("float", 50000, 300000, 2200000, SP_F32);
  return failures != 0;
}
