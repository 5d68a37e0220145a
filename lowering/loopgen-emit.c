/* loopgen-emit.c -- building statements and expressions of the loop IR
   for the builder: blocks, declarations, assignments, arrays, extents.  */

#include <stdarg.h>
#include <string.h>
#include "loopgen-int.h"

void
lg_fail (gen *g, const char *fmt, ...)
{
  va_list ap;
  if (g->err)
    return;
  g->err = 1;
  g->d->tok = g->s->tok;
  g->d->loc = g->s->loc;
  va_start (ap, fmt);
  vsnprintf (g->d->msg, sizeof g->d->msg, fmt, ap);
  va_end (ap);
}

int
lg_emit (gen *g, block *b, int id)
{
  if (id < 0)
    return -1;
  if (b->first < 0)
    b->first = id;
  else
    g->k->stmts[b->last].next = id;
  b->last = id;
  return id;
}

block
lg_block (void)
{
  block b = { -1, -1 };
  return b;
}

/* Append block C's statements to B.  */
void
lg_splice (gen *g, block *b, const block *c)
{
  if (c->first < 0)
    return;
  if (b->first < 0)
    b->first = c->first;
  else
    g->k->stmts[b->last].next = c->first;
  b->last = c->last;
}

int
lg_decl (gen *g, block *b, lir_type type, const char *name, int init)
{
  int v = lir_add_var (g->k, type, name);
  int s = lir_stmt_new (g->k, LIR_DECL);
  if (v < 0 || s < 0)
    return -1;
  g->k->stmts[s].var = v;
  g->k->stmts[s].a = init;
  lg_emit (g, b, s);
  return v;
}

int
lg_set (gen *g, block *b, lir_kind kind, lir_op op, int var, int array,
        int index, int opd, int value)
{
  int s = lir_stmt_new (g->k, kind);
  if (s < 0 || value < 0)
    return -1;
  lir_stmt *x = &g->k->stmts[s];
  x->op = op;
  x->to.var = var;
  x->to.array = array;
  x->to.index = index;
  x->to.opd = opd;
  x->a = value;
  return lg_emit (g, b, s);
}

int
lg_assign (gen *g, block *b, int var, int value)
{
  return lg_set (g, b, LIR_ASSIGN, LIR_ADD, var, -1, -1, -1, value);
}

int
lg_compound (gen *g, block *b, lir_kind kind, int a)
{
  int s = lir_stmt_new (g->k, kind);
  if (s < 0)
    return -1;
  g->k->stmts[s].a = a;
  return lg_emit (g, b, s);
}

int
lg_call (gen *g, block *b, lir_call fn, int tensor, int array, int a)
{
  int s = lir_stmt_new (g->k, LIR_CALL);
  if (s < 0)
    return -1;
  g->k->stmts[s].fn = fn;
  g->k->stmts[s].tensor = tensor;
  g->k->stmts[s].array = array;
  g->k->stmts[s].a = a;
  return lg_emit (g, b, s);
}

int
lg_int (gen *g, int64_t v)
{
  return lir_const_i (g->k, v);
}

int
lg_ref (gen *g, int var)
{
  return lir_ref (g->k, var);
}

int
lg_bin (gen *g, lir_op op, int a, int b)
{
  return lir_binary (g->k, op, a, b);
}

static lir_type
idx_type (int bits)
{
  return bits == 8 ? LIR_IDX8 : bits == 16 ? LIR_IDX16
         : bits == 64 ? LIR_IDX64 : LIR_IDX32;
}

int
lg_pos_array (gen *g, int a, int l)
{
  int t = g->tensor_of[a];
  lir_type type = idx_type (g->k->tensors[t].fmt.posw);
  return lir_add_array (g->k, LIR_ARR_POS, type, t, l, -1);
}

int
lg_crd_array (gen *g, int a, int l)
{
  int t = g->tensor_of[a];
  lir_type type = idx_type (g->k->tensors[t].fmt.crdw);
  return lir_add_array (g->k, LIR_ARR_CRD, type, t, l, -1);
}

lir_type
lg_elem_type (const gen *g, int opd)
{
  return (lir_type) g->s->opd[opd].type;
}

/* The extent of dimension D of operand OPD (row-major strides, bounds).  */
int
lg_opd_extent (gen *g, int opd, int d)
{
  const ix_operand *o = &g->s->opd[opd];
  if (o->extent[d] >= 0)
    return lg_int (g, o->extent[d]);
  if (o->kind != IX_OPD_POINTER)
    return lir_leaf (g->k, LIR_DIM, LIR_I64, opd, -1, d);
  /* A pointer's extent is its index variable's.  */
  for (int a = 0; a < g->s->naccs; a++)
    if (g->s->acc[a].opd == opd)
      {
        const ix_var *v = &g->s->var[g->s->acc[a].var[d]];
        if (v->extent >= 0)
          return lg_int (g, v->extent);
        return lir_leaf (g->k, LIR_DIM, LIR_I64, v->src_opd, -1, v->src_dim);
      }
  return -1;
}

/* The extent of index variable V.  */
int
lg_var_extent (gen *g, int v)
{
  const ix_var *x = &g->s->var[v];
  if (x->extent >= 0)
    return lg_int (g, x->extent);
  return lir_leaf (g->k, LIR_DIM, LIR_I64, x->src_opd, -1, x->src_dim);
}

/* The range of loop variable SV when it runs densely.  */
int
lg_loop_extent (gen *g, int sv)
{
  const sch_var *x = &g->sc->sv[sv];
  switch (x->kind)
    {
    case SCH_VAR:
      return lg_var_extent (g, sv);
    case SCH_INNER:
      return lg_int (g, x->k);
    default:
      return lir_leaf (g->k, LIR_LVSIZE, LIR_I64, -1,
                       g->tensor_of[x->access], x->level);
    }
}

/* Row-major position of access A of an untagged array.  */
int
lg_rowmajor (gen *g, const state *st, int a)
{
  const ix_access *acc = &g->s->acc[a];
  int idx = -1;
  for (int k = 0; k < acc->nidx; k++)
    {
      int c = lg_ref (g, st->ix_val[acc->var[k]]);
      int ext = lg_opd_extent (g, acc->opd, k);
      idx = idx < 0 ? c
            : lg_bin (g, LIR_ADD, lg_bin (g, LIR_MUL, idx, ext), c);
    }
  return idx < 0 ? lg_int (g, 0) : idx;
}

