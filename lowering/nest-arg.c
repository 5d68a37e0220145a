/* nest-arg.c -- the index of a maximum or a minimum (an argmax, a pivot
   search), as people write it beside the pick (nest-pick.c):

     double best = 0;
     int k = -1;
     for (int j = 0; j < n; j++)
       if (fabs (A[i][j]) > best)
         {
           best = fabs (A[i][j]);
           k = j;
         }
     arg[i] = k;

   K takes the index of the loop BEST picks over wherever the pick takes
   a value, and keeps the constant it was set to before that loop where
   the pick takes none: once the loop ends its value is the pick's index
   (a symbol IX_INDEX marked arg, ng_pick_sym), and the statement of the
   output that stores it, as it is, takes that index instead of the
   value picked (ix_stmt.arg_var, ng_pick_root).  A temporary's pick
   read after its loops (BEST itself: m[i] = best) is likewise the
   statement of the output that stores it.  Both must be stored as they
   are: in an expression their values are no pick's statement.  */

#include <string.h>
#include "nest-int.h"

/* Object O as messages spell it: its element (m[i]), or its name.  */
static const char *
spell (const engine *g, int o, char *buf, size_t len)
{
  const state *s = &g->st[o];
  return ng_spell_access (g, o, s->nmap, s->map, buf, len);
}

/* How many assignments follow if statement EVI, up to its end, when it
   holds nothing else; else 0.  */
static int
assignments (const nest *n, int evi)
{
  int k = evi + 1;
  while (k < n->nevents && n->ev[k].kind == NEST_EV_ASSIGN)
    k++;
  return k < n->nevents && n->ev[k].kind == NEST_EV_ENDIF ? k - evi - 1 : 0;
}

int
ng_pick_if (engine *g, int evi, ix_pick *pick, int *value, int *w,
            int *idx)
{
  const nest *n = g->n;
  int na = assignments (n, evi);
  *w = *idx = -1;
  for (int k = 1; k <= na && *w < 0; k++)
    if (ng_pick_of (n, &n->ev[evi], &n->ev[evi + k], pick, value))
      *w = evi + k;
  if (*w < 0)
    return 0;
  if (na == 1)
    return 2;
  int m = n->ev[*w].obj;
  if (na == 2)
    {
      *idx = *w == evi + 1 ? evi + 2 : evi + 1;
      if (n->ev[*idx].obj != m)
        return 3;
    }
  char mn[128];
  spell (g, m, mn, sizeof mn);
  return ng_fail (g, "%s takes its %s in an if statement that sets %s: "
                  "the index of a maximum or a minimum is sparsified as one "
                  "variable set beside it to the index of the loop (if (v "
                  "> %s) { %s = v; k = j; })", mn, ix_pick_what (*pick),
                  na == 2 ? "it twice" : "more than one other variable",
                  mn, mn);
}

/* Symbol S without the conversions at its root.  */
static int
sym_uncast (const engine *g, int s)
{
  while (g->syms[s].op == IX_CAST)
    s = g->syms[s].a;
  return s;
}

int
ng_arg_take (engine *g, int w, int idx)
{
  if (idx < 0)
    return 0;
  const nest *n = g->n;
  const nest_event *mw = &n->ev[w], *kw = &n->ev[idx];
  int m = mw->obj, k = kw->obj;
  state *ms = &g->st[m], *ks = &g->st[k];
  char mn[128], kn[128];
  spell (g, m, mn, sizeof mn);
  spell (g, k, kn, sizeof kn);
  const char *what = ix_pick_what (g->pick[m]);
  ix_type kt = n->obj[k].opd.type;
  /* The one loop M picks over, entered since its value was set.  */
  int l = ng_loop_at (g, m, ms->depth + 1);
  const char *ln = ng_loopname (g, l);
  if (g->pick_depth[m] != 1)
    return ng_fail (g, "%s takes the index of %s's %s, which %s takes "
                    "over %d loops: an index is taken over one loop; set "
                    "%s before loop %s, the loop whose index %s takes",
                    kn, mn, what, mn, g->pick_depth[m], mn,
                    ng_loopname (g, ng_loop_at (g, m, ng_fdepth (g, m))),
                    kn);
  if (g->syms[ms->val].op == IX_ACCESS && g->syms[ms->val].obj == m)
    return ms->nmap == 0
      ? ng_fail (g, "%s takes the index of %s's %s over the whole nest, "
                 "from the values they have before it: an index is "
                 "sparsified per row or column (%s and %s set in the loop "
                 "around loop %s, %s stored in an array's element after "
                 "it)", kn, mn, what, mn, kn, ln, kn)
      : ng_fail (g, "%s takes the index of %s's %s, which starts from "
                 "%s's value before the nest: set %s before loop %s", kn,
                 mn, what, mn, mn, ln);
  /* K = j, converted as the store converts it.  */
  const nest_expr *x = &n->expr[kw->rhs];
  while (x->op == IX_CAST && x->num.type == kt)
    x = &n->expr[x->a];
  if (x->op != IX_INDEX || kw->op != IX_SET || kw->pick != IX_PICK_NONE)
    return ng_fail (g, "%s is set beside %s's %s to a value other than "
                    "the index of loop %s: set it to the index (%s = %s), "
                    "and compute from it after the loop", kn, mn, what, ln,
                    kn, ln);
  if (x->loop[0] != l)
    return ng_fail (g, "%s is set beside %s's %s to the index of loop %s, "
                    "but %s takes it over loop %s: an index is the "
                    "variable of the loop the %s runs over (%s = %s)", kn,
                    mn, what, ng_loopname (g, x->loop[0]), mn, ln, what,
                    kn, ln);
  if (ix_type_is_float (kt))
    return ng_fail (g, "%s takes the index of %s's %s but is %s: take the "
                    "index into an integer variable", kn, mn, what,
                    ix_type_name (kt));
  if (ng_reads_obj (n, mw->rhs, k))
    return ng_fail (g, "%s takes the %s of a value that reads %s, the "
                    "index set beside it: compute the value without it",
                    mn, what, kn);
  /* K set before the loop, to a constant, in the same iterations of the
     loops around as M.  */
  if (ks->kind != ST_DEF || ks->base_guard < g->nguards
      || ng_fdepth (g, k) != ks->depth + 1
      || ng_loop_at (g, k, ks->depth + 1) != l)
    return ng_fail (g, "%s takes the index of %s's %s over loop %s but is "
                    "not set before that loop, where %s is: set it there, "
                    "to the value it keeps where the %s takes nothing (%s "
                    "= -1)", kn, mn, what, ln, mn, what, kn);
  const sym *c = &g->syms[sym_uncast (g, ks->val)];
  if (c->op != IX_CONST || ix_type_is_float (c->num.type))
    return ng_fail (g, "%s takes the index of %s's %s but starts from a "
                    "value that is not an integer constant: start it from "
                    "one (%s = -1), and set it where nothing is taken after "
                    "the loop", kn, mn, what, kn);
  ix_num seed = { kt, ix_int_convert (c->num.i, kt), 0 };
  int s = ng_const (g, seed);
  if (s < 0)
    return -1;
  /* Until the loop ends K's value depends on the if statement's
     condition (ST_COND refuses reads there, and ng_pick_sym any write);
     then it is the index (ng_pick_sym).  */
  g->arg_of[k] = m + 1;
  g->arg_loop[k] = l;
  g->arg_seed[k] = s;
  ks->val = s;
  ks->kind = ST_COND;
  ks->cond_ev = w;
  while (ks->cond_ev > 0 && n->ev[ks->cond_ev].kind != NEST_EV_IF)
    ks->cond_ev--;
  return 0;
}

int
ng_pick_sym (engine *g, int o, int seed, int sum)
{
  int r = ng_new_sym (g, IX_ADD, seed, sum);
  if (r < 0)
    return -1;
  g->syms[r].seeded = 1;
  g->syms[r].pick = g->pick[o];
  g->syms[r].pick_sums = g->pick_depth[o];
  g->syms[r].pick_obj = o;
  for (int k = 0; k < g->n->nobjs; k++)
    {
      if (g->arg_of[k] != o + 1)
        continue;
      state *s = &g->st[k];
      char kn[128], mn[128];
      if (s->kind != ST_COND || s->val != g->arg_seed[k])
        return ng_fail (g, "%s takes the index of %s's %s over loop %s but "
                        "is also written in that loop",
                        spell (g, k, kn, sizeof kn),
                        spell (g, o, mn, sizeof mn),
                        ix_pick_what (g->pick[o]),
                        ng_loopname (g, g->arg_loop[k]));
      int a = ng_new_sym (g, IX_INDEX, -1, -1);
      if (a < 0)
        return -1;
      g->syms[a].loop[0] = g->arg_loop[k];
      g->syms[a].num = g->syms[g->arg_seed[k]].num;
      g->syms[a].arg = r + 1;
      g->syms[a].pick_obj = k;
      s->val = a;
      s->kind = ST_DEF;
      g->arg_of[k] = 0;
    }
  return r;
}

/* A pick's value or index in S, other than S itself: the symbol, or
   -1.  */
static int
misused (const engine *g, int s, int root)
{
  const sym *x = &g->syms[s];
  if (s != root && (x->pick != IX_PICK_NONE || x->arg))
    return s;
  int a = x->a >= 0 ? misused (g, x->a, root) : -1;
  return a >= 0 || x->b < 0 ? a : misused (g, x->b, root);
}

int
ng_pick_root (engine *g, int obj, ng_root *r)
{
  const state *s = &g->st[obj];
  memset (r, 0, sizeof *r);
  r->val = s->val;
  r->pick = g->pick[obj];
  r->sums = g->pick_depth[obj];
  int v = s->val, root = -1;
  /* An index stored converted as C stores it (arg[i] = k, arg long):
     the conversion is the store's (loopgen-arg.c).  */
  if (g->syms[v].op == IX_CAST && g->syms[g->syms[v].a].arg
      && g->syms[v].num.type == g->n->obj[obj].opd.type)
    v = g->syms[v].a;
  if (g->syms[v].arg)
    {
      r->arg = 1;
      r->seed = g->syms[v].num;
      root = g->syms[v].arg - 1;
    }
  else if (g->pick[obj] == IX_PICK_NONE
           && g->syms[v].pick != IX_PICK_NONE)
    root = v;
  if (root >= 0)
    {
      /* The pick's statement, its value taken whole as the element's
         pick's is (not apart).  */
      int c = ng_new_sym (g, IX_ADD, -1, -1);
      if (c < 0)
        return -1;
      g->syms[c] = g->syms[root];
      g->syms[c].apart = 0;
      r->val = c;
      r->pick = g->syms[c].pick;
      r->sums = g->syms[c].pick_sums;
    }
  int bad = misused (g, r->val, r->pick != IX_PICK_NONE ? r->val : -1);
  if (bad < 0)
    return 0;
  const sym *x = &g->syms[bad];
  char b1[128];
  ng_spell_access (g, obj, s->nmap, s->map, b1, sizeof b1);
  if (x->arg)
    return ng_fail (g, "output %s stores %s, the index of %s's %s, other "
                    "than as it is (in an expression, or converted): an "
                    "index is sparsified stored alone (%s = %s), to compute "
                    "from after the loops", ng_objname (g, obj),
                    ng_objname (g, x->pick_obj),
                    ng_objname (g, g->syms[x->arg - 1].pick_obj),
                    ix_pick_what (g->syms[x->arg - 1].pick), b1,
                    ng_objname (g, x->pick_obj));
  return ng_fail (g, "output %s stores the %s %s takes over loop %s other "
                  "than as it is (in an expression, or converted): a "
                  "variable's %s is sparsified stored alone (%s = %s), to "
                  "compute from after the loops", ng_objname (g, obj),
                  ix_pick_what (x->pick), ng_objname (g, x->pick_obj),
                  ng_loopname (g, g->syms[x->b].sumloop),
                  ix_pick_what (x->pick), b1, ng_objname (g, x->pick_obj));
}

void
ng_root_set (const ng_root *r, ix_stmt *ix)
{
  ix->pick = r->pick;
  ix->pick_sums = r->sums;
  const ix_expr *x = &ix->expr[ix->rhs];
  if (r->arg && x->op == IX_ADD && ix->expr[x->b].op == IX_SUM)
    {
      ix->arg_var = ix->expr[x->b].var;
      ix->arg_seed = r->seed;
    }
}
