/* diag.c -- the diagonal of a matrix whose last level is compressed
   (CSR, DCSR, CSC, DCSC), located for kernels (sparse_abi.h,
   sp_tensor.diag): a kernel reading A[i][i] finds the entry's position at
   diag[i] instead of searching row i for coordinate i.  Made once, the
   first time a kernel asks, by a binary search in each row (O(rows log
   entries)), and kept until the arrays are freed, as the first level's
   index is (index.c); not made for a hypersparse matrix (more than four
   rows an entry), where the search is cheap and the array would not be.  */

#include <pthread.h>
#include <stdlib.h>
#include "storage.h"
#include "sparse_kernel.h"

/* Diagonals are made by one thread at a time (others wait for it).  */
static pthread_mutex_t diag_lock = PTHREAD_MUTEX_INITIALIZER;

/* Whether T is a clean matrix of two levels, each storing one of its
   dimensions with unique coordinates (a row is one segment), the last
   one compressed.  */
static int
locatable (const sp_tensor *t)
{
  const sp_format *f = &t->fmt;
  if (t->dirty || t->remote || f->rank != 2 || f->nlevels != 2 || !t->vals)
    return 0;
  const sp_level_fmt *l0 = &f->lv[0], *l1 = &f->lv[1];
  return l0->kind == SP_LX_VAR && l1->kind == SP_LX_VAR && l0->dim != l1->dim
         && sp_lvl_is_unique (l0->type) && !sp_lvl_is_singleton (l0->type)
         && (sp_lvl_is_dense (l0->type)
             || (sp_lvl_is_sparse (l0->type) && t->lv[0].crd))
         && sp_lvl_has_pos (l1->type) && sp_lvl_is_sparse (l1->type)
         && sp_lvl_is_unique (l1->type) && t->lv[1].pos && t->lv[1].crd;
}

/* The position in [LO, HI) of crd array CRD (of width CW, sorted)
   holding coordinate C, or -1: a binary search whose steps do not
   branch on the comparisons (their outcome is a coin toss).  */
static inline __attribute__ ((always_inline)) int64_t
find (const void *crd, int cw, int64_t lo, int64_t hi, int64_t c)
{
  int64_t n = hi - lo;
  if (n <= 0)
    return -1;
  while (n > 1)
    {
      int64_t half = n / 2;
      lo += half & -(int64_t) (sp__ix_get (crd, cw, lo + half) <= c);
      n -= half;
    }
  return sp__ix_get (crd, cw, lo) == c ? lo : -1;
}

/* Each row's diagonal position of T into DIAG, for crd arrays of width
   CW: inlined for each width, so that the searches' reads test none.  */
static inline __attribute__ ((always_inline)) void
fill (const sp_tensor *t, int64_t *diag, int cw)
{
  const sp_level_store *l0 = &t->lv[0], *l1 = &t->lv[1];
  int dense = sp_lvl_is_dense (t->fmt.lv[0].type);
  int pw = t->fmt.posw;
  for (int64_t r = 0; r < l1->npos - 1; r++)
    {
      int64_t c = dense ? r : sp__ix_get (l0->crd, cw, r);
      diag[c] = find (l1->crd, cw, sp__ix_get (l1->pos, pw, r),
                      sp__ix_get (l1->pos, pw, r + 1), c);
    }
}

/* The diagonal of T, or NULL when it is not worth making.  */
static int64_t *
make (const sp_tensor *t)
{
  int64_t n = t->lv[0].size;
  if (n < 0 || n / 4 > t->lv[1].count + 16)
    return NULL;
  int64_t *diag = malloc ((size_t) (n ? n : 1) * sizeof *diag);
  if (!diag)
    return NULL;
  for (int64_t c = 0; c < n; c++)
    diag[c] = -1;
  switch (t->fmt.crdw)
    {
    case 8: fill (t, diag, 8); break;
    case 16: fill (t, diag, 16); break;
    case 32: fill (t, diag, 32); break;
    default: fill (t, diag, 64); break;
    }
  return diag;
}

int64_t *
sp_kdiag (sp_tensor *t)
{
  int32_t state = __atomic_load_n (&t->diagged, __ATOMIC_ACQUIRE);
  if (state == 0)
    {
      pthread_mutex_lock (&diag_lock);
      if (t->diagged == 0)
        {
          t->diag = locatable (t) ? make (t) : NULL;
          __atomic_store_n (&t->diagged, t->diag ? 1 : -1, __ATOMIC_RELEASE);
        }
      state = t->diagged;
      pthread_mutex_unlock (&diag_lock);
    }
  return state > 0 ? t->diag : NULL;
}
