/* nest-alias.c -- which arrays of a nest may be one storage: pointers
   that may reach the same memory, and tagged parameters of one format
   and type, whose handles the front end compares before the loops
   (nest_result.check); one tensor read only at the element written is
   no hazard.  */

#include <string.h>
#include "nest-int.h"
#include "sparse_format.h"

typedef enum { ALIAS_NO, ALIAS_CHECK } alias_kind;

static int
same_tensor_kind (const nest_obj *a, const nest_obj *b)
{
  return a->opd.tagged && b->opd.tagged && a->opd.type == b->opd.type
         && a->opd.rank == b->opd.rank
         && sp_format_equal (&a->opd.fmt, &b->opd.fmt);
}

/* Can a pointer of role P reach memory of role M?  */
static int
reaches (nest_role p, nest_role m)
{
  if (p == NEST_ROLE_POINTER)
    return m == NEST_ROLE_POINTER || m == NEST_ROLE_POINTER_ANY
           || m == NEST_ROLE_MEMORY;
  if (p == NEST_ROLE_POINTER_ANY)
    return m == NEST_ROLE_POINTER || m == NEST_ROLE_POINTER_ANY
           || m == NEST_ROLE_MEMORY || m == NEST_ROLE_MEMORY_LOCAL;
  return 0;
}

static alias_kind
may_alias (const nest_obj *a, const nest_obj *b)
{
  nest_role ra = a->role, rb = b->role;
  if (reaches (ra, rb) || reaches (rb, ra))
    return ALIAS_CHECK;
  /* Two tagged arrays are one tensor only when their handles are equal,
     which the front end compares before the loops.  */
  if (((ra == NEST_ROLE_TAGGED_PARAM
        && (rb == NEST_ROLE_TAGGED_PARAM || rb == NEST_ROLE_TAGGED_STATIC))
       || (rb == NEST_ROLE_TAGGED_PARAM && ra == NEST_ROLE_TAGGED_STATIC))
      && same_tensor_kind (a, b))
    return ALIAS_CHECK;
  return ALIAS_NO;
}

/* Does statement K read object O only at the element it writes, and no
   other statement name O?  Then O being K's output changes nothing: each
   element is read before it is written, once.  */
static int
elementwise (const engine *g, int k, int o)
{
  const nest_result *r = g->r;
  const char *name = g->n->obj[o].opd.name;
  for (int q = 0; q < r->nkernels; q++)
    if (q != k && ix_find_operand (r->kernel[q], name) >= 0)
      return 0;
  const ix_stmt *ix = r->kernel[k];
  int opd = ix_find_operand (ix, name);
  const ix_access *out = &ix->acc[ix->out];
  for (int a = 0; a < ix->naccs; a++)
    {
      const ix_access *ac = &ix->acc[a];
      if (a == ix->out || ac->opd != opd)
        continue;
      if (ac->nidx != out->nidx)
        return 0;
      for (int d = 0; d < ac->nidx; d++)
        if (ac->var[d] != out->var[d])
          return 0;
    }
  return 1;
}

int
ng_check_aliases (engine *g, const int *named)
{
  nest_result *r = g->r;
  for (int k = 0; k < r->nkernels; k++)
    {
      int w = r->kernel_obj[k];
      const nest_obj *ow = &g->n->obj[w];
      for (int o = 0; o < g->n->nobjs; o++)
        {
          if (g->base[o] == g->base[w] || !named[o]
              || (g->written[o] && ng_is_temp (g, o)))
            continue;
          switch (may_alias (ow, &g->n->obj[o]))
            {
            case ALIAS_NO:
              break;
            case ALIAS_CHECK:
              {
                /* One tensor read only at the element written is no
                   hazard.  */
                if (ow->opd.tagged && g->n->obj[o].opd.tagged
                    && elementwise (g, k, o))
                  break;
                int dup = 0, bw = g->base[w], bo = g->base[o];
                for (int c = 0; c < r->nchecks; c++)
                  if ((r->check[c].a == bw && r->check[c].b == bo)
                      || (r->check[c].a == bo && r->check[c].b == bw))
                    dup = 1;
                if (dup)
                  break;
                if (r->nchecks == NEST_MAX_CHECKS)
                  return ng_fail (g, "too many arrays that may overlap");
                r->check[r->nchecks].a = bw;
                r->check[r->nchecks].b = bo;
                r->nchecks++;
                break;
              }
            }
        }
    }
  return 0;
}
