/* nest.c -- dense loop nests as index notation (see nest.h).

   nest_lower runs the nest symbolically.  Every object the nest writes has
   a state: its value at the point reached, as an expression over the
   inputs (a "symbol" below), with index sums where a loop accumulated
   into it.  An array output is followed element by element: the loops it
   is subscripted by (its map loops) pick the element and are otherwise
   transparent, every other loop enclosing a write is a loop over which
   the element accumulates.  A scalar has no map loops.

   States: OLD (the value before the nest), UNDEF (declared, not set),
   DEF (one expression, defined DEPTH loops deep, counting only the
   object's non-map loops), ACC (inside loops where it accumulates: a base
   value from DEPTH plus a pending sum per deeper loop; reading it there
   would read a partial sum), STALE (set inside a loop that has ended: the
   last iteration's value), COND (set inside an if statement that has
   ended, or in the other branch of one: its value depends on the
   condition).  At the end every output must be DEF.

   If statements guard what they contain: each open one has a condition
   (a symbol, evaluated where the statement begins, negated in its
   else).  An accumulation inside them adds `c ? term : 0`, C the
   conjunction of the conditions opened since the object's value was
   last set.  */

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "nest-int.h"
#include "schedule.h"
#include "sparse_format.h"
#include "level_types.h"

/* -------------------------------------------------------------------- */
/* Symbols.  */

int
ng_fail (engine *g, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (g->r->reason, sizeof g->r->reason, fmt, ap);
  va_end (ap);
  return -1;
}

int
ng_new_sym (engine *g, ix_op op, int a, int b)
{
  if (g->nsyms == NEST_MAX_SYMS)
    return ng_fail (g, "the nest is too large");
  sym *s = &g->syms[g->nsyms];
  memset (s, 0, sizeof *s);
  s->op = op;
  s->a = a;
  s->b = b;
  s->obj = -1;
  s->sumloop = -1;
  return g->nsyms++;
}

int
ng_const (engine *g, ix_num num)
{
  int s = ng_new_sym (g, IX_CONST, -1, -1);
  if (s >= 0)
    g->syms[s].num = num;
  return s;
}

static int
sym_read (engine *g, int obj, int nidx, const int *loops)
{
  int s = ng_new_sym (g, IX_ACCESS, -1, -1);
  if (s >= 0)
    {
      g->syms[s].obj = obj;
      g->syms[s].nidx = nidx;
      for (int k = 0; k < nidx; k++)
        g->syms[s].loop[k] = loops[k];
    }
  return s;
}

static int
sym_is_zero (const engine *g, int s)
{
  return s >= 0 && g->syms[s].op == IX_CONST
         && ix_num_is_zero (g->syms[s].num);
}

static int
sym_uses_loop (const engine *g, int s, int l)
{
  const sym *x = &g->syms[s];
  if (x->op == IX_ACCESS)
    {
      for (int k = 0; k < x->nidx; k++)
        if (x->loop[k] == l)
          return 1;
      return 0;
    }
  return (x->a >= 0 && sym_uses_loop (g, x->a, l))
         || (x->b >= 0 && sym_uses_loop (g, x->b, l));
}

/* Whether S reads output OBJ other than where earlier iterations of
   the outer loop left it (carried_read).  */
static int
sym_reads_obj (const engine *g, int s, int obj)
{
  const sym *x = &g->syms[s];
  if (x->op == IX_ACCESS)
    return x->obj == obj && !x->carried;
  return (x->a >= 0 && sym_reads_obj (g, x->a, obj))
         || (x->b >= 0 && sym_reads_obj (g, x->b, obj));
}

/* The step of an accumulation: A, then B added (subtracted) into it
   (ix_expr.seeded).  */
static int
sym_step (engine *g, ix_op op, int a, int b)
{
  int r = ng_new_sym (g, op, a, b);
  if (r >= 0)
    g->syms[r].seeded = 1;
  return r;
}

/* BASE + T (or - T), folding a zero base away.  */
static int
sym_apply (engine *g, int base, term t)
{
  if (base < 0 || sym_is_zero (g, base))
    return t.neg ? ng_new_sym (g, IX_NEG, t.e, -1) : t.e;
  return sym_step (g, t.neg ? IX_SUB : IX_ADD, base, t.e);
}

/* The pending sum D plus T.  */
static term
term_add (engine *g, term d, term t)
{
  term r = d;
  if (d.e < 0)
    return t;
  r.e = sym_step (g, d.neg == t.neg ? IX_ADD : IX_SUB, d.e, t.e);
  return r;
}

/* The value of temporary S read: a sum or an accumulation in it (or
   its negation, t = 0; t -= ...) is complete, a value of its own
   (ix_expr.apart).  */
static int
sym_whole (engine *g, int s)
{
  const sym *x = &g->syms[s];
  if (x->op == IX_NEG)
    {
      int a = sym_whole (g, x->a);
      return a < 0 || a == x->a ? a : ng_new_sym (g, IX_NEG, a, -1);
    }
  if (x->apart
      || !(x->op == IX_SUM
           || ((x->op == IX_ADD || x->op == IX_SUB) && x->seeded)))
    return s;
  int r = ng_new_sym (g, IX_SUM, -1, -1);
  if (r >= 0)
    {
      g->syms[r] = g->syms[s];
      g->syms[r].apart = 1;
    }
  return r;
}

/* -------------------------------------------------------------------- */
/* Spelling for messages.  */

const char *
ng_objname (const engine *g, int o)
{
  return g->n->obj[o].opd.name;
}

const char *
ng_loopname (const engine *g, int l)
{
  return g->n->loop[l].name;
}

/* "y[i][j]" or "s".  */
char *
ng_spell_access (const engine *g, int obj, int nidx, const int *loops,
              char *buf, size_t len)
{
  size_t k = snprintf (buf, len, "%s", ng_objname (g, obj));
  for (int d = 0; d < nidx && k < len; d++)
    k += snprintf (buf + k, len - k, "[%s]", ng_loopname (g, loops[d]));
  return buf;
}

/* -------------------------------------------------------------------- */
/* The run.  */

static int
is_map (const state *s, int l)
{
  for (int k = 0; k < s->nmap; k++)
    if (s->map[k] == l)
      return 1;
  return s->canon[l] >= 0;
}

/* S with the loops CANON maps renamed to their map loops.  */
static int
sym_rename (engine *g, int s, const int *canon)
{
  const sym *x = &g->syms[s];
  int a = -1, b = -1, changed = 0;
  if (x->op == IX_INDEX)
    {
      if (canon[x->loop[0]] < 0)
        return s;
      int r = ng_new_sym (g, IX_INDEX, -1, -1);
      if (r >= 0)
        {
          g->syms[r] = g->syms[s];
          g->syms[r].loop[0] = canon[g->syms[s].loop[0]];
        }
      return r;
    }
  if (x->op == IX_ACCESS)
    {
      for (int k = 0; k < x->nidx; k++)
        changed |= canon[x->loop[k]] >= 0;
      if (!changed)
        return s;
      int r = sym_read (g, x->obj, x->nidx, x->loop);
      if (r < 0)
        return -1;
      for (int k = 0; k < g->syms[r].nidx; k++)
        if (canon[g->syms[r].loop[k]] >= 0)
          g->syms[r].loop[k] = canon[g->syms[r].loop[k]];
      return r;
    }
  if (x->a >= 0 && (a = sym_rename (g, x->a, canon)) < 0)
    return -1;
  if (x->b >= 0 && (b = sym_rename (g, x->b, canon)) < 0)
    return -1;
  if (a == x->a && b == x->b)
    return s;
  int r = ng_new_sym (g, x->op, a, b);
  if (r < 0)
    return -1;
  /* The rest as S's: num, sumloop, loc, seeded, apart, pick.  */
  g->syms[r] = g->syms[s];
  g->syms[r].a = a;
  g->syms[r].b = b;
  return r;
}

/* Loops open now that are not map loops of OBJ.  */
int
ng_fdepth (const engine *g, int obj)
{
  int d = 0;
  for (int k = 0; k < g->depth; k++)
    if (!is_map (&g->st[obj], g->stack[k]))
      d++;
  return d;
}

/* The open loop at filtered depth D (1-based) of OBJ.  */
int
ng_loop_at (const engine *g, int obj, int d)
{
  for (int k = 0; k < g->depth; k++)
    if (!is_map (&g->st[obj], g->stack[k]) && --d == 0)
      return g->stack[k];
  return -1;
}

int
ng_is_temp (const engine *g, int o)
{
  const nest_obj *ob = &g->n->obj[o];
  return ob->opd.kind == IX_OPD_SCALAR && !ob->live_out;
}

ix_type
ng_sym_type (const engine *g, int s)
{
  const sym *x = &g->syms[s];
  switch (x->op)
    {
    case IX_ACCESS:
      return g->n->obj[x->obj].opd.type;
    case IX_CONST:
    case IX_INDEX:
      return x->num.type;
    default:
      {
        ix_type a = ng_sym_type (g, x->a);
        return ix_op_type (x->op, a, x->b >= 0 ? ng_sym_type (g, x->b) : a,
                           x->num.type);
      }
    }
}

/* !S: == and != say it for each other, exactly (NaNs included).  */
static int
sym_not (engine *g, int s)
{
  const sym *x = &g->syms[s];
  if (x->op == IX_EQ || x->op == IX_NE)
    return ng_new_sym (g, x->op == IX_EQ ? IX_NE : IX_EQ, x->a, x->b);
  return ng_new_sym (g, IX_NOT, s, -1);
}

/* S converted to type T (S itself when of that type).  */
static int
sym_cast (engine *g, int s, ix_type t)
{
  if (s < 0 || ng_sym_type (g, s) == t)
    return s;
  int c = ng_new_sym (g, IX_CAST, s, -1);
  if (c >= 0)
    g->syms[c].num.type = t;
  return c;
}

/* Is value S what object O holds once S is stored in it (no rounding):
   a value of O's type, or a constant O's type represents.  A value that
   is stored and then used again must be, or index notation, which does
   not store it, would compute something else.  */
static int
stored_exactly (const engine *g, int s, int o)
{
  ix_type t = g->n->obj[o].opd.type;
  const sym *x = &g->syms[s];
  if (x->op == IX_CONST)
    return ix_num_fits (x->num, t);
  return ng_sym_type (g, s) == t;
}

/* Whether element IDX (NIDX subscripts) of output O is visited once,
   every loop around indexing it, before any write to O: its old value
   is then the one before the nest.  */
static int
element_once (const engine *g, int o, int nidx, const int *idx)
{
  if (g->st[o].kind != ST_OLD)
    return 0;
  for (int k = 0; k < g->depth; k++)
    {
      int indexed = 0;
      for (int d = 0; d < nidx; d++)
        indexed |= idx[d] == g->stack[k];
      if (!indexed)
        return 0;
    }
  return 1;
}

/* element_once, O a tagged output.  */
static int
old_element_once (const engine *g, int o, int nidx, const int *idx)
{
  return g->n->obj[o].opd.tagged && element_once (g, o, nidx, idx);
}

/* Whether access X of output array O, in the right-hand side of its
   assignment, reads the element assigned, set once (A[i][j] = A[i][j] *
   s, y[i] = alpha * s + beta * y[i]): the old value; of a tagged array,
   an update in place if that element alone is read (split_value,
   ix_finish); of a dense one, read before the kernel writes it
   (ix_stmt.own_read).  */
static int
reads_old_element (const engine *g, int o, const nest_expr *x)
{
  const nest_event *w = g->assigning;
  return w && o == w->obj && x->nidx == w->nidx && w->nidx > 0
         && memcmp (x->loop, w->idx, w->nidx * sizeof *w->idx) == 0
         && element_once (g, o, w->nidx, w->idx);
}

/* Whether access X of tagged output O, in the condition of an if
   statement, reads an element before any write to O, every loop around
   indexing it (if (fabs (A[i][j]) < tol) A[i][j] = 0): its old value, so
   long as O is written at that element only (old_reads_written).  */
static int
guard_reads_old (engine *g, int o, const nest_expr *x)
{
  if (g->assigning || g->nold_reads == NEST_MAX_GUARDS
      || !old_element_once (g, o, x->nidx, x->loop))
    return 0;
  g->old_read[g->nold_reads++] = x;
  return 1;
}

/* Whether every old element a condition read (guard_reads_old) is the
   element its object is written at: else the dense loops would read
   values written in earlier iterations.  */
static int
old_reads_written (engine *g)
{
  char buf[128];
  for (int r = 0; r < g->nold_reads; r++)
    {
      const nest_expr *x = g->old_read[r];
      const state *s = &g->st[x->obj];
      if (x->nidx != s->nmap
          || memcmp (x->loop, s->map, s->nmap * sizeof *x->loop) != 0)
        return ng_fail (g, "output %s is also read at %s", ng_objname (g, x->obj),
                        ng_spell_access (g, x->obj, x->nidx, x->loop, buf,
                                         sizeof buf));
    }
  return 0;
}

/* The value of output O after `if (C) O[...] = T;` (assignment EV), its
   element set once: C ? T : the old element, which an update in place
   may write (if (fabs (A[i][j]) < tol) A[i][j] = 0).  -1 when it is not
   so, -2 when out of symbols.  */
static int
old_element_unless (engine *g, const nest_event *ev, int o, int c, int t)
{
  if (!old_element_once (g, o, ev->nidx, ev->idx))
    return -1;
  int old = sym_read (g, o, ev->nidx, ev->idx);
  int notc = old < 0 ? -1 : ng_new_sym (g, IX_NOT, c, -1);
  int keep = notc < 0 ? -1 : ng_new_sym (g, IX_WHERE, notc, old);
  int set = keep < 0 ? -1 : ng_new_sym (g, IX_WHERE, c, t);
  int v = set < 0 ? -1 : ng_new_sym (g, IX_ADD, set, keep);
  return v < 0 ? -2 : v;
}

/* Whether access X of output O reads what the earlier iterations of the
   outer loop wrote (Gauss-Seidel's x[j] beside x[i] = ...): O a plain
   vector written only at the outer loop's index, directly in its body,
   and read before that write at the index of a loop inside it.  Row i
   then reads the x[j] rows j < i wrote and the old ones after, as the
   sparse loops do when they run the rows in order, one thread, each
   written after its sums (ix_stmt.carried).  */
static int
carried_read (const engine *g, int o, const nest_expr *x)
{
  const state *s = &g->st[o];
  if (g->n->obj[o].opd.tagged || s->kind != ST_OLD || x->nidx != 1
      || s->nmap != 1 || g->depth < 2 || s->map[0] != g->stack[0]
      || x->loop[0] == s->map[0])
    return 0;
  int inside = 0, open = 0;
  for (int k = 1; k < g->depth; k++)
    inside |= g->stack[k] == x->loop[0];
  for (int i = 0; i < g->n->nevents && inside; i++)
    {
      const nest_event *ev = &g->n->ev[i];
      open += (ev->kind == NEST_EV_BEGIN) - (ev->kind == NEST_EV_END);
      if (ev->kind == NEST_EV_ASSIGN && ev->obj == o && open != 1)
        return 0;
    }
  return inside;
}

/* Whether access X of output O, in the assignment being evaluated to
   another output, reads O's element complete: an array, not tagged,
   whose value there is set (not being summed), read at the element it
   is written at, and written nowhere after in the nest (atax's
   y[j] += A[i][j] * tmp[i] after tmp[i]'s row sum).  Each element then
   has its final value when read, so O's statement may run first, whole,
   and the reader's read its result.  */
static int
final_read (engine *g, int o, const nest_expr *x)
{
  const state *s = &g->st[o];
  const nest *n = g->n;
  if (!g->assigning || g->assigning->obj == o || n->obj[o].opd.tagged
      || n->obj[o].opd.rank == 0 || s->kind != ST_DEF || x->nidx != s->nmap
      || memcmp (x->loop, s->map, s->nmap * sizeof *x->loop) != 0)
    return 0;
  for (const nest_event *ev = g->assigning + 1; ev < n->ev + n->nevents; ev++)
    if (ev->kind == NEST_EV_ASSIGN && ev->obj == o)
      return 0;
  g->final_read[o] = 1;
  g->reads_final[g->assigning->obj] = 1;
  return 1;
}

/* The symbol of expression E of the nest.  */
static int
eval (engine *g, int e)
{
  const nest_expr *x = &g->n->expr[e];
  char buf[128];
  switch (x->op)
    {
    case IX_CONST:
      return ng_const (g, x->num);
    case IX_ACCESS:
      {
        int o = x->obj;
        if (!g->written[o])
          return sym_read (g, o, x->nidx, x->loop);
        if (reads_old_element (g, o, x) || guard_reads_old (g, o, x))
          return sym_read (g, o, x->nidx, x->loop);
        if (carried_read (g, o, x))
          {
            int r = sym_read (g, o, x->nidx, x->loop);
            if (r >= 0)
              g->syms[r].carried = 1;
            return r;
          }
        if (!ng_is_temp (g, o) && final_read (g, o, x))
          return sym_read (g, o, x->nidx, x->loop);
        if (!ng_is_temp (g, o))
          return ng_fail (g, "output %s is also read at %s", ng_objname (g, o),
                       ng_spell_access (g, o, x->nidx, x->loop, buf,
                                     sizeof buf));
        state *s = &g->st[o];
        switch (s->kind)
          {
          case ST_DEF:
            /* The value the store left: converted to O's type.  */
            if (!stored_exactly (g, s->val, o)
                && (s->val = sym_cast (g, s->val, g->n->obj[o].opd.type)) < 0)
              return -1;
            /* Read in the loops entered since its value was set: a write
               later in them would reach the next iteration's read.  */
            for (int k = s->depth; k < g->depth; k++)
              g->st[o].carried[g->stack[k]] = 1;
            return sym_whole (g, s->val);
          case ST_COND:
            return ng_fail (g, "%s is read after the if statement that sets "
                         "it: its value depends on the condition",
                         ng_objname (g, o));
          case ST_ACC:
            return ng_fail (g, "%s is read inside loop %s, where it "
                         "accumulates", ng_objname (g, o),
                         ng_loopname (g, ng_loop_at (g, o, s->depth + 1)));
          case ST_STALE:
            return ng_fail (g, "%s is read after loop %s, which leaves it "
                         "the value of its last iteration", ng_objname (g, o),
                         ng_loopname (g, s->stale_loop));
          default:
            return ng_fail (g, "%s is read before it is set", ng_objname (g, o));
          }
      }
    case IX_INDEX:
      {
        int r = ng_new_sym (g, IX_INDEX, -1, -1);
        if (r >= 0)
          {
            g->syms[r].loop[0] = x->loop[0];
            g->syms[r].num = x->num;
          }
        return r;
      }
    default:
      {
        int a = eval (g, x->a);
        int b = a < 0 || x->b < 0 ? -1 : eval (g, x->b);
        if (a < 0 || (x->b >= 0 && b < 0))
          return -1;
        int r = ng_new_sym (g, x->op, a, b);
        if (r >= 0)
          g->syms[r].num = x->num;
        return r;
      }
    }
}

/* Is expression E a read of exactly the element EV writes?  */
static int
reads_target (const nest *n, int e, const nest_event *ev)
{
  const nest_expr *x = &n->expr[e];
  if (x->op != IX_ACCESS || x->obj != ev->obj || x->nidx != ev->nidx)
    return 0;
  for (int k = 0; k < x->nidx; k++)
    if (x->loop[k] != ev->idx[k])
      return 0;
  return 1;
}

/* The loop whose range (nest_range) guards what object O is set to,
   or -1.  */
static int
range_loop (const engine *g, int o)
{
  for (int k = g->st[o].base_guard; k < g->nguards; k++)
    if (g->n->ev[g->gev[k]].loop >= 0)
      return g->n->ev[g->gev[k]].loop;
  return -1;
}

/* A write of object O, a pick PK (ix_stmt.pick) or not (IX_PICK_NONE):
   a pick must be O's only write, but for the value it starts from, set
   before the loops it picks in: an array's element's (m[i] = 0; for j
   m[i] = fmax (m[i], v)), or a temporary's (best = 0; for j ...: its
   value, read after them, a pick's (ng_pick_root)).  0, or -1 with the
   reason.  */
static int
start_pick (engine *g, int o, ix_pick pk)
{
  if (pk == IX_PICK_NONE && g->pick[o] == IX_PICK_NONE)
    return 0;
  const char *what = ix_pick_what (pk != IX_PICK_NONE ? pk : g->pick[o]);
  const state *s = &g->st[o];
  int temp = ng_is_temp (g, o), d = ng_fdepth (g, o);
  int starts = s->kind == ST_DEF && (temp ? s->depth < d
                                     : s->nmap > 0 && s->depth == 0);
  if (temp && !starts && g->pick[o] == IX_PICK_NONE)
    return ng_fail (g, "%s takes a %s but is not set before the loop it "
                    "takes it over: set it there, to the value the %s "
                    "starts from", ng_objname (g, o), what, what);
  if (s->nmap > 0 && d == 0)
    return ng_fail (g, "%s takes a %s in no loop but those that index it: "
                    "a maximum or minimum of an element is sparsified over "
                    "a loop inside them", ng_objname (g, o), what);
  if (g->pick[o] != IX_PICK_NONE || (s->kind != ST_OLD && !starts))
    return ng_fail (g, "%s takes a %s and is also written elsewhere in the "
                    "nest", ng_objname (g, o), what);
  g->pick[o] = pk;
  g->pick_depth[o] = d - (starts ? s->depth : 0);
  return 0;
}

/* Whether object O may pick values of type TT, under guard GS (-1:
   none): 0, or -1 with the reason.  */
static int
pick_term (engine *g, int o, ix_type tt, int gs)
{
  const char *what = ix_pick_what (g->pick[o]);
  ix_type to = g->n->obj[o].opd.type;
  /* Compared in the wider type, stored in O's: the same value only when
     O's type is the wider; a product likewise, or one of integers made
     in an unsigned type (nest-accum.c).  */
  if (g->pick[o] == IX_PICK_MUL && ng_product_refused (g, o, tt))
    return -1;
  if (g->pick[o] != IX_PICK_MUL && ix_arith_type (to, tt) != to)
    return ng_fail (g, "%s is %s but takes %s values, compared before they "
                    "are converted", ng_objname (g, o), ix_type_name (to),
                    ix_type_name (tt));
  if (gs >= 0 && range_loop (g, o) >= 0)
    return ng_fail (g, "%s takes its %s over loop %s, which runs over part "
                    "of its extent", ng_objname (g, o), what,
                    ng_loopname (g, range_loop (g, o)));
  if (gs >= 0)
    return ng_fail (g, "%s takes a %s inside another if statement",
                    ng_objname (g, o), what);
  return 0;
}

/* Assignment EV of object O as *OP *RHS (pick *PK), its accumulations
   spelt out read as such: X = X + t, X = t + X, X = X - t; and inside a
   loop that does not index X, X = X * t and X = t * X, a product, taken
   as a pick takes its values.  */
static void
spelt_out (engine *g, const nest_event *ev, ix_pick *pk, ix_assign *op,
           int *rhs)
{
  const state *s = &g->st[ev->obj];
  if (*op != IX_SET || *rhs < 0)
    return;
  const nest_expr *x = &g->n->expr[*rhs];
  int a = x->a >= 0 && reads_target (g->n, x->a, ev);
  int b = x->b >= 0 && reads_target (g->n, x->b, ev);
  if (x->op == IX_MUL && (a || b)
      && ng_fdepth (g, ev->obj) > (s->kind == ST_DEF ? s->depth : 0))
    {
      *pk = IX_PICK_MUL;
      *op = IX_ADD_SET;
      *rhs = a ? x->b : x->a;
    }
  else if ((x->op == IX_ADD || x->op == IX_SUB) && a)
    {
      *op = x->op == IX_ADD ? IX_ADD_SET : IX_SUB_SET;
      *rhs = x->b;
    }
  else if (x->op == IX_ADD && b)
    {
      *op = IX_ADD_SET;
      *rhs = x->a;
    }
}

/* Assignment EVI; or, when PK is not IX_PICK_NONE, the one of
   `if (V > M) M = V;` (ng_pick_of) or M = fmax (M, V) (nest_pick), M
   taking value expression V the way PK picks, as an accumulation takes
   its terms.  */
static int
assign (engine *g, int evi, ix_pick pk, int v)
{
  const nest_event *ev = &g->n->ev[evi];
  int o = ev->obj;
  state *s = &g->st[o];
  int rhs = pk != IX_PICK_NONE ? v : ev->rhs;
  ix_assign op = pk != IX_PICK_NONE ? IX_ADD_SET : ev->op;

  spelt_out (g, ev, &pk, &op, &rhs);
  if (start_pick (g, o, pk))
    return -1;

  g->assigning = ev;
  int t = eval (g, rhs);
  g->assigning = NULL;
  if (t < 0)
    return -1;
  for (int k = 0; k < g->depth; k++)
    if (s->carried[g->stack[k]])
      return ng_fail (g, "%s is read in loop %s before it is set there: its "
                   "value carries over from one iteration to the next",
                   ng_objname (g, o), ng_loopname (g, g->stack[k]));
  /* A loop standing for a map loop: never while that one runs (both
     would pick elements), and its reads are renamed to it.  */
  for (int k = 0; k < ev->nidx; k++)
    if (ev->idx[k] != s->map[k])
      {
        char b1[128], b2[128];
        for (int q = 0; q < g->depth; q++)
          if (g->stack[q] == s->map[k])
            return ng_fail (g, "%s is written both at %s and at %s: an output written at "
                         "two places is sparsified when both only "
                         "accumulate (+=, -=)",
                         ng_objname (g, o),
                         ng_spell_access (g, o, s->nmap, s->map, b1, sizeof b1),
                         ng_spell_access (g, o, ev->nidx, ev->idx, b2,
                                       sizeof b2));
        t = sym_rename (g, t, s->canon);
        if (t < 0)
          return -1;
        break;
      }
  int d = ng_fdepth (g, o);
  int gs = ng_guard_of (g, o);
  if (gs == -2)
    return -1;
  if (op == IX_SET)
    {
      int kept = gs >= 0 && !ng_is_temp (g, o)
                 ? old_element_unless (g, ev, o, gs, t) : -1;
      if (kept == -2)
        return -1;
      if (kept >= 0)
        t = kept;
      else if (gs >= 0 && !ng_is_temp (g, o))
        {
          char b1[128];
          int rl = range_loop (g, o);
          if (rl >= 0)
            return ng_fail (g, "%s is set (=) in loop %s, which runs over "
                            "part of its extent: the elements outside keep "
                            "their old values; accumulate (+=) into it, or "
                            "set it in a loop over the whole extent",
                            ng_spell_access (g, o, ev->nidx, ev->idx, b1,
                                             sizeof b1),
                            ng_loopname (g, rl));
          return ng_fail (g, "%s is set (=) inside an if statement: where the "
                       "condition is false it keeps its old value; set it "
                       "before the if statement, or accumulate (+=) into it",
                       ng_spell_access (g, o, ev->nidx, ev->idx, b1,
                                     sizeof b1));
        }
      if (!ng_is_temp (g, o) && ng_check_zeros (g, evi, op, rhs, t, -1))
        return -1;
      s->kind = ST_DEF;
      s->val = t;
      s->depth = d;
      s->base_guard = g->nguards;
      return 0;
    }

  /* C adds in the wider of the two types: a narrower term is converted
     first (each product of a long sum of ints, a float into a double);
     an integer term C adds in a wider or unsigned type, to the unsigned
     type of that width, the sum's (nest-accum.c).  A floating term of a
     narrower accumulator is not (the sum would be converted back at
     each step): end_loop refuses it.  */
  ix_type to = g->n->obj[o].opd.type, tt0 = ng_sym_type (g, t);
  int at = ng_term_type (g, o, pk, tt0);
  if (at >= 0 && (t = sym_cast (g, t, (ix_type) at)) < 0)
    return -1;
  if (pk != IX_PICK_NONE ? pick_term (g, o, tt0, gs)
      : ng_guard_term (g, evi, op, rhs, gs, &t))
    return -1;

  term tt = { t, op == IX_SUB_SET };
  switch (s->kind)
    {
    case ST_COND:
      return ng_fail (g, "%s is read after the if statement that sets it: its "
                   "value depends on the condition", ng_objname (g, o));
    case ST_UNDEF:
      return ng_fail (g, "%s is read before it is set", ng_objname (g, o));
    case ST_STALE:
      return ng_fail (g, "%s is read after loop %s, which leaves it the value "
                   "of its last iteration", ng_objname (g, o),
                   ng_loopname (g, s->stale_loop));
    case ST_OLD:
      if (ng_is_temp (g, o))
        return ng_fail (g, "%s is read before it is set", ng_objname (g, o));
      s->val = sym_read (g, o, s->nmap, s->map);
      if (s->val < 0)
        return -1;
      s->depth = 0;
      s->kind = ST_DEF;
      /* Fall through.  */
    case ST_DEF:
      /* The value is combined with more: the value stored, converted to
         O's type.  */
      if (!stored_exactly (g, s->val, o)
          && (s->val = sym_cast (g, s->val, to)) < 0)
        return -1;
      if (s->depth == d)
        {
          s->val = sym_apply (g, s->val, tt);
          return s->val < 0 ? -1 : 0;
        }
      s->kind = ST_ACC;
      for (int k = 0; k <= NEST_MAX_LOOPS; k++)
        s->delta[k].e = -1;
      s->delta[d] = tt;
      return 0;
    case ST_ACC:
      s->delta[d] = term_add (g, s->delta[d], tt);
      return s->delta[d].e < 0 ? -1 : 0;
    }
  return 0;
}

/* Loop L ends: sums close, values set inside it go stale.  */
static int
end_loop (engine *g, int l)
{
  for (int o = 0; o < g->n->nobjs; o++)
    {
      state *s = &g->st[o];
      if (!g->written[o] || is_map (s, l))
        continue;
      int d = ng_fdepth (g, o);
      if (s->kind == ST_ACC)
        {
          if (s->delta[d].e >= 0)
            {
              term t = s->delta[d];
              if (!sym_uses_loop (g, t.e, l))
                return ng_fail (g, "loop %s accumulates into %s but its "
                             "variable indexes nothing there",
                             ng_loopname (g, l), ng_objname (g, o));
              /* The loops add in the type of the object; the sum of index
                 notation adds in the type of its terms.  */
              if (ng_accum_refused (g, o, ng_sym_type (g, t.e), l))
                return -1;
              t.e = ng_new_sym (g, IX_SUM, t.e, -1);
              if (t.e < 0)
                return -1;
              g->syms[t.e].sumloop = l;
              s->delta[d].e = -1;
              if (d - 1 == s->depth && g->pick[o] != IX_PICK_NONE)
                {
                  /* A pick starts from the value set before, a zero
                     too (fmax tells -0.0 from +0.0).  */
                  if ((s->val = ng_pick_sym (g, o, s->val, t.e)) < 0)
                    return -1;
                }
              else if (d - 1 == s->depth && !sym_is_zero (g, s->val))
                {
                  /* Its terms go into the value set before the loop, one
                     by one, after the sums of the loops before it.  */
                  s->val = sym_apply (g, s->val, t);
                  if (s->val < 0)
                    return -1;
                }
              else
                {
                  s->delta[d - 1] = term_add (g, s->delta[d - 1], t);
                  if (s->delta[d - 1].e < 0)
                    return -1;
                }
            }
          if (d - 1 == s->depth)
            {
              s->kind = ST_DEF;
              if (s->delta[d - 1].e >= 0)
                s->val = sym_apply (g, s->val, s->delta[d - 1]);
              if (s->val < 0)
                return -1;
            }
        }
      else if (s->kind == ST_DEF && s->depth == d)
        {
          s->kind = ST_STALE;
          s->stale_loop = l;
        }
    }
  return 0;
}

/* -------------------------------------------------------------------- */
/* Statements.  */

typedef struct kbuild
{
  const engine *g;
  ix_stmt *ix;
  int var_of_loop[NEST_MAX_LOOPS];
  int opd_obj[IX_MAX_OPERANDS];
  ix_diag d;
} kbuild;

static int
kvar (kbuild *k, int l)
{
  if (k->var_of_loop[l] >= 0)
    return k->var_of_loop[l];
  const nest_loop *lp = &k->g->n->loop[l];
  char name[IX_NAME_MAX + 8];
  snprintf (name, sizeof name, "%s", lp->name);
  /* Another loop of the same name already in the statement: rename.  */
  for (int suffix = 2; suffix < 100; suffix++)
    {
      int taken = 0;
      for (int v = 0; v < k->ix->nvars; v++)
        if (strcmp (k->ix->var[v].name, name) == 0)
          taken = 1;
      if (!taken)
        break;
      snprintf (name, sizeof name, "%.*s%d", IX_NAME_MAX - 4, lp->name,
                suffix);
    }
  int v = ix_add_var (k->ix, name, -1, lp->loc, &k->d);
  if (v >= 0)
    k->ix->var[v].down = lp->down;
  k->var_of_loop[l] = v;
  return v;
}

/* Access OBJ[LOOPS...]: the output's, when it is the first, else the
   expression of a read (ix_add_read_leaf).  */
static int
kaccess (kbuild *k, int obj, int nidx, const int *loops, unsigned loc)
{
  const nest_obj *ob = &k->g->n->obj[obj];
  int o = ix_add_operand (k->ix, &ob->opd, &k->d);
  if (o < 0)
    return -1;
  k->opd_obj[o] = obj;
  int vars[SP_MAX_RANK];
  for (int d = 0; d < nidx; d++)
    if ((vars[d] = kvar (k, loops[d])) < 0)
      return -1;
  /* The output first, then reads (one access for repeated reads).  */
  if (k->ix->naccs == 0)
    return ix_add_access (k->ix, o, nidx, vars, -1, loc, &k->d);
  return ix_add_read_leaf (k->ix, o, nidx, vars, -1, loc, &k->d);
}

static int
kexpr (kbuild *k, int s)
{
  const sym *x = &k->g->syms[s];
  switch (x->op)
    {
    case IX_ACCESS:
      k->ix->carried |= x->carried;
      return kaccess (k, x->obj, x->nidx, x->loop, x->loc);
    case IX_CONST:
      return ix_add_const (k->ix, x->num, -1, x->loc, &k->d);
    case IX_INDEX:
      {
        int v = kvar (k, x->loop[0]);
        return v < 0 ? -1 : ix_add_index (k->ix, v, x->num.type, x->loc,
                                          &k->d);
      }
    case IX_CAST:
      {
        int a = kexpr (k, x->a);
        return a < 0 ? -1 : ix_add_cast (k->ix, x->num.type, a, &k->d);
      }
    case IX_CALL:
    case IX_CALLZ:
      {
        int a = kexpr (k, x->a);
        return a < 0 ? -1 : ix_add_call (k->ix, x->num, a, &k->d);
      }
    case IX_SUM:
      {
        int a = kexpr (k, x->a);
        int v = a < 0 ? -1 : kvar (k, x->sumloop);
        int e = v < 0 ? -1 : ix_add_sum (k->ix, v, a, &k->d);
        if (e >= 0)
          k->ix->expr[e].apart = x->apart;
        return e;
      }
    default:
      {
        int a = kexpr (k, x->a);
        int b = a < 0 || x->b < 0 ? -1 : kexpr (k, x->b);
        if (a < 0 || (x->b >= 0 && b < 0))
          return -1;
        int e = ix_add_op (k->ix, x->op, a, b, -1, x->loc, &k->d);
        if (e >= 0)
          {
            k->ix->expr[e].seeded = x->seeded;
            k->ix->expr[e].apart = x->apart;
          }
        return e;
      }
    }
}

/* Whether V reads output OBJ only at the element written (S's map).  */
static int
reads_element_only (const engine *g, int v, int obj, const state *s)
{
  const sym *x = &g->syms[v];
  if (x->op == IX_ACCESS && x->obj == obj)
    return x->nidx == s->nmap
           && memcmp (x->loop, s->map, s->nmap * sizeof *x->loop) == 0;
  return (x->a < 0 || reads_element_only (g, x->a, obj, s))
         && (x->b < 0 || reads_element_only (g, x->b, obj, s));
}

/* Split V, a value of output OBJ, into assignment and right-hand side:
   OLD + t is `+= t`, OLD - t is `-= t`, anything without OLD is `= V`.
   The old value anywhere else is a read of the output.  */
static int
split_value (engine *g, int obj, int v, ix_assign *op, int *rhs)
{
  const sym *x = &g->syms[v];
  char buf[128];
  const state *s = &g->st[obj];
  if (!sym_reads_obj (g, v, obj))
    {
      *op = IX_SET;
      *rhs = v;
      return 0;
    }
  if ((x->op == IX_ADD || x->op == IX_SUB)
      && g->syms[x->a].op == IX_ACCESS && g->syms[x->a].obj == obj
      && !sym_reads_obj (g, x->b, obj))
    {
      *op = x->op == IX_ADD ? IX_ADD_SET : IX_SUB_SET;
      *rhs = x->b;
      return 0;
    }
  if (x->op == IX_ADD || x->op == IX_SUB)
    {
      /* (OLD + a) + b, (OLD + a) - b ...: peel the last term.  */
      ix_assign inner;
      int r;
      if (!sym_reads_obj (g, x->b, obj)
          && split_value (g, obj, x->a, &inner, &r) == 0 && inner != IX_SET)
        {
          /* OLD +- r +- b  ==  OLD + ((+-r) +- b).  */
          int nb = x->op == IX_SUB;
          if (inner == IX_SUB_SET)
            {
              /* OLD - r - b == OLD - (r + b); OLD - r + b == OLD - (r - b) */
              *op = IX_SUB_SET;
              *rhs = ng_new_sym (g, nb ? IX_ADD : IX_SUB, r, x->b);
            }
          else
            {
              *op = IX_ADD_SET;
              *rhs = ng_new_sym (g, nb ? IX_SUB : IX_ADD, r, x->b);
            }
          /* Steps of the program's accumulation stay steps: b goes into
             the output after r.  */
          if (*rhs >= 0)
            g->syms[*rhs].seeded = x->seeded;
          return *rhs < 0 ? -1 : 0;
        }
    }
  /* A value of the old element alone (A = A * s): the statement may
     update the stored entries in place, which ix_finish decides.  */
  if (reads_element_only (g, v, obj, s))
    {
      *op = IX_SET;
      *rhs = v;
      return 0;
    }
  return ng_fail (g, "output %s is also read at %s", ng_objname (g, obj),
               ng_spell_access (g, obj, s->nmap, s->map, buf, sizeof buf));
}

/* Leave bound L == extent D of OBJ to the front end's check.  */
static int
add_bound_check (engine *g, int l, int obj, int d)
{
  nest_result *r = g->r;
  for (int c = 0; c < r->nbound_checks; c++)
    if (r->bound_check[c].loop == l && r->bound_check[c].obj == obj
        && r->bound_check[c].dim == d)
      return 0;
  if (r->nbound_checks == NEST_MAX_BOUND_CHECKS)
    return ng_fail (g, "the nest has too many bounds to check");
  r->bound_check[r->nbound_checks].loop = l;
  r->bound_check[r->nbound_checks].obj = obj;
  r->bound_check[r->nbound_checks].dim = d;
  r->nbound_checks++;
  return 0;
}

/* Check every loop of statement K against the extents it runs over.  */
static int
check_bounds (engine *g, kbuild *k)
{
  const ix_stmt *ix = k->ix;
  int loop_of_var[IX_MAX_VARS];
  for (int v = 0; v < IX_MAX_VARS; v++)
    loop_of_var[v] = -1;
  for (int l = 0; l < g->n->nloops; l++)
    if (k->var_of_loop[l] >= 0)
      loop_of_var[k->var_of_loop[l]] = l;

  for (int a = 0; a < ix->naccs; a++)
    {
      const ix_access *ac = &ix->acc[a];
      const nest_obj *ob = &g->n->obj[k->opd_obj[ac->opd]];
      for (int d = 0; d < ac->nidx; d++)
        {
          int l = loop_of_var[ac->var[d]];
          int src = ix->var[ac->var[d]].src_opd == ac->opd
                    && ix->var[ac->var[d]].src_dim == d;
          if (l < 0 || (!ob->opd.tagged && !src))
            continue;
          const nest_loop *lp = &g->n->loop[l];
          if (lp->ranged)
            continue;
          /* A tagged array's extent is its handle's, which the front end
             compares with any bound the loops cannot change where the
             declaration does not give it.  */
          if ((lp->bound_rt || (ob->opd.tagged && ob->extent_key[d] < 0))
              && (ob->extent_key[d] < 0 || lp->bound_key != ob->extent_key[d]))
            {
              if (add_bound_check (g, l, k->opd_obj[ac->opd], d))
                return -1;
              continue;
            }
          if (ob->extent_key[d] < 0)
            return ng_fail (g, "the extent of dimension %d of %s is not known "
                         "here, so bound %s of loop %s cannot be checked "
                         "against it", d + 1, ob->opd.name, lp->bound_text,
                         lp->name);
          if (lp->bound_key < 0 || lp->bound_key != ob->extent_key[d])
            return g->r->short_loop = l, ng_fail (g, "bound %s does not match extent %s of %s: "
                         "loop %s must run over the whole extent",
                         lp->bound_text, ob->extent_text[d], ob->opd.name,
                         lp->name);
        }
    }
  return 0;
}

/* A read in S of what earlier iterations wrote into an output other
   than OBJ (carried_read), or NULL: that output's own statement runs
   after OBJ's, so OBJ's would read its old values.  */
static const sym *
carried_other (const engine *g, int s, int obj)
{
  const sym *x = &g->syms[s];
  if (x->op == IX_ACCESS)
    return x->carried && x->obj != obj ? x : NULL;
  const sym *a = x->a >= 0 ? carried_other (g, x->a, obj) : NULL;
  return a || x->b < 0 ? a : carried_other (g, x->b, obj);
}

static int
build_kernel (engine *g, int obj)
{
  nest_result *r = g->r;
  const state *s = &g->st[obj];
  char buf[128];
  if (s->kind == ST_STALE)
    {
      if (g->n->obj[obj].opd.rank == 0)
        return ng_fail (g, "%s keeps only the value of the last iteration of "
                     "loop %s", ng_objname (g, obj), ng_loopname (g, s->stale_loop));
      return ng_fail (g, "%s is assigned in every iteration of loop %s, which "
                   "does not index it",
                   ng_spell_access (g, obj, s->nmap, s->map, buf, sizeof buf),
                   ng_loopname (g, s->stale_loop));
    }
  if (s->kind != ST_DEF)
    return ng_fail (g, "the value %s ends with is not an expression of the "
                 "loops", ng_objname (g, obj));
  const sym *c = carried_other (g, s->val, obj);
  if (c)
    return ng_fail (g, "output %s is also read at %s", ng_objname (g, c->obj),
                    ng_spell_access (g, c->obj, c->nidx, c->loop, buf,
                                     sizeof buf));
  ix_assign op;
  int rhs;
  ng_root root;
  if (ng_pick_root (g, obj, &root)
      || split_value (g, obj, root.val, &op, &rhs))
    return -1;
  if (r->nkernels == NEST_MAX_KERNELS)
    return ng_fail (g, "the nest computes more than %d outputs",
                 NEST_MAX_KERNELS);

  kbuild k;
  memset (&k, 0, sizeof k);
  k.g = g;
  for (int l = 0; l < NEST_MAX_LOOPS; l++)
    k.var_of_loop[l] = -1;
  k.ix = ix_new ();
  if (!k.ix)
    return ng_fail (g, "out of memory");
  k.ix->from_loops = 1;
  int out = kaccess (&k, obj, s->nmap, s->map,
                     g->n->ev[s->first_write].loc);
  int e = out < 0 ? -1 : kexpr (&k, rhs);
  if (e < 0)
    {
      ix_free (k.ix);
      return ng_fail (g, "%s", k.d.msg[0] ? k.d.msg : "the nest is too large");
    }
  ix_set_output (k.ix, out, op, e);
  ng_root_set (&root, k.ix);
  k.ix->loc = g->n->ev[s->first_write].loc;
  if (ix_finish (k.ix, &k.d))
    {
      ix_free (k.ix);
      return ng_fail (g, "%s", k.d.msg);
    }
  if (check_bounds (g, &k))
    {
      ix_free (k.ix);
      return -1;
    }
  r->kernel_obj[r->nkernels] = obj;
  r->kernel[r->nkernels++] = k.ix;
  return 0;
}

/* -------------------------------------------------------------------- */
/* nest_lower.  */

/* The checks that need only the events: subscripts of writes, names.  */
static int
prepass (engine *g, int *named)
{
  const nest *n = g->n;
  for (int o = 0; o < n->nobjs; o++)
    {
      g->st[o].kind = ST_OLD;
      g->st[o].first_write = -1;
      for (int l = 0; l < NEST_MAX_LOOPS; l++)
        g->st[o].canon[l] = -1;
      for (int p = 0; p < o; p++)
        if (strcmp (n->obj[o].opd.name, n->obj[p].opd.name) == 0
            && g->base[o] != g->base[p])
          return ng_fail (g, "two different variables are named %s",
                       n->obj[o].opd.name);
    }
  for (int e = 0; e < n->nexprs; e++)
    if (n->expr[e].op == IX_ACCESS)
      named[n->expr[e].obj] = 1;
  for (int i = 0; i < n->nevents; i++)
    {
      const nest_event *ev = &n->ev[i];
      if (ev->kind != NEST_EV_ASSIGN)
        continue;
      state *s = &g->st[ev->obj];
      char b1[128], b2[128];
      named[ev->obj] = 1;
      if (!g->written[ev->obj])
        {
          g->written[ev->obj] = 1;
          s->first_write = i;
          s->nmap = ev->nidx;
          for (int k = 0; k < ev->nidx; k++)
            s->map[k] = ev->idx[k];
          continue;
        }
      int same = s->nmap == ev->nidx;
      for (int k = 0; same && k < ev->nidx; k++)
        {
          int l = ev->idx[k], m = s->map[k];
          if (l == m)
            continue;
          /* Another loop over the same range: the same elements.  */
          same = n->loop[l].bound_key >= 0
                 && n->loop[l].bound_key == n->loop[m].bound_key
                 && (s->canon[l] < 0 || s->canon[l] == m);
          if (same)
            s->canon[l] = m;
        }
      if (!same)
        return ng_fail (g, "%s is written both at %s and at %s: an output written at "
                         "two places is sparsified when both only "
                         "accumulate (+=, -=)",
                     ng_objname (g, ev->obj),
                     ng_spell_access (g, ev->obj, s->nmap, s->map, b1,
                                   sizeof b1),
                     ng_spell_access (g, ev->obj, ev->nidx, ev->idx, b2,
                                   sizeof b2));
    }
  return 0;
}

/* If statement *EVI begins: a guard; or, with its assignments and end,
   a pick, with an index beside it or not (ng_pick_if), *EVI then at its
   end.  */
static int
begin_if (engine *g, int *evi)
{
  ix_pick pk;
  int v, w, idx, m = ng_pick_if (g, *evi, &pk, &v, &w, &idx);
  if (m)
    {
      *evi += m;
      return m < 0 || assign (g, w, pk, v) ? -1 : ng_arg_take (g, w, idx);
    }
  if (g->nguards == NEST_MAX_GUARDS)
    return ng_fail (g, "the if statements nest too deep");
  int k = g->nguards, c = eval (g, g->n->ev[*evi].rhs);
  if (c < 0)
    return -1;
  g->gcond[k] = g->gev_cond[k] = c;
  g->gev[k] = *evi;
  g->gelse[k] = g->gassumed[k] = 0;
  g->nguards++;
  return 0;
}

/* nest_lower, the guards of temporaries' terms assumed false at the
   zeros when ASSUME_TEMPS; *SKIPPED tells whether that was worth a
   try.  */
static int
lower (const nest *n, nest_result *r, int assume_temps, int *skipped)
{
  memset (r, 0, sizeof *r);
  r->short_loop = -1;
  if (n->full)
    {
      snprintf (r->reason, sizeof r->reason, "the nest is too large");
      return -1;
    }
  engine *g = calloc (1, sizeof *g);
  sym *syms = g ? malloc (NEST_MAX_SYMS * sizeof *syms) : NULL;
  if (!syms)
    {
      free (g);
      snprintf (r->reason, sizeof r->reason, "out of memory");
      return -1;
    }
  int unordered, down;
  nest *split = ng_split_outputs (n, g->base, &unordered, &down);
  if (split)
    n = split;
  g->n = n;
  g->syms = syms;
  g->r = r;
  g->assume_temps = assume_temps;
  int named[NEST_MAX_OBJS] = { 0 };
  int rc = unordered >= 0 ? ng_refuse_unordered (g, unordered, down)
           : prepass (g, named);

  for (int i = 0; rc == 0 && i < n->nevents; i++)
    {
      const nest_event *ev = &n->ev[i];
      switch (ev->kind)
        {
        case NEST_EV_BEGIN:
          if (g->depth == NEST_MAX_LOOPS)
            rc = ng_fail (g, "the nest is too deep");
          else
            g->stack[g->depth++] = ev->loop;
          break;
        case NEST_EV_END:
          if (g->depth == 0 || g->stack[g->depth - 1] != ev->loop)
            rc = ng_fail (g, "loops do not nest");
          else
            {
              rc = end_loop (g, ev->loop);
              g->depth--;
            }
          break;
        case NEST_EV_DECL:
          g->st[ev->obj].kind = ST_UNDEF;
          g->st[ev->obj].base_guard = g->nguards;
          break;
        case NEST_EV_ASSIGN:
          rc = assign (g, i, ev->pick, ev->rhs);
          break;
        case NEST_EV_IF:
          rc = begin_if (g, &i);
          break;
        case NEST_EV_ELSE:
        case NEST_EV_ENDIF:
          if (g->nguards == 0)
            {
              rc = ng_fail (g, "if statements do not nest");
              break;
            }
          ng_leave_branch (g, g->nguards - 1);
          if (ev->kind == NEST_EV_ENDIF)
            g->nguards--;
          else
            {
              int k = g->nguards - 1;
              g->gcond[k] = sym_not (g, g->gev_cond[k]);
              g->gelse[k] = 1;
              g->gassumed[k] = 0;
              rc = g->gcond[k] < 0 ? -1 : 0;
            }
          break;
        }
    }
  if (rc == 0 && g->depth != 0)
    rc = ng_fail (g, "loops do not nest");
  if (rc == 0 && g->nguards != 0)
    rc = ng_fail (g, "if statements do not nest");

  if (rc == 0)
    rc = old_reads_written (g);
  for (int o = 0; o < n->nobjs && rc == 0; o++)
    if (g->final_read[o] && g->reads_final[o])
      rc = ng_fail (g, "output %s is read complete by another output's "
                    "statement and reads one complete itself",
                    ng_objname (g, o));

  /* One statement per output, in the order of first writes, those read
     complete by another first.  */
  while (rc == 0)
    {
      int next = -1;
      for (int o = 0; o < n->nobjs; o++)
        {
          int done = 0;
          for (int k = 0; k < r->nkernels; k++)
            done |= r->kernel_obj[k] == o;
          if (done || !g->written[o] || ng_is_temp (g, o))
            continue;
          if (next < 0 || g->final_read[o] > g->final_read[next]
              || (g->final_read[o] == g->final_read[next]
                  && g->st[o].first_write < g->st[next].first_write))
            next = o;
        }
      if (next < 0)
        break;
      rc = build_kernel (g, next);
    }
  if (rc == 0)
    rc = ng_check_aliases (g, named);
  if (rc)
    {
      for (int k = 0; k < r->nkernels; k++)
        ix_free (r->kernel[k]);
      r->nkernels = 0;
      r->nchecks = 0;
      r->nbound_checks = 0;
      r->nassumes = 0;
    }
  /* The front end knows the originals only.  */
  for (int k = 0; k < r->nkernels; k++)
    r->kernel_obj[k] = g->base[r->kernel_obj[k]];
  for (int c = 0; c < r->nbound_checks; c++)
    r->bound_check[c].obj = g->base[r->bound_check[c].obj];
  *skipped = g->skipped;
  free (split);
  free (syms);
  free (g);
  return rc;
}

int
nest_lower (const nest *n, nest_result *r)
{
  int skipped, rc = lower (n, r, 0, &skipped);
  nest_result again;
  /* The first failure's reason stands when the second run fails too.  */
  if (rc == 0 || !skipped || lower (n, &again, 1, &skipped))
    return rc;
  *r = again;
  return 0;
}
