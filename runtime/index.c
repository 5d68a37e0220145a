/* index.c -- a first level whose coordinates are stored (the rows of a
   DCSR matrix, a COO list's first coordinates), indexed by coordinate
   for element reads (sparse_abi.h, sp_tensor.index): the generated code's
   read finds a row's positions at index[i] and index[i + 1] instead of
   bisecting the level, which for COO is every entry; over a compressed
   second level (DCSR), the row's range of entries there, as a CSR
   matrix's pos gives it, without the loads of the first level's
   position and of the second's pos.  Made once, the
   first time a read asks, in one pass over the level's coordinates
   (O(entries + extent)), and kept until the arrays are freed; not made
   when the extent exceeds four coordinates an entry (a hypersparse
   level, where the bisection is cheap and the index would not be).  */

#include <pthread.h>
#include <stdlib.h>
#include "storage.h"

/* Indexes are made by one thread at a time (others wait for it).  */
static pthread_mutex_t index_lock = PTHREAD_MUTEX_INITIALIZER;

/* The index of T's first level, or NULL when it is not worth making.  */
static int64_t *
make (const sp_tensor *t)
{
  const sp_level_store *ls = &t->lv[0];
  int64_t n = ls->size, count = ls->ncrd;
  if (n < 0 || n / 4 > count + 16)
    return NULL;
  int64_t *index = malloc ((size_t) (n + 1) * sizeof *index);
  if (!index)
    return NULL;
  int64_t c = 0;
  for (int64_t p = 0; p < count; p++)
    {
      int64_t x = sp__ix_get (ls->crd, t->fmt.crdw, p);
      while (c <= x)
        index[c++] = p;
    }
  while (c <= n)
    index[c++] = count;
  /* Over a compressed level, the range of each row's entries there.  */
  if (t->fmt.nlevels > 1 && sp_lvl_has_pos (t->fmt.lv[1].type))
    for (c = 0; c <= n; c++)
      index[c] = sp__ix_get (t->lv[1].pos, t->fmt.posw, index[c]);
  return index;
}

void
sp__index_first (sp_tensor *t)
{
  pthread_mutex_lock (&index_lock);
  if (__atomic_load_n (&t->indexed, __ATOMIC_ACQUIRE) == 0)
    {
      int usable = !t->dirty && !sp_lvl_is_dense (t->fmt.lv[0].type)
                   && t->lv[0].crd && t->fmt.lv[0].kind == SP_LX_VAR;
      t->index = usable ? make (t) : NULL;
      __atomic_store_n (&t->indexed, t->index ? 1 : -1, __ATOMIC_RELEASE);
    }
  pthread_mutex_unlock (&index_lock);
}
