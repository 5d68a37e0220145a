/* order.c -- the contraction order of a product by estimated cost
   (order.h).  */

#include <string.h>
#include "level_types.h"
#include "order.h"

unsigned
ord_free_vars (const ix_stmt *s, int e)
{
  const ix_expr *x = &s->expr[e];
  unsigned m = 0;
  switch (x->op)
    {
    case IX_ACCESS:
      for (int k = 0; k < s->acc[x->access].nidx; k++)
        m |= 1u << s->acc[x->access].var[k];
      return m;
    case IX_INDEX:
      return 1u << x->var;
    case IX_SUM:
      return ord_free_vars (s, x->a) & ~(1u << x->var);
    default:
      if (x->a >= 0)
        m |= ord_free_vars (s, x->a);
      if (x->b >= 0)
        m |= ord_free_vars (s, x->b);
      return m;
    }
}

/* The estimated extent of variable V.  */
static double
extent (const ix_stmt *s, int v)
{
  return s->var[v].extent >= 0 ? (double) s->var[v].extent : ORD_UNKNOWN;
}

/* The number of combinations of the variables in M.  */
static double
space (const ix_stmt *s, unsigned m)
{
  double n = 1;
  for (int v = 0; v < s->nvars; v++)
    if (m & (1u << v))
      n *= extent (s, v);
  return n;
}

/* The estimated density of factor E: a sparse access's ORD_PER_FIBER
   entries in each fibre of its last level, else 1.  */
static double
density (const ix_stmt *s, int e)
{
  if (s->expr[e].op != IX_ACCESS)
    return 1;
  const ix_access *a = &s->acc[s->expr[e].access];
  const ix_operand *o = &s->opd[a->opd];
  if (!ix_access_sparse (s, s->expr[e].access, &o->fmt))
    return 1;
  int dim = o->fmt.lv[o->fmt.nlevels - 1].dim;
  double n = dim < a->nidx ? extent (s, a->var[dim]) : ORD_UNKNOWN;
  return n > ORD_PER_FIBER ? ORD_PER_FIBER / n : 1;
}

/* Collect the factors below E, through products and sums.  */
static void
collect (const ix_stmt *s, int e, ord_chain *c)
{
  const ix_expr *x = &s->expr[e];
  if ((x->op == IX_MUL || x->op == IX_SUM) && !ix_is_locate (s, e))
    {
      collect (s, x->a, c);
      if (x->op == IX_MUL)
        collect (s, x->b, c);
      return;
    }
  if (c->n == ORD_MAX_FACTORS)
    {
      c->n = ORD_MAX_FACTORS + 1;
      return;
    }
  if (c->n > ORD_MAX_FACTORS)
    return;
  c->factor[c->n] = e;
  c->vars[c->n] = ord_free_vars (s, e);
  c->density[c->n++] = density (s, e);
}

int
ord_chain_of (const ix_stmt *s, ord_chain *c)
{
  memset (c, 0, sizeof *c);
  collect (s, s->rhs, c);
  int tensors = 0;
  for (int i = 0; i < c->n && c->n <= ORD_MAX_FACTORS; i++)
    tensors += c->vars[i] != 0;
  return tensors >= 3;
}

/* Items being contracted: their variables and densities.  */
typedef struct items
{
  int n;
  unsigned vars[ORD_MAX_FACTORS];
  double density[ORD_MAX_FACTORS];
} items;

/* The work of one loop nest over all of IT.  */
static double
nest_cost (const ix_stmt *s, const items *it)
{
  unsigned m = 0;
  double d = 1;
  for (int i = 0; i < it->n; i++)
    {
      m |= it->vars[i];
      d *= it->density[i];
    }
  return space (s, m) * d;
}

/* IT with items A and B replaced by their contraction, kept where OUT
   (the output's variables) or another item needs its variables.  */
static items
contract (const ix_stmt *s, const items *it, int a, int b, unsigned out)
{
  items r;
  unsigned need = out, both = it->vars[a] | it->vars[b];
  r.n = 0;
  for (int i = 0; i < it->n; i++)
    if (i != a && i != b)
      {
        need |= it->vars[i];
        r.vars[r.n] = it->vars[i];
        r.density[r.n++] = it->density[i];
      }
  double d = it->density[a] * it->density[b] * space (s, both & ~need);
  r.vars[r.n] = both & need;
  r.density[r.n++] = d < 1 ? d : 1;
  return r;
}

/* The least work of any order of IT; its first pair in *A, *B (-1 for
   one nest).  */
static double
best (const ix_stmt *s, const items *it, unsigned out, int *pa, int *pb)
{
  double cost = nest_cost (s, it);
  *pa = *pb = -1;
  if (it->n < 3)
    return cost;
  for (int a = 0; a < it->n; a++)
    for (int b = a + 1; b < it->n; b++)
      {
        if (!it->vars[a] || !it->vars[b])
          continue;
        items r = contract (s, it, a, b, out);
        int ra, rb;
        double c = space (s, it->vars[a] | it->vars[b]) * it->density[a]
                   * it->density[b] + best (s, &r, out, &ra, &rb);
        if (c < cost)
          {
            cost = c;
            *pa = a;
            *pb = b;
          }
      }
  return cost;
}

int
ord_best_pair (const ix_stmt *s, const ord_chain *c, ord_pair *p)
{
  items it;
  unsigned out = 0;
  const ix_access *o = &s->acc[s->out];
  for (int k = 0; k < o->nidx; k++)
    out |= 1u << o->var[k];
  it.n = c->n;
  memcpy (it.vars, c->vars, sizeof it.vars);
  memcpy (it.density, c->density, sizeof it.density);
  memset (p, 0, sizeof *p);
  p->one_nest = nest_cost (s, &it);
  p->cost = best (s, &it, out, &p->a, &p->b);
  if (p->a < 0 || p->cost * 2 >= p->one_nest)
    return 0;
  items r = contract (s, &it, p->a, p->b, out);
  p->vars = r.vars[r.n - 1];
  p->density = r.density[r.n - 1];
  return 1;
}
