/* nest-build.c -- building a nest (nest.h) and asking it what the
   front end needs; nest.c lowers it.  */

#include <stdlib.h>
#include <string.h>
#include "nest.h"
#include "mathfn.h"
#include "schedule.h"

/* -------------------------------------------------------------------- */
/* Building.  */

nest *
nest_new (void)
{
  return calloc (1, sizeof (nest));
}

void
nest_free (nest *n)
{
  free (n);
}

int
nest_add_obj (nest *n, const nest_obj *o)
{
  if (n->nobjs == NEST_MAX_OBJS)
    {
      n->full = 1;
      return -1;
    }
  n->obj[n->nobjs] = *o;
  return n->nobjs++;
}

int
nest_add_loop (nest *n, const char *name, int bound_key,
               const char *bound_text, unsigned loc)
{
  if (n->nloops == NEST_MAX_LOOPS || strlen (name) >= IX_NAME_MAX)
    {
      n->full = 1;
      return -1;
    }
  nest_loop *l = &n->loop[n->nloops];
  memset (l, 0, sizeof *l);
  strcpy (l->name, name);
  l->bound_key = bound_key;
  snprintf (l->bound_text, sizeof l->bound_text, "%s",
            bound_text ? bound_text : "?");
  l->loc = loc;
  return n->nloops++;
}

static nest_event *
new_event (nest *n, nest_ev_kind kind, unsigned loc)
{
  if (n->nevents == NEST_MAX_EVENTS)
    {
      n->full = 1;
      return NULL;
    }
  nest_event *e = &n->ev[n->nevents++];
  memset (e, 0, sizeof *e);
  e->kind = kind;
  e->loop = e->obj = e->rhs = -1;
  e->loc = loc;
  return e;
}

int
nest_begin (nest *n, int loop)
{
  nest_event *e = new_event (n, NEST_EV_BEGIN, n->loop[loop].loc);
  if (!e)
    return -1;
  e->loop = loop;
  return n->nevents - 1;
}

int
nest_end (nest *n, int loop)
{
  nest_event *e = new_event (n, NEST_EV_END, n->loop[loop].loc);
  if (!e)
    return -1;
  e->loop = loop;
  return n->nevents - 1;
}

int
nest_decl (nest *n, int obj, unsigned loc)
{
  nest_event *e = new_event (n, NEST_EV_DECL, loc);
  if (!e)
    return -1;
  e->obj = obj;
  return n->nevents - 1;
}

int
nest_assign (nest *n, int obj, int nidx, const int *loops, ix_assign op,
             int rhs, unsigned loc)
{
  if (nidx < 0 || nidx > SP_MAX_RANK)
    {
      n->full = 1;
      return -1;
    }
  if (op == IX_SET && rhs >= 0
      && (rhs = nest_integer_step (n, obj, nidx, loops, rhs)) < 0)
    return -1;
  nest_event *e = new_event (n, NEST_EV_ASSIGN, loc);
  if (!e)
    return -1;
  e->obj = obj;
  e->nidx = nidx;
  for (int k = 0; k < nidx; k++)
    e->idx[k] = loops[k];
  e->op = op;
  e->rhs = rhs;
  return n->nevents - 1;
}

int
nest_pick (nest *n, int obj, int nidx, const int *loops, ix_pick pick,
           int value, unsigned loc)
{
  int e = nest_assign (n, obj, nidx, loops, IX_SET, value, loc);
  if (e >= 0)
    n->ev[e].pick = pick;
  return e;
}

static nest_expr *
new_expr (nest *n, ix_op op, unsigned loc)
{
  if (n->nexprs == NEST_MAX_EXPRS)
    {
      n->full = 1;
      return NULL;
    }
  nest_expr *x = &n->expr[n->nexprs++];
  memset (x, 0, sizeof *x);
  x->op = op;
  x->a = x->b = x->obj = -1;
  x->loc = loc;
  return x;
}

int
nest_read (nest *n, int obj, int nidx, const int *loops, unsigned loc)
{
  if (nidx < 0 || nidx > SP_MAX_RANK)
    {
      n->full = 1;
      return -1;
    }
  nest_expr *x = new_expr (n, IX_ACCESS, loc);
  if (!x)
    return -1;
  x->obj = obj;
  x->nidx = nidx;
  for (int k = 0; k < nidx; k++)
    x->loop[k] = loops[k];
  return n->nexprs - 1;
}

int
nest_const (nest *n, ix_num num, unsigned loc)
{
  nest_expr *x = new_expr (n, IX_CONST, loc);
  if (!x)
    return -1;
  x->num = num;
  return n->nexprs - 1;
}

int
nest_op2 (nest *n, ix_op op, int a, int b, unsigned loc)
{
  int two = ix_ops[op].arity == 2;
  if (a < 0 || (two && b < 0))
    return -1;
  nest_expr *x = new_expr (n, op, loc);
  if (!x)
    return -1;
  x->a = a;
  x->b = two ? b : -1;
  return n->nexprs - 1;
}

int
nest_cast (nest *n, int a, ix_type t, unsigned loc)
{
  /* An integer constant converted to a type of integer constants (int,
     long and their unsigned types): that type's constant.  */
  if (a >= 0 && n->expr[a].op == IX_CONST
      && !ix_type_is_float (n->expr[a].num.type) && !ix_type_is_float (t)
      && ix_promote (t) == t)
    {
      ix_num c = { t, ix_int_convert (n->expr[a].num.i, t), 0 };
      return nest_const (n, c, loc);
    }
  /* Integer conversions that keep the value modulo T's width fold:
     (T) (W) e is (T) e when E is an integer and W at least as wide as T;
     a conversion to E's own type is E.  */
  if (a >= 0 && !ix_type_is_float (t) && t != IX_BOOL)
    {
      const nest_expr *x;
      while ((x = &n->expr[a])->op == IX_CAST
             && !ix_type_is_float (x->num.type)
             && ix_types[x->num.type].bits >= ix_types[t].bits
             && !ix_type_is_float (nest_expr_type (n, x->a)))
        a = x->a;
      if (nest_expr_type (n, a) == t)
        return a;
    }
  int e = nest_op2 (n, IX_CAST, a, -1, loc);
  if (e >= 0)
    n->expr[e].num.type = t;
  return e;
}

int
nest_call (nest *n, ix_num fn, int a, unsigned loc)
{
  int e = nest_op2 (n, mathfn_op (fn), a, -1, loc);
  if (e >= 0)
    n->expr[e].num = fn;
  return e;
}

ix_type
nest_expr_type (const nest *n, int e)
{
  const nest_expr *x = &n->expr[e];
  switch (x->op)
    {
    case IX_ACCESS:
      return n->obj[x->obj].opd.type;
    case IX_CONST:
    case IX_INDEX:
    case IX_CAST:
      return x->num.type;
    default:
      {
        ix_type a = nest_expr_type (n, x->a);
        return ix_op_type (x->op, a, x->b >= 0 ? nest_expr_type (n, x->b) : a,
                           x->num.type);
      }
    }
}

int
nest_index (nest *n, int loop, ix_type t, unsigned loc)
{
  nest_expr *x = new_expr (n, IX_INDEX, loc);
  if (!x)
    return -1;
  x->loop[0] = loop;
  x->num.type = t;
  return n->nexprs - 1;
}

int
nest_if (nest *n, int cond, unsigned loc)
{
  nest_event *e = cond < 0 ? NULL : new_event (n, NEST_EV_IF, loc);
  if (!e)
    return -1;
  e->rhs = cond;
  return n->nevents - 1;
}

int
nest_range (nest *n, int loop, int cond, unsigned loc)
{
  int e = nest_if (n, cond, loc);
  if (e >= 0)
    n->ev[e].loop = loop;
  return e;
}

int
nest_else (nest *n, unsigned loc)
{
  return new_event (n, NEST_EV_ELSE, loc) ? n->nevents - 1 : -1;
}

int
nest_endif (nest *n, unsigned loc)
{
  return new_event (n, NEST_EV_ENDIF, loc) ? n->nevents - 1 : -1;
}

/* -------------------------------------------------------------------- */
/* Queries.  */

void
nest_result_free (nest_result *r)
{
  for (int k = 0; k < r->nkernels; k++)
    ix_free (r->kernel[k]);
  r->nkernels = 0;
}

int
nest_dim0_loops (const nest *n, int obj, int *loops, int max)
{
  int count = 0;
  for (int i = 0; i < n->nevents + n->nexprs; i++)
    {
      int l = -1;
      if (i < n->nevents)
        {
          const nest_event *ev = &n->ev[i];
          if (ev->kind == NEST_EV_ASSIGN && ev->obj == obj && ev->nidx > 0)
            l = ev->idx[0];
        }
      else
        {
          const nest_expr *x = &n->expr[i - n->nevents];
          if (x->op == IX_ACCESS && x->obj == obj && x->nidx > 0)
            l = x->loop[0];
        }
      if (l < 0)
        continue;
      int seen = 0;
      for (int k = 0; k < count; k++)
        seen |= loops[k] == l;
      if (!seen && count < max)
        loops[count++] = l;
    }
  return count;
}

char *
nest_report (const ix_stmt *k, char *buf, size_t len)
{
  char tmp[256];
  ix_print (k, buf, len);
  int any = 0;
  for (int o = 0; o < k->nopds; o++)
    {
      if (!k->opd[o].tagged)
        continue;
      size_t n = strlen (buf);
      snprintf (buf + n, len - n, "%s %s: %s", any ? "," : ";",
                k->opd[o].name,
                sch_format_name (&k->opd[o].fmt, tmp, sizeof tmp));
      any = 1;
    }
  return buf;
}
