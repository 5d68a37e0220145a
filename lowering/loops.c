/* loops.c -- the loop IR's containers, constructors and dumper.  */

#include <stdlib.h>
#include <string.h>
#include "loops.h"
#include "mathfn.h"

const lir_op_info lir_ops[LIR_NOPS] = {
  [LIR_CONST] = { "const", "", 0, 16 },
  [LIR_VARREF] = { "var", "", 0, 16 },
  [LIR_LOAD] = { "load", "", 0, 16 },
  [LIR_SCALAR] = { "scalar", "", 0, 16 },
  [LIR_DIM] = { "dim", "", 0, 16 },
  [LIR_LVSIZE] = { "lvsize", "", 0, 16 },
  [LIR_PICK] = { "pick", "", 0, 16 },
  [LIR_NEG] = { "neg", "-", 1, 14 },
  [LIR_NOT] = { "not", "!", 1, 14 },
  [LIR_ADD] = { "add", "+", 2, 12 },
  [LIR_SUB] = { "sub", "-", 2, 12 },
  [LIR_MUL] = { "mul", "*", 2, 13 },
  [LIR_DIV] = { "div", "/", 2, 13 },
  [LIR_LT] = { "lt", "<", 2, 10 },
  [LIR_LE] = { "le", "<=", 2, 10 },
  [LIR_EQ] = { "eq", "==", 2, 9 },
  [LIR_AND] = { "and", "&&", 2, 5 },
  [LIR_MIN] = { "min", "min", 2, 16 },
  [LIR_MASK] = { "mask", "mask", 2, 16 },
  [LIR_BOR] = { "bor", "bor", 2, 16 },
  [LIR_SPLAT] = { "splat", "splat", 1, 16 },
  [LIR_SEL] = { "sel", "?", 2, 3 },
  [LIR_ABS] = { "abs", "abs", 1, 16 },
  [LIR_CAST] = { "cast", "", 1, 14 },
  [LIR_MOD] = { "mod", "%", 2, 13 },
  [LIR_OR] = { "or", "||", 2, 4 },
  [LIR_THREAD] = { "thread", "", 0, 16 },
  [LIR_NTHREADS] = { "nthreads", "", 0, 16 },
  [LIR_RTCALL] = { "call", "", 0, 16 },
  [LIR_ARG] = { "arg", "", 0, 16 },
  [LIR_ADDR] = { "addr", "&", 0, 14 },
  [LIR_FETCH_INC] = { "fetch_inc", "", 0, 16 },
  [LIR_NVALS] = { "nvals", "", 0, 16 },
  [LIR_HANDLE] = { "handle", "", 0, 16 },
  [LIR_MATH] = { "math", "", 1, 16 },
};

const lir_rt_info lir_rts[LIR_RT_MAX] = {
#define DEF_SPARSE_RT(ID, NAME, SIGNATURE, FLAGS) { NAME, SIGNATURE },
#include "rt-entries.def"
#undef DEF_SPARSE_RT
};

const char *
lir_type_name (lir_type t)
{
  static const char *const names[] = { "int8_t", "int16_t", "int32_t",
                                       "int64_t", "void *" };
  return t < (lir_type) IX_NTYPES ? ix_types[t].spell
                                  : names[t - LIR_IDX8];
}

int
lir_type_size (lir_type t)
{
  static const int sizes[] = { 1, 2, 4, 8, (int) sizeof (void *) };
  if (t < (lir_type) IX_NTYPES)
    return t == LIR_BOOL ? (int) sizeof (_Bool) : ix_types[t].bits / 8;
  return sizes[t - LIR_IDX8];
}

/* Make room for one more element of size SIZE in *ARR (N used, *CAP
   allocated).  */
static int
grow (lir_kernel *k, void **arr, int n, int *cap, size_t size)
{
  if (n < *cap)
    return 0;
  int nc = *cap ? 2 * *cap : 64;
  void *p = realloc (*arr, (size_t) nc * size);
  if (!p)
    {
      k->failed = 1;
      return -1;
    }
  *arr = p;
  *cap = nc;
  return 0;
}

lir_kernel *
lir_new (const ix_sched *sc)
{
  lir_kernel *k = calloc (1, sizeof *k);
  if (!k)
    return NULL;
  k->sc = sc;
  k->body = -1;
  k->frame_pre = k->frame_post = -1;
  k->out_tensor = -1;
  k->bound_loop = -1;
  k->count_block = k->count_loop = -1;
  k->par_build_loop = -1;
  k->bound_sum_var = -1;
  for (int l = 0; l < SP_MAX_LEVELS; l++)
    k->count_var[l] = -1;
  return k;
}

void
lir_free (lir_kernel *k)
{
  if (!k)
    return;
  free (k->vars);
  free (k->arrays);
  free (k->exprs);
  free (k->stmts);
  free (k->own_sc);
  free (k);
}

int
lir_add_var (lir_kernel *k, lir_type type, const char *name)
{
  char base[40];
  snprintf (base, sizeof base, "%s", name);
  if (grow (k, (void **) &k->vars, k->nvars, &k->cap_vars, sizeof *k->vars))
    return -1;
  lir_var *v = &k->vars[k->nvars];
  memset (v, 0, sizeof *v);
  v->type = type;
  snprintf (v->name, sizeof v->name, "%s", base);
  /* Unique names, distinct from the operands': a suffix on clashes.  */
  for (int n = 2;; n++)
    {
      int clash = 0;
      for (int u = 0; u < k->nvars && !clash; u++)
        clash = strcmp (k->vars[u].name, v->name) == 0;
      for (int o = 0; o < k->sc->st.nopds && !clash; o++)
        clash = strcmp (k->sc->st.opd[o].name, v->name) == 0;
      if (!clash)
        break;
      snprintf (v->name, sizeof v->name, "%.28s_%d", base, n);
    }
  return k->nvars++;
}

/* The array of K like X, made when there is none yet.  */
static int
array_like (lir_kernel *k, const lir_array *x)
{
  for (int a = 0; a < k->narrays; a++)
    {
      const lir_array *y = &k->arrays[a];
      if (x->kind == y->kind && x->tensor == y->tensor
          && x->level == y->level && x->opd == y->opd && x->var == y->var
          && (x->kind != LIR_ARR_AT || x->type == y->type))
        return a;
    }
  if (grow (k, (void **) &k->arrays, k->narrays, &k->cap_arrays,
            sizeof *k->arrays))
    return -1;
  k->arrays[k->narrays] = *x;
  return k->narrays++;
}

int
lir_add_array (lir_kernel *k, lir_array_kind kind, lir_type type, int tensor,
               int level, int opd)
{
  lir_array x = { kind, type, tensor, level, opd, -1 };
  return array_like (k, &x);
}

int
lir_add_array_at (lir_kernel *k, lir_type type, int var)
{
  lir_array x = { LIR_ARR_AT, type, -1, -1, -1, var };
  return array_like (k, &x);
}

static int
new_expr (lir_kernel *k, lir_op op, lir_type type)
{
  if (grow (k, (void **) &k->exprs, k->nexprs, &k->cap_exprs,
            sizeof *k->exprs))
    return -1;
  lir_expr *e = &k->exprs[k->nexprs];
  memset (e, 0, sizeof *e);
  e->op = op;
  e->type = type;
  e->a = e->b = e->var = e->array = e->opd = e->tensor = -1;
  return k->nexprs++;
}

int
lir_const_i (lir_kernel *k, int64_t v)
{
  int e = new_expr (k, LIR_CONST, LIR_I64);
  if (e >= 0)
    k->exprs[e].ival = v;
  return e;
}

int
lir_const_f (lir_kernel *k, double v, lir_type type)
{
  int e = new_expr (k, LIR_CONST, type);
  if (e >= 0)
    {
      k->exprs[e].fval = v;
      /* Converting a double outside int64's range is undefined.  */
      k->exprs[e].ival = v > -0x1p63 && v < 0x1p63 ? (int64_t) v : 0;
    }
  return e;
}

int
lir_ref (lir_kernel *k, int var)
{
  if (var < 0)
    return -1;
  int e = new_expr (k, LIR_VARREF, k->vars[var].type);
  if (e >= 0)
    {
      k->exprs[e].var = var;
      k->exprs[e].lanes = k->vars[var].lanes;
    }
  return e;
}

int
lir_load (lir_kernel *k, int array, int index)
{
  if (array < 0 || index < 0)
    return -1;
  lir_type t = k->arrays[array].type;
  /* Index arrays load as int64_t.  */
  int e = new_expr (k, LIR_LOAD, t >= LIR_IDX8 ? LIR_I64 : t);
  if (e >= 0)
    {
      k->exprs[e].array = array;
      k->exprs[e].a = index;
    }
  return e;
}

int
lir_unary (lir_kernel *k, lir_op op, int a)
{
  if (a < 0)
    return -1;
  int e = new_expr (k, op, op == LIR_NOT ? LIR_I32 : k->exprs[a].type);
  if (e >= 0)
    {
      k->exprs[e].a = a;
      k->exprs[e].lanes = k->exprs[a].lanes;
    }
  return e;
}

int
lir_cast (lir_kernel *k, int a, lir_type type)
{
  if (a < 0)
    return -1;
  int e = new_expr (k, LIR_CAST, type);
  if (e >= 0)
    k->exprs[e].a = a;
  return e;
}

int
lir_math (lir_kernel *k, int fn, lir_type type, int a)
{
  if (a >= 0 && k->exprs[a].type != type)
    a = lir_cast (k, a, type);
  if (a < 0)
    return -1;
  int e = new_expr (k, LIR_MATH, type);
  if (e >= 0)
    {
      k->exprs[e].a = a;
      k->exprs[e].ival = fn;
    }
  return e;
}

_Static_assert ((int) LIR_BOOL == (int) IX_BOOL
                && (int) LIR_IDX8 == (int) IX_NTYPES,
                "the loop IR numbers the values' types as ix_type does");

/* The core's type of a value of type T: its own, or an index array's
   element's.  */
static ix_type
arith_element_type (lir_type t)
{
  static const ix_type idx[] = { IX_I8, IX_I16, IX_I32, IX_I64 };
  if (t < (lir_type) IX_NTYPES)
    return (ix_type) t;
  return t <= LIR_IDX64 ? idx[t - LIR_IDX8] : IX_I64;
}

lir_type
lir_arith_type (lir_type a, lir_type b)
{
  return (lir_type) ix_arith_type (arith_element_type (a),
                                   arith_element_type (b));
}

int
lir_binary (lir_kernel *k, lir_op op, int a, int b)
{
  if (a < 0 || b < 0)
    return -1;
  lir_type t = (op >= LIR_LT && op <= LIR_AND) || op == LIR_OR ? LIR_I32
               : op == LIR_MASK || op == LIR_SEL ? k->exprs[b].type
               : lir_arith_type (k->exprs[a].type, k->exprs[b].type);
  int e = new_expr (k, op, t);
  if (e >= 0)
    {
      k->exprs[e].a = a;
      k->exprs[e].b = b;
      k->exprs[e].lanes = k->exprs[a].lanes > k->exprs[b].lanes
                          ? k->exprs[a].lanes : k->exprs[b].lanes;
    }
  return e;
}

int
lir_args (lir_kernel *k, int n, const int *values)
{
  int chain = -1;
  for (int i = n - 1; i >= 0; i--)
    {
      if (values[i] < 0)
        return -1;
      int arg = new_expr (k, LIR_ARG, k->exprs[values[i]].type);
      if (arg < 0)
        return -1;
      k->exprs[arg].a = values[i];
      k->exprs[arg].b = chain;
      chain = arg;
    }
  return chain;
}

int
lir_rtcall (lir_kernel *k, lir_rt fn, int nargs, const int *args)
{
  static const struct { char letter; lir_type type; } results[] = {
    { 'd', LIR_F64 }, { 'l', LIR_I64 }, { 'p', LIR_PTR }, { 'c', LIR_PTR }
  };
  lir_type t = LIR_I32;
  for (size_t r = 0; r < sizeof results / sizeof results[0]; r++)
    if (lir_rts[fn].signature[0] == results[r].letter)
      t = results[r].type;
  int chain = lir_args (k, nargs, args);
  if (nargs && chain < 0)
    return -1;
  int e = new_expr (k, LIR_RTCALL, t);
  if (e >= 0)
    {
      k->exprs[e].ival = fn;
      k->exprs[e].a = chain;
    }
  return e;
}

int
lir_addr (lir_kernel *k, int array, int index)
{
  if (array < 0 || index < 0)
    return -1;
  int e = new_expr (k, LIR_ADDR, LIR_PTR);
  if (e >= 0)
    {
      k->exprs[e].array = array;
      k->exprs[e].a = index;
    }
  return e;
}

int
lir_fetch_inc (lir_kernel *k, int var)
{
  if (var < 0)
    return -1;
  int e = new_expr (k, LIR_FETCH_INC, k->vars[var].type);
  if (e >= 0)
    k->exprs[e].var = var;
  return e;
}

int
lir_vload (lir_kernel *k, int array, int index, int lanes)
{
  int e = lir_load (k, array, index);
  if (e >= 0)
    k->exprs[e].lanes = lanes;
  return e;
}

int
lir_splat (lir_kernel *k, int a, lir_type type, int lanes)
{
  int e = lir_unary (k, LIR_SPLAT, a);
  if (e >= 0)
    {
      k->exprs[e].type = type;
      k->exprs[e].lanes = lanes;
    }
  return e;
}

int
lir_leaf (lir_kernel *k, lir_op op, lir_type type, int opd, int tensor,
          int dim)
{
  int e = new_expr (k, op, type);
  if (e >= 0)
    {
      k->exprs[e].opd = opd;
      k->exprs[e].tensor = tensor;
      k->exprs[e].dim = dim;
    }
  return e;
}

int
lir_stmt_new (lir_kernel *k, lir_kind kind)
{
  if (grow (k, (void **) &k->stmts, k->nstmts, &k->cap_stmts,
            sizeof *k->stmts))
    return -1;
  lir_stmt *s = &k->stmts[k->nstmts];
  memset (s, 0, sizeof *s);
  s->kind = kind;
  s->next = s->var = s->a = s->b = s->body = s->else_ = -1;
  s->to.var = s->to.array = s->to.index = s->to.opd = -1;
  s->array = s->tensor = -1;
  s->sum_array = s->sum_count = -1;
  s->balance[0] = s->balance[1] = -1;
  return k->nstmts++;
}

int
lir_copy_block (lir_kernel *k, int first)
{
  int head = -1, last = -1;
  for (int id = first; id >= 0 && !k->failed; id = k->stmts[id].next)
    {
      int body = lir_copy_block (k, k->stmts[id].body);
      int else_ = lir_copy_block (k, k->stmts[id].else_);
      int c = lir_stmt_new (k, LIR_DECL);
      if (c < 0)
        return -1;
      k->stmts[c] = k->stmts[id];
      k->stmts[c].next = -1;
      k->stmts[c].body = body;
      k->stmts[c].else_ = else_;
      k->stmts[c].parallel = LIR_PAR_NONE;
      k->stmts[c].sum_array = k->stmts[c].sum_count = -1;
      k->stmts[c].balance[0] = k->stmts[c].balance[1] = -1;
      if (last >= 0)
        k->stmts[last].next = c;
      else
        head = c;
      last = c;
    }
  return k->failed ? -1 : head;
}

int
lir_visit (const lir_kernel *k, const int *first, int nfirst,
           int (*fn) (const lir_kernel *, int, void *), void *ctx)
{
  enum { DEPTH = 64 };
  int stack[DEPTH], sp = 0;
  for (int b = nfirst - 1; b >= 0; b--)
    if (first[b] >= 0)
      {
        if (sp == DEPTH)
          return -1;
        stack[sp++] = first[b];
      }
  while (sp > 0)
    for (int id = stack[--sp]; id >= 0; id = k->stmts[id].next)
      {
        const lir_stmt *x = &k->stmts[id];
        int r = fn (k, id, ctx);
        if (r)
          return r;
        if (x->kind != LIR_FOR && x->kind != LIR_WHILE && x->kind != LIR_IF
            && x->kind != LIR_REGION)
          continue;
        if (sp + 2 > DEPTH)
          return -1;
        if (x->body >= 0)
          stack[sp++] = x->body;
        if (x->else_ >= 0)
          stack[sp++] = x->else_;
      }
  return 0;
}

/* -------------------------------------------------------------------- */
/* Reductions of a parallel loop.  */

typedef struct red_walk
{
  char *inside;       /* per variable: 1 declared in the body, 2 summed */
  int *vars, n, max;
} red_walk;

static int
red_stmt (const lir_kernel *k, int id, void *ctx)
{
  red_walk *w = ctx;
  const lir_stmt *x = &k->stmts[id];
  int v = x->to.var;
  switch (x->kind)
    {
    case LIR_DECL:
      if (x->var < 0 || x->var >= k->nvars)
        return 1;
      w->inside[x->var] = 1;
      return 0;
    case LIR_ASSIGN:
    case LIR_ACCUM:
      if (x->to.opd >= 0)
        return 1;
      if (v < 0)      /* an array's element */
        return 0;
      if (v >= k->nvars)
        return 1;
      if (w->inside[v] == 1)
        return 0;
      /* An outer variable: a sum, the same one each time.  */
      if (x->kind != LIR_ACCUM || (x->op != LIR_ADD && x->op != LIR_SUB))
        return 1;
      if (w->inside[v] == 2)
        return 0;
      if (w->n == w->max)
        return 1;
      w->inside[v] = 2;
      w->vars[w->n++] = v;
      return 0;
    case LIR_FOR:
      return x->var < 0 || x->var >= k->nvars || w->inside[x->var] != 1;
    case LIR_WHILE:
    case LIR_IF:
    case LIR_PREFETCH:
      return 0;
    default:
      return 1;
    }
}

/* Whether expression E of K reads a variable W marks summed.  */
static int
reads_sum (const lir_kernel *k, int e, const red_walk *w)
{
  if (e < 0 || e >= k->nexprs)
    return 0;
  const lir_expr *x = &k->exprs[e];
  if (x->op == LIR_VARREF && x->var >= 0 && x->var < k->nvars
      && w->inside[x->var] == 2)
    return 1;
  return reads_sum (k, x->a, w) || reads_sum (k, x->b, w);
}

/* A statement of the body (one red_stmt let through, whose A and B are
   expressions) that reads a sum: each thread would read its own.  */
static int
sum_read (const lir_kernel *k, int id, void *ctx)
{
  const red_walk *w = ctx;
  const lir_stmt *x = &k->stmts[id];
  return reads_sum (k, x->a, w) || reads_sum (k, x->b, w)
         || (x->to.array >= 0 && reads_sum (k, x->to.index, w));
}

int
lir_reductions (const lir_kernel *k, const lir_stmt *s, int *vars, int max)
{
  red_walk w = { calloc ((size_t) k->nvars + 1, 1), vars, 0, max };
  if (!w.inside)
    return -1;
  int bad = lir_visit (k, &s->body, 1, red_stmt, &w);
  if (!bad && w.n)
    bad = lir_visit (k, &s->body, 1, sum_read, &w);
  free (w.inside);
  return bad ? -1 : w.n;
}

/* Whether expression E of K loads an element of ARRAY.  */
static int
loads (const lir_kernel *k, int e, int array)
{
  if (e < 0 || e >= k->nexprs)
    return 0;
  const lir_expr *x = &k->exprs[e];
  return (x->op == LIR_LOAD && x->array == array) || loads (k, x->a, array)
         || loads (k, x->b, array);
}

typedef struct array_walk
{
  int array;          /* the one summed into, -1 before, -2 when bad */
  int pass;           /* 0: find it; 1: look for reads of it */
} array_walk;

static int
array_stmt (const lir_kernel *k, int id, void *ctx)
{
  array_walk *w = ctx;
  const lir_stmt *x = &k->stmts[id];
  if (w->pass)
    return loads (k, x->a, w->array) || loads (k, x->b, w->array)
           || (x->to.array >= 0 && loads (k, x->to.index, w->array))
           ? (w->array = -2) : 0;
  if ((x->kind != LIR_ASSIGN && x->kind != LIR_ACCUM) || x->to.array < 0)
    return 0;
  if (x->kind != LIR_ACCUM || (x->op != LIR_ADD && x->op != LIR_SUB)
      || (w->array >= 0 && w->array != x->to.array))
    return w->array = -2;
  w->array = x->to.array;
  return 0;
}

int
lir_array_sum (const lir_kernel *k, const lir_stmt *s)
{
  array_walk w = { -1, 0 };
  if (lir_visit (k, &s->body, 1, array_stmt, &w))
    return -2;
  if (w.array >= 0)
    {
      w.pass = 1;
      if (lir_visit (k, &s->body, 1, array_stmt, &w))
        return -2;
    }
  return w.array;
}

/* -------------------------------------------------------------------- */
/* Dump.  */

static void
dump_array (const lir_kernel *k, int a, FILE *f)
{
  const lir_array *x = &k->arrays[a];
  const char *tn = x->tensor >= 0 ? k->tensors[x->tensor].name : "";
  switch (x->kind)
    {
    case LIR_ARR_POS:
      fprintf (f, "%s.pos%d", tn, x->level);
      break;
    case LIR_ARR_CRD:
      fprintf (f, "%s.crd%d", tn, x->level);
      break;
    case LIR_ARR_VALS:
      fprintf (f, "%s.vals", tn);
      break;
    case LIR_ARR_DENSE:
      fprintf (f, "%s", k->sc->st.opd[x->opd].name);
      break;
    case LIR_ARR_WS:
      fprintf (f, "ws");
      break;
    case LIR_ARR_WS_FLAG:
      fprintf (f, "ws_flag");
      break;
    case LIR_ARR_WS_LIST:
      fprintf (f, "ws_list");
      break;
    case LIR_ARR_OUT_VALS:
      fprintf (f, "%s.new_vals", tn);
      break;
    case LIR_ARR_AT:
      fprintf (f, "%s@", k->vars[x->var].name);
      break;
    }
}

static void
dump_expr (const lir_kernel *k, int e, int ctx, FILE *f)
{
  const lir_expr *x = &k->exprs[e];
  const lir_op_info *info = &lir_ops[x->op];
  int paren = info->prec < ctx;
  if (paren)
    fputc ('(', f);
  switch (x->op)
    {
    case LIR_CONST:
      if (x->type == LIR_F64 || x->type == LIR_F32)
        fprintf (f, "%.17g", x->fval);
      else
        fprintf (f, "%lld", (long long) x->ival);
      break;
    case LIR_VARREF:
      fprintf (f, "%s", k->vars[x->var].name);
      break;
    case LIR_LOAD:
      dump_array (k, x->array, f);
      fputc ('[', f);
      dump_expr (k, x->a, 0, f);
      if (x->lanes > 1)
        fprintf (f, " :%d", x->lanes);
      fputc (']', f);
      break;
    case LIR_SPLAT:
      fprintf (f, "splat%d(", x->lanes);
      dump_expr (k, x->a, 0, f);
      fputc (')', f);
      break;
    case LIR_SCALAR:
      fprintf (f, "%s", k->sc->st.opd[x->opd].name);
      break;
    case LIR_DIM:
      fprintf (f, "dim(%s,%d)", k->sc->st.opd[x->opd].name, x->dim);
      break;
    case LIR_LVSIZE:
      fprintf (f, "%s.size%d", k->tensors[x->tensor].name, x->dim);
      break;
    case LIR_PICK:
      fprintf (f, "pick(%s.level%d, %s.level%lld)", k->tensors[x->tensor].name,
               x->dim, k->tensors[x->opd].name, (long long) x->ival);
      break;
    case LIR_MIN:
    case LIR_MASK:
    case LIR_BOR:
      fprintf (f, "%s(", info->name);
      dump_expr (k, x->a, 0, f);
      fprintf (f, ", ");
      dump_expr (k, x->b, 0, f);
      fputc (')', f);
      break;
    case LIR_ABS:
      fprintf (f, "abs(");
      dump_expr (k, x->a, 0, f);
      fputc (')', f);
      break;
    case LIR_MATH:
      {
        char fn[24];
        ix_num num = { (ix_type) x->type, x->ival, 0 };
        fprintf (f, "%s(", mathfn_name (num, fn, sizeof fn));
        dump_expr (k, x->a, 0, f);
        fputc (')', f);
      }
      break;
    case LIR_THREAD:
    case LIR_NTHREADS:
      fprintf (f, "%s()", info->name);
      break;
    case LIR_RTCALL:
      fprintf (f, "%s (", lir_rts[x->ival].name);
      for (int arg = x->a; arg >= 0; arg = k->exprs[arg].b)
        {
          dump_expr (k, k->exprs[arg].a, 0, f);
          if (k->exprs[arg].b >= 0)
            fprintf (f, ", ");
        }
      fputc (')', f);
      break;
    case LIR_ADDR:
      fputc ('&', f);
      dump_array (k, x->array, f);
      fputc ('[', f);
      dump_expr (k, x->a, 0, f);
      fputc (']', f);
      break;
    case LIR_FETCH_INC:
      fprintf (f, "fetch_inc(%s)", k->vars[x->var].name);
      break;
    case LIR_NVALS:
      fprintf (f, "%s.nvals", k->tensors[x->tensor].name);
      break;
    case LIR_HANDLE:
      fprintf (f, "%s", x->tensor < 0 ? k->sc->st.opd[x->opd].name
                        : k->tensors[x->tensor].name);
      break;
    case LIR_CAST:
      fprintf (f, "(%s) ", lir_type_name (x->type));
      dump_expr (k, x->a, info->prec, f);
      break;
    case LIR_SEL:
      dump_expr (k, x->a, info->prec + 1, f);
      fprintf (f, " ? ");
      dump_expr (k, x->b, info->prec, f);
      fprintf (f, " : 0");
      break;
    default:
      if (info->arity == 1)
        {
          fprintf (f, "%s", info->spell);
          dump_expr (k, x->a, info->prec, f);
        }
      else
        {
          dump_expr (k, x->a, info->prec, f);
          fprintf (f, " %s ", info->spell);
          dump_expr (k, x->b, info->prec + 1, f);
        }
      break;
    }
  if (paren)
    fputc (')', f);
}

static void
dump_target (const lir_kernel *k, const lir_target *t, FILE *f)
{
  if (t->var >= 0)
    fprintf (f, "%s", k->vars[t->var].name);
  else if (t->array >= 0)
    {
      dump_array (k, t->array, f);
      fputc ('[', f);
      dump_expr (k, t->index, 0, f);
      fputc (']', f);
    }
  else
    fprintf (f, "%s", k->sc->st.opd[t->opd].name);
}

static void dump_block (const lir_kernel *k, int s, int ind, FILE *f);

static void
dump_stmt (const lir_kernel *k, int id, int ind, FILE *f)
{
  static const char *const calls[] = { "assemble", "convert", "free",
                                       "store",
                                       "out_begin", "out_end",
                                       "out_reserve", "out_fix",
                                       "cursor_open", "cursor_close",
                                       "out_room",
                                       "ws_alloc", "ws_free", "sort",
                                       "load", "out_part" };
  const lir_stmt *s = &k->stmts[id];
  fprintf (f, "%*s", ind, "");
  switch (s->kind)
    {
    case LIR_DECL:
      fprintf (f, "%s", lir_type_name (k->vars[s->var].type));
      if (k->vars[s->var].lanes > 1)
        fprintf (f, " x%d", k->vars[s->var].lanes);
      fprintf (f, " %s", k->vars[s->var].name);
      if (s->a >= 0)
        {
          fprintf (f, " = ");
          dump_expr (k, s->a, 0, f);
        }
      fprintf (f, ";\n");
      break;
    case LIR_ASSIGN:
    case LIR_ACCUM:
      dump_target (k, &s->to, f);
      fprintf (f, " %s ", s->kind == LIR_ASSIGN ? "="
               : s->op == LIR_SUB ? "-=" : "+=");
      dump_expr (k, s->a, 0, f);
      fprintf (f, ";\n");
      break;
    case LIR_FOR:
      fprintf (f, "%sfor (%s = ", s->parallel == LIR_PAR_MARKED ? "parallel "
               : "",
               k->vars[s->var].name);
      dump_expr (k, s->down ? s->b : s->a,
                 s->down ? lir_ops[LIR_SUB].prec + 1 : 0, f);
      fprintf (f, "%s; %s %s ", s->down ? " - 1" : "", k->vars[s->var].name,
               s->down ? ">=" : "<");
      dump_expr (k, s->down ? s->a : s->b, 0, f);
      fprintf (f, "; %s%s)\n", k->vars[s->var].name, s->down ? "--" : "++");
      dump_block (k, s->body, ind, f);
      break;
    case LIR_WHILE:
      fprintf (f, "while (");
      dump_expr (k, s->a, 0, f);
      fprintf (f, ")\n");
      dump_block (k, s->body, ind, f);
      break;
    case LIR_IF:
      fprintf (f, "if (");
      dump_expr (k, s->a, 0, f);
      fprintf (f, ")\n");
      dump_block (k, s->body, ind, f);
      if (s->else_ >= 0)
        {
          fprintf (f, "%*selse\n", ind, "");
          dump_block (k, s->else_, ind, f);
        }
      break;
    case LIR_APPEND:
      fprintf (f, "%s = append (level %d, parent ", k->vars[s->var].name,
               s->level);
      dump_expr (k, s->a, 0, f);
      fprintf (f, ", coordinate ");
      dump_expr (k, s->b, 0, f);
      fprintf (f, ");\n");
      break;
    case LIR_APPEND_RUN:
      fprintf (f, "%s = append run (level %d, parent ", k->vars[s->var].name,
               s->level);
      dump_expr (k, s->b, 0, f);
      fprintf (f, ", coordinates ");
      dump_array (k, s->array, f);
      fprintf (f, ", count ");
      dump_expr (k, s->a, 0, f);
      fprintf (f, ");\n");
      break;
    case LIR_PREFETCH:
      fprintf (f, "prefetch (");
      dump_array (k, s->array, f);
      fprintf (f, "[");
      dump_expr (k, s->a, 0, f);
      fprintf (f, "]);\n");
      break;
    case LIR_ZERO:
      fprintf (f, "zero (");
      dump_array (k, s->array, f);
      fprintf (f, ", ");
      dump_expr (k, s->a, 0, f);
      fprintf (f, ");\n");
      break;
    case LIR_REGION:
      fprintf (f, "region");
      for (int arg = s->b; arg >= 0; arg = k->exprs[arg].b)
        {
          fprintf (f, " sum ");
          dump_expr (k, k->exprs[arg].a, 0, f);
        }
      fputc ('\n', f);
      dump_block (k, s->body, ind, f);
      break;
    case LIR_BARRIER:
      fprintf (f, "barrier;\n");
      break;
    case LIR_EVAL:
      dump_expr (k, s->a, 0, f);
      fprintf (f, ";\n");
      break;
    case LIR_CALL:
      fprintf (f, "%s (", calls[s->fn]);
      if (s->tensor >= 0)
        fprintf (f, "%s", k->tensors[s->tensor].name);
      if (s->array >= 0)
        dump_array (k, s->array, f);
      for (int e = 0; e < 2; e++)
        if ((e ? s->b : s->a) >= 0)
          {
            fprintf (f, ", ");
            dump_expr (k, e ? s->b : s->a, 0, f);
          }
      if (s->fn == LIR_CALL_CURSOR_OPEN)
        fprintf (f, "level %d", s->level);
      fprintf (f, ");\n");
      if (s->body >= 0)
        {
          fprintf (f, "%*sunless room, count into %s:\n", ind, "",
                   k->vars[s->var].name);
          dump_block (k, s->body, ind, f);
        }
      break;
    }
}

static void
dump_block (const lir_kernel *k, int s, int ind, FILE *f)
{
  fprintf (f, "%*s{\n", ind, "");
  for (; s >= 0; s = k->stmts[s].next)
    dump_stmt (k, s, ind + 2, f);
  fprintf (f, "%*s}\n", ind, "");
}

void
lir_dump (const lir_kernel *k, FILE *f)
{
  int top[3] = { k->frame_pre, k->body, k->frame_post };
  for (int c = 0; c < 3; c++)
    for (int s = top[c]; s >= 0; s = k->stmts[s].next)
      dump_stmt (k, s, 0, f);
  if (k->count_block < 0)
    return;
  fputs ("counting pass:\n", f);
  for (int s = k->count_block; s >= 0; s = k->stmts[s].next)
    dump_stmt (k, s, 0, f);
}

int
lir_prologue_call (const lir_stmt *s)
{
  return s->kind == LIR_CALL
         && (s->fn == LIR_CALL_CONVERT || s->fn == LIR_CALL_ASSEMBLE
             || s->fn == LIR_CALL_OUT_BEGIN || s->fn == LIR_CALL_WS_ALLOC);
}
