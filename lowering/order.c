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

/* The estimated extent of each variable of S into EXT: the constant
   one, else UNKNOWN.  */
static void
extents (const ix_stmt *s, double unknown, double *ext)
{
  for (int v = 0; v < s->nvars; v++)
    ext[v] = s->var[v].extent >= 0 ? (double) s->var[v].extent : unknown;
}

/* The estimated density of factor E with the extents EXT: a sparse
   access's ORD_PER_FIBER entries in each fibre of its last level, else
   1.  */
static double
density (const ix_stmt *s, int e, const double *ext)
{
  if (s->expr[e].op != IX_ACCESS)
    return 1;
  const ix_access *a = &s->acc[s->expr[e].access];
  const ix_operand *o = &s->opd[a->opd];
  if (!ix_access_sparse (s, s->expr[e].access, &o->fmt))
    return 1;
  int dim = o->fmt.lv[o->fmt.nlevels - 1].dim;
  double n = dim < a->nidx ? ext[a->var[dim]] : ORD_UNKNOWN;
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
  double ext[IX_MAX_VARS];
  extents (s, ORD_UNKNOWN, ext);
  c->vars[c->n] = ord_free_vars (s, e);
  c->density[c->n++] = density (s, e, ext);
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

void
ord_model_of (const ix_stmt *s, const ord_chain *c, const double *ext,
              ord_model *m)
{
  memset (m, 0, sizeof *m);
  m->nvars = s->nvars;
  memcpy (m->extent, ext, sizeof *ext * (size_t) s->nvars);
  const ix_access *o = &s->acc[s->out];
  for (int k = 0; k < o->nidx; k++)
    m->out |= 1u << o->var[k];
  m->n = c->n;
  memcpy (m->vars, c->vars, sizeof m->vars);
  for (int i = 0; i < c->n; i++)
    m->density[i] = density (s, c->factor[i], ext);
}

void
ord_pair_of (const ix_stmt *s, const ord_chain *c, int a, int b,
             ord_pair *p)
{
  double ext[IX_MAX_VARS];
  ord_model m;
  extents (s, ORD_UNKNOWN, ext);
  ord_model_of (s, c, ext, &m);
  memset (p, 0, sizeof *p);
  p->a = a;
  p->b = b;
  p->one_nest = sp__ord_nest_cost (&m);
  p->cost = sp__ord_cost (&m, a, b);
  if (a >= 0)
    {
      ord_model r = sp__ord_contract (&m, a, b);
      p->vars = r.vars[r.n - 1];
      p->density = r.density[r.n - 1];
    }
}

int
ord_best_pair (const ix_stmt *s, const ord_chain *c, ord_pair *p)
{
  double ext[IX_MAX_VARS];
  ord_model m;
  int a, b;
  extents (s, ORD_UNKNOWN, ext);
  ord_model_of (s, c, ext, &m);
  sp__ord_best (&m, &a, &b);
  ord_pair_of (s, c, a, b, p);
  return a >= 0 && p->cost * 2 < p->one_nest;
}

/* The values an extent known only at run time is tried at.  */
static const double corner_value[] = { 10, ORD_UNKNOWN, 1e6 };
#define NCORNER_VALUES 3

int
ord_run_time_candidates (const ix_stmt *s, const ord_chain *c,
                         ord_candidates *cand)
{
  int tensors = 0, unknown[IX_MAX_VARS], nunknown = 0;
  unsigned used = 0;
  memset (cand, 0, sizeof *cand);
  for (int i = 0; i < c->n; i++)
    {
      tensors += c->vars[i] != 0;
      used |= c->vars[i];
    }
  for (int v = 0; v < s->nvars; v++)
    if ((used & (1u << v)) && s->var[v].extent < 0)
      unknown[nunknown++] = v;
  if (tensors < 3 || nunknown == 0)
    return 0;
  /* Every pair that shares an index (not an outer product, whose
     temporary holds every pair of coordinates), and one nest, as the
     candidates of each corner.  */
  ord_candidates all = { 1, { -1 }, { -1 } };
  for (int a = 0; a < c->n; a++)
    for (int b = a + 1; b < c->n; b++)
      if ((c->vars[a] & c->vars[b]) && all.n < ORD_MAX_CANDIDATES)
        {
          all.a[all.n] = a;
          all.b[all.n++] = b;
        }
  unsigned picked = 0;
  long corners = 1;
  for (int u = 0; u < nunknown; u++)
    corners *= NCORNER_VALUES;
  for (long k = 0; k < corners; k++)
    {
      double ext[IX_MAX_VARS];
      ord_model m;
      extents (s, ORD_UNKNOWN, ext);
      for (int u = 0, r = (int) k; u < nunknown; u++, r /= NCORNER_VALUES)
        ext[unknown[u]] = corner_value[r % NCORNER_VALUES];
      ord_model_of (s, c, ext, &m);
      picked |= 1u << sp__ord_pick (&m, &all);
    }
  for (int i = 0; i < all.n; i++)
    if (picked & (1u << i))
      {
        cand->a[cand->n] = all.a[i];
        cand->b[cand->n++] = all.b[i];
      }
  return cand->n > 1;
}
