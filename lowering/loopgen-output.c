/* loopgen-output.c -- scopes' computations and the output: dense stores,
   scalar registers, appends in order, the workspace and its flush.  */

#include <string.h>
#include "level_types.h"
#include "loopgen-int.h"

/* The sparse output's level L parent position (see LIR_APPEND).  */
static int
out_parent (gen *g, const state *st, int l)
{
  int out = g->s->out;
  const sp_format *f = &g->sc->fmt[out];
  if (l == 0)
    return lg_int (g, 0);
  if (sp_lvl_is_dense (f->lv[l - 1].type))
    return lg_ref (g, st->pos[out][l - 1]);
  return lg_ref (g, st->app[l - 1]);
}

static int
out_coord (gen *g, const state *st, int l)
{
  int out = g->s->out;
  const sp_format *f = &g->sc->fmt[out];
  return lg_ref (g, st->ix_val[g->s->acc[out].var[f->lv[l].dim]]);
}

/* The loops that follow append at most N entries at the output's last
   level, all under one parent (LIR_CALL_OUT_ROOM).  */
void
lg_out_room (gen *g, const state *st, block *b, int n)
{
  int last = g->sc->fmt[g->s->out].nlevels - 1;
  int s = lg_call (g, b, LIR_CALL_OUT_ROOM, -1, -1, n);
  if (s >= 0)
    g->k->stmts[s].b = out_parent (g, st, last);
}

/* An entry at level L with coordinate COORD into position variable VAR;
   in the counting pass, one more entry counted there (VAR set to 0: the
   entry exists).  */
static void
append_at (gen *g, const state *st, block *b, int l, int var, int coord)
{
  if (g->counting)
    {
      if (var >= 0)
        lg_assign (g, b, var, lg_int (g, 0));
      lg_set (g, b, LIR_ACCUM, LIR_ADD, g->k->count_var[l], -1, -1, -1,
              lg_int (g, 1));
      return;
    }
  int ap = lir_stmt_new (g->k, LIR_APPEND);
  if (ap < 0)
    return;
  g->k->stmts[ap].var = var;
  g->k->stmts[ap].level = l;
  g->k->stmts[ap].a = out_parent (g, st, l);
  g->k->stmts[ap].b = coord;
  lg_emit (g, b, ap);
}

/* Append the compressed levels above LAST for the current coordinates
   (each once), then an entry at LAST; returns its position variable (-1
   in the counting pass).  */
static int
append_entry (gen *g, state *st, block *b, int last, int coord)
{
  const sp_format *f = &g->sc->fmt[g->s->out];
  for (int l = 0; l < last; l++)
    {
      if (!sp_lvl_is_appendable (f->lv[l].type))
        continue;
      int fresh = lg_bin (g, LIR_LT, lg_ref (g, st->app[l]), lg_int (g, 0));
      int s = lg_compound (g, b, LIR_IF, fresh);
      block body = lg_block ();
      if (s < 0)
        return -1;
      append_at (g, st, &body, l, st->app[l], out_coord (g, st, l));
      g->k->stmts[s].body = body.first;
    }
  if (g->counting)
    {
      append_at (g, st, b, last, -1, coord);
      return -1;
    }
  int p = lg_decl (g, b, LIR_I64, "pout", -1);
  if (p >= 0)
    append_at (g, st, b, last, p, coord);
  return p;
}

/* The extent of the workspace: that of the output's last level.  */
int
lg_ws_extent (gen *g)
{
  const sp_format *f = &g->sc->fmt[g->s->out];
  return lg_var_extent (g, g->s->acc[g->s->out].var[f->lv[f->nlevels
                                                           - 1].dim]);
}

/* Whether the output's levels above its last are all dense: a row's
   entries then go in as one run.  */
int
lg_rows_dense (const gen *g)
{
  const sp_format *f = &g->sc->fmt[g->s->out];
  return sp_format_dense_upto (f, f->nlevels - 1);
}

/* Empty the workspace into the output, in coordinate order: in one run
   under a dense row, else entry by entry; in the counting pass, count
   its entries and clear its flags (under a dense row, nothing to do).  */
void
lg_flush (gen *g, state *st, block *b)
{
  const sp_format *f = &g->sc->fmt[g->s->out];
  int last = f->nlevels - 1, run = -1;
  lir_type et = lg_elem_type (g, g->s->acc[g->s->out].opd);
  if (!g->counting)
    {
      int sort = lg_call (g, b, LIR_CALL_SORT, -1, g->ws_list,
                          lg_ref (g, g->nw));
      if (sort >= 0)
        g->k->stmts[sort].b = lg_ws_extent (g);
    }
  if (lg_rows_dense (g) && g->counting)
    return;             /* counted as marked (lg_ws_add) */
  if (lg_rows_dense (g))
    {
      run = lg_decl (g, b, LIR_I64, "prun", -1);
      int ap = lir_stmt_new (g->k, LIR_APPEND_RUN);
      if (run < 0 || ap < 0)
        return;
      g->k->stmts[ap].var = run;
      g->k->stmts[ap].level = last;
      g->k->stmts[ap].a = lg_ref (g, g->nw);
      g->k->stmts[ap].b = out_parent (g, st, last);
      g->k->stmts[ap].array = g->ws_list;
      lg_emit (g, b, ap);
    }
  int q = lg_decl (g, b, LIR_I64, "q", -1);
  int s = lir_stmt_new (g->k, LIR_FOR);
  if (q < 0 || s < 0)
    return;
  g->k->stmts[s].var = q;
  g->k->stmts[s].a = lg_int (g, 0);
  g->k->stmts[s].b = lg_ref (g, g->nw);
  lg_emit (g, b, s);
  block body = lg_block ();
  int w = lg_decl (g, &body, LIR_I64, "w",
                   lir_load (g->k, g->ws_list, lg_ref (g, q)));
  int p = -1;
  if (run >= 0)
    p = lg_bin (g, LIR_ADD, lg_ref (g, run), lg_ref (g, q));
  else if (!lg_rows_dense (g))
    {
      int v = append_entry (g, st, &body, last, lg_ref (g, w));
      p = v >= 0 ? lg_ref (g, v) : -1;
    }
  if (!g->counting)
    {
      int outv = lir_add_array (g->k, LIR_ARR_OUT_VALS, et,
                                g->k->out_tensor, -1, -1);
      lg_set (g, &body, LIR_ASSIGN, LIR_ADD, -1, outv, p, -1,
              lir_load (g->k, g->ws, lg_ref (g, w)));
      lg_set (g, &body, LIR_ASSIGN, LIR_ADD, -1, g->ws, lg_ref (g, w), -1,
              lg_int (g, 0));
    }
  lg_set (g, &body, LIR_ASSIGN, LIR_ADD, -1, g->ws_flag, lg_ref (g, w), -1,
          lg_int (g, 0));
  g->k->stmts[s].body = body.first;
  lg_assign (g, b, g->nw, lg_int (g, 0));
}

/* Add VAL to the workspace at the coordinate in variable W, listing W
   the first time.  The counting pass under dense rows counts W the first
   time instead, marking it with the row's position + 1 in the list's
   slot W (the list is zeroed first, see count_nest): no list to clear.  */
void
lg_ws_add (gen *g, const state *st, block *b, int w, int val)
{
  if (g->counting && lg_rows_dense (g))
    {
      int last = g->sc->fmt[g->s->out].nlevels - 1;
      /* count += list[w] != mark; list[w] = mark: no branch, whose
         outcome (seen before or not) is as good as random.  */
      int mark = lg_bin (g, LIR_ADD, out_parent (g, st, last), lg_int (g, 1));
      lg_set (g, b, LIR_ACCUM, LIR_ADD, g->k->count_var[last], -1, -1, -1,
              lir_unary (g->k, LIR_NOT,
                         lg_bin (g, LIR_EQ,
                                 lir_load (g->k, g->ws_list, lg_ref (g, w)),
                                 mark)));
      lg_set (g, b, LIR_ASSIGN, LIR_ADD, -1, g->ws_list, lg_ref (g, w), -1,
              lg_bin (g, LIR_ADD, out_parent (g, st, last), lg_int (g, 1)));
      return;
    }
  int s = lg_compound (g, b, LIR_IF,
                       lir_unary (g->k, LIR_NOT,
                                  lir_load (g->k, g->ws_flag,
                                            lg_ref (g, w))));
  block body = lg_block ();
  lg_set (g, &body, LIR_ASSIGN, LIR_ADD, -1, g->ws_flag, lg_ref (g, w), -1,
          lg_int (g, 1));
  lg_set (g, &body, LIR_ASSIGN, LIR_ADD, -1, g->ws_list, lg_ref (g, g->nw),
          -1, lg_ref (g, w));
  lg_set (g, &body, LIR_ACCUM, LIR_ADD, g->nw, -1, -1, -1, lg_int (g, 1));
  if (s >= 0)
    g->k->stmts[s].body = body.first;
  if (!g->counting)
    lg_set (g, b, LIR_ACCUM, LIR_ADD, -1, g->ws, lg_ref (g, w), -1, val);
}

/* The dense output's element at ST: its array into *ARR, its index into
   *IDX.  */
static void
dense_element (gen *g, const state *st, int *arr, int *idx)
{
  const ix_stmt *s = g->s;
  int out = s->out, o = s->acc[out].opd;
  lir_type et = lg_elem_type (g, o);
  if (s->opd[o].tagged)
    {
      int t = g->tensor_of[out];
      *arr = lir_add_array (g->k, LIR_ARR_VALS, et, t, -1, -1);
      *idx = lg_ref (g, st->pos[out][g->k->tensors[t].fmt.nlevels - 1]);
    }
  else
    {
      *arr = lir_add_array (g->k, LIR_ARR_DENSE, et, -1, -1, o);
      *idx = lg_rowmajor (g, st, out);
    }
}

/* Whether a sum into the output term by term can start from the
   output's value (output_value): a dense element computed in registers,
   or a scalar whose register holds it (G->acc_holds_out).  */
static int
output_seeds (const gen *g)
{
  const sch_nest *nest = g->nest;
  return (nest->out_mode == SCH_OUT_SCALAR && g->acc_holds_out)
         || (nest->out_mode == SCH_OUT_DENSE && nest->mode == SCH_REGISTER);
}

/* The output's value at ST (output_seeds), or -1.  */
static int
output_value (gen *g, const state *st)
{
  if (!output_seeds (g))
    return -1;
  if (g->nest->out_mode == SCH_OUT_SCALAR)
    return lg_ref (g, g->acc);
  int arr, idx;
  dense_element (g, st, &arr, &idx);
  return lir_load (g->k, arr, idx);
}

/* The seeded IX_ADD / IX_SUB of E (not below another sum) whose sum is
   ROOT, ROOT not a sum apart, or -1.  */
static int
seeding_node (const gen *g, int e, int root)
{
  const ix_expr *x = &g->s->expr[e];
  if ((x->op == IX_ADD || x->op == IX_SUB) && x->seeded && x->b == root
      && !g->s->expr[root].apart)
    return e;
  if (x->op == IX_SUM || x->op == IX_ACCESS)
    return -1;
  int r = x->a >= 0 ? seeding_node (g, x->a, root) : -1;
  return r >= 0 || x->b < 0 ? r : seeding_node (g, x->b, root);
}

/* Whether E reads no sum of scope K's children from C on (those not
   computed yet).  */
static int
computed_before (const gen *g, int k, int e, int c)
{
  for (int d = c; d < g->nest->nscopes; d++)
    if (g->nest->scope[d].parent == k
        && ix_expr_contains (g->s, e, g->nest->scope[d].expr))
      return 0;
  return 1;
}

/* The value the register of child C of scope K starts from: zero; or
   where the program adds a floating-point sum's terms one by one into a
   value (s = b[i]; for j s -= ..., a seeded IX_ADD / IX_SUB), that
   value, the terms then added to it in the loops' order ((b - a1) - a2
   ..., not b - (a1 + a2 ...)), the register then the node's value
   (G->seed_node); or, where the statement adds (or subtracts) one sum
   into its output and nothing else, term by term (y[i] += A[i][j] *
   x[j], not a temporary's sum added whole: ix_expr.apart), the
   output's own value, the register written back in its place
   (G->seeded).  A sum the program lets reassociate, split among threads
   or ranks, starts from zero.  */
static int
seed (gen *g, int k, int c, const state *st, lir_type tt)
{
  const sch_nest *nest = g->nest;
  int zero = tt == LIR_F64 || tt == LIR_F32 ? lir_const_f (g->k, 0, tt)
             : lg_int (g, 0);
  g->tsub[c] = 0;
  g->seed_node[c] = -1;
  if ((tt != LIR_F64 && tt != LIR_F32) || g->sc->reassoc)
    return zero;
  int p = seeding_node (g, lg_scope_body (g, k), nest->scope[c].expr);
  if (p >= 0 && lg_ix_type (g, p) == tt
      && lg_ix_type (g, g->s->expr[p].a) == tt
      && computed_before (g, k, g->s->expr[p].a, c))
    {
      g->tsub[c] = g->s->expr[p].op == IX_SUB;
      g->seed_node[c] = p;
      return lg_value (g, g->s->expr[p].a, st, k);
    }
  if (k != 0 || nest->assign == IX_SET
      || lg_scope_body (g, 0) != nest->scope[c].expr
      || g->s->expr[nest->scope[c].expr].apart
      || lg_ix_type (g, nest->rhs) != lg_elem_type (g, g->s->acc[g->s->out].opd))
    return zero;
  int v = output_value (g, st);
  if (v < 0)
    return zero;
  g->tsub[c] = nest->assign == IX_SUB_SET;
  g->seeded = 1;
  return v;
}

/* Write VAL into the output at ST, subtracted from it (or, for -=,
   added) when NEG.  */
static void
write_output (gen *g, int val, int neg, state *st, block *b)
{
  const ix_stmt *s = g->s;
  int out = s->out, o = s->acc[out].opd;
  lir_type et = lg_elem_type (g, o);
  const sch_nest *nest = g->nest;
  lir_op sign = (nest->assign == IX_SUB_SET) != neg ? LIR_SUB : LIR_ADD;
  switch (nest->out_mode)
    {
    case SCH_OUT_SCALAR:
      lg_set (g, b, g->seeded ? LIR_ASSIGN : LIR_ACCUM, sign, g->acc, -1, -1,
              -1, val);
      break;
    case SCH_OUT_DENSE:
      {
        int arr, idx;
        dense_element (g, st, &arr, &idx);
        if ((nest->assign == IX_SET && nest->mode == SCH_REGISTER)
            || g->seeded)
          lg_set (g, b, LIR_ASSIGN, LIR_ADD, -1, arr, idx, -1, val);
        else
          lg_set (g, b, LIR_ACCUM, sign, -1, arr, idx, -1, val);
        break;
      }
    case SCH_OUT_INPLACE:
      {
        /* At the position the read visits.  */
        int r = s->inplace, t = g->tensor_of[r];
        int arr = lir_add_array (g->k, LIR_ARR_VALS, et, t, -1, -1);
        int idx = lg_ref (g, st->pos[r][g->k->tensors[t].fmt.nlevels - 1]);
        lg_set (g, b, LIR_ASSIGN, LIR_ADD, -1, arr, idx, -1, val);
        break;
      }
    case SCH_OUT_APPEND:
      {
        int last = g->sc->fmt[out].nlevels - 1;
        int p = append_entry (g, st, b, last, out_coord (g, st, last));
        if (g->counting)
          break;
        int outv = lir_add_array (g->k, LIR_ARR_OUT_VALS, et,
                                  g->k->out_tensor, -1, -1);
        lg_set (g, b, LIR_ASSIGN, LIR_ADD, -1, outv, lg_ref (g, p), -1, val);
        break;
      }
    default:
      {
        const sp_format *f = &g->sc->fmt[out];
        int last = f->nlevels - 1;
        lg_ws_add (g, st, b, st->ix_val[s->acc[out].var[f->lv[last].dim]],
                   val);
        break;
      }
    }
}

/* Nonzero when scope 0's value is zero without its reduction: an entry
   exists only where the reduction produced a term.  */
static int
needs_nz (const gen *g, const state *st)
{
  if (lg_scope_child (g, 0, -1) < 0 || g->nest->out_mode != SCH_OUT_APPEND)
    return 0;
  /* Fold the reductions away by treating every access below them as
     absent.  */
  uint32_t below = st->absent;
  for (int c = 1; c < g->nest->nscopes; c++)
    for (int e = 0; e < g->s->nexprs; e++)
      if (g->nest->scope[c].parent == 0 && g->s->expr[e].op == IX_ACCESS
          && ix_expr_contains (g->s, g->nest->scope[c].expr, e))
        below |= (uint32_t) 1 << g->s->expr[e].access;
  return lat_is_zero (g->s, g->nest->rhs, below);
}

/* The value of E of scope K in ST, as written into the output.  A
   statement reading its output's old element (ix_stmt.own_read) takes
   what is absent at ST as the dense loops take it, computed on (the
   registers of its empty sums hold +0): y = alpha * 0 + beta * y, not
   beta * y, which differs at a -0.0.  */
static int
out_value (gen *g, int e, const state *st, int k)
{
  state z = *st;
  if (g->s->own_read >= 0)
    z.zeroed |= z.absent;
  return lg_value (g, e, &z, k);
}

/* The value of E in a merge without branches (gen's merge_a): each of
   the lattice's three cases computed, the one the coordinates chose
   selected by masks, so that it is the value the case's own branch
   would give, bit for bit.  */
static int
merged_value (gen *g, int e, const state *st)
{
  state sa = *st, sb = *st;
  sa.absent |= (uint32_t) 1 << g->merge_a[1];
  sb.absent |= (uint32_t) 1 << g->merge_a[0];
  int in_a = lg_ref (g, g->merge_in[0]), in_b = lg_ref (g, g->merge_in[1]);
  int both = lg_bin (g, LIR_MUL, in_a, in_b);
  int only_a = lg_bin (g, LIR_SUB, in_a, both);
  int only_b = lg_bin (g, LIR_SUB, in_b, both);
  int v = lg_bin (g, LIR_MASK, both, out_value (g, e, st, -1));
  v = lg_bin (g, LIR_BOR, v,
              lg_bin (g, LIR_MASK, only_a, out_value (g, e, &sa, -1)));
  return lg_bin (g, LIR_BOR, v,
                 lg_bin (g, LIR_MASK, only_b,
                         out_value (g, e, &sb, -1)));
}

/* Whether E is a step of an accumulation that continues the value it
   is added into (ix_expr.seeded, not apart): its terms are added one by
   one.  */
static int
is_step (const gen *g, int e)
{
  const ix_expr *x = &g->s->expr[e];
  return (x->op == IX_ADD || x->op == IX_SUB) && x->seeded && !x->apart;
}

/* E below the sums of scope K that are no scope's own (their loops are
   K's loops): what each iteration adds.  */
static int
below_sums (const gen *g, int k, int e)
{
  while (g->s->expr[e].op == IX_SUM && lg_scope_child (g, k, e) < 0)
    e = g->s->expr[e].a;
  return e;
}

/* Whether scope 0 adds its value into the output (or its workspace or
   register) rather than storing it: its terms may then go in one by
   one.  */
static int
output_accumulates (const gen *g)
{
  const sch_nest *nest = g->nest;
  if (g->seeded)
    return 0;
  switch (nest->out_mode)
    {
    case SCH_OUT_SCALAR:
    case SCH_OUT_WORKSPACE:
      return 1;
    case SCH_OUT_DENSE:
      return nest->assign != IX_SET || nest->mode != SCH_REGISTER;
    default:
      return 0;
    }
}

/* Whether E, a term of scope 0's body chain B (is_step) that a += or
   -= adds, is a sum that goes into the output term by term after the
   terms before it: its register then starts from the output's value
   where the chain reaches it (add_terms), not with the other
   children.  */
static int
deferred (const gen *g, int b, int e)
{
  const ix_expr *x = &g->s->expr[e];
  if (g->nest->assign == IX_SET || !is_step (g, b) || x->op != IX_SUM
      || x->apart || !output_seeds (g))
    return 0;
  for (int c = b; is_step (g, c); c = g->s->expr[c].a)
    if (g->s->expr[c].b == e || g->s->expr[c].a == e)
      return 1;
  return 0;
}

/* The value the register of child C of scope K, the outermost scope of
   an array element's pick, starts from: the value the element starts
   from (m(i) = max(0, ...): the first operand of the seeded IX_ADD,
   whose value is then the register's), or its old value (m(i) =
   max(m(i), ...)), the register then written in its place.  */
static int
pick_start (gen *g, int k, int c, const state *st)
{
  int p = seeding_node (g, lg_scope_body (g, k), g->nest->scope[c].expr);
  g->tsub[c] = 0;
  g->seed_node[c] = p;
  if (p >= 0)
    return lg_value (g, g->s->expr[p].a, st, k);
  g->seeded = 1;
  return output_value (g, st);
}

/* Child C of a scope: its register from SEED_VAL, its loops.  The
   outermost scope of an array element's pick declares the pick's
   register, the scopes inside it take their values into that.  */
static void
run_child (gen *g, int c, int seed_val, state *st, block *b)
{
  const sch_scope *x = &g->nest->scope[c];
  lir_type tt = lg_ix_type (g, x->expr);
  const lir_expr *sv = seed_val >= 0 ? &g->k->exprs[seed_val] : NULL;
  g->fresh[c] = sv && sv->op == LIR_CONST && sv->ival == 0 && sv->fval == 0;
  g->one_term[c] = 0;
  int first_pick = lg_pick_scope (g, c) && !lg_pick_scope (g, x->parent);
  g->treg[c] = lg_pick_scope (g, c) && !first_pick ? g->pick_reg
               : lg_decl (g, b, tt, "t", seed_val);
  if (first_pick)
    {
      g->pick_reg = g->treg[c];
      lg_arg_open (g, b);
    }
  if (x->last >= x->first)
    {
      lg_dist_chain_in (g, x->first, g->treg[c], b);
      lg_loop (g, x->first, st, b);
      lg_dist_chain_out (g, x->first, g->treg[c], b);
    }
  else
    lg_compute_scope (g, c, st, b);
}

/* Whether scope K's register, started at zero, takes its term (added,
   not subtracted) as it is: a locate whose loop visits its one entry at
   most, where adding a -0.0 entry to the register's +0.0 would give
   +0.0 and the dense program's read gives -0.0.  */
static int
takes_alone (const gen *g, int k, int neg)
{
  return g->one_term[k] && g->fresh[k] && !neg && !g->tsub[k]
         && ix_is_locate (g->s, g->nest->scope[k].expr);
}

/* Add term E of scope K (subtracted when NEG) into its register or the
   output, each step of an accumulation (is_step) a term of its own, in
   the program's order: y[j] += a; y[j] += b is (y + a) + b, not
   y + (a + b).  A sum of scope 0's chain that the output takes term by
   term (deferred) runs here, its register from the output's value.
   MERGED: E's value from the branchless merge.  */
static void
add_terms (gen *g, int k, int e, int neg, int merged, state *st, block *b)
{
  const ix_expr *x = &g->s->expr[e];
  if (is_step (g, e))
    {
      add_terms (g, k, x->a, neg, merged, st, b);
      add_terms (g, k, x->b, neg != (x->op == IX_SUB), merged, st, b);
      return;
    }
  /* A sum in the chain of steps, after or before other terms.  */
  int c = x->op == IX_SUM && !x->apart
          && is_step (g, below_sums (g, k, lg_scope_body (g, k)))
          ? lg_scope_child (g, k, e) : -1;
  if (c >= 0 && k == 0 && deferred (g, lg_scope_body (g, 0), e))
    {
      int v = output_value (g, st);
      g->tsub[c] = (g->nest->assign == IX_SUB_SET) != neg;
      g->seed_node[c] = -1;
      run_child (g, c, v, st, b);
      if (g->nest->out_mode == SCH_OUT_SCALAR)
        lg_assign (g, b, g->acc, lg_ref (g, g->treg[c]));
      else
        {
          int arr, idx;
          dense_element (g, st, &arr, &idx);
          lg_set (g, b, LIR_ASSIGN, LIR_ADD, -1, arr, idx, -1,
                  lg_ref (g, g->treg[c]));
        }
      return;
    }
  if (c >= 0 && lg_order_matters (g, e))
    {
      /* Its register starts from zero: its terms would not go in after
         those before it.  */
      lg_fail_sum_order (g);
      return;
    }
  if (lat_is_zero (g->s, e, st->absent))
    return;
  int val = merged ? merged_value (g, e, st) : lg_value (g, e, st, k);
  if (k > 0)
    lg_set (g, b, takes_alone (g, k, neg) ? LIR_ASSIGN : LIR_ACCUM,
            g->tsub[k] != neg ? LIR_SUB : LIR_ADD, g->treg[k], -1, -1, -1,
            val);
  else
    write_output (g, val, neg, st, b);
}

/* Scope K's expression at its innermost loop: its reductions first (its
   children, one after the other), then its value into the output or its
   register, term by term where the program adds its terms one by one
   (add_terms).  */
void
lg_compute_scope (gen *g, int k, state *st, block *b)
{
  const sch_nest *nest = g->nest;
  int children = lg_scope_child (g, k, -1) >= 0;
  int nz = children && k == 0 && needs_nz (g, st);
  for (int c = k + 1; children && c < nest->nscopes; c++)
    if (nest->scope[c].parent == k
        && !(k == 0 && deferred (g, lg_scope_body (g, 0), nest->scope[c].expr)))
      {
        lir_type tt = lg_ix_type (g, nest->scope[c].expr);
        int v = -1;
        /* The values a pick takes go straight into the output's
           register (run_child), or an element's, which starts from
           its first value.  */
        if (lg_pick_scope (g, c) && !lg_pick_scope (g, k))
          v = pick_start (g, k, c, st);
        else if (lg_pick_scope (g, c))
          {
            g->tsub[c] = 0;
            g->seed_node[c] = -1;
          }
        else
          v = seed (g, k, c, st, tt);
        if (nz && g->nz < 0)
          g->nz = lg_decl (g, b, LIR_I32, "nz", lg_int (g, 0));
        run_child (g, c, v, st, b);
      }
  int body = lg_scope_body (g, k);
  if (lg_pick_scope (g, k))
    {
      /* A value to pick, unless a child scope picked them already.  */
      body = lg_pick_body (g, k);
      if (!ix_is_pick_sum (g->s, body))
        lg_pick_value (g, body, st, k, b);
      return;
    }
  if (lat_is_zero (g->s, body, st->absent) && !children)
    return;
  int merged = g->merge_a[0] >= 0 && k == 0 && !children;
  if (k > 0)
    {
      add_terms (g, k, below_sums (g, k, body), 0, 0, st, b);
      if (g->nz >= 0)
        lg_assign (g, b, g->nz, lg_int (g, 1));
      return;
    }
  block inner = lg_block (), *to = nz ? &inner : b;
  if (output_accumulates (g))
    add_terms (g, 0, below_sums (g, 0, body), 0, merged, st, to);
  else
    write_output (g, merged ? merged_value (g, body, st)
                  : out_value (g, body, st, k), 0, st, to);
  if (nz)
    {
      int s = lg_compound (g, b, LIR_IF, lg_ref (g, g->nz));
      if (s >= 0)
        g->k->stmts[s].body = inner.first;
      g->nz = -1;
    }
}

