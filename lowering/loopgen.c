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

#include <string.h>
#include "level_types.h"
#include "loopgen-int.h"

/* One sparse iterator of a loop: access A's level L.  */
typedef struct iter
{
  int a, l;
  int p, end;   /* position and bound variables */
  int c;        /* coordinate variable in the current iteration */
  int q;        /* CN: segment end variable */
  int start;    /* the variable holding the first position of the loop's
                   range (lg_lower_bound), or -1 */
  int down;     /* beside a dense loop running down: P steps down from
                   the range's last position, END holds its first */
  int known;    /* the variable holding the coordinate of every position
                   of a range cut to one coordinate (a diagonal's), so
                   that none is loaded, or -1 */
} iter;

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
      if (!g->nest->uses_acc[a] || lg_absent (st, a)
          || !g->s->opd[g->s->acc[a].opd].tagged)
        continue;
      const sp_format *f = &g->k->tensors[g->tensor_of[a]].fmt;
      for (int l = 0; l < f->nlevels; l++)
        {
          if (st->pos[a][l] >= 0)
            continue;
          int type = f->lv[l].type;
          if (sp_lvl_is_sparse (type))
            break;
          if (l > 0 && (st->pos[a][l - 1] < 0 || st->seg[a][l - 1] >= 0))
            break;
          if (sp_lvl_is_computed (type))
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
          int p = l == 0 ? lg_ref (g, c)
                  : lg_bin (g, LIR_ADD,
                            lg_bin (g, LIR_MUL, lg_ref (g, st->pos[a][l - 1]),
                                    lir_leaf (g->k, LIR_LVSIZE, LIR_I64, -1,
                                              g->tensor_of[a], l)),
                            lg_ref (g, c));
          st->pos[a][l] = lg_decl (g, b, LIR_I64, name, p);
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
      int val;
      if (c->kind == SCH_SPLIT)
        val = lg_bin (g, LIR_ADD, lg_bin (g, LIR_MUL, lg_ref (g, pa),
                                          lg_int (g, c->k)), lg_ref (g, pb));
      else
        {
          /* Stored diagonal a - b + (dims[b] - 1).  */
          const sch_var *dv = &g->sc->sv[c->part_a];
          const sp_level_fmt *lv
            = &g->k->tensors[g->tensor_of[dv->access]].fmt.lv[dv->level];
          int opd = g->s->acc[dv->access].opd;
          int shift = lg_bin (g, LIR_SUB, lir_leaf (g->k, LIR_DIM, LIR_I64,
                                                    opd, -1, lv->dim2),
                              lg_int (g, 1));
          val = lg_bin (g, LIR_SUB, lg_bin (g, LIR_ADD, lg_ref (g, pa),
                                            lg_ref (g, pb)), shift);
        }
      int var = lg_decl (g, b, LIR_I64, g->s->var[v].name, val);
      st->ix_val[v] = var;
      int cond = lg_bin (g, LIR_LT, lg_ref (g, var), lg_var_extent (g, v));
      if (c->kind == SCH_SHIFTED)
        cond = lg_bin (g, LIR_AND,
                       lg_bin (g, LIR_LE, lg_int (g, 0), lg_ref (g, var)),
                       cond);
      int s = lg_compound (g, b, LIR_IF, cond);
      block inner = lg_block ();
      g->covered = 0;
      compose (g, d, st, &inner);
      if (s >= 0)
        g->k->stmts[s].body = inner.first;
      return;
    }
  enter_rest (g, d, st, b);
}

static void iter_range (gen *g, const state *st, const iter *it, int *lo,
                        int *hi);

/* The current row of access A into the workspace, its values times SIGN
   (a term stored like the output, the old entries of a sparse +=: see
   nws_rows), or, in the symbolic pass, its length into the bound.  */
static void
scatter_row (gen *g, int a, int sign, state *st, block *b)
{
  int t = g->tensor_of[a];
  iter it;
  memset (&it, 0, sizeof it);
  it.known = -1;
  it.a = a;
  it.l = g->k->tensors[t].fmt.nlevels - 1;
  int lo, hi;
  iter_range (g, st, &it, &lo, &hi);
  if (g->bound >= 0)
    {
      lg_set (g, b, LIR_ACCUM, LIR_ADD, g->bound, -1, -1, -1,
              lg_bin (g, LIR_SUB, hi, lo));
      return;
    }
  int p = lg_decl (g, b, LIR_I64, "prow", -1);
  int s = lir_stmt_new (g->k, LIR_FOR);
  if (p < 0 || s < 0)
    return;
  g->k->stmts[s].var = p;
  g->k->stmts[s].a = lo;
  g->k->stmts[s].b = hi;
  lg_emit (g, b, s);
  block body = lg_block ();
  int w = lg_decl (g, &body, LIR_I64, "wrow",
                   lir_load (g->k, lg_crd_array (g, a, it.l), lg_ref (g, p)));
  int vals = lir_add_array (g->k, LIR_ARR_VALS,
                            lg_elem_type (g, g->s->acc[a].opd), t, -1, -1);
  int v = lir_load (g->k, vals, lg_ref (g, p));
  lg_ws_add (g, st, &body, w, sign < 0 ? lir_unary (g->k, LIR_NEG, v) : v);
  g->k->stmts[s].body = body.first;
}

/* The rows scatter_row adds from FIRST on, in order.  */
static void
scatter_rows (gen *g, int first, state *st, block *b)
{
  for (int r = first; r < g->nest->nws_rows; r++)
    scatter_row (g, g->nest->ws_row[r], g->nest->ws_sign[r], st, b);
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
      if (sp_lvl_is_appendable (of->lv[l].type) && st->app[l] < 0
          && g->sc->lvl_sv[out][l] == g->nest->order[d])
        {
          char name[32];
          snprintf (name, sizeof name, "app%d", l);
          st->app[l] = lg_decl (g, b, LIR_I64, name, lg_int (g, -1));
        }
  if (g->bound >= 0)
    {
      if (d == g->flush_depth)
        scatter_rows (g, 0, st, b);
      lg_loop (g, d + 1, st, b);
      return;
    }
  lg_hoist (g, d, st, b);
  int k = g->scope_of[d];
  int flush = g->nest->out_mode == SCH_OUT_WORKSPACE && d == g->flush_depth;
  int before = flush && g->nest->ws_row_first;
  if (before)
    scatter_rows (g, 0, st, b);
  if (d == g->nest->scope[k].last)
    lg_compute_scope (g, k, st, b);
  else
    lg_loop (g, d + 1, st, b);
  if (flush)
    {
      /* The rows after e's products: C + e rounds as e + C.  */
      scatter_rows (g, before, st, b);
      lg_flush (g, st, b);
    }
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
/* Loops.  */

static void
note_kind (gen *g, int d, lir_loop_kind kind)
{
  if (kind > g->k->loop_kind[g->n][d])
    g->k->loop_kind[g->n][d] = kind;
  g->k->loop_kinds[g->n][d] |= 1u << kind;
}

/* The range [lo, hi) of iterator IT's level under its parent; a level
   without pos (a singleton) has its parents' positions.  */
static void
iter_range (gen *g, const state *st, const iter *it, int *lo, int *hi)
{
  const sp_format *f = &g->k->tensors[g->tensor_of[it->a]].fmt;
  int l = it->l;
  int parent = l == 0 ? lg_int (g, 0) : lg_ref (g, st->pos[it->a][l - 1]);
  int pend = l == 0 ? lg_int (g, 1)
             : st->seg[it->a][l - 1] >= 0 ? lg_ref (g, st->seg[it->a][l - 1])
             : lg_bin (g, LIR_ADD, lg_ref (g, st->pos[it->a][l - 1]),
                       lg_int (g, 1));
  if (!sp_lvl_has_pos (f->lv[l].type))
    {
      *lo = parent;
      *hi = pend;
      return;
    }
  int pos = lg_pos_array (g, it->a, l);
  *lo = lir_load (g->k, pos, parent);
  *hi = lir_load (g->k, pos, pend);
}

/* Nonzero when IT's coordinates may repeat within its range: a CN level,
   or a singleton level with a compressed or singleton level below it (COO
   of rank 3 and more).  Each run of equal coordinates is then one
   iteration, its positions the range of the level below.  A singleton
   above a dense level (mode-generic CN,S,D) stores each coordinate once:
   its one position is the parent of the dense fibre.  */
static int
is_cn (const gen *g, const iter *it)
{
  const sp_format *f = &g->k->tensors[g->tensor_of[it->a]].fmt;
  int type = f->lv[it->l].type;
  return !sp_lvl_is_unique (type)
         || (sp_lvl_is_singleton (type) && it->l + 1 < f->nlevels
             && !sp_lvl_is_dense (f->lv[it->l + 1].type));
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
  int crd = lg_crd_array (g, it->a, it->l);
  int ld = it->known >= 0 ? lg_ref (g, it->known)
           : lir_load (g->k, crd, lg_ref (g, it->p));
  if (!guard)
    it->c = lg_decl (g, b, LIR_I64, name, ld);
  else
    {
      it->c = lg_decl (g, b, LIR_I64, name, lg_int (g, -1));
      int s = lg_compound (g, b, LIR_IF,
                           it->down ? lg_bin (g, LIR_LE, lg_ref (g, it->end),
                                              lg_ref (g, it->p))
                           : lg_bin (g, LIR_LT, lg_ref (g, it->p),
                                     lg_ref (g, it->end)));
      block body = lg_block ();
      lg_assign (g, &body, it->c, ld);
      if (s >= 0)
        g->k->stmts[s].body = body.first;
    }
  it->q = -1;
  if (!is_cn (g, it))
    return;
  snprintf (name, sizeof name, "q%s%d",
            g->s->opd[g->s->acc[it->a].opd].name, it->l);
  it->q = lg_decl (g, b, LIR_I64, name,
                   lg_bin (g, LIR_ADD, lg_ref (g, it->p), lg_int (g, 1)));
  int more = lg_bin (g, LIR_LT, lg_ref (g, it->q), lg_ref (g, it->end));
  int same = lg_bin (g, LIR_EQ, lir_load (g->k, crd, lg_ref (g, it->q)),
                     lg_ref (g, it->c));
  int cond = lg_bin (g, LIR_AND, more, same);
  int s = lg_compound (g, b, LIR_WHILE, cond);
  block body = lg_block ();
  lg_set (g, &body, LIR_ACCUM, LIR_ADD, it->q, -1, -1, -1, lg_int (g, 1));
  if (s >= 0)
    g->k->stmts[s].body = body.first;
}

/* Move iterator IT past coordinate V when it is there.  */
static void
advance (gen *g, const iter *it, int v, block *b)
{
  int s = lg_compound (g, b, LIR_IF,
                       lg_bin (g, LIR_EQ, lg_ref (g, it->c), lg_ref (g, v)));
  block body = lg_block ();
  if (it->q >= 0)
    lg_assign (g, &body, it->p, lg_ref (g, it->q));
  else
    lg_set (g, &body, LIR_ACCUM, it->down ? LIR_SUB : LIR_ADD, it->p, -1, -1,
            -1, lg_int (g, 1));
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
          int c = lg_bin (g, LIR_EQ, lg_ref (g, its[i].c), lg_ref (g, v));
          cond = cond < 0 ? c : lg_bin (g, LIR_AND, cond, c);
        }
  state cs = case_state (l, q, its, nits, in_q, st);
  if (cond < 0)
    {
      enter (g, d, v, cs, b);
      return;
    }
  int s = lg_compound (g, b, LIR_IF, cond);
  block body = lg_block (), rest = lg_block ();
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
   output; note it when it sums into a scalar output (mark_sum).  */
static void
maybe_parallel (gen *g, int d, int s)
{
  int sv = g->nest->order[d];
  if (s >= 0 && g->k->stmts[s].down)
    return;
  if (d == 0 && s >= 0
      && (g->nest->out_mode == SCH_OUT_SCALAR
          || (g->nest->out_mode == SCH_OUT_DENSE && sv < g->s->nvars
              && !g->s->var[sv].in_output)))
    g->red_loop = s;
  /* Rows that read what earlier rows wrote run in order.  */
  if (d != 0 || s < 0 || g->s->carried
      || (g->nest->out_mode != SCH_OUT_DENSE
          && g->nest->out_mode != SCH_OUT_INPLACE)
      || sv >= g->s->nvars || !g->s->var[sv].in_output)
    return;
  g->k->stmts[s].parallel = LIR_PAR_MARKED;
  g->k->parallel[g->n] = 1;
}

static int dense_count (gen *g);

/* Whether sums of type T come out the same in any order: integers, or
   floating point where the compiler may reassociate
   (-fassociative-math).  */
static int
any_order (const gen *g, lir_type t)
{
  return (t != LIR_F64 && t != LIR_F32) || g->sc->reassoc;
}

/* Mark the outer loop of the nest, once built, parallel when its body
   writes nothing outside itself but sums into registers (a scalar
   output) or into a dense output along loops it is not indexed by
   (y(j) = A(i,j) x(i) over the rows i), and those sums come out the
   same in any order.  Each thread then sums its own rows, into its own
   register or its own copy of the output, and the threads' sums are
   added at the end.  */
static void
mark_sum (gen *g)
{
  int vars[8], s = g->red_loop;
  if (s < 0)
    return;
  lir_kernel *k = g->k;
  int n = lir_reductions (k, &k->stmts[s], vars, 8);
  for (int i = 0; i < n; i++)
    if (!any_order (g, k->vars[vars[i]].type))
      n = -1;
  if (g->nest->out_mode == SCH_OUT_DENSE)
    {
      int a = lir_array_sum (k, &k->stmts[s]);
      if (n != 0 || a < 0 || !any_order (g, k->arrays[a].type)
          || k->arrays[a].kind != LIR_ARR_DENSE)
        return;
      k->stmts[s].sum_array = a;
      k->stmts[s].sum_count = dense_count (g);
    }
  else if (n <= 0)
    return;
  k->stmts[s].parallel = LIR_PAR_MARKED;
  k->parallel[g->n] = 1;
}

/* A dense for loop over the whole range, the sparse iterators compared
   with its coordinate.  */
static void
dense_loop (gen *g, int d, const lattice *l, iter *its, int nits,
            const state *st, int rlo, int rhi, block *b)
{
  int sv = g->nest->order[d];
  int v = lg_decl (g, b, LIR_I64, g->sc->sv[sv].name, -1);
  int s = lir_stmt_new (g->k, LIR_FOR);
  if (v < 0 || s < 0)
    return;
  g->k->stmts[s].var = v;
  g->k->stmts[s].a = lg_int (g, 0);
  g->k->stmts[s].b = lg_loop_extent (g, sv);
  /* Over the range its guards keep it to (loopgen-range.c), within the
     extent: max (0, lo) and min (extent, hi).  */
  if (rlo >= 0)
    g->k->stmts[s].a = lg_bin (g, LIR_SEL, lg_bin (g, LIR_LT, lg_int (g, 0),
                                                   lg_ref (g, rlo)),
                               lg_ref (g, rlo));
  if (rhi >= 0)
    g->k->stmts[s].b = lg_bin (g, LIR_MIN, g->k->stmts[s].b,
                               lg_ref (g, rhi));
  if ((rlo >= 0 || rhi >= 0) && g->scope_of[d] == 0)
    g->covered = 0;
  /* The rank's block: the rows it leaves out are gathered after.  */
  lg_dist_bounds (g, d, &g->k->stmts[s]);
  lg_mark_down (g, d, s);
  lg_emit (g, b, s);
  /* Sparse iterators advance from one iteration to the next.  */
  if (!nits)
    maybe_parallel (g, d, s);
  note_kind (g, d, LIR_LOOP_DENSE);
  if (sv >= g->s->nvars && g->scope_of[d] == 0)
    g->covered = 0;
  block body = lg_block ();
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

/* The iterator of ITS that point P of L runs over with a plain for loop
   over positions (its only sparse level, with unique coordinates, and no
   other case), or -1.  */
static int
for_iter (const gen *g, const lattice *l, int p, const iter *its, int nits)
{
  uint32_t in_p = point_iters (l, p, its, nits);
  int single = -1, count = 0, ncases = 0;
  for (int q = 0; q < l->n; q++)
    ncases += lat_covers (l, p, q);
  for (int i = 0; i < nits; i++)
    if (in_p & ((uint32_t) 1 << i))
      {
        single = i;
        count++;
      }
  return count == 1 && ncases == 1 && !is_cn (g, &its[single]) ? single
                                                                : -1;
}

/* Whether point P of L, COUNT of the NITS iterators ITS, merges two rows
   into the output at the innermost loop D, in the three cases of a sum
   and with nothing below: then a merge without branches can take it,
   unless the value calls a library function (it would be called in all
   three cases, where the dense program calls it in one).  */
static int
merge_maskable (const gen *g, int d, const lattice *l, const iter *its,
                int nits, int p, int count)
{
  const sch_nest *nest = g->nest;
  if (p != 0 || nits != 2 || count != 2 || l->n != 3 || g->counting
      || g->bound >= 0 || is_cn (g, &its[0]) || is_cn (g, &its[1])
      || d != nest->nloops - 1 || g->scope_of[d] != 0
      || d != nest->scope[0].last || lg_scope_child (g, 0, -1) >= 0
      || (nest->out_mode != SCH_OUT_APPEND
          && nest->out_mode != SCH_OUT_DENSE)
      || !g->pre || g->tensor_of[its[0].a] < 0 || g->tensor_of[its[1].a] < 0
      || ix_expr_calls (g->s, nest->rhs))
    return 0;
  return 1;
}

/* Both iterators of ITS (the bits of IN) within their ranges.  */
static int
in_ranges (gen *g, const iter *its, int nits, uint32_t in)
{
  int cond = -1;
  for (int i = 0; i < nits; i++)
    if (in & ((uint32_t) 1 << i))
      {
        int c = lg_bin (g, LIR_LT, lg_ref (g, its[i].p),
                        lg_ref (g, its[i].end));
        cond = cond < 0 ? c : lg_bin (g, LIR_AND, cond, c);
      }
  return cond;
}

/* The merge of point 0 of L, both iterators of ITS, without a branch on
   its coordinates: both read, the least taken, the case's value selected
   by masks (loopgen-output.c merged_value), each position advanced by
   whether its coordinate was the least.  */
static void
masked_merge (gen *g, int d, const lattice *l, iter *its, const state *st,
              block *b)
{
  int sv = g->nest->order[d];
  int s = lg_compound (g, b, LIR_WHILE, in_ranges (g, its, 2, 3));
  block body = lg_block ();
  load_coord (g, &its[0], 0, &body);
  load_coord (g, &its[1], 0, &body);
  int v = lg_decl (g, &body, LIR_I64, g->sc->sv[sv].name,
                   lg_bin (g, LIR_MIN, lg_ref (g, its[0].c),
                           lg_ref (g, its[1].c)));
  for (int i = 0; i < 2; i++)
    {
      char name[64];
      snprintf (name, sizeof name, "in%s%d",
                g->s->opd[g->s->acc[its[i].a].opd].name, its[i].l);
      g->merge_a[i] = its[i].a;
      g->merge_in[i] = lg_decl (g, &body, LIR_I64, name,
                                lg_bin (g, LIR_EQ, lg_ref (g, its[i].c),
                                        lg_ref (g, v)));
    }
  state cs = case_state (l, 0, its, 2, 3, st);
  enter (g, d, v, cs, &body);
  for (int i = 0; i < 2; i++)
    lg_set (g, &body, LIR_ACCUM, LIR_ADD, its[i].p, -1, -1, -1,
            lg_ref (g, g->merge_in[i]));
  g->merge_a[0] = g->merge_a[1] = -1;
  if (s >= 0)
    g->k->stmts[s].body = body.first;
}

/* Whether point P of L, the bits IN_P of ITS, is an intersection that
   may search: it is its only case (every iterator must be at the
   coordinate) and all its levels are compressed, with unique sorted
   coordinates.  */
static int
gallop_point (const gen *g, const lattice *l, int p, const iter *its,
              int nits, uint32_t in_p)
{
  int count = 0;
  if (g->sc->merge_only)
    return 0;
  for (int q = 0; q < l->n; q++)
    if (q != p && lat_covers (l, p, q))
      return 0;
  for (int i = 0; i < nits; i++)
    if (in_p & ((uint32_t) 1 << i))
      {
        if (!lg_can_gallop (g, its[i].a, its[i].l))
          return 0;
        count++;
      }
  return count > 1;
}

/* The intersection of point P of L, the bits IN_P of ITS, that moves
   each iterator behind the greatest of their coordinates to it by a
   search (lg_seek), and all of them one step on where they meet: its
   cost follows the shortest range, not the longest.  */
static void
gallop_merge (gen *g, int d, const lattice *l, int p, iter *its, int nits,
              uint32_t in_p, const int *gap, const state *st, block *b)
{
  int sv = g->nest->order[d];
  int s = lg_compound (g, b, LIR_WHILE, in_ranges (g, its, nits, in_p));
  block body = lg_block ();
  int v = -1, meet = -1;
  for (int i = 0; i < nits; i++)
    if (in_p & ((uint32_t) 1 << i))
      load_coord (g, &its[i], 0, &body);
  for (int i = 0; i < nits; i++)
    if (in_p & ((uint32_t) 1 << i))
      {
        if (v < 0)
          {
            v = lg_decl (g, &body, LIR_I64, g->sc->sv[sv].name,
                         lg_ref (g, its[i].c));
            continue;
          }
        int up = lg_compound (g, &body, LIR_IF,
                              lg_bin (g, LIR_LT, lg_ref (g, v),
                                      lg_ref (g, its[i].c)));
        block raise = lg_block ();
        lg_assign (g, &raise, v, lg_ref (g, its[i].c));
        if (up >= 0)
          g->k->stmts[up].body = raise.first;
      }
  for (int i = 0; i < nits; i++)
    if (in_p & ((uint32_t) 1 << i))
      {
        int c = lg_bin (g, LIR_EQ, lg_ref (g, its[i].c), lg_ref (g, v));
        meet = meet < 0 ? c : lg_bin (g, LIR_AND, meet, c);
      }
  int m = lg_compound (g, &body, LIR_IF, meet);
  block hit = lg_block (), miss = lg_block ();
  state cs = case_state (l, p, its, nits, in_p, st);
  enter (g, d, v, cs, &hit);
  for (int i = 0; i < nits; i++)
    if (in_p & ((uint32_t) 1 << i))
      {
        lg_set (g, &hit, LIR_ACCUM, LIR_ADD, its[i].p, -1, -1, -1,
                lg_int (g, 1));
        int behind = lg_compound (g, &miss, LIR_IF,
                                  lg_bin (g, LIR_LT, lg_ref (g, its[i].c),
                                          lg_ref (g, v)));
        block seek = lg_block ();
        lg_seek (g, &seek, its[i].p, its[i].end,
                 lg_crd_array (g, its[i].a, its[i].l), v, gap[i]);
        if (behind >= 0)
          g->k->stmts[behind].body = seek.first;
      }
  if (m >= 0)
    {
      g->k->stmts[m].body = hit.first;
      g->k->stmts[m].else_ = miss.first;
    }
  if (s >= 0)
    g->k->stmts[s].body = body.first;
}

/* The run-time choice before an intersection's merge: the search
   (gallop_merge) when one range is much shorter, the statement whose
   else branch takes the merge.  */
static int
gallop_or_merge (gen *g, int d, const lattice *l, int p, iter *its,
                 int nits, uint32_t in_p, const state *st, block *b)
{
  int ps[IX_MAX_ACCESSES], ends[IX_MAX_ACCESSES], gap[IX_MAX_ACCESSES];
  int n = 0, shortest;
  for (int i = 0; i < nits; i++)
    if (in_p & ((uint32_t) 1 << i))
      {
        ps[n] = its[i].p;
        ends[n++] = its[i].end;
      }
  int skewed = lg_skewed (g, b, ps, ends, n, &shortest);
  int s = lg_compound (g, b, LIR_IF, skewed);
  block body = lg_block ();
  for (int i = 0; i < nits; i++)
    if (in_p & ((uint32_t) 1 << i))
      gap[i] = lg_gap (g, &body, its[i].p, its[i].end, shortest);
  gallop_merge (g, d, l, p, its, nits, in_p, gap, st, &body);
  g->k->gallop[g->n] |= 1u << d;
  if (s >= 0)
    g->k->stmts[s].body = body.first;
  return s;
}

/* Whether the pick of scope K may run loop D, of lattice L without
   universe point, over the stored entries of its one iterator ITS[0],
   taking the value at a zero where they leave a gap: its innermost
   loop, a plain loop over positions, and a value that reads the loop's
   variable only through that access (so that it is one value at every
   unstored entry of the row).  */
static int
pick_gaps (const gen *g, int d, int k, const lattice *l, const iter *its,
           int nits)
{
  int sv = g->nest->order[d], body = lg_pick_body (g, k);
  if (l->n != 1 || nits != 1 || d != g->nest->scope[k].last
      || sv >= g->s->nvars || for_iter (g, l, 0, its, nits) < 0
      || lg_holds_child (g, k, body)
      || ix_expr_uses_apart (g->s, body, sv, its[0].a))
    return 0;
  const sp_format *f = &g->k->tensors[g->tensor_of[its[0].a]].fmt;
  for (int m = 0; m < f->nlevels; m++)
    if (f->lv[m].kind == SP_LX_COUNT)
      return 0;
  return 1;
}

/* Whether the pick of scope K, if any, runs loop D of lattice L over the
   stored entries of one level, taking the value at a zero where they
   leave a gap (pick_gaps, sparse_loops): 1; 0 when it runs over the
   whole range (L back to WHOLE, its universe point DROPPED in lg_loop);
   -1 with the reason when it can do neither.  */
static int
gaps_of (gen *g, int d, int k, lattice *l, const lattice *whole,
         int *dropped, const iter *its, int nits)
{
  if (!lg_pick_scope (g, k) || lat_has_universe (l))
    return 0;
  if (pick_gaps (g, d, k, l, its, nits))
    return 1;
  if (*dropped)
    {
      *l = *whole;
      *dropped = 0;
      return 0;
    }
  lg_fail (g, "%s takes its %s over loop %s, where the sparse loops "
           "would visit the entries %s stores only: the dense loop "
           "also compares the value at its unstored zeros",
           g->s->opd[g->s->acc[g->s->out].opd].name,
           ix_stmt_picks (g->s), g->s->var[g->nest->order[d]].name,
           g->s->opd[g->s->acc[its[0].a].opd].name);
  return -1;
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
      int cases[LAT_MAX_POINTS], ncases = 0, count = 0;
      for (int q = 0; q < l->n; q++)
        if (lat_covers (l, p, q))
          cases[ncases++] = q;
      for (int i = 0; i < nits; i++)
        count += (in_p >> i) & 1;
      int single = for_iter (g, l, p, its, nits);
      if (single >= 0)
        {
          /* One level: a for loop over its positions.  */
          iter *it = &its[single];
          int s = lir_stmt_new (g->k, LIR_FOR);
          if (s < 0)
            return;
          g->k->stmts[s].var = it->p;
          g->k->stmts[s].b = lg_ref (g, it->end);
          if (p == 0)
            {
              /* The first loop starts the range afresh (an OpenMP loop's
                 bounds may not refer to its variable).  */
              int lo, hi;
              iter_range (g, st, it, &lo, &hi);
              g->k->stmts[s].a = it->start >= 0 ? lg_ref (g, it->start) : lo;
              lg_mark_down (g, d, s);
              maybe_parallel (g, d, s);
            }
          else
            g->k->stmts[s].a = lg_ref (g, it->p);
          lg_emit (g, b, s);
          note_kind (g, d, LIR_LOOP_POS);
          block body = lg_block ();
          load_coord (g, it, 0, &body);
          int v = lg_decl (g, &body, LIR_I64, g->sc->sv[sv].name,
                           lg_ref (g, it->c));
          int next = g->gap_next;
          if (next >= 0)
            lg_pick_gap (g, g->scope_of[d], st, it->a, next, lg_ref (g, v),
                      &body);
          /* ELL padding reads as a negative coordinate.  */
          const sp_format *f = &g->k->tensors[g->tensor_of[it->a]].fmt;
          int padded = 0;
          for (int m = 0; m < f->nlevels; m++)
            padded |= f->lv[m].kind == SP_LX_COUNT;
          if (padded)
            {
              int s2 = lg_compound (g, &body, LIR_IF,
                                    lg_bin (g, LIR_LE, lg_int (g, 0),
                                            lg_ref (g, v)));
              block inner = lg_block ();
              case_chain (g, d, v, l, cases, ncases, its, nits, 0, st,
                          &inner);
              if (s2 >= 0)
                g->k->stmts[s2].body = inner.first;
            }
          else
            case_chain (g, d, v, l, cases, ncases, its, nits, 0, st, &body);
          if (next >= 0)
            lg_assign (g, &body, next,
                       lg_bin (g, LIR_ADD, lg_ref (g, v), lg_int (g, 1)));
          g->k->stmts[s].body = body.first;
          continue;
        }
      /* Several levels (or a run-length CN level): a while loop.  A
         merge of two rows is emitted twice, with and without branches,
         the runtime choosing once a call (sp_kmerge_pick); an
         intersection of compressed levels with a search through the
         longer ranges, chosen by the ranges' lengths before the loop.  */
      block *wb = b, branchy = lg_block ();
      int ifs = -1;
      if (merge_maskable (g, d, l, its, nits, p, count))
        {
          int t0 = g->tensor_of[its[0].a], t1 = g->tensor_of[its[1].a];
          int e = lir_leaf (g->k, LIR_PICK, LIR_I64, t1, t0, its[0].l);
          if (e >= 0)
            g->k->exprs[e].ival = its[1].l;
          int pick = lg_decl (g, g->pre, LIR_I64, "masked", e);
          ifs = lg_compound (g, b, LIR_IF, lg_ref (g, pick));
          g->k->two_forms[g->n] |= 1u << d;
          block masked = lg_block ();
          masked_merge (g, d, l, its, st, &masked);
          if (ifs >= 0)
            g->k->stmts[ifs].body = masked.first;
          wb = &branchy;
        }
      else if (gallop_point (g, l, p, its, nits, in_p))
        {
          ifs = gallop_or_merge (g, d, l, p, its, nits, in_p, st, b);
          wb = &branchy;
        }
      int s = lg_compound (g, wb, LIR_WHILE, in_ranges (g, its, nits, in_p));
      note_kind (g, d, count > 1 ? LIR_LOOP_COITER : LIR_LOOP_POS);
      block body = lg_block ();
      int minv = -1;
      for (int i = 0; i < nits; i++)
        if (in_p & ((uint32_t) 1 << i))
          {
            load_coord (g, &its[i], 0, &body);
            minv = minv < 0 ? lg_ref (g, its[i].c)
                   : lg_bin (g, LIR_MIN, minv, lg_ref (g, its[i].c));
          }
      int v = lg_decl (g, &body, LIR_I64, g->sc->sv[sv].name, minv);
      case_chain (g, d, v, l, cases, ncases, its, nits, count > 1, st,
                  &body);
      for (int i = 0; i < nits; i++)
        if (in_p & ((uint32_t) 1 << i))
          {
            if (count > 1)
              advance (g, &its[i], v, &body);
            else
              lg_assign (g, &body, its[i].p, lg_ref (g, its[i].q));
          }
      if (s >= 0)
        g->k->stmts[s].body = body.first;
      if (ifs >= 0)
        g->k->stmts[ifs].else_ = branchy.first;
    }
}

/* The most entries the innermost loop of the output's scope, at depth
   D, appends, each of its iterations writing at most one: the length of
   its range (the extent for a dense loop, the sum of the sparse ranges it
   merges).  */
static int
loop_entries (gen *g, int d, const lattice *l, const iter *its, int nits,
              const state *st)
{
  int n = -1;
  if (lat_has_universe (l))
    n = lg_loop_extent (g, g->nest->order[d]);
  else
    for (int i = 0; i < nits; i++)
      {
        int lo, hi;
        iter_range (g, st, &its[i], &lo, &hi);
        int len = lg_bin (g, LIR_SUB, hi, lo);
        n = n < 0 ? len : lg_bin (g, LIR_ADD, n, len);
      }
  return n;
}

/* The symbolic pass in place of that loop: its entries added to the
   bound.  */
static void
count_loop (gen *g, int d, const lattice *l, const iter *its, int nits,
            const state *st, block *b)
{
  int n = loop_entries (g, d, l, its, nits, st);
  if (n >= 0)
    lg_set (g, b, LIR_ACCUM, LIR_ADD, g->bound, -1, -1, -1, n);
}

/* Whether the loop of SV, lattice L over the NITS iterators ITS, which
   must run down (lg_runs_down), takes a form that can: a dense loop,
   beside it iterators stepping down through unique coordinates, or a
   for loop over one sparse level's positions; else refuse it.  */
static int
down_fits (gen *g, int sv, const lattice *l, const iter *its, int nits,
           int gaps)
{
  char form[128];
  const char *a = nits ? g->s->opd[g->s->acc[its[0].a].opd].name : "";
  int runs = -1;
  for (int i = nits - 1; i >= 0; i--)
    if (is_cn (g, &its[i]))
      runs = i;
  if (lat_has_universe (l) ? runs < 0
      : l->n == 1 && !gaps && for_iter (g, l, 0, its, nits) >= 0)
    return 1;
  if (gaps)
    snprintf (form, sizeof form, "visits the gaps between the entries %s "
              "stores", a);
  else if (runs >= 0)
    snprintf (form, sizeof form, "steps through runs of equal coordinates "
              "of %s", g->s->opd[g->s->acc[its[runs].a].opd].name);
  else
    snprintf (form, sizeof form, "merges the entries of %s and %s", a,
              nits > 1 ? g->s->opd[g->s->acc[its[1].a].opd].name : "?");
  lg_fail_down (g, sv, form);
  return 0;
}

/* Iterator IT beside a dense loop running down (iter.down): its range
   [*LO, *HI) as its first position and its limit, the last position
   first; the loop then starts at its extent's end unless IT's range is
   cut at the top too (STOP >= 0), as a loop starting past 0 needs every
   iterator there.  */
static void
iter_down (gen *g, const iter *it, int stop, int *lo, int *hi, int *rhi)
{
  if (!it->down)
    return;
  if (stop < 0)
    *rhi = -1;
  int last = lg_bin (g, LIR_SUB, *hi, lg_int (g, 1));
  *hi = *lo;
  *lo = last;
}

/* The positions of iterator IT (named NAME) where its coordinates enter
   the range [ILO, IHI) (variables, -1 where unbounded), found by binary
   searches in B: into IT->start and *STOP.  */
static void
search_range (gen *g, const state *st, iter *it, const char *name, int ilo,
              int ihi, block *b, int *stop)
{
  int lo, hi;
  char seek[72];
  snprintf (seek, sizeof seek, "%s_from", name);
  iter_range (g, st, it, &lo, &hi);
  if (ilo >= 0)
    it->start = lg_lower_bound (g, b, seek, it->a, it->l, lo, hi, ilo);
  snprintf (seek, sizeof seek, "%s_to", name);
  iter_range (g, st, it, &lo, &hi);
  /* Unique coordinates: the range holds at most HI - LO of them (a
     diagonal's one), so its end is that far from its start at most.  */
  if (ihi >= 0 && it->start >= 0 && !is_cn (g, it))
    hi = lg_bin (g, LIR_MIN, hi,
                 lg_bin (g, LIR_ADD, lg_ref (g, it->start),
                         lg_bin (g, LIR_SUB, lg_ref (g, ihi),
                                 lg_ref (g, ilo))));
  if (ihi >= 0)
    *stop = lg_lower_bound (g, b, seek, it->a, it->l,
                            it->start >= 0 ? lg_ref (g, it->start) : lo, hi,
                            ihi);
}

/* The expression whose lattice loop D (of scope K) follows.  Under a
   workspace that takes whole rows of other accesses (nws_rows), the
   loops over the output's rows visit every row any of them has: the
   whole sum, not the workspace's term alone.  */
static int
row_expr (const gen *g, int d, int k)
{
  const sch_nest *nest = g->nest;
  if (!nest->nws_rows || k != 0)
    return lg_scope_body (g, k);
  const ix_access *out = &g->s->acc[g->s->out];
  const sp_format *f = &g->sc->fmt[g->s->out];
  int var = nest->order[d] < g->s->nvars ? nest->order[d] : -1;
  for (int l = 0; l + 1 < f->nlevels; l++)
    if (var >= 0 && out->var[f->lv[l].dim] == var)
      return g->s->rhs;
  return lg_scope_body (g, k);
}

void
lg_loop (gen *g, int d, state *st, block *b)
{
  int sv = g->nest->order[d];
  int k = g->scope_of[d];
  lattice l;
  iter its[IX_MAX_ACCESSES];
  int nits = 0;
  if (g->err)
    return;
  if (lat_build (g->sc, sv, row_expr (g, d, k), st->absent, &l))
    {
      lg_fail (g, "merge lattice too large (more than %d points)",
               LAT_MAX_POINTS);
      return;
    }
  if (l.n == 0 && lg_pick_scope (g, k))
    {
      lg_pick_empty (g, d, k, st, b);
      return;
    }
  if (l.n == 0)
    {
      /* Nothing to compute: the output's elements here stay unwritten.  */
      if (k == 0)
        g->covered = 0;
      return;
    }
  lattice whole = l;
  int dropped = lg_pick_lattice (g, k, &l);
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
      it->known = -1;
      it->a = a;
      it->l = lat_iterator (g->sc, a, sv, NULL);
      if (it->l > 0 && (st->pos[a][it->l - 1] < 0))
        {
          lg_fail (g, "internal: level %d of access %d has no parent "
                   "position", it->l, a);
          return;
        }
    }
  int gaps = gaps_of (g, d, k, &l, &whole, &dropped, its, nits);
  if (gaps < 0
      || (lg_runs_down (g, sv) && !down_fits (g, sv, &l, its, nits, gaps)))
    return;
  if (g->bound >= 0 && d == g->nest->scope[0].last)
    {
      count_loop (g, d, &l, its, nits, st, b);
      return;
    }
  /* Appending in order after the symbolic pass: the entries these loops
     add, for a check of the output's room before them.  */
  if (g->k->bound_loop >= 0 && !g->counting
      && g->nest->out_mode == SCH_OUT_APPEND && d == g->nest->scope[0].last)
    {
      int n = loop_entries (g, d, &l, its, nits, st);
      if (n >= 0)
        lg_out_room (g, st, b, n);
    }
  /* The range the loop's guards keep it to, and each access's.  */
  int rlo = -1, rhi = -1, e = row_expr (g, d, k);
  if (lat_has_universe (&l))
    lg_range (g, e, -1, sv, st, b, &rlo, &rhi);
  /* A first for loop over positions starts its range itself.  */
  int first = lat_has_universe (&l) ? -1 : for_iter (g, &l, 0, its, nits);
  for (int i = 0; i < nits; i++)
    {
      iter *it = &its[i];
      int lo, hi;
      char name[64];
      snprintf (name, sizeof name, "p%s%d",
                g->s->opd[g->s->acc[it->a].opd].name, it->l);
      it->start = -1;
      int ilo = -1, ihi = -1, stop = -1;
      int ranged = lg_searchable (g, it->a, it->l)
                   && lg_range (g, e, it->a, sv, st, b, &ilo, &ihi);
      if (lg_dist_cut (g, d, b, &ilo, &ihi) || ranged)
        {
          if (gaps && dropped)
            {
              l = whole;
              gaps = dropped = 0;
            }
          if (gaps)
            {
              lg_fail (g, "%s takes its %s over loop %s, which runs over "
                       "part of its extent",
                       g->s->opd[g->s->acc[g->s->out].opd].name,
                       ix_stmt_picks (g->s), g->s->var[sv].name);
              return;
            }
          /* A diagonal's range is kept with its matrix; the search
             runs where it is not.  */
          lg_diag dg;
          block *sb = ranged ? lg_diag_open (g, e, it->a, it->l, sv, st, b,
                                             &dg)
                      : b;
          search_range (g, st, it, name, ilo, ihi, sb, &stop);
          if (sb != b)
            it->known = lg_diag_close (g, &dg, &it->start, &stop);
        }
      iter_range (g, st, it, &lo, &hi);
      if (it->start >= 0)
        lo = lg_ref (g, it->start);
      if (stop >= 0)
        hi = lg_ref (g, stop);
      /* A dense loop starting past 0 needs every iterator there.  */
      if (it->start < 0)
        rlo = -1;
      it->down = lat_has_universe (&l) && lg_runs_down (g, sv);
      iter_down (g, it, stop, &lo, &hi, &rhi);
      it->p = lg_decl (g, b, LIR_I64, name, i == first ? -1 : lo);
      strcat (name, "_end");
      it->end = lg_decl (g, b, LIR_I64, name, hi);
    }
  g->one_term[k] = nits == 1 && its[0].known >= 0 && l.n == 1
                   && g->nest->scope[k].first == d
                   && g->nest->scope[k].last == d;
  if (lat_has_universe (&l))
    dense_loop (g, d, &l, its, nits, st, rlo, rhi, b);
  else if (!gaps)
    sparse_loops (g, d, &l, its, nits, st, b);
  else
    {
      /* The coordinate after the last one visited.  */
      g->gap_next = lg_decl (g, b, LIR_I64, "next", lg_int (g, 0));
      int next = g->gap_next;
      sparse_loops (g, d, &l, its, nits, st, b);
      g->gap_next = -1;
      lg_pick_gap (g, k, st, its[0].a, next, lg_loop_extent (g, sv), b);
    }
}

/* -------------------------------------------------------------------- */
/* Kernel.  */

/* The tensor access A reads: its operand, or its copy in another format,
   which the accesses that read it in that format share.  */
static int
add_tensor (lir_kernel *k, const ix_sched *sc, int a)
{
  int opd = sc->st.acc[a].opd, conv = sc->conv_of[a];
  for (int t = 0; t < k->ntensors; t++)
    if (k->tensors[t].opd == opd
        && (k->tensors[t].conv == conv
            || sch_same_copy (sc, k->tensors[t].conv, conv)))
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
  int n = lg_int (g, 1);
  for (int k = 0; k < out->nidx; k++)
    n = lg_bin (g, LIR_MUL, n, lg_opd_extent (g, out->opd, k));
  return n;
}

/* Start nest N: nothing known yet.  */
static void
nest_start (gen *g, int n, state *st)
{
  const sch_nest *nest = &g->sc->nest[n];
  g->n = n;
  g->nest = nest;
  g->covered = 1;
  g->seeded = 0;
  g->nz = -1;
  memset (st, 0xff, sizeof *st);
  memset (g->diag, 0xff, sizeof g->diag);
  st->absent = st->zeroed = 0;
  for (int k = 0; k < nest->nscopes; k++)
    for (int d = nest->scope[k].first; d <= nest->scope[k].last; d++)
      g->scope_of[d] = k;
  lg_check_down (g);
}

/* The symbolic pass of nest N (a workspace's, or one appending in
   order): its loops down to the last one of the output's scope, which
   count_loop replaces, adding up a bound on the entries the nest writes;
   then room for that many in the output.  The bound costs a pass over
   the outer levels only (for Gustavson's SpGEMM, one pos lookup per
   entry of A; for a merge, two per row) and spares the output's arrays
   the copies of geometric growth; a parallel build may lay its parts out
   by it instead of counting them (parbuild.c).  */
static void
bound_nest (gen *g, int n, block *b)
{
  state st;
  block body = lg_block ();
  nest_start (g, n, &st);
  g->bound = lg_decl (g, b, LIR_I64, "bound", lg_int (g, 0));
  locate (g, &st, &body);
  lg_loop (g, 0, &st, &body);
  int loops = 0;
  for (int id = body.first; id >= 0; id = g->k->stmts[id].next)
    if (g->k->stmts[id].kind != LIR_DECL)
      {
        loops++;
        g->k->bound_loop = id;
      }
  if (loops != 1 || g->k->stmts[g->k->bound_loop].kind != LIR_FOR)
    g->k->bound_loop = -1;
  lg_splice (g, b, &body);
  lg_call (g, b, LIR_CALL_OUT_RESERVE, -1, -1, lg_ref (g, g->bound));
  g->bound = -1;
}

static void
gen_nest (gen *g, int n, block *b)
{
  const sch_nest *nest = &g->sc->nest[n];
  state st;
  block body = lg_block (), pre = lg_block ();
  nest_start (g, n, &st);
  g->pre = &pre;
  g->flush_depth = -1;
  if (nest->out_mode == SCH_OUT_WORKSPACE && nest->ws_level > 0)
    g->flush_depth = nest->depth[g->sc->lvl_sv[g->s->out][nest->ws_level
                                                           - 1]];
  locate (g, &st, &body);
  g->red_loop = -1;
  if (nest->scope[0].last < nest->scope[0].first)
    lg_compute_scope (g, 0, &st, &body);
  else
    lg_loop (g, 0, &st, &body);
  mark_sum (g);
  if (nest->out_mode == SCH_OUT_WORKSPACE && g->flush_depth < 0)
    lg_flush (g, &st, &body);
  g->pre = NULL;
  int picks = g->s->pick != IX_PICK_NONE && g->s->acc[g->s->out].nidx > 0;
  if (nest->out_mode == SCH_OUT_DENSE && (nest->assign == IX_SET || picks)
      && !(g->covered && nest->mode == SCH_REGISTER))
    {
      /* Cleared first, the output could not be read; an element would
         not take its pick at the zeros of a row not visited.  */
      if (picks)
        lg_fail (g, "%s takes its %s at each element over the entries of "
                 "a row, but the loops skip the rows the sparse operands "
                 "do not store: store them in a format that keeps every "
                 "row (CSR, not DCSR)",
                 g->s->opd[g->s->acc[g->s->out].opd].name,
                 ix_stmt_picks (g->s));
      else if (g->s->own_read >= 0)
        lg_fail (g, "output %s is also read at the element it is set to, "
                 "but the loops skip the elements where the sparse "
                 "operands store nothing: store them in a format that "
                 "keeps every row (CSR, not DCSR), or compute the sums "
                 "into another array first",
                 g->s->opd[g->s->acc[g->s->out].opd].name);
      int o = g->s->acc[g->s->out].opd, arr;
      lir_type et = lg_elem_type (g, o);
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
          lg_emit (g, b, z);
        }
    }
  lg_splice (g, b, &pre);
  lg_splice (g, b, &body);
}

/* The counting pass of nest N (loops.h, count_block): the nest once
   more, appends counted instead of made, values not stored.  It exists
   when the nest is one row loop under its declarations.  */
static void
count_nest (gen *g, int n)
{
  lir_kernel *k = g->k;
  const sp_format *f = &g->sc->fmt[g->s->out];
  block cb = lg_block (), body = lg_block ();
  for (int l = 0; l < f->nlevels; l++)
    if (sp_lvl_is_appendable (f->lv[l].type))
      k->count_var[l] = lg_decl (g, &cb, LIR_I64, "count", lg_int (g, 0));
  if (g->sc->nest[n].out_mode == SCH_OUT_WORKSPACE && lg_rows_dense (g))
    {
      /* The list's slots become marks (lg_ws_add).  */
      int z = lir_stmt_new (k, LIR_ZERO);
      if (z >= 0)
        {
          k->stmts[z].array = g->ws_list;
          k->stmts[z].a = lg_ws_extent (g);
          lg_emit (g, &cb, z);
        }
    }
  g->counting = 1;
  gen_nest (g, n, &body);
  g->counting = 0;
  int loops = 0;
  for (int id = body.first; id >= 0; id = k->stmts[id].next)
    if (k->stmts[id].kind != LIR_DECL)
      {
        loops++;
        k->count_loop = id;
      }
  if (loops != 1 || k->stmts[k->count_loop].kind != LIR_FOR)
    {
      k->count_loop = -1;
      return;
    }
  lg_splice (g, &cb, &body);
  k->count_block = cb.first;
}

lir_kernel *
lir_build (const ix_sched *sc, ix_diag *d)
{
  gen g;
  block top = lg_block ();
  memset (&g, 0, sizeof g);
  g.sc = sc;
  g.s = &sc->st;
  g.d = d;
  g.merge_a[0] = g.merge_a[1] = g.arg_reg = -1;
  g.gap_next = -1;
  g.k = lir_new (sc);
  if (!g.k)
    return NULL;
  const ix_stmt *s = g.s;
  int out = s->out, o = s->acc[out].opd;
  lir_type et = lg_elem_type (&g, o);

  for (int a = 0; a < s->naccs; a++)
    g.tensor_of[a] = s->opd[s->acc[a].opd].tagged ? add_tensor (g.k, sc, a)
                                                   : -1;
  /* The ranks' share, before everything (the frame).  */
  block pre = lg_block (), post = lg_block ();
  lg_dist_open (&g, &pre);
  /* Prologue: conversions, assembly, the output's preparation.  */
  for (int t = 0; t < g.k->ntensors; t++)
    if (g.k->tensors[t].conv >= 0)
      lg_call (&g, &top, LIR_CALL_CONVERT, t, -1, -1);
  for (int t = 0; t < g.k->ntensors; t++)
    lg_call (&g, &top, LIR_CALL_ASSEMBLE, t, -1, -1);
  int sparse_out = ix_access_sparse (s, out, &sc->fmt[out])
                   && !(sc->nnests && sc->nest[0].out_mode == SCH_OUT_INPLACE);
  if (sparse_out)
    {
      g.k->out_tensor = g.tensor_of[out];
      lg_call (&g, &top, LIR_CALL_OUT_BEGIN, g.k->out_tensor, -1, -1);
    }
  if (sc->nnests && sc->nest[0].out_mode == SCH_OUT_WORKSPACE)
    {
      g.ws = lir_add_array (g.k, LIR_ARR_WS, et, -1, -1, -1);
      g.ws_flag = lir_add_array (g.k, LIR_ARR_WS_FLAG, LIR_U8, -1, -1, -1);
      g.ws_list = lir_add_array (g.k, LIR_ARR_WS_LIST, LIR_I64, -1, -1, -1);
      lg_call (&g, &top, LIR_CALL_WS_ALLOC, -1, -1, lg_ws_extent (&g));
      g.nw = lg_decl (&g, &top, LIR_I64, "nw", lg_int (&g, 0));
    }
  g.bound = -1;
  if (sparse_out && sc->nnests == 1
      && (sc->nest[0].out_mode == SCH_OUT_WORKSPACE
          || sc->nest[0].out_mode == SCH_OUT_APPEND))
    bound_nest (&g, 0, &top);
  /* A scalar's register starts at zero, or, when the statement picks,
     at the scalar's value, which the values picked replace.  */
  if (s->pick != IX_PICK_NONE && sc->nnests != 1)
    lg_fail (&g, "a maximum or minimum computed in %d loop nests",
             sc->nnests);
  /* A floating sum into an integer output is converted once (c += S):
     nor added in parts by several nests, nor term by term.  */
  if (!ix_type_is_float (s->opd[o].type)
      && ix_type_is_float (ix_sum_type (s))
      && (sc->nnests != 1 || (s->acc[out].nidx && sc->nest[0].mode
                              != SCH_REGISTER)))
    lg_fail (&g, "a %s sum into %s output %s would be converted in parts: "
             "sum into a %s array, then convert it",
             ix_type_name (ix_sum_type (s)), ix_type_name (s->opd[o].type),
             s->opd[o].name, ix_type_name (ix_sum_type (s)));
  if (s->acc[out].nidx == 0)
    {
      int fp = et == LIR_F64 || et == LIR_F32;
      /* A pick starts from the scalar's value, and floating-point terms
         go into the scalar itself, in the program's order, unless the
         sum may reassociate.  Its type is the sum's (an int's count of
         unsigned terms is unsigned: ix_sum_type).  */
      g.acc_holds_out = s->pick != IX_PICK_NONE
                        || (fp && s->assign != IX_SET && !sc->reassoc);
      g.acc = lg_decl (&g, &top, (lir_type) ix_sum_type (s), "acc",
                       g.acc_holds_out ? lir_leaf (g.k, LIR_SCALAR, et, o, -1, 0)
                       : fp ? lir_const_f (g.k, 0, et) : lg_int (&g, 0));
      g.pick_reg = g.acc;
    }

  for (int n = 0; n < sc->nnests && !g.err; n++)
    gen_nest (&g, n, &top);
  if (sparse_out && sc->nnests == 1 && !g.err
      && (sc->nest[0].out_mode == SCH_OUT_APPEND
          || sc->nest[0].out_mode == SCH_OUT_WORKSPACE))
    count_nest (&g, 0);

  /* Epilogue.  */
  if (s->acc[out].nidx == 0)
    lg_set (&g, &top, s->assign == IX_SET || g.acc_holds_out ? LIR_ASSIGN
            : LIR_ACCUM,
            LIR_ADD, -1, -1, -1, o,
            lg_dist_sum (&g, lg_ref (&g, g.acc)));
  if (sparse_out)
    lg_call (&g, &top, LIR_CALL_OUT_END, g.k->out_tensor, -1, -1);
  if (sc->nnests && sc->nest[0].out_mode == SCH_OUT_WORKSPACE)
    lg_call (&g, &top, LIR_CALL_WS_FREE, -1, -1, -1);
  if (sparse_out && g.k->tensors[g.k->out_tensor].conv >= 0)
    lg_call (&g, &top, LIR_CALL_STORE, g.k->out_tensor, -1, -1);
  for (int t = 0; t < g.k->ntensors; t++)
    if (g.k->tensors[t].conv >= 0)
      lg_call (&g, &top, LIR_CALL_FREE, t, -1, -1);
  lg_dist_close (&g, &post);
  g.k->body = top.first;
  g.k->frame_pre = pre.first;
  g.k->frame_post = post.first;
  if (g.err || g.k->failed)
    {
      if (!g.err)
        lg_fail (&g, "out of memory");
      lir_free (g.k);
      return NULL;
    }
  return g.k;
}
