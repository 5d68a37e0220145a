/* blocks.c -- statements appended to a block of the loop IR being built
   (lir_block), for the passes that rewrite a kernel (regions.c,
   parbuild.c).  */

#include "loops.h"

void
lir_block_put (lir_kernel *k, lir_block *b, int id)
{
  if (id < 0)
    return;
  k->stmts[id].next = -1;
  if (b->last >= 0)
    k->stmts[b->last].next = id;
  else
    b->first = id;
  b->last = id;
}

void
lir_block_splice (lir_kernel *k, lir_block *b, int first)
{
  while (first >= 0)
    {
      int next = k->stmts[first].next;
      lir_block_put (k, b, first);
      first = next;
    }
}

void
lir_block_decl (lir_kernel *k, lir_block *b, int var, int init)
{
  int s = lir_stmt_new (k, LIR_DECL);
  if (s < 0)
    return;
  k->stmts[s].var = var;
  k->stmts[s].a = init;
  lir_block_put (k, b, s);
}

int
lir_block_local (lir_kernel *k, lir_block *b, lir_type type,
                 const char *name, int init)
{
  int v = lir_add_var (k, type, name);
  if (v >= 0)
    lir_block_decl (k, b, v, init);
  return v;
}

void
lir_block_store (lir_kernel *k, lir_block *b, int var, int array, int index,
                 int value, int accum)
{
  int s = lir_stmt_new (k, accum ? LIR_ACCUM : LIR_ASSIGN);
  if (s < 0)
    return;
  lir_stmt *x = &k->stmts[s];
  x->to.var = var;
  x->to.array = var < 0 ? array : -1;
  x->to.index = var < 0 ? index : -1;
  x->a = value;
  x->op = LIR_ADD;
  lir_block_put (k, b, s);
}

void
lir_block_step (lir_kernel *k, lir_block *b, int var, int by)
{
  lir_block_store (k, b, var, -1, -1,
                   lir_binary (k, LIR_ADD, lir_ref (k, var),
                               lir_const_i (k, by)), 0);
}

void
lir_block_eval (lir_kernel *k, lir_block *b, int e)
{
  int s = lir_stmt_new (k, LIR_EVAL);
  if (s < 0)
    return;
  k->stmts[s].a = e;
  lir_block_put (k, b, s);
}

int
lir_block_if (lir_kernel *k, lir_block *b, int cond, int then, int else_)
{
  int s = lir_stmt_new (k, LIR_IF);
  if (s < 0)
    return -1;
  k->stmts[s].a = cond;
  k->stmts[s].body = then;
  k->stmts[s].else_ = else_;
  lir_block_put (k, b, s);
  return s;
}

void
lir_block_while (lir_kernel *k, lir_block *b, int cond, int body)
{
  int s = lir_stmt_new (k, LIR_WHILE);
  if (s < 0)
    return;
  k->stmts[s].a = cond;
  k->stmts[s].body = body;
  lir_block_put (k, b, s);
}
