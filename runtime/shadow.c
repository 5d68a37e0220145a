/* shadow.c -- the rows of a matrix stored by columns (CSC), for reads
   that walk it row by row: each such read meets a new column, so that a
   cursor in the columns would bisect one at every element.  The rows
   (pos, then per entry its column and its value's position in the
   tensor's arrays) are built once by a counting sort, O(entries +
   extents), the first time a thread's reads turn that way (lookup.c), and
   kept until the arrays are freed; writes to stored elements change the
   tensor's values in place, which the positions still reach.  */

#include <pthread.h>
#include <stdlib.h>
#include "storage.h"

struct sp_shadow
{
  int64_t *pos;  /* rows + 1: row i's entries are [pos[i], pos[i + 1]) */
  int64_t *col;  /* each entry's column, increasing in a row */
  int64_t *val;  /* each entry's position in the tensor's values */
};

/* Shadows are built by one thread at a time (others wait for it).  */
static pthread_mutex_t shadow_lock = PTHREAD_MUTEX_INITIALIZER;

static sp_shadow *
build (const sp_tensor *t)
{
  int64_t m = t->dims[0], n = t->lv[0].size, nnz = t->lv[1].count;
  int pw = t->fmt.posw, cw = t->fmt.crdw;
  sp_shadow *s = calloc (1, sizeof *s);
  int64_t *next = malloc ((m + 1) * sizeof *next);
  if (s)
    {
      s->pos = calloc (m + 1, sizeof *s->pos);
      s->col = malloc ((nnz + 1) * sizeof *s->col);
      s->val = malloc ((nnz + 1) * sizeof *s->val);
    }
  if (!s || !next || !s->pos || !s->col || !s->val)
    {
      free (next);
      if (s)
        {
          free (s->pos);
          free (s->col);
          free (s->val);
        }
      free (s);
      return NULL;
    }
  for (int64_t p = 0; p < nnz; p++)
    s->pos[sp__ix_get (t->lv[1].crd, cw, p) + 1]++;
  for (int64_t i = 0; i < m; i++)
    s->pos[i + 1] += s->pos[i];
  memcpy (next, s->pos, (m + 1) * sizeof *next);
  for (int64_t j = 0; j < n; j++)
    for (int64_t p = sp__ix_get (t->lv[1].pos, pw, j),
                 e = sp__ix_get (t->lv[1].pos, pw, j + 1);
         p < e; p++)
      {
        int64_t q = next[sp__ix_get (t->lv[1].crd, cw, p)]++;
        s->col[q] = j;
        s->val[q] = p;
      }
  free (next);
  return s;
}

const sp_shadow *
sp__shadow (const sp_tensor *t)
{
  sp_priv *pv = t->priv;
  sp_shadow *s = __atomic_load_n (&pv->shadow, __ATOMIC_ACQUIRE);
  if (s)
    return s;
  pthread_mutex_lock (&shadow_lock);
  if (!(s = pv->shadow) && (s = build (t)))
    __atomic_store_n (&pv->shadow, s, __ATOMIC_RELEASE);
  pthread_mutex_unlock (&shadow_lock);
  return s;
}

int64_t
sp__shadow_find (const sp_shadow *s, int64_t row, int64_t col, int64_t *at,
                 int64_t *gap, int64_t ncol)
{
  int64_t lo = s->pos[row], hi = s->pos[row + 1];
  int64_t q = *at >= lo && *at <= hi ? *at : lo;
  int hit, k;
  /* Rows are read in order: a few steps from the last place, else
     bisect.  */
  for (k = 0; k < 4 && q < hi && s->col[q] < col; k++)
    q++;
  for (k = 0; k < 4 && q > lo && s->col[q - 1] >= col; k++)
    q--;
  if ((q < hi && s->col[q] < col) || (q > lo && s->col[q - 1] >= col))
    {
      int64_t a = lo, b = hi;
      while (a < b)
        {
          int64_t mid = a + (b - a) / 2;
          if (s->col[mid] < col)
            a = mid + 1;
          else
            b = mid;
        }
      q = a;
    }
  *at = q;
  hit = q < hi && s->col[q] == col;
  if (gap)
    {
      gap[2] = 1;
      gap[0] = hit ? col + 1 : q > lo ? s->col[q - 1] + 1 : 0;
      gap[1] = q + hit < hi ? s->col[q + hit] : ncol;
    }
  return hit ? s->val[q] : -1;
}

size_t
sp__shadow_memory (const sp_tensor *t)
{
  const sp_priv *pv = t->priv;
  if (!pv || !pv->shadow)
    return 0;
  return sizeof *pv->shadow
         + (size_t) (t->dims[0] + 1 + 2 * (t->lv[1].count + 1))
           * sizeof (int64_t);
}

void
sp__shadow_free (sp_priv *pv)
{
  sp_shadow *s = pv->shadow;
  if (!s)
    return;
  free (s->pos);
  free (s->col);
  free (s->val);
  free (s);
  pv->shadow = NULL;
}
