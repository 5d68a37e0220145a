/* order-cost.c -- the work of a contraction order (order-cost.h).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "order-cost.h"

/* The number of combinations of the variables in MASK.  */
static double
space (const ord_model *m, unsigned mask)
{
  double n = 1;
  for (int v = 0; v < m->nvars; v++)
    if (mask & (1u << v))
      n *= m->extent[v];
  return n;
}

double
sp__ord_nest_cost (const ord_model *m)
{
  unsigned all = 0;
  double d = 1;
  for (int i = 0; i < m->n; i++)
    {
      all |= m->vars[i];
      d *= m->density[i];
    }
  return space (m, all) * d;
}

ord_model
sp__ord_contract (const ord_model *m, int a, int b)
{
  ord_model r = *m;
  unsigned need = m->out, both = m->vars[a] | m->vars[b];
  r.n = 0;
  for (int i = 0; i < m->n; i++)
    if (i != a && i != b)
      {
        need |= m->vars[i];
        r.vars[r.n] = m->vars[i];
        r.density[r.n++] = m->density[i];
      }
  double d = m->density[a] * m->density[b] * space (m, both & ~need);
  r.vars[r.n] = both & need;
  r.density[r.n++] = d < 1 ? d : 1;
  return r;
}

double
sp__ord_cost (const ord_model *m, int a, int b)
{
  if (a < 0)
    return sp__ord_nest_cost (m);
  ord_model r = sp__ord_contract (m, a, b);
  int ra, rb;
  return space (m, m->vars[a] | m->vars[b]) * m->density[a] * m->density[b]
         + sp__ord_best (&r, &ra, &rb);
}

double
sp__ord_best (const ord_model *m, int *pa, int *pb)
{
  double cost = sp__ord_nest_cost (m);
  *pa = *pb = -1;
  if (m->n < 3)
    return cost;
  for (int a = 0; a < m->n; a++)
    for (int b = a + 1; b < m->n; b++)
      {
        if (!m->vars[a] || !m->vars[b])
          continue;
        double c = sp__ord_cost (m, a, b);
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
sp__ord_pick (const ord_model *m, const ord_candidates *c)
{
  int nest = -1, pair = -1;
  double nest_cost = 0, pair_cost = 0;
  for (int i = 0; i < c->n; i++)
    {
      double x = sp__ord_cost (m, c->a[i], c->b[i]);
      if (c->a[i] < 0)
        {
          nest = i;
          nest_cost = x;
        }
      else if (pair < 0 || x < pair_cost)
        {
          pair = i;
          pair_cost = x;
        }
    }
  if (pair < 0 || (nest >= 0 && pair_cost * 2 >= nest_cost))
    return nest >= 0 ? nest : 0;
  return pair;
}

/* Append the number X to BUF (LEN bytes, *N used); -1 when it does
   not fit.  */
static int
put (char *buf, unsigned long len, unsigned long *n, long x)
{
  int w = snprintf (buf + *n, len - *n, *n ? " %ld" : "%ld", x);
  if (w < 0 || (unsigned long) w >= len - *n)
    return -1;
  *n += (unsigned long) w;
  return 0;
}

int
sp__ord_write (const ord_model *m, const ord_candidates *c, char *buf,
               unsigned long len)
{
  unsigned long n = 0;
  int r = len ? 0 : -1;
  if (len)
    buf[0] = 0;
  r |= put (buf, len, &n, m->nvars) | put (buf, len, &n, (long) m->out)
       | put (buf, len, &n, m->n);
  for (int i = 0; i < m->n && !r; i++)
    r |= put (buf, len, &n, (long) m->vars[i]);
  r |= put (buf, len, &n, c->n);
  for (int i = 0; i < c->n && !r; i++)
    r |= put (buf, len, &n, c->a[i]) | put (buf, len, &n, c->b[i]);
  return r ? -1 : 0;
}

/* The next number of *P into *X, within LO .. HI.  */
static int
number (const char **p, long lo, long hi, long *x)
{
  char *end;
  *x = strtol (*p, &end, 10);
  if (end == *p || *x < lo || *x > hi)
    return -1;
  *p = end;
  return 0;
}

int
sp__ord_read (const char *text, ord_model *m, ord_candidates *c)
{
  long x, y;
  memset (m, 0, sizeof *m);
  memset (c, 0, sizeof *c);
  if (number (&text, 0, ORD_MAX_VARS, &x))
    return -1;
  m->nvars = (int) x;
  unsigned long all = (1ul << m->nvars) - 1;
  if (number (&text, 0, (long) all, &x))
    return -1;
  m->out = (unsigned) x;
  if (number (&text, 0, ORD_MAX_ITEMS, &x))
    return -1;
  m->n = (int) x;
  for (int i = 0; i < m->n; i++)
    {
      if (number (&text, 0, (long) all, &x))
        return -1;
      m->vars[i] = (unsigned) x;
      m->density[i] = 1;
    }
  if (number (&text, 1, ORD_MAX_CANDIDATES, &x))
    return -1;
  c->n = (int) x;
  for (int i = 0; i < c->n; i++)
    {
      if (number (&text, -1, m->n - 1, &x) || number (&text, -1, m->n - 1, &y)
          || (x < 0) != (y < 0) || (x >= 0 && x >= y))
        return -1;
      c->a[i] = (int) x;
      c->b[i] = (int) y;
    }
  return *text ? -1 : 0;
}
