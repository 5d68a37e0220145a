/* dist.c -- the kernel calls of distributed operands (sparse_kernel.h
   sp_kdist_*), passed on to libsparse-mpi when an operand is
   distributed (dist.h), else nothing.  */

#include <stdarg.h>
#include "dist.h"
#include "sparse_kernel.h"

const sp_dist_ops *sp__dist_ops;

void
sp__dist_install (const sp_dist_ops *ops)
{
  sp__dist_ops = ops;
}

void *
sp_kdist_open (int n, ...)
{
  sp_tensor *t[SP_MAX_RANK * 4];
  int role[SP_MAX_RANK * 4], any = 0;
  va_list ap;
  if (!sp__dist_ops)
    return NULL;
  if (n > (int) (sizeof role / sizeof role[0]))
    n = sizeof role / sizeof role[0];
  va_start (ap, n);
  for (int i = 0; i < n; i++)
    {
      t[i] = va_arg (ap, sp_tensor *);
      role[i] = va_arg (ap, int);
      any |= sp__distributed (t[i]);
    }
  va_end (ap);
  return any ? sp__dist_ops->open (n, t, role) : NULL;
}

int64_t
sp_kdist_lo (const void *ctx)
{
  return ctx ? sp__dist_ops->lo (ctx) : 0;
}

int64_t
sp_kdist_hi (const void *ctx, int64_t n)
{
  return ctx ? sp__dist_ops->hi (ctx, n) : n;
}

double
sp_kdist_sum_d (void *ctx, double v)
{
  return ctx ? sp__dist_ops->sum_d (ctx, v) : v;
}

int64_t
sp_kdist_sum_l (void *ctx, int64_t v)
{
  return ctx ? sp__dist_ops->sum_l (ctx, v) : v;
}

double
sp_kdist_chain_in_d (void *ctx, double v)
{
  return ctx ? sp__dist_ops->chain_in_d (ctx, v) : v;
}

double
sp_kdist_chain_out_d (void *ctx, double v)
{
  return ctx ? sp__dist_ops->chain_out_d (ctx, v) : v;
}

void
sp_kdist_rows (void *ctx, void *data, int64_t rows, int64_t row_bytes)
{
  if (ctx)
    sp__dist_ops->rows (ctx, data, rows, row_bytes);
}

void
sp_kdist_mark (void *ctx, sp_tensor *out)
{
  if (ctx || sp__distributed (out))
    sp__dist_ops->mark (ctx, out);
}

void
sp_kdist_close (void *ctx)
{
  if (ctx)
    sp__dist_ops->close (ctx);
}
