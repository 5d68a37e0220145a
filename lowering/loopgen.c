/* loopgen.c -- from a schedule to the loop IR (lir_build).

   For each nest, loops are emitted depth by depth (TACO section 6): the
   merge lattice of the loop's scope decides the loop's form (a dense for
   loop when it has a universe point, else one loop per point: a for loop
   over one sparse level's positions or a while loop merging several) and
   the cases inside it (an if-chain over the points).  Entering a loop's
   body binds its variable, composes the index variables built from it
   (blocked and diagonal formats, with the padding checks), and locates
   the positions of dense levels whose coordinates are now known.  At the
   innermost loop of a scope its expression is computed: into the output,
   or into the register of a reduction, whose loops run inside.
   Subexpressions whose operands are all known before the innermost loop
   are computed once where they become known (available expressions).  */

#include <stdarg.h>
#include <string.h>
#include "lattice.h"
#include "loops.h"

/* What is known at a point of the generated code.  */
typedef struct state
{
  uint32_t absent;                  /* accesses known to be zero here */
  int sv_val[SCH_MAX_VARS];         /* variable holding each bound loop
                                       variable's coordinate, or -1 */
  int ix_val[IX_MAX_VARS];          /* ... each known index variable's */
  int pos[IX_MAX_ACCESSES][SP_MAX_LEVELS];  /* position of each level */
  int seg[IX_MAX_ACCESSES][SP_MAX_LEVELS];  /* CN: end of its segment */
  int hoist[IX_MAX_EXPRS];          /* variable holding a hoisted value */
  int app[SP_MAX_LEVELS];           /* output: the position appended for
                                       the current coordinate, or -1 */
} state;

/* A statement block under construction.  */
typedef struct block
{
  int first, last;
} block;

/* One sparse iterator of a loop: access A's level L.  */
typedef struct iter
{
  int a, l;
  int p, end;   /* position and bound variables */
  int c;        /* coordinate variable in the current iteration */
  int q;        /* CN: segment end variable */
} iter;

typedef struct gen
{
  lir_kernel *k;
  const ix_sched *sc;
  const ix_stmt *s;
  const sch_nest *nest;
  int n;                            /* nest index */
  int tensor_of[IX_MAX_ACCESSES];
  int scope_of[SCH_MAX_VARS];       /* depth -> scope */
  int covered;                      /* the loops so far write every
                                       element of a dense output */
  int acc;                          /* scalar output register */
  int nz;                           /* "a reduction produced a term" */
  int ws, ws_flag, ws_list, nw;     /* workspace arrays and count */
  int flush_depth;                  /* depth whose body flushes the
                                       workspace; -1: after the nest */
  int treg[SCH_MAX_SCOPES];         /* register of each reduction scope */
  ix_diag *d;
  int err;
} gen;

static void
gfail (gen *g, const char *fmt, ...)
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

/* -------------------------------------------------------------------- */
/* Statements.  */

static int
emit (gen *g, block *b, int id)
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

static block
new_block (void)
{
  block b = { -1, -1 };
  return b;
}

/* Append block C's statements to B.  */
static void
splice (gen *g, block *b, const block *c)
{
  if (c->first < 0)
    return;
  if (b->first < 0)
    b->first = c->first;
  else
    g->k->stmts[b->last].next = c->first;
  b->last = c->last;
}

static int
s_decl (gen *g, block *b, lir_type type, const char *name, int init)
{
  int v = lir_add_var (g->k, type, name);
  int s = lir_stmt_new (g->k, LIR_DECL);
  if (v < 0 || s < 0)
    return -1;
  g->k->stmts[s].var = v;
  g->k->stmts[s].a = init;
  emit (g, b, s);
  return v;
}

static int
s_set (gen *g, block *b, lir_kind kind, lir_op op, int var, int array,
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
  return emit (g, b, s);
}

static int
s_assign (gen *g, block *b, int var, int value)
{
  return s_set (g, b, LIR_ASSIGN, LIR_ADD, var, -1, -1, -1, value);
}

static int
s_compound (gen *g, block *b, lir_kind kind, int a)
{
  int s = lir_stmt_new (g->k, kind);
  if (s < 0)
    return -1;
  g->k->stmts[s].a = a;
  return emit (g, b, s);
}

static int
s_call (gen *g, block *b, lir_call fn, int tensor, int array, int a)
{
  int s = lir_stmt_new (g->k, LIR_CALL);
  if (s < 0)
    return -1;
  g->k->stmts[s].fn = fn;
  g->k->stmts[s].tensor = tensor;
  g->k->stmts[s].array = array;
  g->k->stmts[s].a = a;
  return emit (g, b, s);
}

/* -------------------------------------------------------------------- */
/* Expressions.  */

static int
e_i (gen *g, int64_t v)
{
  return lir_const_i (g->k, v);
}

static int
e_v (gen *g, int var)
{
  return lir_ref (g->k, var);
}

static int
e_bin (gen *g, lir_op op, int a, int b)
{
  return lir_binary (g->k, op, a, b);
}

static lir_type
idx_type (int bits)
{
  return bits == 8 ? LIR_IDX8 : bits == 16 ? LIR_IDX16
         : bits == 64 ? LIR_IDX64 : LIR_IDX32;
}

static int
arr_pos (gen *g, int a, int l)
{
  int t = g->tensor_of[a];
  lir_type type = idx_type (g->k->tensors[t].fmt.posw);
  return lir_add_array (g->k, LIR_ARR_POS, type, t, l, -1);
}

static int
arr_crd (gen *g, int a, int l)
{
  int t = g->tensor_of[a];
  lir_type type = idx_type (g->k->tensors[t].fmt.crdw);
  return lir_add_array (g->k, LIR_ARR_CRD, type, t, l, -1);
}

static lir_type
elem_type (const gen *g, int opd)
{
  return (lir_type) g->s->opd[opd].type;
}

/* The extent of dimension D of operand OPD (row-major strides, bounds).  */
static int
opd_extent (gen *g, int opd, int d)
{
  const ix_operand *o = &g->s->opd[opd];
  if (o->extent[d] >= 0)
    return e_i (g, o->extent[d]);
  if (o->kind != IX_OPD_POINTER)
    return lir_leaf (g->k, LIR_DIM, LIR_I64, opd, -1, d);
  /* A pointer's extent is its index variable's.  */
  for (int a = 0; a < g->s->naccs; a++)
    if (g->s->acc[a].opd == opd)
      {
        const ix_var *v = &g->s->var[g->s->acc[a].var[d]];
        if (v->extent >= 0)
          return e_i (g, v->extent);
        return lir_leaf (g->k, LIR_DIM, LIR_I64, v->src_opd, -1, v->src_dim);
      }
  return -1;
}

/* The extent of index variable V.  */
static int
var_extent (gen *g, int v)
{
  const ix_var *x = &g->s->var[v];
  if (x->extent >= 0)
    return e_i (g, x->extent);
  return lir_leaf (g->k, LIR_DIM, LIR_I64, x->src_opd, -1, x->src_dim);
}

/* The range of loop variable SV when it runs densely.  */
static int
loop_extent (gen *g, int sv)
{
  const sch_var *x = &g->sc->sv[sv];
  switch (x->kind)
    {
    case SCH_VAR:
      return var_extent (g, sv);
    case SCH_INNER:
      return e_i (g, x->k);
    default:
      return lir_leaf (g->k, LIR_LVSIZE, LIR_I64, -1,
                       g->tensor_of[x->access], x->level);
    }
}

/* Row-major position of access A of an untagged array.  */
static int
rowmajor (gen *g, const state *st, int a)
{
  const ix_access *acc = &g->s->acc[a];
  int idx = -1;
  for (int k = 0; k < acc->nidx; k++)
    {
      int c = e_v (g, st->ix_val[acc->var[k]]);
      idx = idx < 0 ? c
            : e_bin (g, LIR_ADD,
                     e_bin (g, LIR_MUL, idx, opd_extent (g, acc->opd, k)), c);
    }
  return idx < 0 ? e_i (g, 0) : idx;
}

/* The C type of index expression E.  */
static lir_type
ix_type (const gen *g, int e)
{
  const ix_expr *x = &g->s->expr[e];
  switch (x->op)
    {
    case IX_ACCESS:
      return elem_type (g, g->s->acc[x->access].opd);
    case IX_CONST:
      return x->is_int ? LIR_I32 : LIR_F64;
    case IX_NEG:
    case IX_SUM:
      return ix_type (g, x->a);
    default:
      {
        lir_type a = ix_type (g, x->a), b = ix_type (g, x->b);
        if (a == LIR_F64 || b == LIR_F64)
          return LIR_F64;
        if (a == LIR_F32 || b == LIR_F32)
          return LIR_F32;
        return a == LIR_I64 || b == LIR_I64 ? LIR_I64 : LIR_I32;
      }
    }
}

static int
absent (const state *st, int a)
{
  return (st->absent >> a) & 1;
}

static int
contains (const ix_stmt *s, int e, int target)
{
  if (e == target)
    return 1;
  const ix_expr *x = &s->expr[e];
  return (x->a >= 0 && contains (s, x->a, target))
         || (x->b >= 0 && contains (s, x->b, target));
}

/* The value of E where the accesses in ST's absent set are zero; HOLE, the
   root of the next scope, reads register T.  */
static int
value (gen *g, int e, const state *st, int hole, int t)
{
  const ix_expr *x = &g->s->expr[e];
  const ix_stmt *s = g->s;
  if (st->hoist[e] >= 0)
    return e_v (g, st->hoist[e]);
  if (e == hole)
    return e_v (g, t);
  if (lat_is_zero (s, e, st->absent))
    return e_i (g, 0);
  switch (x->op)
    {
    case IX_ACCESS:
      {
        int a = x->access, o = s->acc[a].opd;
        const ix_operand *op = &s->opd[o];
        if (op->kind == IX_OPD_SCALAR)
          return lir_leaf (g->k, LIR_SCALAR, elem_type (g, o), o, -1, 0);
        if (op->tagged)
          {
            int t2 = g->tensor_of[a];
            int last = g->k->tensors[t2].fmt.nlevels - 1;
            int arr = lir_add_array (g->k, LIR_ARR_VALS, elem_type (g, o),
                                     t2, -1, -1);
            return lir_load (g->k, arr, e_v (g, st->pos[a][last]));
          }
        int arr = lir_add_array (g->k, LIR_ARR_DENSE, elem_type (g, o), -1,
                                 -1, o);
        return lir_load (g->k, arr, rowmajor (g, st, a));
      }
    case IX_CONST:
      if (x->is_int)
        {
          int c = e_i (g, (int64_t) x->num);
          if (c >= 0)
            g->k->exprs[c].type = LIR_I32;
          return c;
        }
      return lir_const_f (g->k, x->num, LIR_F64);
    case IX_NEG:
      return lir_unary (g->k, LIR_NEG, value (g, x->a, st, hole, t));
    case IX_SUM:
      return value (g, x->a, st, hole, t);
    default:
      break;
    }
  int za = lat_is_zero (s, x->a, st->absent);
  int zb = lat_is_zero (s, x->b, st->absent);
  if ((x->op == IX_ADD || x->op == IX_SUB) && zb)
    return value (g, x->a, st, hole, t);
  if (x->op == IX_ADD && za)
    return value (g, x->b, st, hole, t);
  if (x->op == IX_SUB && za)
    return lir_unary (g->k, LIR_NEG, value (g, x->b, st, hole, t));
  static const lir_op ops[] = { [IX_ADD] = LIR_ADD, [IX_SUB] = LIR_SUB,
                                [IX_MUL] = LIR_MUL, [IX_DIV] = LIR_DIV };
  return e_bin (g, ops[x->op], value (g, x->a, st, hole, t),
                value (g, x->b, st, hole, t));
}

/* Nonzero when every leaf of E is known in ST.  */
static int
available (const gen *g, int e, const state *st)
{
  const ix_expr *x = &g->s->expr[e];
  if (st->hoist[e] >= 0)
    return 1;
  if (x->op == IX_ACCESS)
    {
      int a = x->access;
      const ix_access *acc = &g->s->acc[a];
      if (absent (st, a) || g->s->opd[acc->opd].kind == IX_OPD_SCALAR)
        return 1;
      if (g->s->opd[acc->opd].tagged)
        return st->pos[a][g->k->tensors[g->tensor_of[a]].fmt.nlevels - 1]
               >= 0;
      for (int k = 0; k < acc->nidx; k++)
        if (st->ix_val[acc->var[k]] < 0)
          return 0;
      return 1;
    }
  return (x->a < 0 || available (g, x->a, st))
         && (x->b < 0 || available (g, x->b, st));
}

/* Nonzero when E reads an array (worth computing once).  */
static int
reads_array (const gen *g, int e)
{
  const ix_expr *x = &g->s->expr[e];
  if (x->op == IX_ACCESS)
    return g->s->opd[g->s->acc[x->access].opd].kind != IX_OPD_SCALAR;
  return (x->a >= 0 && reads_array (g, x->a))
         || (x->b >= 0 && reads_array (g, x->b));
}

static void
hoist_walk (gen *g, int e, int hole, state *st, block *b)
{
  const ix_expr *x = &g->s->expr[e];
  if (st->hoist[e] >= 0 || e == hole || lat_is_zero (g->s, e, st->absent))
    return;
  if ((hole < 0 || !contains (g->s, e, hole)) && x->op != IX_SUM
      && reads_array (g, e) && available (g, e, st))
    {
      int val = value (g, e, st, -1, -1);
      if (val >= 0)
        st->hoist[e] = s_decl (g, b, g->k->exprs[val].type, "h", val);
      return;
    }
  if (x->a >= 0)
    hoist_walk (g, x->a, hole, st, b);
  if (x->b >= 0)
    hoist_walk (g, x->b, hole, st, b);
}

/* The root of scope K's own expression (a reduction's body).  */
static int
scope_body (const gen *g, int k)
{
  int e = g->nest->scope[k].expr;
  if (k > 0 && g->s->expr[e].op == IX_SUM)
    return g->s->expr[e].a;
  return e;
}

static int
scope_hole (const gen *g, int k)
{
  return k + 1 < g->nest->nscopes ? g->nest->scope[k + 1].expr : -1;
}

/* Compute, at depth D, the subexpressions that become known there and are
   used deeper.  */
static void
hoist (gen *g, int d, state *st, block *b)
{
  for (int k = 0; k < g->nest->nscopes; k++)
    if (g->nest->scope[k].last > d)
      hoist_walk (g, scope_body (g, k), scope_hole (g, k), st, b);
}

/* -------------------------------------------------------------------- */
/* Binding.  */

/* The variable holding the coordinate of level L of access A, or -1.  */
static int
level_coord (const gen *g, const state *st, int a, int l)
{
  int sv = g->sc->lvl_sv[a][l];
  return sv < g->s->nvars ? st->ix_val[sv] : st->sv_val[sv];
}

/* Locate the dense (and O) levels of every access whose coordinates and
   parent positions are known.  */
static void
locate (gen *g, state *st, block *b)
{
  for (int a = 0; a < g->s->naccs; a++)
    {
      if (!g->nest->uses_acc[a] || absent (st, a)
          || !g->s->opd[g->s->acc[a].opd].tagged)
        continue;
      const sp_format *f = &g->k->tensors[g->tensor_of[a]].fmt;
      for (int l = 0; l < f->nlevels; l++)
        {
          if (st->pos[a][l] >= 0)
            continue;
          int type = f->lv[l].type;
          if (type != SP_LVL_D && type != SP_LVL_O)
            break;
          if (l > 0 && (st->pos[a][l - 1] < 0 || st->seg[a][l - 1] >= 0))
            break;
          if (type == SP_LVL_O)
            {
              st->pos[a][l] = st->pos[a][l - 1];
              continue;
            }
          int c = level_coord (g, st, a, l);
          if (c < 0)
            break;
          char name[64];
          snprintf (name, sizeof name, "p%s%d",
                    g->s->opd[g->s->acc[a].opd].name, l);
          int p = l == 0 ? e_v (g, c)
                  : e_bin (g, LIR_ADD,
                           e_bin (g, LIR_MUL, e_v (g, st->pos[a][l - 1]),
                                  lir_leaf (g->k, LIR_LVSIZE, LIR_I64, -1,
                                            g->tensor_of[a], l)),
                           e_v (g, c));
          st->pos[a][l] = s_decl (g, b, LIR_I64, name, p);
        }
    }
}

static void enter_rest (gen *g, int d, state *st, block *b);

/* Compose the index variables whose parts are known, each behind its
   padding check; then go on with ENTER_REST inside the checks.  */
static void
compose (gen *g, int d, state *st, block *b)
{
  for (int v = 0; v < g->s->nvars; v++)
    {
      const sch_compose *c = &g->nest->comp[v];
      if (c->kind == SCH_LOOPED || st->ix_val[v] >= 0)
        continue;
      int pa = st->sv_val[c->part_a];
      int pb = c->kind == SCH_SPLIT ? st->sv_val[c->part_b]
                                    : st->ix_val[c->part_b];
      if (pa < 0 || pb < 0)
        continue;
      int val, low;
      if (c->kind == SCH_SPLIT)
        {
          val = e_bin (g, LIR_ADD, e_bin (g, LIR_MUL, e_v (g, pa),
                                          e_i (g, c->k)), e_v (g, pb));
          low = -1;
        }
      else
        {
          /* Stored diagonal a - b + (dims[b] - 1).  */
          const sch_var *dv = &g->sc->sv[c->part_a];
          const sp_level_fmt *lv
            = &g->k->tensors[g->tensor_of[dv->access]].fmt.lv[dv->level];
          int opd = g->s->acc[dv->access].opd;
          int shift = e_bin (g, LIR_SUB, lir_leaf (g->k, LIR_DIM, LIR_I64,
                                                   opd, -1, lv->dim2),
                             e_i (g, 1));
          val = e_bin (g, LIR_SUB, e_bin (g, LIR_ADD, e_v (g, pa),
                                          e_v (g, pb)), shift);
          low = 1;
        }
      int var = s_decl (g, b, LIR_I64, g->s->var[v].name, val);
      st->ix_val[v] = var;
      int cond = e_bin (g, LIR_LT, e_v (g, var), var_extent (g, v));
      if (low > 0)
        cond = e_bin (g, LIR_AND, e_bin (g, LIR_LE, e_i (g, 0), e_v (g, var)),
                      cond);
      int s = s_compound (g, b, LIR_IF, cond);
      block inner = new_block ();
      g->covered = 0;
      compose (g, d, st, &inner);
      if (s >= 0)
        g->k->stmts[s].body = inner.first;
      return;
    }
  enter_rest (g, d, st, b);
}

static void gen_loop (gen *g, int d, state *st, block *b);
static void compute_scope (gen *g, int k, state *st, block *b);

/* The sparse output's level L parent position (see LIR_APPEND).  */
static int
out_parent (gen *g, const state *st, int l)
{
  int out = g->s->out;
  const sp_format *f = &g->sc->fmt[out];
  if (l == 0)
    return e_i (g, 0);
  if (f->lv[l - 1].type == SP_LVL_D)
    return e_v (g, st->pos[out][l - 1]);
  return e_v (g, st->app[l - 1]);
}

static int
out_coord (gen *g, const state *st, int l)
{
  int out = g->s->out;
  const sp_format *f = &g->sc->fmt[out];
  return e_v (g, st->ix_val[g->s->acc[out].var[f->lv[l].dim]]);
}

/* Append the compressed levels above LAST for the current coordinates
   (each once), then an entry at LAST; returns its position variable.  */
static int
append_entry (gen *g, state *st, block *b, int last, int coord)
{
  const sp_format *f = &g->sc->fmt[g->s->out];
  for (int l = 0; l < last; l++)
    {
      if (f->lv[l].type != SP_LVL_CU)
        continue;
      int s = s_compound (g, b, LIR_IF,
                          e_bin (g, LIR_LT, e_v (g, st->app[l]), e_i (g, 0)));
      block body = new_block ();
      int ap = lir_stmt_new (g->k, LIR_APPEND);
      if (s < 0 || ap < 0)
        return -1;
      g->k->stmts[ap].var = st->app[l];
      g->k->stmts[ap].level = l;
      g->k->stmts[ap].a = out_parent (g, st, l);
      g->k->stmts[ap].b = out_coord (g, st, l);
      emit (g, &body, ap);
      g->k->stmts[s].body = body.first;
    }
  int p = s_decl (g, b, LIR_I64, "pout", -1);
  int ap = lir_stmt_new (g->k, LIR_APPEND);
  if (p < 0 || ap < 0)
    return -1;
  g->k->stmts[ap].var = p;
  g->k->stmts[ap].level = last;
  g->k->stmts[ap].a = out_parent (g, st, last);
  g->k->stmts[ap].b = coord;
  emit (g, b, ap);
  return p;
}

/* Empty the workspace into the output, in coordinate order.  */
static void
flush (gen *g, state *st, block *b)
{
  const sp_format *f = &g->sc->fmt[g->s->out];
  int last = f->nlevels - 1;
  lir_type et = elem_type (g, g->s->acc[g->s->out].opd);
  s_call (g, b, LIR_CALL_SORT, -1, g->ws_list, e_v (g, g->nw));
  int q = s_decl (g, b, LIR_I64, "q", -1);
  int s = lir_stmt_new (g->k, LIR_FOR);
  if (q < 0 || s < 0)
    return;
  g->k->stmts[s].var = q;
  g->k->stmts[s].a = e_i (g, 0);
  g->k->stmts[s].b = e_v (g, g->nw);
  emit (g, b, s);
  block body = new_block ();
  int w = s_decl (g, &body, LIR_I64, "w",
                  lir_load (g->k, g->ws_list, e_v (g, q)));
  int p = append_entry (g, st, &body, last, e_v (g, w));
  int outv = lir_add_array (g->k, LIR_ARR_OUT_VALS, et, g->k->out_tensor, -1,
                            -1);
  s_set (g, &body, LIR_ASSIGN, LIR_ADD, -1, outv, e_v (g, p), -1,
         lir_load (g->k, g->ws, e_v (g, w)));
  s_set (g, &body, LIR_ASSIGN, LIR_ADD, -1, g->ws, e_v (g, w), -1,
         e_i (g, 0));
  s_set (g, &body, LIR_ASSIGN, LIR_ADD, -1, g->ws_flag, e_v (g, w), -1,
         e_i (g, 0));
  g->k->stmts[s].body = body.first;
  s_assign (g, b, g->nw, e_i (g, 0));
}

/* The body of the loop at depth D once its variable and the variables
   composed from it are bound.  */
static void
enter_rest (gen *g, int d, state *st, block *b)
{
  const sp_format *of = &g->sc->fmt[g->s->out];
  int out = g->s->out;
  locate (g, st, b);
  /* A new coordinate of a compressed output level: not appended yet.  */
  if (g->nest->out_mode == SCH_OUT_APPEND
      || g->nest->out_mode == SCH_OUT_WORKSPACE)
    for (int l = 0; l < of->nlevels - 1; l++)
      if (of->lv[l].type == SP_LVL_CU && st->app[l] < 0
          && d >= 0 && g->sc->lvl_sv[out][l] == g->nest->order[d])
        {
          char name[32];
          snprintf (name, sizeof name, "app%d", l);
          st->app[l] = s_decl (g, b, LIR_I64, name, e_i (g, -1));
        }
  hoist (g, d, st, b);
  int k = g->scope_of[d];
  if (d == g->nest->scope[k].last)
    compute_scope (g, k, st, b);
  else
    gen_loop (g, d + 1, st, b);
  if (g->nest->out_mode == SCH_OUT_WORKSPACE && d == g->flush_depth)
    flush (g, st, b);
}

/* Enter the body of the loop at depth D with coordinate variable V.  */
static void
enter (gen *g, int d, int v, state st, block *b)
{
  int sv = g->nest->order[d];
  st.sv_val[sv] = v;
  if (sv < g->s->nvars)
    st.ix_val[sv] = v;
  compose (g, d, &st, b);
}

/* -------------------------------------------------------------------- */
/* Output.  */

static void
write_output (gen *g, int val, state *st, block *b)
{
  const ix_stmt *s = g->s;
  int out = s->out, o = s->acc[out].opd;
  lir_type et = elem_type (g, o);
  const sch_nest *nest = g->nest;
  lir_op sign = nest->assign == IX_SUB_SET ? LIR_SUB : LIR_ADD;
  switch (nest->out_mode)
    {
    case SCH_OUT_SCALAR:
      s_set (g, b, LIR_ACCUM, sign, g->acc, -1, -1, -1, val);
      break;
    case SCH_OUT_DENSE:
      {
        int arr, idx;
        if (s->opd[o].tagged)
          {
            int t = g->tensor_of[out];
            arr = lir_add_array (g->k, LIR_ARR_VALS, et, t, -1, -1);
            idx = e_v (g, st->pos[out][g->k->tensors[t].fmt.nlevels - 1]);
          }
        else
          {
            arr = lir_add_array (g->k, LIR_ARR_DENSE, et, -1, -1, o);
            idx = rowmajor (g, st, out);
          }
        if (nest->assign == IX_SET && nest->mode == SCH_REGISTER)
          s_set (g, b, LIR_ASSIGN, LIR_ADD, -1, arr, idx, -1, val);
        else
          s_set (g, b, LIR_ACCUM, sign, -1, arr, idx, -1, val);
        break;
      }
    case SCH_OUT_APPEND:
      {
        int last = g->sc->fmt[out].nlevels - 1;
        int p = append_entry (g, st, b, last, out_coord (g, st, last));
        int outv = lir_add_array (g->k, LIR_ARR_OUT_VALS, et,
                                  g->k->out_tensor, -1, -1);
        s_set (g, b, LIR_ASSIGN, LIR_ADD, -1, outv, e_v (g, p), -1, val);
        break;
      }
    default:
      {
        int last = g->sc->fmt[out].nlevels - 1;
        int w = out_coord (g, st, last);
        int s2 = s_compound (g, b, LIR_IF,
                             lir_unary (g->k, LIR_NOT,
                                        lir_load (g->k, g->ws_flag, w)));
        block body = new_block ();
        s_set (g, &body, LIR_ASSIGN, LIR_ADD, -1, g->ws_flag,
               out_coord (g, st, last), -1, e_i (g, 1));
        s_set (g, &body, LIR_ASSIGN, LIR_ADD, -1, g->ws_list, e_v (g, g->nw),
               -1, out_coord (g, st, last));
        s_set (g, &body, LIR_ACCUM, LIR_ADD, g->nw, -1, -1, -1, e_i (g, 1));
        if (s2 >= 0)
          g->k->stmts[s2].body = body.first;
        s_set (g, b, LIR_ACCUM, LIR_ADD, -1, g->ws, out_coord (g, st, last),
               -1, val);
        break;
      }
    }
}

/* Nonzero when scope 0's value is zero without its reduction: an entry
   exists only where the reduction produced a term.  */
static int
needs_nz (const gen *g, const state *st)
{
  int hole = scope_hole (g, 0);
  if (hole < 0 || g->nest->out_mode != SCH_OUT_APPEND)
    return 0;
  /* Fold the hole away by treating every access below it as absent.  */
  uint32_t below = st->absent;
  for (int e = 0; e < g->s->nexprs; e++)
    if (g->s->expr[e].op == IX_ACCESS && contains (g->s, hole, e))
      below |= (uint32_t) 1 << g->s->expr[e].access;
  return lat_is_zero (g->s, g->nest->rhs, below);
}

/* Scope K's expression at its innermost loop: its reductions first, then
   its value into the output or its register.  */
static void
compute_scope (gen *g, int k, state *st, block *b)
{
  const sch_nest *nest = g->nest;
  int hole = scope_hole (g, k), t = -1, nz = 0;
  if (hole >= 0)
    {
      lir_type tt = ix_type (g, hole);
      int zero = tt == LIR_F64 || tt == LIR_F32 ? lir_const_f (g->k, 0, tt)
                                                : e_i (g, 0);
      t = s_decl (g, b, tt, "t", zero);
      g->treg[k + 1] = t;
      nz = k == 0 && needs_nz (g, st);
      if (nz)
        g->nz = s_decl (g, b, LIR_I32, "nz", e_i (g, 0));
      const sch_scope *c = &nest->scope[k + 1];
      if (c->last >= c->first)
        gen_loop (g, c->first, st, b);
      else
        compute_scope (g, k + 1, st, b);
    }
  int body = scope_body (g, k);
  if (lat_is_zero (g->s, body, st->absent)
      && (hole < 0 || !contains (g->s, body, hole)))
    return;
  int val = value (g, body, st, hole, t);
  if (k > 0)
    {
      s_set (g, b, LIR_ACCUM, LIR_ADD, g->treg[k], -1, -1, -1, val);
      if (g->nz >= 0)
        s_assign (g, b, g->nz, e_i (g, 1));
      return;
    }
  if (nz)
    {
      int s = s_compound (g, b, LIR_IF, e_v (g, g->nz));
      block inner = new_block ();
      write_output (g, val, st, &inner);
      if (s >= 0)
        g->k->stmts[s].body = inner.first;
      g->nz = -1;
      return;
    }
  write_output (g, val, st, b);
}

/* -------------------------------------------------------------------- */
/* Loops.  */

static void
note_kind (gen *g, int d, lir_loop_kind kind)
{
  if (kind > g->k->loop_kind[g->n][d])
    g->k->loop_kind[g->n][d] = kind;
}

/* The range [lo, hi) of iterator IT's level under its parent.  */
static void
iter_range (gen *g, const state *st, const iter *it, int *lo, int *hi)
{
  const sp_format *f = &g->k->tensors[g->tensor_of[it->a]].fmt;
  int l = it->l;
  int parent = l == 0 ? e_i (g, 0) : e_v (g, st->pos[it->a][l - 1]);
  int pend = l == 0 ? e_i (g, 1)
             : st->seg[it->a][l - 1] >= 0 ? e_v (g, st->seg[it->a][l - 1])
             : e_bin (g, LIR_ADD, e_v (g, st->pos[it->a][l - 1]), e_i (g, 1));
  if (f->lv[l].type == SP_LVL_S)
    {
      *lo = parent;
      *hi = pend;
      return;
    }
  int pos = arr_pos (g, it->a, l);
  *lo = lir_load (g->k, pos, parent);
  *hi = lir_load (g->k, pos, pend);
}

/* Nonzero when IT's coordinates may repeat within its range: a CN level,
   or a singleton level with levels below it (COO of rank 3 and more).
   Each run of equal coordinates is then one iteration, its positions the
   range of the level below.  */
static int
is_cn (const gen *g, const iter *it)
{
  const sp_format *f = &g->k->tensors[g->tensor_of[it->a]].fmt;
  return f->lv[it->l].type == SP_LVL_CN
         || (f->lv[it->l].type == SP_LVL_S && it->l + 1 < f->nlevels);
}

/* Load iterator IT's coordinate into a new variable (and, when it may
   repeat, find the end of its run of equal coordinates).  GUARD: the
   position may be past the end (the coordinate then reads -1).  */
static void
load_coord (gen *g, iter *it, int guard, block *b)
{
  char name[64];
  snprintf (name, sizeof name, "c%s%d",
            g->s->opd[g->s->acc[it->a].opd].name, it->l);
  int crd = arr_crd (g, it->a, it->l);
  int ld = lir_load (g->k, crd, e_v (g, it->p));
  if (!guard)
    it->c = s_decl (g, b, LIR_I64, name, ld);
  else
    {
      it->c = s_decl (g, b, LIR_I64, name, e_i (g, -1));
      int s = s_compound (g, b, LIR_IF, e_bin (g, LIR_LT, e_v (g, it->p),
                                               e_v (g, it->end)));
      block body = new_block ();
      s_assign (g, &body, it->c, ld);
      if (s >= 0)
        g->k->stmts[s].body = body.first;
    }
  it->q = -1;
  if (!is_cn (g, it))
    return;
  snprintf (name, sizeof name, "q%s%d",
            g->s->opd[g->s->acc[it->a].opd].name, it->l);
  it->q = s_decl (g, b, LIR_I64, name,
                  e_bin (g, LIR_ADD, e_v (g, it->p), e_i (g, 1)));
  int cond = e_bin (g, LIR_AND,
                    e_bin (g, LIR_LT, e_v (g, it->q), e_v (g, it->end)),
                    e_bin (g, LIR_EQ, lir_load (g->k, crd, e_v (g, it->q)),
                           e_v (g, it->c)));
  int s = s_compound (g, b, LIR_WHILE, cond);
  block body = new_block ();
  s_set (g, &body, LIR_ACCUM, LIR_ADD, it->q, -1, -1, -1, e_i (g, 1));
  if (s >= 0)
    g->k->stmts[s].body = body.first;
}

/* Move iterator IT past coordinate V when it is there.  */
static void
advance (gen *g, const iter *it, int v, block *b)
{
  int s = s_compound (g, b, LIR_IF,
                      e_bin (g, LIR_EQ, e_v (g, it->c), e_v (g, v)));
  block body = new_block ();
  if (it->q >= 0)
    s_assign (g, &body, it->p, e_v (g, it->q));
  else
    s_set (g, &body, LIR_ACCUM, LIR_ADD, it->p, -1, -1, -1, e_i (g, 1));
  if (s >= 0)
    g->k->stmts[s].body = body.first;
}

/* Sparse iterators of point P of L among ITS (N of them).  */
static uint32_t
point_iters (const lattice *l, int p, const iter *its, int n)
{
  uint32_t sp = lat_sparse (l, p), m = 0;
  for (int i = 0; i < n; i++)
    if (sp & ((uint32_t) 1 << its[i].a))
      m |= (uint32_t) 1 << i;
  return m;
}

/* The state inside case Q: positions of its iterators, absent ones.  */
static state
case_state (const lattice *l, int q, const iter *its, int n, uint32_t in_q,
            const state *st)
{
  state cs = *st;
  cs.absent = l->p[q].absent;
  for (int i = 0; i < n; i++)
    if (in_q & ((uint32_t) 1 << i))
      {
        cs.pos[its[i].a][its[i].l] = its[i].p;
        if (its[i].q >= 0)
          cs.seg[its[i].a][its[i].l] = its[i].q;
      }
  return cs;
}

/* The if-chain over CASES (lattice point ids) inside a loop at depth D
   with coordinate V.  CHECK: the cases' iterators must be compared with
   V.  */
static void
case_chain (gen *g, int d, int v, const lattice *l, const int *cases,
            int ncases, const iter *its, int nits, int check,
            const state *st, block *b)
{
  if (ncases == 0)
    return;
  int q = cases[0];
  uint32_t in_q = point_iters (l, q, its, nits);
  int cond = -1;
  if (check)
    for (int i = 0; i < nits; i++)
      if (in_q & ((uint32_t) 1 << i))
        {
          int c = e_bin (g, LIR_EQ, e_v (g, its[i].c), e_v (g, v));
          cond = cond < 0 ? c : e_bin (g, LIR_AND, cond, c);
        }
  state cs = case_state (l, q, its, nits, in_q, st);
  if (cond < 0)
    {
      enter (g, d, v, cs, b);
      return;
    }
  int s = s_compound (g, b, LIR_IF, cond);
  block body = new_block (), rest = new_block ();
  enter (g, d, v, cs, &body);
  case_chain (g, d, v, l, cases + 1, ncases - 1, its, nits, check, st,
              &rest);
  if (s >= 0)
    {
      g->k->stmts[s].body = body.first;
      g->k->stmts[s].else_ = rest.first;
    }
}

/* Mark the outer loop parallel when it writes disjoint slices of a dense
   output.  */
static void
maybe_parallel (gen *g, int d, int s)
{
  int sv = g->nest->order[d];
  if (d != 0 || s < 0 || g->nest->out_mode != SCH_OUT_DENSE
      || sv >= g->s->nvars || !g->s->var[sv].in_output)
    return;
  g->k->stmts[s].parallel = 1;
  g->k->parallel[g->n] = 1;
}

/* A dense for loop over the whole range, the sparse iterators compared
   with its coordinate.  */
static void
dense_loop (gen *g, int d, const lattice *l, iter *its, int nits,
            const state *st, block *b)
{
  int sv = g->nest->order[d];
  int v = s_decl (g, b, LIR_I64, g->sc->sv[sv].name, -1);
  int s = lir_stmt_new (g->k, LIR_FOR);
  if (v < 0 || s < 0)
    return;
  g->k->stmts[s].var = v;
  g->k->stmts[s].a = e_i (g, 0);
  g->k->stmts[s].b = loop_extent (g, sv);
  emit (g, b, s);
  /* Sparse iterators advance from one iteration to the next.  */
  if (!nits)
    maybe_parallel (g, d, s);
  note_kind (g, d, LIR_LOOP_DENSE);
  if (sv >= g->s->nvars && g->scope_of[d] == 0)
    g->covered = 0;
  block body = new_block ();
  for (int i = 0; i < nits; i++)
    load_coord (g, &its[i], 1, &body);
  int cases[LAT_MAX_POINTS];
  for (int p = 0; p < l->n; p++)
    cases[p] = p;
  case_chain (g, d, v, l, cases, l->n, its, nits, 1, st, &body);
  for (int i = 0; i < nits; i++)
    advance (g, &its[i], v, &body);
  g->k->stmts[s].body = body.first;
}

/* The loops of a lattice without universe point: one per point.  */
static void
sparse_loops (gen *g, int d, const lattice *l, iter *its, int nits,
              const state *st, block *b)
{
  int sv = g->nest->order[d];
  if (g->scope_of[d] == 0)
    g->covered = 0;
  for (int p = 0; p < l->n; p++)
    {
      uint32_t in_p = point_iters (l, p, its, nits);
      int cases[LAT_MAX_POINTS], ncases = 0, single = -1, count = 0;
      for (int q = 0; q < l->n; q++)
        if (lat_covers (l, p, q))
          cases[ncases++] = q;
      for (int i = 0; i < nits; i++)
        if (in_p & ((uint32_t) 1 << i))
          {
            single = i;
            count++;
          }
      if (count == 1 && ncases == 1 && !is_cn (g, &its[single]))
        {
          /* One level: a for loop over its positions.  */
          iter *it = &its[single];
          int s = lir_stmt_new (g->k, LIR_FOR);
          if (s < 0)
            return;
          g->k->stmts[s].var = it->p;
          g->k->stmts[s].b = e_v (g, it->end);
          if (p == 0)
            {
              /* The first loop starts the range afresh (an OpenMP loop's
                 bounds may not refer to its variable).  */
              int lo, hi;
              iter_range (g, st, it, &lo, &hi);
              g->k->stmts[s].a = lo;
              maybe_parallel (g, d, s);
            }
          else
            g->k->stmts[s].a = e_v (g, it->p);
          emit (g, b, s);
          note_kind (g, d, LIR_LOOP_POS);
          block body = new_block ();
          load_coord (g, it, 0, &body);
          int v = s_decl (g, &body, LIR_I64, g->sc->sv[sv].name,
                          e_v (g, it->c));
          /* ELL padding reads as a negative coordinate.  */
          const sp_format *f = &g->k->tensors[g->tensor_of[it->a]].fmt;
          int padded = 0;
          for (int m = 0; m < f->nlevels; m++)
            padded |= f->lv[m].kind == SP_LX_COUNT;
          if (padded)
            {
              int s2 = s_compound (g, &body, LIR_IF,
                                   e_bin (g, LIR_LE, e_i (g, 0),
                                          e_v (g, v)));
              block inner = new_block ();
              case_chain (g, d, v, l, cases, ncases, its, nits, 0, st,
                          &inner);
              if (s2 >= 0)
                g->k->stmts[s2].body = inner.first;
            }
          else
            case_chain (g, d, v, l, cases, ncases, its, nits, 0, st, &body);
          g->k->stmts[s].body = body.first;
          continue;
        }
      /* Several levels (or a run-length CN level): a while loop.  */
      int cond = -1;
      for (int i = 0; i < nits; i++)
        if (in_p & ((uint32_t) 1 << i))
          {
            int c = e_bin (g, LIR_LT, e_v (g, its[i].p), e_v (g, its[i].end));
            cond = cond < 0 ? c : e_bin (g, LIR_AND, cond, c);
          }
      int s = s_compound (g, b, LIR_WHILE, cond);
      note_kind (g, d, count > 1 ? LIR_LOOP_COITER : LIR_LOOP_POS);
      block body = new_block ();
      int minv = -1;
      for (int i = 0; i < nits; i++)
        if (in_p & ((uint32_t) 1 << i))
          {
            load_coord (g, &its[i], 0, &body);
            minv = minv < 0 ? e_v (g, its[i].c)
                   : e_bin (g, LIR_MIN, minv, e_v (g, its[i].c));
          }
      int v = s_decl (g, &body, LIR_I64, g->sc->sv[sv].name, minv);
      case_chain (g, d, v, l, cases, ncases, its, nits, count > 1, st,
                  &body);
      for (int i = 0; i < nits; i++)
        if (in_p & ((uint32_t) 1 << i))
          {
            if (count > 1)
              advance (g, &its[i], v, &body);
            else
              s_assign (g, &body, its[i].p, e_v (g, its[i].q));
          }
      if (s >= 0)
        g->k->stmts[s].body = body.first;
    }
}

static void
gen_loop (gen *g, int d, state *st, block *b)
{
  int sv = g->nest->order[d];
  int k = g->scope_of[d];
  lattice l;
  iter its[IX_MAX_ACCESSES];
  int nits = 0;
  if (g->err)
    return;
  if (lat_build (g->sc, sv, scope_body (g, k), st->absent, &l))
    {
      gfail (g, "merge lattice too large (more than %d points)",
             LAT_MAX_POINTS);
      return;
    }
  if (l.n == 0)
    {
      /* Nothing to compute: the output's elements here stay unwritten.  */
      if (k == 0)
        g->covered = 0;
      return;
    }
  /* The sparse iterators: their ranges, before the loops.  */
  uint32_t sparse = 0;
  for (int p = 0; p < l.n; p++)
    sparse |= lat_sparse (&l, p);
  for (int a = 0; a < g->s->naccs; a++)
    {
      if (!(sparse & ((uint32_t) 1 << a)))
        continue;
      iter *it = &its[nits++];
      memset (it, 0, sizeof *it);
      it->a = a;
      it->l = lat_iterator (g->sc, a, sv, NULL);
      int lo, hi;
      if (it->l > 0 && (st->pos[a][it->l - 1] < 0))
        {
          gfail (g, "internal: level %d of access %d has no parent "
                 "position", it->l, a);
          return;
        }
      iter_range (g, st, it, &lo, &hi);
      char name[64];
      snprintf (name, sizeof name, "p%s%d",
                g->s->opd[g->s->acc[a].opd].name, it->l);
      it->p = s_decl (g, b, LIR_I64, name, lo);
      strcat (name, "_end");
      it->end = s_decl (g, b, LIR_I64, name, hi);
    }
  if (lat_has_universe (&l))
    dense_loop (g, d, &l, its, nits, st, b);
  else
    sparse_loops (g, d, &l, its, nits, st, b);
}

/* -------------------------------------------------------------------- */
/* Kernel.  */

static int
add_tensor (lir_kernel *k, const ix_sched *sc, int a)
{
  int opd = sc->st.acc[a].opd, conv = sc->conv_of[a];
  for (int t = 0; t < k->ntensors; t++)
    if (k->tensors[t].opd == opd && k->tensors[t].conv == conv)
      return t;
  lir_tensor *t = &k->tensors[k->ntensors];
  t->opd = opd;
  t->conv = conv;
  t->fmt = sc->fmt[a];
  if (conv < 0)
    snprintf (t->name, sizeof t->name, "%s", sc->st.opd[opd].name);
  else
    snprintf (t->name, sizeof t->name, "%s_c%d", sc->st.opd[opd].name, conv);
  return k->ntensors++;
}

/* The number of elements of the dense output.  */
static int
dense_count (gen *g)
{
  const ix_access *out = &g->s->acc[g->s->out];
  int n = e_i (g, 1);
  for (int k = 0; k < out->nidx; k++)
    n = e_bin (g, LIR_MUL, n, opd_extent (g, out->opd, k));
  return n;
}

static void
gen_nest (gen *g, int n, block *b)
{
  const sch_nest *nest = &g->sc->nest[n];
  state st;
  block body = new_block ();
  g->n = n;
  g->nest = nest;
  g->covered = 1;
  g->nz = -1;
  memset (&st, 0xff, sizeof st);
  st.absent = 0;
  for (int k = 0; k < nest->nscopes; k++)
    for (int d = nest->scope[k].first; d <= nest->scope[k].last; d++)
      g->scope_of[d] = k;
  g->flush_depth = -1;
  if (nest->out_mode == SCH_OUT_WORKSPACE && nest->ws_level > 0)
    g->flush_depth = nest->depth[g->sc->lvl_sv[g->s->out][nest->ws_level
                                                           - 1]];
  locate (g, &st, &body);
  if (nest->scope[0].last < nest->scope[0].first)
    compute_scope (g, 0, &st, &body);
  else
    gen_loop (g, 0, &st, &body);
  if (nest->out_mode == SCH_OUT_WORKSPACE && g->flush_depth < 0)
    flush (g, &st, &body);
  if (nest->out_mode == SCH_OUT_DENSE && nest->assign == IX_SET
      && !(g->covered && nest->mode == SCH_REGISTER))
    {
      int o = g->s->acc[g->s->out].opd, arr;
      lir_type et = elem_type (g, o);
      if (g->s->opd[o].tagged)
        arr = lir_add_array (g->k, LIR_ARR_VALS, et, g->tensor_of[g->s->out],
                             -1, -1);
      else
        arr = lir_add_array (g->k, LIR_ARR_DENSE, et, -1, -1, o);
      int z = lir_stmt_new (g->k, LIR_ZERO);
      if (z >= 0)
        {
          g->k->stmts[z].array = arr;
          g->k->stmts[z].a = dense_count (g);
          emit (g, b, z);
        }
    }
  splice (g, b, &body);
}

lir_kernel *
lir_build (const ix_sched *sc, ix_diag *d)
{
  gen g;
  block top = new_block ();
  memset (&g, 0, sizeof g);
  g.sc = sc;
  g.s = &sc->st;
  g.d = d;
  g.k = lir_new (sc);
  if (!g.k)
    return NULL;
  const ix_stmt *s = g.s;
  int out = s->out, o = s->acc[out].opd;
  lir_type et = elem_type (&g, o);

  for (int a = 0; a < s->naccs; a++)
    g.tensor_of[a] = s->opd[s->acc[a].opd].tagged ? add_tensor (g.k, sc, a)
                                                   : -1;
  /* Prologue: conversions, assembly, the output's preparation.  */
  for (int t = 0; t < g.k->ntensors; t++)
    if (g.k->tensors[t].conv >= 0)
      s_call (&g, &top, LIR_CALL_CONVERT, t, -1, -1);
  for (int t = 0; t < g.k->ntensors; t++)
    s_call (&g, &top, LIR_CALL_ASSEMBLE, t, -1, -1);
  int sparse_out = sch_access_sparse (sc, out);
  if (sparse_out)
    {
      g.k->out_tensor = g.tensor_of[out];
      s_call (&g, &top, LIR_CALL_OUT_BEGIN, g.k->out_tensor, -1, -1);
    }
  if (sc->nnests && sc->nest[0].out_mode == SCH_OUT_WORKSPACE)
    {
      const sp_format *f = &sc->fmt[out];
      int wv = s->acc[out].var[f->lv[f->nlevels - 1].dim];
      g.ws = lir_add_array (g.k, LIR_ARR_WS, et, -1, -1, -1);
      g.ws_flag = lir_add_array (g.k, LIR_ARR_WS_FLAG, LIR_U8, -1, -1, -1);
      g.ws_list = lir_add_array (g.k, LIR_ARR_WS_LIST, LIR_I64, -1, -1, -1);
      s_call (&g, &top, LIR_CALL_WS_ALLOC, -1, -1, var_extent (&g, wv));
      g.nw = s_decl (&g, &top, LIR_I64, "nw", e_i (&g, 0));
    }
  if (s->acc[out].nidx == 0)
    g.acc = s_decl (&g, &top, et, "acc",
                    et == LIR_F64 || et == LIR_F32 ? lir_const_f (g.k, 0, et)
                                                   : e_i (&g, 0));

  for (int n = 0; n < sc->nnests && !g.err; n++)
    gen_nest (&g, n, &top);

  /* Epilogue.  */
  if (s->acc[out].nidx == 0)
    s_set (&g, &top, s->assign == IX_SET ? LIR_ASSIGN : LIR_ACCUM, LIR_ADD,
           -1, -1, -1, o, e_v (&g, g.acc));
  if (sparse_out)
    s_call (&g, &top, LIR_CALL_OUT_END, g.k->out_tensor, -1, -1);
  if (sc->nnests && sc->nest[0].out_mode == SCH_OUT_WORKSPACE)
    s_call (&g, &top, LIR_CALL_WS_FREE, -1, -1, -1);
  for (int t = 0; t < g.k->ntensors; t++)
    if (g.k->tensors[t].conv >= 0)
      s_call (&g, &top, LIR_CALL_FREE, t, -1, -1);
  g.k->body = top.first;
  if (g.err || g.k->failed)
    {
      if (!g.err)
        gfail (&g, "out of memory");
      lir_free (g.k);
      return NULL;
    }
  return g.k;
}
