/* schedule-groups.c -- reduction groups of a nest: the order constraints
   of its sums, register or scatter evaluation, and its scopes (see
   sch_scope in schedule.h).  */

#include <string.h>
#include "schedule-int.h"

/* Reduction groups of a nest's right-hand side.  Group 0 is the root: the
   output's loops and the reductions reached from the root through *, /,
   unary - and sums only (the linear ones).  A reduction under a + or -
   (or another operator that is not linear) starts a new group, child of
   the group that operator is in; the reductions below it reached
   without crossing another such operator join it.  */
typedef struct groups
{
  int n;
  int root[SCH_MAX_SCOPES];     /* expression of the group's root */
  int parent[SCH_MAX_SCOPES];
  uint32_t loops[SCH_MAX_SCOPES];
  uint32_t out_loops;           /* group 0: the output's loops */
  uint32_t encl[SCH_MAX_VARS];  /* the loops that must enclose each loop:
                                   a sum's, around a sum of the program's
                                   below it in its group (in_order) */
  int ntop;                     /* group 0: reductions not below another */
  int top;                      /* ... the first of them */
  int overflow;
} groups;

/* The loop variables reduction node E of NEST sums over: an IX_SUM's
   variable, or the slots of an ELL access (an implicit sum at the leaf).
   Returns them as a bitset over loop variables.  */
static uint32_t
reduction_loops (const ix_sched *sc, const sch_nest *nest, int e)
{
  const ix_stmt *s = &sc->st;
  const ix_expr *x = &s->expr[e];
  uint32_t m = 0;
  if (x->op == IX_SUM && nest->comp[x->var].kind == SCH_SHIFTED)
    {
      /* A DIA column: its other part is a row bound outside the sum.  */
      m |= (uint32_t) 1 << nest->comp[x->var].part_a;
    }
  else if (x->op == IX_SUM)
    {
      int pv[2], np = sch_var_loops (nest, x->var, pv);
      for (int k = 0; k < np; k++)
        m |= (uint32_t) 1 << pv[k];
    }
  else if (x->op == IX_ACCESS)
    for (int sv = s->nvars; sv < sc->nsv; sv++)
      if (sc->sv[sv].access == x->access && sc->sv[sv].kind == SCH_SLOT)
        m |= (uint32_t) 1 << sv;
  return m;
}

/* Nonzero when E computes in integers (C's usual conversions).  */
static int
integral (const ix_stmt *s, int e)
{
  ix_type t = ix_expr_type (s, e);
  return !ix_type_is_float (t);
}

/* Whether sum E adds floating-point terms in an order the program
   fixed: a loop nest's, that may not reassociate.  */
static int
in_order (const ix_sched *sc, int e)
{
  ix_type t = ix_expr_type (&sc->st, e);
  return sc->st.from_loops && !sc->reassoc
         && ix_type_is_float (t);
}

/* Whether sum E, a temporary's (ix_expr.apart), is added up on its own
   and then used whole, in a register of its own: unless it is what a
   nest sets its output to, where adding its terms into the output
   rounds alike.  */
static int
sums_apart (const ix_sched *sc, const sch_nest *nest, int e)
{
  const ix_expr *x = &sc->st.expr[e];
  return x->op == IX_SUM && x->apart && in_order (sc, e)
         && !ix_is_locate (&sc->st, e)
         && !(e == nest->rhs && nest->assign == IX_SET);
}

static void
group_walk (const ix_sched *sc, const sch_nest *nest, int e, int g, int lin,
            int below_red, uint32_t outer, groups *gr)
{
  const ix_expr *x = &sc->st.expr[e];
  uint32_t red = reduction_loops (sc, nest, e);
  if (red)
    {
      /* A second sum over a loop of the group (a product of two sums
         over one variable, as a loop nest's s * s reads them) cannot
         share that loop: it sums on its own.  */
      if (!lin || (x->op == IX_SUM && (gr->loops[g] & red))
          || sums_apart (sc, nest, e))
        {
          if (gr->n == SCH_MAX_SCOPES)
            {
              gr->overflow = 1;
              return;
            }
          gr->root[gr->n] = e;
          gr->parent[gr->n] = g;
          gr->loops[gr->n] = 0;
          g = gr->n++;
          lin = 1;
          outer = 0;
        }
      else if (g == 0 && !below_red && gr->ntop++ == 0)
        gr->top = e;
      /* The program's nested loops add in their order: the outer sum's
         loops enclose the inner's.  */
      if (x->op == IX_SUM && in_order (sc, e))
        for (int sv = 0; sv < SCH_MAX_VARS; sv++)
          if (red & ((uint32_t) 1 << sv))
            gr->encl[sv] |= outer;
      gr->loops[g] |= red;
      outer |= red;
      below_red = 1;
    }
  /* Sums do not cross + and -, nor an integer division (which does not
     distribute over them), nor any other operator that is not linear
     (a cast, a comparison, a guard).  */
  if (!ix_ops[x->op].linear || (x->op == IX_DIV && integral (&sc->st, e)))
    lin = 0;
  /* Nor into the values a pick takes (ix_stmt.pick): each whole.  */
  if (ix_is_pick_sum (&sc->st, e) && !ix_is_pick_sum (&sc->st, x->a))
    lin = 0;
  if (x->a >= 0)
    group_walk (sc, nest, x->a, g, lin, below_red, outer, gr);
  /* Nor does a sum in a divisor (a locate, ix_is_locate) share the
     loops of what it divides.  */
  if (x->b >= 0)
    group_walk (sc, nest, x->b, g,
                lin && x->op != IX_DIV && x->op != IX_MOD, below_red, outer,
                gr);
}

static void
build_groups (const ix_sched *sc, const sch_nest *nest, groups *gr)
{
  const ix_access *out = &sc->st.acc[sc->st.out];
  memset (gr, 0, sizeof *gr);
  gr->n = 1;
  gr->root[0] = nest->rhs;
  gr->parent[0] = -1;
  gr->top = -1;
  for (int k = 0; k < out->nidx; k++)
    {
      int pv[2], np = sch_var_loops (nest, out->var[k], pv);
      for (int m = 0; m < np; m++)
        gr->out_loops |= (uint32_t) 1 << pv[m];
    }
  group_walk (sc, nest, nest->rhs, 0, 1, 0, 0, gr);
}

static int
group_encloses (const groups *gr, int a, int b)
{
  for (; b >= 0; b = gr->parent[b])
    if (a == b)
      return 1;
  return 0;
}

/* Nonzero when group A of two side by side comes after group B: A is a
   locate and B is not, or both are and B is the first.  */
static int
sibling_after (const ix_sched *sc, const groups *gr, int a, int b)
{
  int la = ix_is_locate (&sc->st, gr->root[a]);
  int lb = ix_is_locate (&sc->st, gr->root[b]);
  return la && (!lb || b < a);
}

static void
edges_between (sch_graph *g, uint32_t from, uint32_t to)
{
  for (int u = 0; u < SCH_MAX_VARS; u++)
    for (int w = 0; w < SCH_MAX_VARS; w++)
      if ((from & ((uint32_t) 1 << u)) && (to & ((uint32_t) 1 << w)))
        sch_edge (g, u, w);
}

/* Hard edges of the reduction groups: each group's loops inside all loops
   of the group it feeds; groups side by side form a cycle (they cannot
   share a nest), except a locate's (one element, ix_is_locate), whose
   loop comes after the other's, both inside their parent's loops; the
   loops of the program's nested floating-point sums in the program's
   order (groups.encl).  Returns -1 when there are too many groups.  */
int
sch_reduction_edges (const ix_sched *sc, const sch_nest *nest,
                     sch_graph *hard)
{
  groups gr;
  build_groups (sc, nest, &gr);
  if (gr.overflow)
    return -1;
  for (int sv = 0; sv < SCH_MAX_VARS; sv++)
    edges_between (hard, gr.encl[sv], (uint32_t) 1 << sv);
  for (int h = 1; h < gr.n; h++)
    {
      int p = gr.parent[h];
      edges_between (hard, gr.loops[p] | (p == 0 ? gr.out_loops : 0),
                     gr.loops[h]);
      for (int h2 = 1; h2 < gr.n; h2++)
        if (h2 != h && !group_encloses (&gr, h, h2)
            && !group_encloses (&gr, h2, h)
            && !sibling_after (sc, &gr, h2, h))
          edges_between (hard, gr.loops[h2], gr.loops[h]);
    }
  /* A pick's loops in the order of its sums, the dense loops': equal
     values of two signs, and fmax's NaNs, depend on it.  */
  const ix_stmt *s = &sc->st;
  for (int e = s->rhs; ix_is_pick_sum (s, e); e = s->expr[e].a)
    if (ix_is_pick_sum (s, s->expr[e].a))
      edges_between (hard, reduction_loops (sc, nest, e),
                     reduction_loops (sc, nest, s->expr[e].a));
  return 0;
}

/* Output loops before the linear reductions' loops.  */
void
sch_register_edges (const ix_sched *sc, const sch_nest *nest,
                    sch_graph *g)
{
  groups gr;
  build_groups (sc, nest, &gr);
  edges_between (g, gr.out_loops, gr.loops[0]);
}

static int
depth_min (const sch_nest *nest, uint32_t loops)
{
  int d = SCH_MAX_VARS;
  for (int sv = 0; sv < SCH_MAX_VARS; sv++)
    if ((loops & ((uint32_t) 1 << sv)) && nest->depth[sv] >= 0
        && nest->depth[sv] < d)
      d = nest->depth[sv];
  return d;
}

static int
depth_max (const sch_nest *nest, uint32_t loops)
{
  int d = -1;
  for (int sv = 0; sv < SCH_MAX_VARS; sv++)
    if ((loops & ((uint32_t) 1 << sv)) && nest->depth[sv] > d)
      d = nest->depth[sv];
  return d;
}

/* Decide register or scatter evaluation for the ordered NEST and fill its
   scopes.  Returns -1 when the scopes do not occupy consecutive depths.  */
int
sch_make_scopes (const ix_sched *sc, sch_nest *nest)
{
  groups gr;
  uint32_t scope_loops[SCH_MAX_SCOPES];
  build_groups (sc, nest, &gr);
  nest->mode = gr.ntop <= 1
               && depth_min (nest, gr.loops[0]) > depth_max (nest,
                                                             gr.out_loops)
               ? SCH_REGISTER : SCH_SCATTER;
  nest->nscopes = 0;
  scope_loops[nest->nscopes] = gr.out_loops;
  nest->scope[nest->nscopes++].expr = nest->rhs;
  if (nest->mode == SCH_SCATTER)
    scope_loops[0] |= gr.loops[0];
  else if (gr.ntop == 1)
    {
      scope_loops[nest->nscopes] = gr.loops[0];
      nest->scope[nest->nscopes++].expr = gr.top;
    }
  for (int h = 1; h < gr.n; h++)
    {
      if (nest->nscopes == SCH_MAX_SCOPES)
        return -1;
      scope_loops[nest->nscopes] = gr.loops[h];
      nest->scope[nest->nscopes++].expr = gr.root[h];
    }
  int next = 0;
  for (int k = 0; k < nest->nscopes; k++)
    {
      sch_scope *x = &nest->scope[k];
      int n = __builtin_popcount (scope_loops[k]);
      x->first = next;
      x->last = next + n - 1;
      if (n && (depth_min (nest, scope_loops[k]) != x->first
                || depth_max (nest, scope_loops[k]) != x->last))
        return -1;
      next += n;
    }
  /* Each scope's parent: the nearest one before it that holds it.  */
  nest->scope[0].parent = -1;
  for (int k = 1; k < nest->nscopes; k++)
    {
      int p = k - 1;
      while (p > 0 && !ix_expr_contains (&sc->st, nest->scope[p].expr,
                                         nest->scope[k].expr))
        p--;
      nest->scope[k].parent = p;
    }
  return next == nest->nloops ? 0 : -1;
}

