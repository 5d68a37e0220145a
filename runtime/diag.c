/* diag.c -- the diagonal of a matrix whose last level is compressed
   (CSR, DCSR, CSC, DCSC), located for kernels (sparse_abi.h,
   sp_tensor.diag): a kernel reading A[i][i] finds the entry's position at
   diag[i] instead of searching row i for coordinate i.  Made once, the
   first time a kernel asks, in one pass over the storage at most, and
   kept until the arrays are freed, as the first level's index is
   (index.c); not made for a hypersparse matrix (more than four rows an
   entry), where the search is cheap and the array would not be.  */

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

/* Each row's diagonal position of T into DIAG, for crd arrays of width
   CW (inlined for each width, so that its reads test none).  Row c's
   entries are walked for coordinate c from the offset in its row of the
   last diagonal found, where in a matrix of some structure (a band, the
   blocks of a finite-element mesh) it is or is near: down, then up, so
   that no row is walked more than once over.  */
static inline __attribute__ ((always_inline)) void
fill (const sp_tensor *t, int64_t *diag, int cw)
{
  const sp_level_store *l0 = &t->lv[0], *l1 = &t->lv[1];
  const void *crd = l1->crd;
  int dense = sp_lvl_is_dense (t->fmt.lv[0].type);
  int pw = t->fmt.posw;
  int64_t offset = 0;
  for (int64_t r = 0; r < l1->npos - 1; r++)
    {
      int64_t c = dense ? r : sp__ix_get (l0->crd, cw, r);
      int64_t lo = sp__ix_get (l1->pos, pw, r);
      int64_t hi = sp__ix_get (l1->pos, pw, r + 1);
      if (lo >= hi)
        continue;
      int64_t p = lo + offset < hi ? lo + offset : hi - 1;
      while (p > lo && sp__ix_get (crd, cw, p) > c)
        p--;
      while (p < hi - 1 && sp__ix_get (crd, cw, p) < c)
        p++;
      if (sp__ix_get (crd, cw, p) == c)
        {
          diag[c] = p;
          offset = p - lo;
        }
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
  /* Distributed over MPI ranks since they were made: the kernel keeps
     the search.  */
  return state > 0 && !t->remote ? t->diag : NULL;
}
