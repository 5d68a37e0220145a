/* loopgen-dist.c -- a kernel's part when tagged operands are distributed
   over MPI ranks (sparse_kernel.h, sp_kdist_*).

   Every kernel first hands its tagged operands to sp_kdist_open, each
   with its role: 1 when the kernel's outermost loop walks the operand's
   first level, so that a rank can run the rows it holds; for a vector
   stored densely that the kernel reads only where a role-1 operand's
   level stores a coordinate, that operand and level (the runtime then
   fetches just those entries); 0 otherwise (the runtime gathers such an
   operand whole).  When the kernel can run by rows at all -- one nest
   whose outer loop is an index variable, an output that the rows write
   apart (a dense array or a tagged tensor whose first dimension that
   loop indexes) or a sum -- its outer loop is cut to the rank's block
   [lo, hi) the runtime gives, as a guard on the loop variable would cut
   it (a dense loop's bounds; a sorted level's positions, by binary
   search).  After the loops, a scalar sum is completed over the ranks
   and a dense C array's rows gathered; a tagged output is marked as
   distributed like the operands (or whole).  For a program that never
   distributes a tensor, sp_kdist_open returns NULL and the block is the
   whole extent.  */

#include "level_types.h"
#include "loopgen-int.h"
#include "sparse_kernel.h"

/* Whether access A's level 0 may have its range cut by coordinate: a
   dense level, or one a binary search can enter.  */
static int
cuttable (const gen *g, int a)
{
  const sp_format *f = &g->k->tensors[g->tensor_of[a]].fmt;
  return (sp_lvl_is_dense (f->lv[0].type) && f->lv[0].kind == SP_LX_VAR)
         || lg_searchable (g, a, 0);
}

/* Whether access A is only written: the output of a plain =, which the
   kernel builds afresh (an update in place reads it too).  */
static int
written_only (const gen *g, int a)
{
  return a == g->s->out && g->s->assign == IX_SET && g->s->inplace < 0;
}

/* Whether the output is a tagged array stored densely, unconverted.  */
static int
dense_tagged_out (const gen *g)
{
  int out = g->s->out;
  return g->s->opd[g->s->acc[out].opd].tagged && g->sc->conv_of[out] < 0
         && sp_format_dense_upto (&g->sc->fmt[out], g->sc->fmt[out].nlevels);
}

/* Whether the kernel's output rows are written apart by its outer loop
   variable V: then each rank may compute its own.  */
static int
output_by_rows (const gen *g, int v)
{
  const ix_stmt *s = g->s;
  const ix_access *out = &s->acc[s->out];
  const ix_operand *o = &s->opd[out->opd];
  const sch_nest *nest = &g->sc->nest[0];
  if (s->carried)
    return 0;
  if (dense_tagged_out (g))
    {
      const sp_format *f = &g->sc->fmt[s->out];
      return out->nidx > 0 && f->lv[0].kind == SP_LX_VAR
             && out->var[f->lv[0].dim] == v;
    }
  if (s->inplace >= 0)
    return 0;
  if (out->nidx == 0)
    /* A scalar: the right-hand side is the sum over V, which ranks can
       split; not a maximum, taken in the loops' order.  */
    return s->pick == IX_PICK_NONE && s->expr[s->rhs].op == IX_SUM
           && s->expr[s->rhs].var == v;
  if (!o->tagged)
    return nest->out_mode == SCH_OUT_DENSE && out->var[0] == v;
  const sp_format *f = &g->sc->fmt[s->out];
  return (nest->out_mode == SCH_OUT_APPEND
          || nest->out_mode == SCH_OUT_WORKSPACE)
         && g->sc->conv_of[s->out] < 0 && f->lv[0].kind == SP_LX_VAR
         && out->var[f->lv[0].dim] == v;
}

/* The outer loop variable when the kernel can run by rows, else -1.  */
static int
row_var (const gen *g)
{
  const ix_sched *sc = g->sc;
  if (sc->nnests != 1 || sc->nest[0].nloops < 1)
    return -1;
  int v = sc->nest[0].order[0];
  if (v >= g->s->nvars || sc->sv[v].kind != SCH_VAR || !output_by_rows (g, v))
    return -1;
  /* A loop running down (a sum in its order) runs whole on each rank.  */
  if (lg_runs_down (g, v))
    return -1;
  /* Every sparse level the outer loop walks must be cut to the block
     with it, whoever's it is; a loop variable a deeper level stores
     cannot be outermost for that access.  */
  for (int a = 0; a < g->s->naccs; a++)
    {
      if (g->tensor_of[a] < 0 || written_only (g, a))
        continue;
      const sp_format *f = &sc->fmt[a];
      for (int l = 1; l < f->nlevels; l++)
        if (sc->lvl_sv[a][l] == v)
          return -1;
      if (sc->lvl_sv[a][0] == v && !cuttable (g, a))
        return -1;
    }
  return v;
}

/* The role of tagged operand O (sparse_kernel.h) for outer variable V:
   every access of it reads it unconverted, its first level walked by V
   (a converted access reads a copy the kernel makes of the whole).  */
static int
role (const gen *g, int o, int v)
{
  if (v < 0)
    return 0;
  for (int a = 0; a < g->s->naccs; a++)
    if (g->s->acc[a].opd == o && !written_only (g, a)
        && (g->sc->conv_of[a] >= 0 || g->sc->lvl_sv[a][0] != v))
      return 0;
  return 1;
}

/* The leaf expression reading access A.  */
static int
leaf_of (const ix_stmt *s, int a)
{
  for (int e = 0; e < s->nexprs; e++)
    if (s->expr[e].op == IX_ACCESS && s->expr[e].access == a)
      return e;
  return -1;
}

/* The role of operand O (sparse_kernel.h) when O is stored densely and
   the kernel reads its rows (its first dimension) only at the
   coordinates of a level of an operand of role 1: every access of O at
   one summed variable W first, inside the sum over W, whose terms are
   zero wherever that operand's access is (so the loop over W visits the
   coordinates its level L >= 1 stores).  LIST[0 .. N) are the operands
   handed to the runtime, ROLES theirs.  0 when there is none.  */
static int
ghost_role (const gen *g, int o, const int *list, const int *roles, int n)
{
  const ix_stmt *s = g->s;
  const ix_sched *sc = g->sc;
  int w = -1;
  for (int a = 0; a < s->naccs; a++)
    if (s->acc[a].opd == o)
      {
        const sp_format *f = &sc->fmt[a];
        if (written_only (g, a) || sc->conv_of[a] >= 0 || !sp_format_dense_upto (f, f->nlevels)
            || f->lv[0].kind != SP_LX_VAR || f->lv[0].dim != 0
            || (w >= 0 && s->acc[a].var[0] != w))
          return 0;
        w = s->acc[a].var[0];
      }
  int sum = -1;
  for (int e = 0; e < s->nexprs; e++)
    if (s->expr[e].op == IX_SUM && s->expr[e].var == w)
      sum = e;
  if (sum < 0)
    return 0;
  int body = s->expr[sum].a;
  for (int a = 0; a < s->naccs; a++)
    if (s->acc[a].opd == o && !ix_expr_contains (s, body, leaf_of (s, a)))
      return 0;
  for (int u = 0; u < n; u++)
    for (int a = 0; roles[u] == 1 && a < s->naccs; a++)
      {
        if (s->acc[a].opd != list[u] || written_only (g, a)
            || !ix_zero_with (s, body, a))
          continue;
        for (int l = 1; l < sc->fmt[a].nlevels && l < SP_KDIST_LEVELS; l++)
          if (sc->lvl_sv[a][l] == w && !sp_lvl_is_dense (sc->fmt[a].lv[l].type))
            return 2 + SP_KDIST_LEVELS * u + l;
      }
  return 0;
}

/* Whether tagged operand O is read by the kernel (not only written).  */
static int
read_operand (const gen *g, int o)
{
  for (int a = 0; a < g->s->naccs; a++)
    if (g->s->acc[a].opd == o && !written_only (g, a))
      return g->s->opd[o].tagged;
  return 0;
}

static int
ctx_ref (gen *g)
{
  return lg_ref (g, g->dist_ctx);
}

void
lg_dist_open (gen *g, block *b)
{
  lir_kernel *k = g->k;
  int v = row_var (g);
  int args[1 + 2 * IX_MAX_OPERANDS], list[IX_MAX_OPERANDS];
  int roles[IX_MAX_OPERANDS], n = 0;
  for (int o = 0; o < g->s->nopds; o++)
    if (read_operand (g, o))
      {
        list[n] = o;
        roles[n++] = role (g, o, v);
      }
  for (int i = 0; i < n; i++)
    {
      if (roles[i] == 0 && v >= 0)
        roles[i] = ghost_role (g, list[i], list, roles, n);
      args[1 + 2 * i] = lir_leaf (k, LIR_HANDLE, LIR_PTR, list[i], -1, -1);
      args[2 + 2 * i] = lg_int (g, roles[i]);
    }
  args[0] = lg_int (g, n);
  int open = lir_rtcall (k, LIR_RT_KDIST_OPEN, 1 + 2 * n, args);
  g->dist_ctx = lg_decl (g, b, LIR_PTR, "sp_dctx", open);
  g->dist_lo = g->dist_hi = -1;
  g->dist_sum = 0;
  if (v < 0)
    return;
  int hi[2] = { ctx_ref (g), lg_loop_extent (g, v) };
  g->dist_lo = lg_decl (g, b, LIR_I64, "sp_dlo",
                        lir_rtcall (g->k, LIR_RT_KDIST_LO, 1, hi));
  g->dist_hi = lg_decl (g, b, LIR_I64, "sp_dhi",
                        lir_rtcall (g->k, LIR_RT_KDIST_HI, 2, hi));
  if (g->s->acc[g->s->out].nidx == 0)
    {
      lir_type et = lg_elem_type (g, g->s->acc[g->s->out].opd);
      /* Floating-point sums keep the serial order unless the program
         lets them reassociate.  */
      g->dist_sum = (et == LIR_F64 || et == LIR_F32) && !g->sc->reassoc
                    ? 2 : 1;
    }
}

/* The variable holding MAX (LO, X) or MIN (HI, X): X's variable when
   the other is absent.  */
static int
narrow (gen *g, block *b, int var, int x, int upper)
{
  if (var < 0)
    return x;
  int a = lg_ref (g, var), c = lg_ref (g, x);
  int v = upper ? lg_bin (g, LIR_MIN, a, c)
          : lg_bin (g, LIR_ADD, c,
                    lg_bin (g, LIR_SEL, lg_bin (g, LIR_LT, c, a),
                            lg_bin (g, LIR_SUB, a, c)));
  return lg_decl (g, b, LIR_I64, upper ? "sp_dhi_at" : "sp_dlo_at", v);
}

int
lg_dist_cut (gen *g, int d, block *b, int *lo, int *hi)
{
  if (d != 0 || g->n != 0 || g->dist_lo < 0)
    return 0;
  *lo = narrow (g, b, *lo, g->dist_lo, 0);
  *hi = narrow (g, b, *hi, g->dist_hi, 1);
  return 1;
}

void
lg_dist_bounds (gen *g, int d, lir_stmt *loop)
{
  if (d != 0 || g->n != 0 || g->dist_lo < 0)
    return;
  int lo = lg_ref (g, g->dist_lo), a = loop->a;
  const lir_expr *x = &g->k->exprs[a];
  /* The block starts at 0 or later.  */
  loop->a = x->op == LIR_CONST && x->ival == 0 ? lo
            : lg_bin (g, LIR_ADD, lo,
                      lg_bin (g, LIR_SEL, lg_bin (g, LIR_LT, lo, a),
                              lg_bin (g, LIR_SUB, a, lo)));
  loop->b = lg_bin (g, LIR_MIN, loop->b, lg_ref (g, g->dist_hi));
}

/* REG = the runtime's FN (ctx, REG), through a double.  */
static void
through (gen *g, block *b, lir_rt fn, int reg)
{
  lir_type t = g->k->vars[reg].type;
  int args[2] = { ctx_ref (g), lg_ref (g, reg) };
  if (t != LIR_F64)
    args[1] = lir_cast (g->k, args[1], LIR_F64);
  int v = lir_rtcall (g->k, fn, 2, args);
  lg_assign (g, b, reg, t != LIR_F64 ? lir_cast (g->k, v, t) : v);
}

void
lg_dist_chain_in (gen *g, int d, int reg, block *b)
{
  if (g->dist_sum == 2 && d == 0 && g->n == 0)
    through (g, b, LIR_RT_KDIST_CHAIN_IN_D, reg);
}

void
lg_dist_chain_out (gen *g, int d, int reg, block *b)
{
  if (g->dist_sum == 2 && d == 0 && g->n == 0)
    through (g, b, LIR_RT_KDIST_CHAIN_OUT_D, reg);
}

int
lg_dist_sum (gen *g, int val)
{
  if (g->dist_sum != 1)
    return val;
  lir_type t = g->k->exprs[val].type;
  int args[2] = { ctx_ref (g), val };
  if (t == LIR_F64 || t == LIR_F32)
    {
      if (t != LIR_F64)
        args[1] = lir_cast (g->k, val, LIR_F64);
      int v = lir_rtcall (g->k, LIR_RT_KDIST_SUM_D, 2, args);
      return t != LIR_F64 ? lir_cast (g->k, v, t) : v;
    }
  if (t != LIR_I64)
    args[1] = lir_cast (g->k, val, LIR_I64);
  int v = lir_rtcall (g->k, LIR_RT_KDIST_SUM_L, 2, args);
  return t != LIR_I64 ? lir_cast (g->k, v, t) : v;
}

static void
eval (gen *g, block *b, int e)
{
  int s = lir_stmt_new (g->k, LIR_EVAL);
  if (s < 0)
    return;
  g->k->stmts[s].a = e;
  lg_emit (g, b, s);
}

void
lg_dist_close (gen *g, block *b)
{
  lir_kernel *k = g->k;
  const ix_stmt *s = g->s;
  const ix_access *out = &s->acc[s->out];
  int o = out->opd;
  if (s->opd[o].tagged && (k->out_tensor >= 0 || dense_tagged_out (g)))
    {
      int args[2] = { ctx_ref (g),
                      lir_leaf (k, LIR_HANDLE, LIR_PTR, o, -1, -1) };
      eval (g, b, lir_rtcall (g->k, LIR_RT_KDIST_MARK, 2, args));
    }
  else if (!s->opd[o].tagged && out->nidx > 0 && g->dist_lo >= 0)
    {
      lir_type et = lg_elem_type (g, o);
      int arr = lir_add_array (k, LIR_ARR_DENSE, et, -1, -1, o);
      int row = lg_int (g, lir_type_size (et));
      for (int d = 1; d < out->nidx; d++)
        row = lg_bin (g, LIR_MUL, row, lg_opd_extent (g, o, d));
      int args[4] = { ctx_ref (g), lir_addr (k, arr, lg_int (g, 0)),
                      lg_opd_extent (g, o, 0), row };
      eval (g, b, lir_rtcall (g->k, LIR_RT_KDIST_ROWS, 4, args));
    }
  int args[1] = { ctx_ref (g) };
  eval (g, b, lir_rtcall (g->k, LIR_RT_KDIST_CLOSE, 1, args));
}
