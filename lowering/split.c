/* split.c -- a statement as kernels over temporaries (split.h).

   The search is small and exact.  A product of three or more tensors
   whose cheapest order (order.h) starts with a pair contracts that pair
   first.  A sum over all its variables below loops is computed first
   into a scalar.  Otherwise the statement is planned; when the plan is refused
   in a way splitting may avoid, or a part of a split statement would
   visit every pair of two dense loops, each way of taking one part out
   into a temporary is tried (the whole right-hand side of a sparse +=
   first, then one sum below another operator, outermost first, then the
   whole right-hand side of a sparse =), in each format the temporary may
   take, the two statements that makes split the same way.  The first
   sequence whose kernels all plan is kept; MAX_TRIES bounds the plans.  */

#include <stdlib.h>
#include <string.h>
#include "level_types.h"
#include "named_formats.h"
#include "order.h"
#include "split.h"

#define MAX_TRIES 64   /* plans tried for one statement */

typedef struct split_ctx
{
  const ix_stmt *orig;
  const ix_sched_opts *opts;
  ix_split *out;
  int tries;
} split_ctx;

/* Whether expressions E and F of S compute the same value the same way
   (the nest reads a temporary used twice, (s - b) * (s - b), as two
   copies of its sum).  */
static int
same_expr (const ix_stmt *s, int e, int f)
{
  if (e == f)
    return 1;
  if (e < 0 || f < 0)
    return 0;
  const ix_expr *x = &s->expr[e], *y = &s->expr[f];
  if (x->op != y->op || x->var != y->var || x->seeded != y->seeded
      || x->apart != y->apart
      || x->num.type != y->num.type)
    return 0;
  switch (x->op)
    {
    case IX_ACCESS:
      {
        const ix_access *a = &s->acc[x->access], *b = &s->acc[y->access];
        if (a->opd != b->opd || a->nidx != b->nidx)
          return 0;
        for (int k = 0; k < a->nidx; k++)
          if (a->var[k] != b->var[k])
            return 0;
        return 1;
      }
    case IX_CONST:
      return x->num.i == y->num.i
             && memcmp (&x->num.f, &y->num.f, sizeof x->num.f) == 0;
    case IX_CALL:
    case IX_CALLZ:
      return x->num.i == y->num.i && same_expr (s, x->a, y->a);
    default:
      return same_expr (s, x->a, y->a) && same_expr (s, x->b, y->b);
    }
}

/* Variable V of SRC in DST, found or added by name (at TOK and LOC),
   with the direction of its loop.  */
static int
copy_var (ix_stmt *dst, const ix_stmt *src, int v, int tok, unsigned loc,
          ix_diag *d)
{
  int r = ix_add_var (dst, src->var[v].name, tok, loc, d);
  if (r >= 0)
    dst->var[r].down = src->var[v].down;
  return r;
}

/* Copy expression E of SRC into DST (variables by name), replacing
   expression HOLE, and every other that computes the same, by the leaf
   of access HOLE_ACC of DST.  The new id, or -1.  */
static int
copy_expr (ix_stmt *dst, const ix_stmt *src, int e, int hole, int hole_acc,
           ix_diag *d)
{
  if (hole >= 0 && same_expr (src, e, hole))
    return ix_add_leaf (dst, hole_acc, d);
  const ix_expr *x = &src->expr[e];
  int var = -1;
  if (x->var >= 0)
    var = copy_var (dst, src, x->var, src->var[x->var].tok,
                    src->var[x->var].loc, d);
  switch (x->op)
    {
    case IX_ACCESS:
      {
        const ix_access *a = &src->acc[x->access];
        int vars[SP_MAX_RANK];
        for (int k = 0; k < a->nidx; k++)
          if ((vars[k] = copy_var (dst, src, a->var[k],
                                   src->var[a->var[k]].tok,
                                   src->var[a->var[k]].loc, d)) < 0)
            return -1;
        int acc = ix_add_read (dst, a->opd, a->nidx, vars, a->tok, a->loc,
                               d);
        return acc < 0 ? -1 : ix_add_leaf (dst, acc, d);
      }
    case IX_CONST:
      return ix_add_const (dst, x->num, x->tok, x->loc, d);
    case IX_INDEX:
      return var < 0 ? -1 : ix_add_index (dst, var, x->num.type, x->loc, d);
    default:
      break;
    }
  int a = copy_expr (dst, src, x->a, hole, hole_acc, d);
  if (a < 0)
    return -1;
  if (x->op == IX_SUM)
    {
      int r = var < 0 ? -1 : ix_add_sum (dst, var, a, d);
      if (r >= 0)
        dst->expr[r].apart = x->apart;
      return r;
    }
  if (x->op == IX_CAST)
    return ix_add_cast (dst, x->num.type, a, d);
  if (x->op == IX_CALL || x->op == IX_CALLZ)
    return ix_add_call (dst, x->num, a, d);
  int b = -1;
  if (x->b >= 0 && (b = copy_expr (dst, src, x->b, hole, hole_acc, d)) < 0)
    return -1;
  int r = ix_add_op (dst, x->op, a, b, x->tok, x->loc, d);
  if (r >= 0)
    {
      dst->expr[r].seeded = x->seeded;
      dst->expr[r].apart = x->apart;
    }
  return r;
}

/* A new statement over the operands of SRC (same ids) and the
   temporaries of SP, its output OPD read at the variables VARS of SRC,
   its access id in *OUT; NULL when it cannot be built.  */
static ix_stmt *
stmt_over (const ix_stmt *src, const ix_split *sp, int opd, const int *vars,
           int nvars, int *out, ix_diag *d)
{
  ix_stmt *s = ix_new ();
  if (!s)
    return NULL;
  s->tok = src->tok;
  s->loc = src->loc;
  s->from_loops = src->from_loops;
  memcpy (s->opd, src->opd, sizeof s->opd);
  s->nopds = sp->nopds;
  for (int t = 0; t < sp->ntemps; t++)
    s->opd[s->nopds++] = sp->temp[t];
  int ov[SP_MAX_RANK];
  for (int k = 0; k < nvars; k++)
    ov[k] = copy_var (s, src, vars[k], -1, src->loc, d);
  if ((*out = ix_add_access (s, opd, nvars, ov, src->tok, src->loc, d)) < 0)
    {
      ix_free (s);
      return NULL;
    }
  return s;
}

/* The leaf reading temporary OPD of S at the variables VARS of SRC.  */
static int
temp_leaf (ix_stmt *s, const ix_stmt *src, int opd, const int *vars,
           int nvars, ix_diag *d)
{
  int v[SP_MAX_RANK];
  for (int k = 0; k < nvars; k++)
    v[k] = copy_var (s, src, vars[k], -1, src->loc, d);
  int acc = ix_add_read (s, opd, nvars, v, -1, src->loc, d);
  return acc < 0 ? -1 : ix_add_leaf (s, acc, d);
}

/* S, its output OUT ASSIGN RHS, finished; NULL (S freed) when RHS < 0
   or it does not finish.  */
static ix_stmt *
finish (ix_stmt *s, int out, ix_assign assign, int rhs, ix_diag *d)
{
  if (rhs >= 0)
    {
      ix_set_output (s, out, assign, rhs);
      if (ix_finish (s, d) == 0)
        return s;
    }
  ix_free (s);
  return NULL;
}

/* OPD(VARS of SRC) ASSIGN the expression E of SRC with HOLE replaced
   by HOLE_OPD read at its variables HOLE_VARS.  */
static ix_stmt *
compose (const ix_stmt *src, const ix_split *sp, int opd, const int *vars,
         int nvars, ix_assign assign, int e, int hole, int hole_opd,
         const int *hole_vars, int hole_nvars)
{
  ix_diag d;
  memset (&d, 0, sizeof d);
  int out, hole_acc = -1;
  ix_stmt *s = stmt_over (src, sp, opd, vars, nvars, &out, &d);
  if (!s)
    return NULL;
  if (hole >= 0)
    {
      int leaf = temp_leaf (s, src, hole_opd, hole_vars, hole_nvars, &d);
      hole_acc = leaf < 0 ? -1 : s->expr[leaf].access;
    }
  int rhs = hole >= 0 && hole_acc < 0 ? -1
            : copy_expr (s, src, e, hole, hole_acc, &d);
  return finish (s, out, assign, rhs, &d);
}

/* OPD(VARS of SRC) ASSIGN the product of the factors of chain C of SRC,
   factor A replaced by temporary T_OPD at T_VARS and factor B left out
   (B < 0: none; A < 0 too: the product of A and B alone), its sums
   placed as ix_finish places them.  */
static ix_stmt *
product (const ix_stmt *src, const ix_split *sp, int opd, const int *vars,
         int nvars, ix_assign assign, const ord_chain *c, int a, int b,
         int t_opd, const int *t_vars, int t_nvars)
{
  ix_diag d;
  memset (&d, 0, sizeof d);
  int out, rhs = -1;
  ix_stmt *s = stmt_over (src, sp, opd, vars, nvars, &out, &d);
  if (!s)
    return NULL;
  for (int i = 0; i < c->n; i++)
    {
      int f;
      if (t_opd < 0 && i != a && i != b)
        continue;
      if (t_opd >= 0 && i == b)
        continue;
      if (t_opd >= 0 && i == a)
        f = temp_leaf (s, src, t_opd, t_vars, t_nvars, &d);
      else
        f = copy_expr (s, src, c->factor[i], -1, -1, &d);
      rhs = f < 0 ? -1 : rhs < 0 ? f
            : ix_add_op (s, IX_MUL, rhs, f, src->tok, src->loc, &d);
      if (rhs < 0)
        break;
    }
  return finish (s, out, assign, rhs, &d);
}

/* The variables in mask M, in id order, into VARS; their number.  */
static int
mask_vars (unsigned m, int *vars)
{
  int n = 0;
  for (int v = 0; v < IX_MAX_VARS; v++)
    if (m & (1u << v))
      {
        if (n == SP_MAX_RANK)
          return SP_MAX_RANK + 1;
        vars[n++] = v;
      }
  return n;
}

/* The named format NAME for RANK dimensions into *F; 1, or 0 when the
   table has no such name.  */
static int
named (const char *name, int rank, sp_format *f)
{
  const sp_named_format *nf;
  for (int i = 0; (nf = sp_named_format_at (i)); i++)
    if (strcmp (nf->name, name) == 0 && (!nf->rank || nf->rank == rank))
      {
        memset (f, 0, sizeof *f);
        f->posw = f->crdw = 32;
        sp_named_format_levels (nf, rank, NULL, f);
        return 1;
      }
  return 0;
}

/* The formats a temporary of RANK may take, sparse first, into F (room
   for 3); their number.  A vector compressed or dense; a matrix sparse
   (by rows, then by columns) or dense, a tensor CSF or dense.  */
static int
temp_formats (int rank, sp_format *f)
{
  int n = 0;
  if (rank == 2)
    {
      n += named ("csr", rank, &f[n]);
      n += named ("csc", rank, &f[n]);
    }
  else
    n += named ("csf", rank, &f[n]);
  n += named ("dense", rank, &f[n]);
  return n;
}

static int split_stmt (split_ctx *c, ix_stmt *s, ix_diag *d);

/* Undo the kernels and temporaries past NK and NT.  */
static void
rollback (ix_split *sp, int nk, int nt)
{
  while (sp->nkernels > nk)
    {
      sp->nkernels--;
      lir_free (sp->kernel[sp->nkernels]);
      ix_free (sp->stmt[sp->nkernels]);
    }
  sp->ntemps = nt;
}

/* A copy of S, or NULL.  */
static ix_stmt *
stmt_copy (const ix_stmt *s)
{
  ix_stmt *c = ix_new ();
  if (c)
    *c = *s;
  return c;
}

/* Kernel K planned from S, the next of SP; 0, or -1 (K freed).  */
static int
add_kernel (ix_split *sp, const ix_stmt *s, lir_kernel *k)
{
  ix_stmt *c = stmt_copy (s);
  if (!c)
    {
      lir_free (k);
      return -1;
    }
  ix_print (s, sp->text[sp->nkernels], sizeof sp->text[0]);
  sp->stmt[sp->nkernels] = c;
  sp->kernel[sp->nkernels++] = k;
  return 0;
}

/* A new temporary of format F and type TYPE indexed by the variables
   VARS of S (none: a scalar, F unused): its operand id, or -1.  */
static int
new_temp (split_ctx *c, const ix_stmt *s, const int *vars, int nv,
          ix_type type, const sp_format *f)
{
  ix_split *sp = c->out;
  /* A tensor temporary holds one of the runtime's element types.  */
  if (sp->ntemps == IX_SPLIT_MAX || sp->nopds + sp->ntemps >= IX_MAX_OPERANDS
      || (nv && !ix_type_is_stored (type)))
    return -1;
  ix_operand *t = &sp->temp[sp->ntemps];
  memset (t, 0, sizeof *t);
  t->kind = nv ? IX_OPD_ARRAY : IX_OPD_SCALAR;
  t->rank = nv;
  t->type = type;
  t->tagged = nv > 0;
  t->temp = 1;
  if (nv)
    t->fmt = *f;
  sp->copy_of[sp->ntemps] = -1;
  for (int n = 0;; n++)
    {
      snprintf (t->name, sizeof t->name, n ? "t%d_%d" : "t%d", sp->ntemps,
                n);
      if (ix_find_operand (c->orig, t->name) < 0)
        break;
    }
  for (int k = 0; k < nv; k++)
    {
      /* Its extents as the statement knows them.  */
      int v = -1;
      for (int u = 0; u < c->orig->nvars; u++)
        if (strcmp (c->orig->var[u].name, s->var[vars[k]].name) == 0)
          v = u;
      if (v < 0)
        return -1;
      sp->temp_var[sp->ntemps][k] = v;
      t->extent[k] = c->orig->var[v].extent;
    }
  return sp->nopds + sp->ntemps++;
}

/* Split DEF, then REST (both freed); 0, or -1 with the kernels and
   temporaries past NK and NT undone.  */
static int
split_two (split_ctx *c, ix_stmt *def, ix_stmt *rest, int nk, int nt,
           ix_diag *d)
{
  int r = def && rest && split_stmt (c, def, d) == 0
          && split_stmt (c, rest, d) == 0 ? 0 : -1;
  ix_free (def);
  ix_free (rest);
  if (r)
    rollback (c->out, nk, nt);
  return r;
}

/* Take expression E of S (with free variables VARS) out into a new
   temporary of format F: its kernels, then those of S reading it.  0,
   or -1 with everything undone.  */
static int
take_out (split_ctx *c, const ix_stmt *s, int e, const int *vars, int nv,
          const sp_format *f, ix_diag *d)
{
  ix_split *sp = c->out;
  int nk = sp->nkernels, nt = sp->ntemps;
  int opd = new_temp (c, s, vars, nv, ix_expr_type (s, e), f);
  if (opd < 0)
    return -1;
  const ix_access *o = &s->acc[s->out];
  return split_two (c, compose (s, sp, opd, vars, nv, IX_SET, e, -1, -1,
                                NULL, 0),
                    compose (s, sp, o->opd, o->var, o->nidx, s->assign,
                             s->rhs, e, opd, vars, nv), nk, nt, d);
}

/* Whether factor E of S visits every coordinate of variable V: an
   untagged array indexed by it, or a level over it that stores every
   coordinate.  */
static int
dense_over (const ix_stmt *s, int e, int v)
{
  if (s->expr[e].op != IX_ACCESS)
    return 0;
  const ix_access *a = &s->acc[s->expr[e].access];
  const ix_operand *o = &s->opd[a->opd];
  for (int k = 0; k < a->nidx; k++)
    {
      if (a->var[k] != v)
        continue;
      if (!o->tagged)
        return 1;
      for (int l = 0; l < o->fmt.nlevels; l++)
        if (o->fmt.lv[l].dim == k && sp_lvl_is_dense (o->fmt.lv[l].type))
          return 1;
    }
  return 0;
}

/* The product chain C of S with its pair P contracted first into a
   temporary, its kernels then those of the rest.  0, or -1 with
   everything undone.  */
static int
take_pair (split_ctx *c, const ix_stmt *s, const ord_chain *ch,
           const ord_pair *p, ix_diag *d)
{
  ix_split *sp = c->out;
  int vars[SP_MAX_RANK + 1];
  int nv = mask_vars (p->vars, vars);
  if (nv > SP_MAX_RANK)
    return -1;
  /* A temporary estimated dense is dense; so is a vector whose kernel
     visits every coordinate of its index anyway (a loop over a dense
     level or array), where writing them all costs nothing more.  Over
     hypersparse operands a compressed one costs what its entries cost.
     A scalar has no format.  */
  sp_format f[3];
  int nf = nv ? temp_formats (nv, f) : 1;
  int first = nv && p->density > 0.1 ? nf - 1 : 0;
  if (nv == 1 && (dense_over (s, ch->factor[p->a], vars[0])
                  || dense_over (s, ch->factor[p->b], vars[0])))
    first = nf - 1;
  ix_type type = ix_op_type (IX_MUL, ix_expr_type (s, ch->factor[p->a]),
                             ix_expr_type (s, ch->factor[p->b]), IX_F64);
  const ix_access *o = &s->acc[s->out];
  for (int i = first; i < nf; i++)
    {
      int nk = sp->nkernels, nt = sp->ntemps;
      int opd = new_temp (c, s, vars, nv, type, &f[i]);
      if (opd < 0)
        return -1;
      if (split_two (c, product (s, sp, opd, vars, nv, IX_SET, ch, p->a,
                                 p->b, -1, NULL, 0),
                     product (s, sp, o->opd, o->var, o->nidx, s->assign, ch,
                              p->a, p->b, opd, vars, nv), nk, nt, d) == 0)
        return 0;
    }
  return -1;
}

/* Nonzero when the output of S is stored sparsely.  */
static int
output_sparse (const ix_stmt *s)
{
  return ix_access_sparse (s, s->out, &s->opd[s->acc[s->out].opd].fmt);
}

/* Whether E is a step of an accumulation (ix_expr.seeded) whose right
   operand is a sum added term by term: the value it adds into and the
   sum go into a temporary together (t0 = 0.5 + sum(...), seeded so),
   not the sum alone, which would start from zero.  */
static int
seeded_sum (const ix_stmt *s, int e)
{
  const ix_expr *x = &s->expr[e];
  return (x->op == IX_ADD || x->op == IX_SUB) && x->seeded
         && s->expr[x->b].op == IX_SUM && !s->expr[x->b].apart
         && !ix_is_locate (s, x->b);
}

/* The sums of S below another operator (with their seeded steps,
   seeded_sum), outermost first, into SUMS; their number.  A sum whose
   terms go into an accumulation begun before it (the body of another
   sum, a later step of an accumulation, the right-hand side of a += or
   of an outer sum) stays, unless a temporary of the program's summed
   it apart (ix_expr.apart): in a temporary its terms would be added
   apart.  */
static int
inner_sums (const ix_stmt *s, int *sums)
{
  int n = 0, queue[IX_MAX_EXPRS], cont[IX_MAX_EXPRS], tail = 0, head = 0;
  int root = s->rhs;
  while (s->expr[root].op == IX_SUM)
    root = s->expr[root].a;
  queue[tail] = root;
  cont[tail++] = root != s->rhs || s->assign != IX_SET;
  while (head < tail)
    {
      int e = queue[head], c = cont[head++];
      const ix_expr *x = &s->expr[e];
      int step = (x->op == IX_ADD || x->op == IX_SUB) && x->seeded;
      /* A temporary's value (apart) is whole wherever it is.  */
      if ((!c || x->apart)
          && ((x->op == IX_SUM && !ix_is_locate (s, e))
              || (seeded_sum (s, e) && e != root)))
        sums[n++] = e;
      /* What continues: a sum's body, a step's right operand, and its
         left one where the step itself continues.  */
      if (x->a >= 0 && tail < IX_MAX_EXPRS)
        {
          queue[tail] = x->a;
          cont[tail++] = x->op == IX_SUM || (step && !x->apart && c);
        }
      if (x->b >= 0 && tail < IX_MAX_EXPRS && !seeded_sum (s, e))
        {
          queue[tail] = x->b;
          cont[tail++] = step;
        }
    }
  return n;
}

/* The right-hand side of S into a temporary of its output's shape.  */
static int
take_whole (split_ctx *c, const ix_stmt *s, ix_diag *d)
{
  const ix_access *out = &s->acc[s->out];
  sp_format f[4];
  int nf = temp_formats (out->nidx, f);
  for (int i = 0; i < nf; i++)
    if (take_out (c, s, s->rhs, out->var, out->nidx, &f[i], d) == 0)
      return 0;
  return -1;
}

/* One sum of S below another operator, the outermost that can, into a
   temporary of its free variables.  */
static int
take_sums (split_ctx *c, const ix_stmt *s, ix_diag *d)
{
  sp_format f[3];
  int vars[SP_MAX_RANK + 1];
  int sums[IX_MAX_EXPRS];
  int ns = inner_sums (s, sums);
  for (int i = 0; i < ns; i++)
    {
      int nv = mask_vars (ord_free_vars (s, sums[i]), vars);
      if (nv > SP_MAX_RANK)
        continue;
      int nf = nv ? temp_formats (nv, f) : 1;
      /* A vector of sums dense: the rest reads it wherever it visits
         its index.  */
      for (int j = nv == 1 ? nf - 1 : 0; j < nf; j++)
        if (take_out (c, s, sums[i], vars, nv, &f[j], d) == 0)
          return 0;
    }
  return -1;
}

/* Candidate A, B of the order of chain CH of S (A < 0: one loop nest)
   planned into *ALT: 0, or -1 with ALT empty.  */
static int
plan_candidate (split_ctx *c, const ix_stmt *s, const ord_chain *ch, int a,
                int b, ix_split *alt)
{
  ix_diag d;
  memset (&d, 0, sizeof d);
  alt->nopds = c->out->nopds;
  if (a < 0)
    {
      lir_kernel *k = ix_plan (s, c->opts, &d);
      return k ? add_kernel (alt, s, k) : -1;
    }
  split_ctx sub = { c->orig, c->opts, alt, 1 };
  ord_pair p;
  ord_pair_of (s, ch, a, b, &p);
  return take_pair (&sub, s, ch, &p, &d);
}

/* The plans of the orders CAND of chain CH of S, chosen between at run
   time; 0, or -1 when fewer than two of them plan.  */
static int
choose_at_run_time (split_ctx *c, const ix_stmt *s, const ord_chain *ch,
                    const ord_candidates *cand)
{
  ix_split *sp = c->out;
  double ext[IX_MAX_VARS];
  for (int v = 0; v < s->nvars; v++)
    ext[v] = 1;
  ord_model_of (s, ch, ext, &sp->model);
  for (int i = 0; i < ch->n; i++)
    {
      int e = ch->factor[i];
      sp->item_opd[i] = -1;
      if (s->expr[e].op == IX_ACCESS
          && ix_access_sparse (s, s->expr[e].access,
                               &s->opd[s->acc[s->expr[e].access].opd].fmt))
        sp->item_opd[i] = s->acc[s->expr[e].access].opd;
    }
  sp->cand.n = 0;
  for (int i = 0; i < cand->n; i++)
    {
      ix_split *alt = calloc (1, sizeof *alt);
      if (!alt)
        break;
      if (plan_candidate (c, s, ch, cand->a[i], cand->b[i], alt))
        {
          free (alt);
          continue;
        }
      sp->alt[sp->nalts++] = alt;
      sp->cand.a[sp->cand.n] = cand->a[i];
      sp->cand.b[sp->cand.n++] = cand->b[i];
    }
  if (sp->nalts >= 2)
    return 0;
  ix_split_free (sp);
  return -1;
}

/* Whether expression E lies below a sum in expression X of S (UNDER:
   X itself does).  */
static int
below_sum (const ix_stmt *s, int x, int e, int under)
{
  if (x < 0)
    return 0;
  if (x == e)
    return under;
  under |= s->expr[x].op == IX_SUM;
  return below_sum (s, s->expr[x].a, e, under)
         || below_sum (s, s->expr[x].b, e, under);
}

/* Whether expression E of S reads operand OPD.  */
static int
reads (const ix_stmt *s, int e, int opd)
{
  if (e < 0)
    return 0;
  const ix_expr *x = &s->expr[e];
  if (x->op == IX_ACCESS)
    return s->acc[x->access].opd == opd;
  return reads (s, x->a, opd) || reads (s, x->b, opd);
}

/* A sum of S over all its variables that loops enclose (the output's,
   or another sum's), which would run once for each of their
   iterations, computed once before them into a scalar temporary.  0,
   or -1 when S has none that can.  */
static int
take_full_sums (split_ctx *c, const ix_stmt *s, ix_diag *d)
{
  int sums[IX_MAX_EXPRS];
  int ns = inner_sums (s, sums);
  for (int i = 0; i < ns; i++)
    if (ord_free_vars (s, sums[i]) == 0
        && (s->acc[s->out].nidx > 0 || below_sum (s, s->rhs, sums[i], 0))
        && !reads (s, sums[i], s->acc[s->out].opd)
        && take_out (c, s, sums[i], NULL, 0, NULL, d) == 0)
      return 0;
  return -1;
}

/* Plan S into the split, or split it further.  0, or -1 (D keeps the
   first refusal).  */
static int
split_stmt (split_ctx *c, ix_stmt *s, ix_diag *d)
{
  ix_split *sp = c->out;
  int top = c->tries == 0;
  if (sp->nkernels == IX_SPLIT_MAX || ++c->tries > MAX_TRIES)
    return -1;
  /* A product of three or more tensors in the order of least work.  */
  ord_chain ch;
  ord_pair p;
  ord_candidates cand;
  int chain = !s->from_loops && ord_chain_of (s, &ch);
  if (chain && top && !(c->opts && c->opts->compile_time_order)
      && ord_run_time_candidates (s, &ch, &cand)
      && choose_at_run_time (c, s, &ch, &cand) == 0)
    return 0;
  if (chain && ord_best_pair (s, &ch, &p) && take_pair (c, s, &ch, &p, d) == 0)
    {
      /* The top level's figures, written last.  */
      snprintf (sp->order, sizeof sp->order, "contracted in the order of "
                  "least estimated work, %.3g against %.3g in one loop nest",
                  p.cost, p.one_nest);
      return 0;
    }
  if (take_full_sums (c, s, d) == 0)
    return 0;
  ix_diag why;
  memset (&why, 0, sizeof why);
  lir_kernel *k = ix_plan (s, c->opts, &why);
  int sv0, sv1;
  if (k && !top && lir_dense_product (k->sc, k, &sv0, &sv1) >= 0
      && take_sums (c, s, d) == 0)
    {
      /* A part of a split statement whose loops visit every pair of two
         dense loops' coordinates: its sums computed first instead.  */
      lir_free (k);
      return 0;
    }
  if (k)
    return add_kernel (sp, s, k);
  if (top)
    *d = why;
  /* A maximum's values are taken in the loops' order, in one nest.  */
  if (!why.split || s->pick != IX_PICK_NONE)
    return -1;
  const ix_access *out = &s->acc[s->out];

  /* The old entries of a sparse output merge with one temporary (its
     right-hand side, of its shape) where they do not with the sums;
     an output overwritten is written by the kernel of its sums.  */
  int whole = output_sparse (s) && !s->opd[out->opd].temp
              && s->expr[s->rhs].op != IX_ACCESS;
  if (whole && s->assign != IX_SET && take_whole (c, s, d) == 0)
    return 0;
  if (take_sums (c, s, d) == 0)
    return 0;
  return whole && s->assign == IX_SET ? take_whole (c, s, d) : -1;
}

/* Whether kernel K converts operand OPD to the format spelt SPELLING
   for a read; those accesses' bits in *ACCS.  */
static int
converts (const lir_kernel *k, int opd, const char *spelling,
          unsigned *accs)
{
  const ix_sched *sc = k->sc;
  *accs = 0;
  for (int c = 0; c < sc->nconv; c++)
    if (sc->conv[c].access != sc->st.out
        && sc->st.acc[sc->conv[c].access].opd == opd
        && strcmp (sc->conv[c].spelling, spelling) == 0)
      *accs |= 1u << sc->conv[c].access;
  return *accs != 0;
}

/* Operand OPD of the statement, which the kernels USERS (bits) of SP
   each convert to format F spelt SPELLING, converted once into a new
   temporary that they are planned again to read; 0, or -1 with SP as
   it was.  */
static int
share_conversion (ix_split *sp, const ix_sched_opts *opts, int opd,
                  const sp_format *f, const char *spelling, unsigned users)
{
  int id = sp->nopds + sp->ntemps;
  if (sp->ntemps == IX_SPLIT_MAX || id >= IX_MAX_OPERANDS)
    return -1;
  int first = 0;
  while (!(users & (1u << first)))
    first++;
  ix_operand copy = sp->stmt[first]->opd[opd];
  copy.fmt = *f;
  copy.temp = 1;
  copy.user = NULL;
  char fmt[96];
  sch_format_name (f, fmt, sizeof fmt);
  for (int n = 0, taken = 1; taken; n++)
    {
      snprintf (copy.name, sizeof copy.name, n ? "%s_%s_%d" : "%s_%s",
                sp->stmt[first]->opd[opd].name, fmt, n);
      for (char *p = copy.name; *p; p++)
        if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z')
            && !(*p >= '0' && *p <= '9'))
          *p = '_';
      taken = ix_find_operand (sp->stmt[first], copy.name) >= 0;
      for (int t = 0; t < sp->ntemps; t++)
        taken |= strcmp (sp->temp[t].name, copy.name) == 0;
    }
  lir_kernel *k[IX_SPLIT_MAX] = { NULL };
  ix_stmt *st[IX_SPLIT_MAX] = { NULL };
  int ok = 1;
  for (int i = 0; i < sp->nkernels && ok; i++)
    {
      unsigned accs;
      if (!(users & (1u << i)) || !converts (sp->kernel[i], opd, spelling,
                                             &accs))
        continue;
      ix_stmt *s = st[i] = stmt_copy (sp->stmt[i]);
      if (!s)
        {
          ok = 0;
          break;
        }
      /* The temporaries made after its statement, and the copy.  */
      for (int o = s->nopds; o < id; o++)
        s->opd[o] = sp->temp[o - sp->nopds];
      s->opd[id] = copy;
      s->nopds = id + 1;
      for (int a = 0; a < s->naccs; a++)
        if (accs & (1u << a))
          s->acc[a].opd = id;
      ix_diag d;
      memset (&d, 0, sizeof d);
      k[i] = ix_plan (s, opts, &d);
      /* The copy read as it is stored.  */
      for (int c = 0; k[i] && c < k[i]->sc->nconv; c++)
        ok &= k[i]->sc->st.acc[k[i]->sc->conv[c].access].opd != id;
      ok &= k[i] != NULL;
    }
  for (int i = 0; i < sp->nkernels; i++)
    {
      if (!st[i])
        continue;
      if (ok)
        {
          lir_free (sp->kernel[i]);
          ix_free (sp->stmt[i]);
          sp->kernel[i] = k[i];
          sp->stmt[i] = st[i];
          ix_print (st[i], sp->text[i], sizeof sp->text[0]);
        }
      else
        {
          lir_free (k[i]);
          ix_free (st[i]);
        }
    }
  if (!ok)
    return -1;
  sp->temp[sp->ntemps] = copy;
  sp->copy_of[sp->ntemps++] = opd;
  return 0;
}

/* Each operand of the statement (not its output) that two or more
   kernels of SP convert to one format converted once instead.  */
static void
share_conversions (ix_split *sp, const ix_sched_opts *opts, int out_opd)
{
  for (int i = 0; i < sp->nkernels; i++)
    for (int c = 0; c < sp->kernel[i]->sc->nconv; c++)
      {
        const ix_sched *sc = sp->kernel[i]->sc;
        int opd = sc->st.acc[sc->conv[c].access].opd;
        if (sc->conv[c].access == sc->st.out || opd >= sp->nopds
            || opd == out_opd)
          continue;
        sch_conv conv = sc->conv[c];
        unsigned users = 0, accs;
        for (int j = i; j < sp->nkernels; j++)
          if (converts (sp->kernel[j], opd, conv.spelling, &accs))
            users |= 1u << j;
        if ((users & (users - 1))
            && share_conversion (sp, opts, opd, &conv.fmt, conv.spelling,
                                 users) == 0)
          c = -1;  /* kernel I planned again: its conversions afresh */
      }
}

int
ix_split_plan (const ix_stmt *ix, const ix_sched_opts *opts, ix_split *out,
               ix_diag *d)
{
  memset (out, 0, sizeof *out);
  split_ctx c = { ix, opts, out, 0 };
  out->nopds = ix->nopds;
  ix_stmt *s = ix_new ();
  if (!s)
    return ix_fail (d, ix->tok, ix->loc, "out of memory");
  *s = *ix;
  int r = split_stmt (&c, s, d);
  ix_free (s);
  if (r)
    ix_split_free (out);
  else
    {
      int out_opd = ix->acc[ix->out].opd;
      share_conversions (out, opts, out_opd);
      for (int i = 0; i < out->nalts; i++)
        share_conversions (out->alt[i], opts, out_opd);
    }
  return r;
}

void
ix_split_free (ix_split *sp)
{
  rollback (sp, 0, 0);
  for (int i = 0; i < sp->nalts; i++)
    {
      ix_split_free (sp->alt[i]);
      free (sp->alt[i]);
    }
  sp->nalts = 0;
}

char *
ix_split_describe (const ix_split *sp, char *buf, size_t len)
{
  char fmt[96];
  buf[0] = 0;
  if (sp->nalts)
    {
      ix_cat (buf, len, "contraction order chosen at run time by the work "
              "estimated from the operands' extents and nonzeros, among %d "
              "candidates", sp->nalts);
      return buf;
    }
  if (sp->nkernels == 1 && sp->ntemps == 0)
    {
      ix_cat (buf, len, "one loop nest");
      return buf;
    }
  ix_cat (buf, len, "split into %d kernels", sp->nkernels);
  if (sp->order[0])
    ix_cat (buf, len, " (%s)", sp->order);
  for (int t = 0; t < sp->ntemps; t++)
    {
      ix_cat (buf, len, "%s '%s' %s", t ? "," : " over temporaries",
              sp->temp[t].name, sp->temp[t].rank == 0 ? "scalar"
              : sch_format_name (&sp->temp[t].fmt, fmt, sizeof fmt));
      if (sp->copy_of[t] >= 0)
        ix_cat (buf, len, " (%s converted once)",
                sp->stmt[0]->opd[sp->copy_of[t]].name);
    }
  for (int i = 0; i < sp->nkernels; i++)
    ix_cat (buf, len, "%s %s", i ? ";" : ":", sp->text[i]);
  return buf;
}
