/* nest-pick.c -- a scalar, or an array's element, that takes a maximum
   or a minimum in a nest: `if (v > m) m = v;` and its kin
   (ix_stmt.pick), recognised in the events of the if statement (with an
   index beside it, an argmax: nest-arg.c).  */

#include <string.h>
#include "nest-int.h"

/* Whether nest expressions A and B compute the same thing.  */
static int
same_expr (const nest *n, int a, int b)
{
  if (a == b)
    return 1;
  if (a < 0 || b < 0)
    return 0;
  const nest_expr *x = &n->expr[a], *y = &n->expr[b];
  if (x->op != y->op)
    return 0;
  switch (x->op)
    {
    case IX_ACCESS:
      return x->obj == y->obj && x->nidx == y->nidx
             && memcmp (x->loop, y->loop, x->nidx * sizeof *x->loop) == 0;
    case IX_CONST:
      return x->num.type == y->num.type && x->num.i == y->num.i
             && memcmp (&x->num.f, &y->num.f, sizeof x->num.f) == 0;
    case IX_INDEX:
      return x->loop[0] == y->loop[0] && x->num.type == y->num.type;
    case IX_CAST:
    case IX_CALL:
    case IX_CALLZ:
      return x->num.type == y->num.type && x->num.i == y->num.i
             && same_expr (n, x->a, y->a);
    default:
      return same_expr (n, x->a, y->a) && same_expr (n, x->b, y->b);
    }
}

/* Whether E reads object OBJ.  */
static int
reads_obj (const nest *n, int e, int obj)
{
  const nest_expr *x = &n->expr[e];
  if (x->op == IX_ACCESS)
    return x->obj == obj;
  return (x->a >= 0 && reads_obj (n, x->a, obj))
         || (x->b >= 0 && reads_obj (n, x->b, obj));
}

/* Whether E reads the element assignment W writes.  */
static int
is_target (const nest *n, int e, const nest_event *w)
{
  const nest_expr *x = &n->expr[e];
  return x->op == IX_ACCESS && x->obj == w->obj && x->nidx == w->nidx
         && memcmp (x->loop, w->idx, w->nidx * sizeof *w->idx) == 0;
}

/* E without the conversions to type T at its root (C's conversion of a
   comparison's operand, or of the value stored).  */
static int
uncast (const nest *n, int e, ix_type t)
{
  while (n->expr[e].op == IX_CAST && n->expr[e].num.type == t)
    e = n->expr[e].a;
  return e;
}

int
ng_pick_of (const nest *n, const nest_event *c, const nest_event *w,
            ix_pick *pick, int *value)
{
  if (c->kind != NEST_EV_IF || c->loop >= 0 || w->kind != NEST_EV_ASSIGN
      || w->op != IX_SET || w->pick != IX_PICK_NONE)
    return 0;
  int o = w->obj;
  ix_type t = n->obj[o].opd.type;
  const nest_expr *x = &n->expr[c->rhs];
  if (x->op != IX_GT && x->op != IX_GE && x->op != IX_LT && x->op != IX_LE)
    return 0;
  int a = uncast (n, x->a, t), b = uncast (n, x->b, t);
  int v = uncast (n, w->rhs, t);
  int m_right = is_target (n, b, w), m_left = is_target (n, a, w);
  /* v > m, or m < v: the value compared is the value stored.  */
  int other = m_right ? a : m_left ? b : -1;
  if (other < 0 || !same_expr (n, other, v) || reads_obj (n, v, o))
    return 0;
  int gt = (x->op == IX_GT || x->op == IX_GE) == m_right;
  int strict = x->op == IX_GT || x->op == IX_LT;
  *pick = gt ? (strict ? IX_PICK_GT : IX_PICK_GE)
             : (strict ? IX_PICK_LT : IX_PICK_LE);
  *value = v;
  return 1;
}

int
ng_reads_obj (const nest *n, int e, int obj)
{
  return reads_obj (n, e, obj);
}
