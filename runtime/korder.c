/* korder.c -- the contraction order of a product chosen at run time
   (sp_korder_pick in sparse_kernel.h): the compiler's cost formula
   (lowering/order-cost.c) evaluated with the operands' extents and
   nonzeros.  */

#include <stdarg.h>
#include "../lowering/order-cost.h"
#include "sparse_kernel.h"
#include "storage.h"

static _Thread_local int last_pick = -1;

int
sp_korder_pick (const char *model, ...)
{
  ord_model m;
  ord_candidates c;
  if (sp__ord_read (model, &m, &c))
    {
      sp__fail ("the description of a product's orders is not readable: "
                "'%s'", model);
      sp_kabort ("contraction order");
    }
  va_list ap;
  va_start (ap, model);
  for (int v = 0; v < m.nvars; v++)
    m.extent[v] = (double) va_arg (ap, int64_t);
  for (int i = 0; i < m.n; i++)
    {
      sp_tensor *t = va_arg (ap, sp_tensor *);
      if (!t)
        continue;
      double space = 1;
      for (int v = 0; v < m.nvars; v++)
        if (m.vars[i] & (1u << v))
          space *= m.extent[v];
      int64_t nnz = sp_nnz (sp_kassemble (t, "contraction order"));
      m.density[i] = space > 0 ? (double) nnz / space : 1;
    }
  va_end (ap);
  last_pick = sp__ord_pick (&m, &c);
  return last_pick;
}

int
sp_korder_last (void)
{
  return last_pick;
}
