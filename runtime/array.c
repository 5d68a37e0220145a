/* array.c -- handing a tensor to a parameter tagged sparse(...).

   With the plugin, sp_array is sp_array_handle: the tensor itself.
   Without it the program indexes a plain C array, so sp_array gives a
   dense row-major copy owned by the tensor.  The program may write that
   copy at any time, so from then on the copy is the tensor: sp_get,
   sp_insert and sp_put use it directly (O(1)), and every other read
   (sp_nnz, sp_convert, sp_to_dense, sp_print, sp_write, ...) first
   rebuilds the format's arrays from it, Theta(product of the extents)
   each time.  That is the price of one source running both ways; it
   lasts until sp_free.  */

#include <stdlib.h>
#include "dist.h"
#include "storage.h"

void *
(sp_array) (sp_tensor *t)
{
  sp_priv *pv;
  int64_t n;
  void *copy;

  if (sp__check (t, "sp_array"))
    return NULL;
  pv = t->priv;
  if (pv->dense)
    return pv->dense;
  /* The dense program would read the other ranks' elements as zeros.  */
  sp__dist_check (t, NULL, "sp_array");
  if (sp__ready (t, "sp_array")
      || (n = sp__dense_size (t->fmt.rank, t->dims, sp__esize (t->type))) < 0
      || !(copy = sp__alloc_array (n, sp__esize (t->type), -1,
                                   "the dense copy")))
    return NULL;
  if (sp_to_dense (t, copy))
    {
      sp__free_array (copy);
      return NULL;
    }
  pv->dense = copy;
  t->dirty = 1;
  sp__new_epoch ();
  return copy;
}

void *
sp_array_handle (sp_tensor *t)
{
  return sp__check (t, "sp_array_handle") ? NULL : t;
}
