/* ix.c -- building and checking index notation statements.  */

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "ix.h"
#include "mathfn.h"
#include "level_types.h"

const ix_op_info ix_ops[IX_NOPS] = {
  [IX_ACCESS] = { "access", "", 0, 10, IX_MERGE_LEAF, 0 },
  [IX_CONST] = { "const", "", 0, 10, IX_MERGE_LEAF, 0 },
  [IX_NEG] = { "neg", "-", 1, 8, IX_MERGE_KEEP, 1 },
  [IX_ADD] = { "add", "+", 2, 6, IX_MERGE_DISJ, 0 },
  [IX_SUB] = { "sub", "-", 2, 6, IX_MERGE_DISJ, 0 },
  [IX_MUL] = { "mul", "*", 2, 7, IX_MERGE_CONJ, 1 },
  [IX_DIV] = { "div", "/", 2, 7, IX_MERGE_CONJ, 1 },
  [IX_SUM] = { "sum", "sum", 1, 10, IX_MERGE_KEEP, 1 },
  [IX_INDEX] = { "index", "", 0, 10, IX_MERGE_LEAF, 0 },
  [IX_CAST] = { "cast", "", 1, 8, IX_MERGE_KEEP, 0 },
  [IX_ABS] = { "abs", "abs", 1, 10, IX_MERGE_KEEP, 0 },
  [IX_NOT] = { "not", "!", 1, 8, IX_MERGE_FULL, 0 },
  [IX_MOD] = { "mod", "%", 2, 7, IX_MERGE_CONJ, 0 },
  [IX_EQ] = { "eq", "==", 2, 4, IX_MERGE_FULL, 0 },
  [IX_NE] = { "ne", "!=", 2, 4, IX_MERGE_DISJ, 0 },
  [IX_LT] = { "lt", "<", 2, 5, IX_MERGE_DISJ, 0 },
  [IX_LE] = { "le", "<=", 2, 5, IX_MERGE_FULL, 0 },
  [IX_GT] = { "gt", ">", 2, 5, IX_MERGE_DISJ, 0 },
  [IX_GE] = { "ge", ">=", 2, 5, IX_MERGE_FULL, 0 },
  [IX_AND] = { "and", "&&", 2, 3, IX_MERGE_CONJ, 0 },
  [IX_OR] = { "or", "||", 2, 2, IX_MERGE_DISJ, 0 },
  [IX_WHERE] = { "where", "?", 2, 1, IX_MERGE_CONJ, 0 },
  [IX_CALL] = { "call", "", 1, 10, IX_MERGE_FULL, 0 },
  [IX_CALLZ] = { "callz", "", 1, 10, IX_MERGE_KEEP, 0 },
};

/* ------------------------------------------------------------------ */
/* Types.  */

ix_type
ix_op_type (ix_op op, ix_type a, ix_type b, ix_type cast_to)
{
  switch (op)
    {
    case IX_CAST:
    case IX_INDEX:
    case IX_CALL:
    case IX_CALLZ:
      return cast_to;
    case IX_NOT:
    case IX_EQ:
    case IX_NE:
    case IX_LT:
    case IX_LE:
    case IX_GT:
    case IX_GE:
    case IX_AND:
    case IX_OR:
      return IX_I32;
    case IX_WHERE:
      return ix_arith_type (b, IX_I32);
    case IX_ADD:
    case IX_SUB:
    case IX_MUL:
    case IX_DIV:
    case IX_MOD:
      return ix_arith_type (a, b);
    case IX_NEG:
    case IX_ABS:
      return ix_promote (a);
    default:
      return a;
    }
}

/* ------------------------------------------------------------------ */
/* Constants.  */

ix_num
ix_num_int (int64_t v)
{
  ix_num n = { v >= INT32_MIN && v <= INT32_MAX ? IX_I32 : IX_I64, v, 0 };
  return n;
}

ix_num
ix_num_real (double v, ix_type t)
{
  ix_num n = { t, 0, t == IX_F32 ? (float) v : v };
  return n;
}

static int
ix_num_integral (ix_num n)
{
  return !ix_type_is_float (n.type);
}

/* Nonzero when integer N's value is 2^63 or more (an unsigned long's).  */
static int
ix_num_past_long (ix_num n)
{
  return n.type == IX_U64 && n.i < 0;
}

int
ix_num_is_zero (ix_num n)
{
  return ix_num_integral (n) ? n.i == 0 : n.f == 0;
}

int
ix_num_fits (ix_num n, ix_type t)
{
  if (ix_type_is_float (t))
    {
      /* An integer's value, exactly, or a double's.  */
      if (ix_num_past_long (n))
        {
          uint64_t u = (uint64_t) n.i;
          return t == IX_F32 ? (double) (float) u < 0x1p64
                                 && (uint64_t) (float) u == u
                             : (double) u < 0x1p64
                                 && (uint64_t) (double) u == u;
        }
      if (t == IX_F32)
        return ix_num_integral (n) ? (float) n.i < 0x1p63f
                                       && (int64_t) (float) n.i == n.i
                                   : (double) (float) n.f == n.f;
      return ix_num_integral (n) ? (double) n.i < 0x1p63
                                     && (int64_t) (double) n.i == n.i
                                 : 1;
    }
  if (ix_num_past_long (n))
    return t == IX_U64;
  int64_t v;
  if (ix_num_integral (n))
    v = n.i;
  else if (n.f >= -0x1p63 && n.f < 0x1p63 && n.f == (double) (int64_t) n.f)
    /* Past 2^63 the conversion of a double is undefined in C.  */
    v = (int64_t) n.f;
  else
    return 0;
  return ix_int_convert (v, t) == v && (t != IX_U64 || v >= 0);
}

void
ix_num_print (ix_num n, char *buf, size_t len)
{
  switch (n.type)
    {
    case IX_I32:
      snprintf (buf, len, "%lld", (long long) n.i);
      break;
    case IX_I64:
      /* -2^63 has no literal: its magnitude is no long.  */
      if (n.i == INT64_MIN)
        snprintf (buf, len, "(-9223372036854775807L - 1)");
      else
        snprintf (buf, len, "%lldL", (long long) n.i);
      break;
    case IX_U32:
      snprintf (buf, len, "%lluU", (unsigned long long) n.i);
      break;
    case IX_U64:
      snprintf (buf, len, "%lluUL", (unsigned long long) n.i);
      break;
    case IX_F32:
      snprintf (buf, len, "%.9gf", n.f);
      break;
    case IX_F64:
      snprintf (buf, len, "%.17g", n.f);
      break;
    default:
      /* No literal has a type narrower than int.  */
      if ((unsigned) n.type < IX_NTYPES)
        snprintf (buf, len, "((%s) %lld)", ix_types[n.type].spell,
                  (long long) n.i);
      else
        snprintf (buf, len, "%.17g", n.f);
      break;
    }
}

/* ------------------------------------------------------------------ */

int
ix_fail (ix_diag *d, int tok, unsigned loc, const char *fmt, ...)
{
  va_list ap;
  if (!d)
    return -1;
  d->tok = tok;
  d->loc = loc;
  va_start (ap, fmt);
  vsnprintf (d->msg, sizeof d->msg, fmt, ap);
  va_end (ap);
  return -1;
}

ix_stmt *
ix_new (void)
{
  ix_stmt *s = calloc (1, sizeof *s);
  if (!s)
    return NULL;
  s->out = -1;
  s->rhs = -1;
  s->tok = -1;
  s->inplace = -1;
  s->own_read = -1;
  s->arg_var = -1;
  return s;
}

void
ix_free (ix_stmt *s)
{
  free (s);
}

int
ix_find_operand (const ix_stmt *s, const char *name)
{
  for (int o = 0; o < s->nopds; o++)
    if (strcmp (s->opd[o].name, name) == 0)
      return o;
  return -1;
}

int
ix_add_operand (ix_stmt *s, const ix_operand *o, ix_diag *d)
{
  int id = ix_find_operand (s, o->name);
  if (id >= 0)
    return id;
  if (s->nopds == IX_MAX_OPERANDS)
    return ix_fail (d, -1, 0, "too many operands (at most %d)",
                 IX_MAX_OPERANDS);
  if (o->rank < 0 || o->rank > SP_MAX_RANK)
    return ix_fail (d, -1, 0, "'%s' has rank %d; at most %d is supported",
                 o->name, o->rank, SP_MAX_RANK);
  if (o->tagged && o->fmt.rank != o->rank)
    return ix_fail (d, -1, 0, "'%s' has rank %d but its format has %d "
                 "dimensions", o->name, o->rank, (int) o->fmt.rank);
  s->opd[s->nopds] = *o;
  return s->nopds++;
}

int
ix_add_var (ix_stmt *s, const char *name, int tok, unsigned loc,
            ix_diag *d)
{
  for (int v = 0; v < s->nvars; v++)
    if (strcmp (s->var[v].name, name) == 0)
      return v;
  if (s->nvars == IX_MAX_VARS)
    return ix_fail (d, tok, loc, "too many index variables (at most %d)",
                 IX_MAX_VARS);
  if (strlen (name) >= IX_NAME_MAX)
    return ix_fail (d, tok, loc, "index name '%s' is too long", name);
  ix_var *v = &s->var[s->nvars];
  memset (v, 0, sizeof *v);
  strcpy (v->name, name);
  v->extent = -1;
  v->src_opd = -1;
  v->src_dim = -1;
  v->tok = tok;
  v->loc = loc;
  return s->nvars++;
}

int
ix_add_access (ix_stmt *s, int opd, int nidx, const int *vars, int tok,
               unsigned loc, ix_diag *d)
{
  ix_operand *o = &s->opd[opd];
  if (s->naccs == IX_MAX_ACCESSES)
    return ix_fail (d, tok, loc, "too many tensor accesses (at most %d)",
                 IX_MAX_ACCESSES);
  switch (o->kind)
    {
    case IX_OPD_OTHER:
      return ix_fail (d, tok, loc, "'%s' is neither an array nor a scalar "
                   "variable", o->name);
    case IX_OPD_SCALAR:
      if (nidx > 0)
        return ix_fail (d, tok, loc, "'%s' is a scalar and cannot be indexed",
                     o->name);
      break;
    case IX_OPD_POINTER:
      if (nidx == 0)
        return ix_fail (d, tok, loc, "'%s' is a pointer used as an array: "
                     "index it", o->name);
      if (o->rank == 0)
        {
          if (nidx > SP_MAX_RANK)
            return ix_fail (d, tok, loc, "'%s' is indexed with %d indices; at "
                         "most %d are supported", o->name, nidx,
                         SP_MAX_RANK);
          o->rank = nidx;
          for (int k = 0; k < nidx; k++)
            o->extent[k] = -1;
        }
      /* Fall through.  */
    case IX_OPD_ARRAY:
      if (nidx == 0)
        return ix_fail (d, tok, loc, "'%s' is an array of rank %d: index it "
                     "with %d index variable%s", o->name, o->rank, o->rank,
                     o->rank == 1 ? "" : "s");
      if (nidx != o->rank)
        return ix_fail (d, tok, loc, "'%s' has rank %d but is indexed with %d "
                     "index%s", o->name, o->rank, nidx,
                     nidx == 1 ? "" : "es");
      break;
    }
  for (int k = 0; k < nidx; k++)
    for (int l = 0; l < k; l++)
      if (vars[k] == vars[l])
        return ix_fail (d, tok, loc, "index '%s' is used twice in "
                        "output '%s': its diagonal is written from loops "
                        "over both of its indices, a guard keeping them "
                        "equal", s->var[vars[k]].name, o->name);
  ix_access *a = &s->acc[s->naccs];
  memset (a, 0, sizeof *a);
  a->opd = opd;
  a->nidx = nidx;
  for (int k = 0; k < nidx; k++)
    a->var[k] = vars[k];
  a->tok = tok;
  a->loc = loc;
  return s->naccs++;
}

int
ix_add_read (ix_stmt *s, int opd, int nidx, const int *vars, int tok,
             unsigned loc, ix_diag *d)
{
  for (int a = 1; a < s->naccs; a++)
    {
      const ix_access *x = &s->acc[a];
      int same = x->opd == opd && x->nidx == nidx;
      for (int k = 0; same && k < nidx; k++)
        same = x->var[k] == vars[k];
      if (same)
        return a;
    }
  return ix_add_access (s, opd, nidx, vars, tok, loc, d);
}

static int new_expr (ix_stmt *s, ix_op op, int tok, unsigned loc,
                     ix_diag *d);

int
ix_add_read_leaf (ix_stmt *s, int opd, int nidx, const int *vars, int tok,
                  unsigned loc, ix_diag *d)
{
  int own[SP_MAX_RANK] = { 0 }, cond = -1;
  for (int k = 0; k < nidx && k < SP_MAX_RANK; k++)
    {
      own[k] = vars[k];
      int l = 0;
      while (l < k && vars[l] != vars[k])
        l++;
      if (l == k)
        continue;
      /* A repeated index: a variable of its own, equal to the first.  */
      char name[IX_NAME_MAX + 16];
      for (int n = 2;; n++)
        {
          snprintf (name, sizeof name, "%.*s_%d", IX_NAME_MAX - 16,
                    s->var[vars[k]].name, n);
          int taken = 0;
          for (int v = 0; v < s->nvars; v++)
            taken |= strcmp (s->var[v].name, name) == 0;
          if (!taken)
            break;
        }
      if ((own[k] = ix_add_var (s, name, tok, loc, d)) < 0)
        return -1;
      int a = ix_add_index (s, own[k], IX_I64, loc, d);
      int b = a < 0 ? -1 : ix_add_index (s, vars[k], IX_I64, loc, d);
      int c = b < 0 ? -1 : ix_add_op (s, IX_EQ, a, b, tok, loc, d);
      if (c < 0 || (cond >= 0 && (c = ix_add_op (s, IX_AND, cond, c, tok,
                                                   loc, d)) < 0))
        return -1;
      cond = c;
    }
  int a = ix_add_read (s, opd, nidx, own, tok, loc, d);
  int e = a < 0 ? -1 : ix_add_leaf (s, a, d);
  if (e < 0 || cond < 0)
    return e;
  if ((e = ix_add_op (s, IX_WHERE, cond, e, tok, loc, d)) < 0)
    return -1;
  for (int k = 0; k < nidx && e >= 0; k++)
    if (own[k] != vars[k])
      e = ix_add_sum (s, own[k], e, d);
  return e;
}

/* A new expression node of kind OP; its fields are left at "absent".  */
static int
new_expr (ix_stmt *s, ix_op op, int tok, unsigned loc, ix_diag *d)
{
  if (s->nexprs == IX_MAX_EXPRS)
    return ix_fail (d, tok, loc, "expression too large (at most %d nodes)",
                 IX_MAX_EXPRS);
  ix_expr *e = &s->expr[s->nexprs];
  memset (e, 0, sizeof *e);
  e->op = op;
  e->a = e->b = e->access = e->var = -1;
  e->tok = tok;
  e->loc = loc;
  return s->nexprs++;
}

int
ix_add_leaf (ix_stmt *s, int access, ix_diag *d)
{
  int e = new_expr (s, IX_ACCESS, s->acc[access].tok, s->acc[access].loc, d);
  if (e >= 0)
    s->expr[e].access = access;
  return e;
}

int
ix_add_const (ix_stmt *s, ix_num num, int tok, unsigned loc, ix_diag *d)
{
  int e = new_expr (s, IX_CONST, tok, loc, d);
  if (e >= 0)
    s->expr[e].num = num;
  return e;
}

int
ix_add_op (ix_stmt *s, ix_op op, int a, int b, int tok, unsigned loc,
           ix_diag *d)
{
  int e = new_expr (s, op, tok, loc, d);
  if (e >= 0)
    {
      s->expr[e].a = a;
      s->expr[e].b = ix_ops[op].arity == 2 ? b : -1;
    }
  return e;
}

int
ix_add_sum (ix_stmt *s, int var, int a, ix_diag *d)
{
  int e = new_expr (s, IX_SUM, s->expr[a].tok, s->expr[a].loc, d);
  if (e >= 0)
    {
      s->expr[e].a = a;
      s->expr[e].var = var;
    }
  return e;
}

int
ix_add_cast (ix_stmt *s, ix_type t, int a, ix_diag *d)
{
  int e = new_expr (s, IX_CAST, s->expr[a].tok, s->expr[a].loc, d);
  if (e >= 0)
    {
      s->expr[e].a = a;
      s->expr[e].num.type = t;
    }
  return e;
}

int
ix_add_call (ix_stmt *s, ix_num fn, int a, ix_diag *d)
{
  int e = new_expr (s, mathfn_op (fn), s->expr[a].tok, s->expr[a].loc, d);
  if (e >= 0)
    {
      s->expr[e].a = a;
      s->expr[e].num = fn;
    }
  return e;
}

int
ix_add_index (ix_stmt *s, int var, ix_type t, unsigned loc, ix_diag *d)
{
  int e = new_expr (s, IX_INDEX, s->var[var].tok, loc, d);
  if (e >= 0)
    {
      s->expr[e].var = var;
      s->expr[e].num.type = t;
    }
  return e;
}

void
ix_set_output (ix_stmt *s, int out, ix_assign assign, int rhs)
{
  s->out = out;
  s->assign = assign;
  s->rhs = rhs;
  s->tok = s->acc[out].tok;
  s->loc = s->acc[out].loc;
}

/* -------------------------------------------------------------------- */
/* Queries.  */

int
ix_access_sparse (const ix_stmt *s, int a, const sp_format *f)
{
  return s->opd[s->acc[a].opd].tagged
         && !sp_format_dense_upto (f, f->nlevels);
}

/* Whether C is the condition V == W (or W == V), W another index
   variable, or a conjunction of such conditions one of which is.  */
static int
pins (const ix_stmt *s, int c, int v)
{
  const ix_expr *x = &s->expr[c];
  if (x->op == IX_AND)
    return pins (s, x->a, v) || pins (s, x->b, v);
  if (x->op != IX_EQ)
    return 0;
  const ix_expr *a = &s->expr[x->a], *b = &s->expr[x->b];
  return a->op == IX_INDEX && b->op == IX_INDEX && a->var != b->var
         && (a->var == v || b->var == v);
}

int
ix_is_locate (const ix_stmt *s, int e)
{
  const ix_expr *x = &s->expr[e];
  if (x->op != IX_SUM)
    return 0;
  const ix_expr *w = &s->expr[x->a];
  while (w->op == IX_SUM)
    w = &s->expr[w->a];
  return w->op == IX_WHERE && pins (s, w->a, x->var)
         && s->expr[w->b].op == IX_ACCESS;
}

/* The first of the sums S picks through: its right-hand side, or the
   sum added into the value an element starts from (ix_stmt.pick).  */
static int
pick_root (const ix_stmt *s)
{
  const ix_expr *x = &s->expr[s->rhs];
  return s->assign == IX_SET && x->op == IX_ADD && x->seeded ? x->b : s->rhs;
}

const char *
ix_pick_what (ix_pick pk)
{
  return pk == IX_PICK_MUL ? "product"
         : pk == IX_PICK_GT || pk == IX_PICK_GE || pk == IX_PICK_FMAX
         ? "maximum" : "minimum";
}

const char *
ix_stmt_picks (const ix_stmt *s)
{
  if (s->arg_var < 0)
    return ix_pick_what (s->pick);
  return s->pick == IX_PICK_GT || s->pick == IX_PICK_GE ? "maximum's index"
         : "minimum's index";
}

int
ix_is_pick_sum (const ix_stmt *s, int e)
{
  if (s->pick == IX_PICK_NONE)
    return 0;
  int r = pick_root (s);
  for (int k = 0; k < s->pick_sums && s->expr[r].op == IX_SUM; k++)
    {
      if (r == e)
        return 1;
      r = s->expr[r].a;
    }
  return 0;
}

int
ix_expr_uses (const ix_stmt *s, int e, int v)
{
  return ix_expr_uses_apart (s, e, v, -1);
}

int
ix_expr_uses_apart (const ix_stmt *s, int e, int v, int a)
{
  const ix_expr *x = &s->expr[e];
  if (x->op == IX_ACCESS)
    {
      const ix_access *ac = &s->acc[x->access];
      for (int k = 0; k < ac->nidx && x->access != a; k++)
        if (ac->var[k] == v)
          return 1;
      return 0;
    }
  if (x->op == IX_INDEX)
    return x->var == v;
  return (x->a >= 0 && ix_expr_uses_apart (s, x->a, v, a))
         || (x->b >= 0 && ix_expr_uses_apart (s, x->b, v, a));
}

ix_type
ix_expr_type (const ix_stmt *s, int e)
{
  const ix_expr *x = &s->expr[e];
  switch (x->op)
    {
    case IX_ACCESS:
      return s->opd[s->acc[x->access].opd].type;
    case IX_CONST:
    case IX_INDEX:
      return x->num.type;
    default:
      {
        ix_type a = ix_expr_type (s, x->a);
        return ix_op_type (x->op, a, x->b >= 0 ? ix_expr_type (s, x->b) : a,
                           x->num.type);
      }
    }
}

ix_type
ix_sum_type (const ix_stmt *s)
{
  ix_type o = s->opd[s->acc[s->out].opd].type;
  /* A maximum or a minimum keeps values of the output's type.  */
  if (s->rhs < 0 || (s->pick != IX_PICK_NONE && s->pick != IX_PICK_MUL))
    return o;
  ix_type r = ix_expr_type (s, s->rhs);
  int t = ix_accum_type (o, r);
  /* A floating sum into an integer (a pragma's c += S) is made in its
     own type and converted once, with the output's old value added in
     it, as C's c += S does.  */
  if (t < 0 && !ix_type_is_float (o) && ix_type_is_float (r))
    return r;
  return t >= 0 ? (ix_type) t : o;
}

/* -------------------------------------------------------------------- */
/* ix_finish.  */

/* Record the parent of every expression below E in PARENT.  */
static void
find_parents (const ix_stmt *s, int e, int *parent)
{
  const ix_expr *x = &s->expr[e];
  if (x->a >= 0)
    {
      parent[x->a] = e;
      find_parents (s, x->a, parent);
    }
  if (x->b >= 0)
    {
      parent[x->b] = e;
      find_parents (s, x->b, parent);
    }
}

int
ix_zero_with (const ix_stmt *s, int e, int a)
{
  const ix_expr *x = &s->expr[e];
  switch (ix_ops[x->op].merge)
    {
    case IX_MERGE_LEAF:
      return (x->op == IX_ACCESS && x->access == a)
             || (x->op == IX_CONST && ix_num_is_zero (x->num));
    case IX_MERGE_KEEP:
      return x->op != IX_SUM && ix_zero_with (s, x->a, a);
    case IX_MERGE_CONJ:
      return ix_zero_with (s, x->a, a) || ix_zero_with (s, x->b, a);
    case IX_MERGE_DISJ:
      return ix_zero_with (s, x->a, a) && ix_zero_with (s, x->b, a);
    case IX_MERGE_FULL:
      return 0;
    }
  return 0;
}

/* The access of S's right-hand side that reads the output at the
   element it writes, when S may update the output's stored values in
   place: assigned with =, the output a tagged operand read once, at its
   own indices in their order, every other tagged operand stored densely,
   no sum, and the right-hand side zero wherever that read is, so that
   only stored entries change (an output stored densely stores every
   element).  -1 otherwise.  */
static int
inplace_read (const ix_stmt *s)
{
  const ix_access *out = &s->acc[s->out];
  int read = -1;
  if (s->assign != IX_SET || !s->opd[out->opd].tagged)
    return -1;
  for (int e = 0; e < s->nexprs; e++)
    if (s->expr[e].op == IX_SUM)
      return -1;
  for (int a = 0; a < s->naccs; a++)
    {
      const ix_access *x = &s->acc[a];
      if (a == s->out)
        continue;
      if (x->opd == out->opd)
        {
          if (read >= 0 || x->nidx != out->nidx
              || memcmp (x->var, out->var, out->nidx * sizeof *x->var))
            return -1;
          read = a;
        }
      else if (ix_access_sparse (s, a, &s->opd[x->opd].fmt))
        return -1;
    }
  if (read < 0)
    return -1;
  const sp_format *f = &s->opd[out->opd].fmt;
  return sp_format_dense_upto (f, f->nlevels)
         || ix_zero_with (s, s->rhs, read) ? read : -1;
}

/* The access of S's right-hand side that reads its dense output at the
   element it writes (ix_stmt.own_read), when S, read from loops (a
   pragma's output is not read), is an = not updating in place and reads
   the output there only; -1 otherwise.  */
static int
own_read (const ix_stmt *s)
{
  const ix_access *out = &s->acc[s->out];
  const ix_operand *o = &s->opd[out->opd];
  int read = -1;
  if (!s->from_loops || s->assign != IX_SET || s->inplace >= 0
      || out->nidx == 0
      || (o->tagged && !sp_format_dense_upto (&o->fmt, o->fmt.nlevels)))
    return -1;
  for (int a = 0; a < s->naccs; a++)
    if (a != s->out && s->acc[a].opd == out->opd)
      {
        if (read >= 0 || s->acc[a].nidx != out->nidx
            || memcmp (s->acc[a].var, out->var, out->nidx * sizeof *out->var))
          return -1;
        read = a;
      }
  return read;
}

/* The first access of a sparse operand below E, or -1.  */
static int
sparse_access_below (const ix_stmt *s, int e)
{
  /* A locate reads the one element, zero when unstored: a value, as a
     dense operand's.  */
  if (ix_is_locate (s, e))
    return -1;
  const ix_expr *x = &s->expr[e];
  if (x->op == IX_ACCESS)
    {
      const ix_operand *o = &s->opd[s->acc[x->access].opd];
      return ix_access_sparse (s, x->access, &o->fmt) ? x->access : -1;
    }
  int a = x->a >= 0 ? sparse_access_below (s, x->a) : -1;
  return a >= 0 || x->b < 0 ? a : sparse_access_below (s, x->b);
}

/* Nonzero when E holds an IX_SUM other than a locate.  */
static int
has_sum (const ix_stmt *s, int e)
{
  const ix_expr *x = &s->expr[e];
  if (ix_is_locate (s, e))
    return 0;
  return x->op == IX_SUM || (x->a >= 0 && has_sum (s, x->a))
         || (x->b >= 0 && has_sum (s, x->b));
}

/* The first locate (ix_is_locate) in E, or -1.  */
static int
find_locate (const ix_stmt *s, int e)
{
  const ix_expr *x = &s->expr[e];
  if (ix_is_locate (s, e))
    return e;
  int a = x->a >= 0 ? find_locate (s, x->a) : -1;
  return a >= 0 || x->b < 0 ? a : find_locate (s, x->b);
}

int
ix_expr_contains (const ix_stmt *s, int e, int t)
{
  const ix_expr *x = &s->expr[e];
  return e == t || (x->a >= 0 && ix_expr_contains (s, x->a, t))
         || (x->b >= 0 && ix_expr_contains (s, x->b, t));
}

int
ix_expr_calls (const ix_stmt *s, int e)
{
  const ix_expr *x = &s->expr[e];
  return x->op == IX_CALL || x->op == IX_CALLZ
         || (x->a >= 0 && ix_expr_calls (s, x->a))
         || (x->b >= 0 && ix_expr_calls (s, x->b));
}

/* The divisor of division E (or of its remainder) must not be zero
   where sparse loops skip: it reads no sparse operand.  A quotient is
   zero at the dividend's zeros, whatever the divisor: unstored entries
   are exact zeros, as they annihilate products (0 / 0 is 0 there).  */
static int
check_divisor (const ix_stmt *s, int e, ix_diag *d)
{
  const ix_expr *x = &s->expr[e];
  int l = find_locate (s, x->b);
  if (l >= 0)
    {
      /* Every row of the divisor is visited (a row not stored divides
         by zero, as in the dense program): the levels above the one
         located must be dense.  */
      const ix_expr *w = &s->expr[s->expr[l].a];
      while (w->op != IX_WHERE)
        w = &s->expr[w->a];
      const ix_access *ac = &s->acc[w->b >= 0 ? s->expr[w->b].access : 0];
      const ix_operand *o = &s->opd[ac->opd];
      int last = o->fmt.nlevels - 1;
      if (!sp_format_dense_upto (&o->fmt, last)
          || ac->var[o->fmt.lv[last].dim] != s->expr[l].var)
        return ix_fail (d, x->tok, x->loc, "division by the diagonal of "
                        "'%s', whose format does not store every row: a row "
                        "without entries divides by zero, and its loops "
                        "would skip it; store it as CSR, or read the "
                        "diagonal into a vector in a loop of its own first "
                        "(d[i] = %s[i][i]) and divide by that", o->name,
                        o->name);
    }
  int a = sparse_access_below (s, x->b);
  if (a >= 0)
    return ix_fail (d, x->tok, x->loc, "%s by '%s', a sparse operand: its "
                    "unstored zeros would divide by zero; only a divisor "
                    "without sparse operands is supported",
                    x->op == IX_MOD ? "remainder" : "division",
                    s->opd[s->acc[a].opd].name);
  return 0;
}

/* No divisor below E holds a sum (one is computed once per element of
   what it divides: compute it into an array first).  After the
   reductions are placed.  */
static int
check_divisor_sums (const ix_stmt *s, int e, ix_diag *d)
{
  const ix_expr *x = &s->expr[e];

  if ((x->op == IX_DIV || x->op == IX_MOD) && has_sum (s, x->b))
    return ix_fail (d, x->tok, x->loc, "%s by a sum: compute the sum into "
                    "a scalar or a vector first",
                    x->op == IX_MOD ? "remainder" : "division");
  return (x->a >= 0 && check_divisor_sums (s, x->a, d))
         || (x->b >= 0 && check_divisor_sums (s, x->b, d)) ? -1 : 0;
}

/* Check the structure below E: divisors and explicit sums.  SUMMED has a
   nonzero entry for each variable an enclosing IX_SUM binds.  */
static int
check_tree (const ix_stmt *s, int e, int *summed, ix_diag *d)
{
  const ix_expr *x = &s->expr[e];
  switch (x->op)
    {
    case IX_ACCESS:
      {
        const ix_access *a = &s->acc[x->access];
        if (a->opd == s->acc[s->out].opd && x->access != s->inplace
            && x->access != s->own_read && !s->carried)
          {
            if (s->from_loops)
              return ix_fail (d, a->tok, a->loc, "output %s is also read, "
                              "and the loops change elements it does not "
                              "store or read it elsewhere: compute into "
                              "another array", s->opd[a->opd].name);
            return ix_fail (d, a->tok, a->loc, "'%s' is the output and is "
                            "also read on the right-hand side: compute into "
                            "another array%s", s->opd[a->opd].name,
                            s->assign == IX_SET
                            ? ", or write '+=' to add to it" : "");
          }
        return 0;
      }
    case IX_DIV:
    case IX_MOD:
      if (check_divisor (s, e, d))
        return -1;
      break;
    case IX_SUM:
      if (s->var[x->var].in_output)
        return ix_fail (d, x->tok, x->loc, "index '%s' is summed but also "
                     "indexes the output", s->var[x->var].name);
      if (summed[x->var])
        return ix_fail (d, x->tok, x->loc, "index '%s' is summed twice in a "
                     "nest", s->var[x->var].name);
      summed[x->var] = 1;
      if (check_tree (s, x->a, summed, d))
        return -1;
      summed[x->var] = 0;
      return 0;
    default:
      break;
    }
  if (x->a >= 0 && check_tree (s, x->a, summed, d))
    return -1;
  if (x->b >= 0 && check_tree (s, x->b, summed, d))
    return -1;
  return 0;
}

/* Nonzero when V is bound by an explicit IX_SUM somewhere.  */
static int
explicitly_summed (const ix_stmt *s, int v)
{
  for (int e = 0; e < s->nexprs; e++)
    if (s->expr[e].op == IX_SUM && s->expr[e].var == v)
      return 1;
  return 0;
}

/* The smallest subexpression of the right-hand side using V: descend
   while exactly one child uses it.  */
static int
smallest_user (const ix_stmt *s, int e, int v)
{
  for (;;)
    {
      const ix_expr *x = &s->expr[e];
      int ua = x->a >= 0 && ix_expr_uses (s, x->a, v);
      int ub = x->b >= 0 && ix_expr_uses (s, x->b, v);
      if (ua && !ub)
        e = x->a;
      else if (ub && !ua)
        e = x->b;
      else
        return e;
    }
}

/* Wrap each unsummed reduction variable in an IX_SUM.  */
static int
place_reductions (ix_stmt *s, ix_diag *d)
{
  for (int v = 0; v < s->nvars; v++)
    {
      if (s->var[v].in_output || explicitly_summed (s, v)
          || !ix_expr_uses (s, s->rhs, v))
        continue;
      int parent[IX_MAX_EXPRS];
      for (int e = 0; e < s->nexprs; e++)
        parent[e] = -1;
      find_parents (s, s->rhs, parent);
      int e = smallest_user (s, s->rhs, v);
      int p = parent[e];
      int sum = ix_add_sum (s, v, e, d);
      if (sum < 0)
        return -1;
      if (p < 0)
        s->rhs = sum;
      else if (s->expr[p].a == e)
        s->expr[p].a = sum;
      else
        s->expr[p].b = sum;
    }
  return 0;
}

/* Resolve the extent of every index variable and its run-time source,
   checking that all known extents agree.  */
static int
resolve_extents (ix_stmt *s, ix_diag *d)
{
  for (int v = 0; v < s->nvars; v++)
    {
      ix_var *iv = &s->var[v];
      int known = -1;   /* the access that gave the extent */
      for (int a = 0; a < s->naccs; a++)
        for (int k = 0; k < s->acc[a].nidx; k++)
          {
            if (s->acc[a].var[k] != v)
              continue;
            const ix_operand *o = &s->opd[s->acc[a].opd];
            if (o->kind == IX_OPD_POINTER)
              continue;
            int64_t x = o->extent[k];
            if (x >= 0 && known >= 0 && x != iv->extent)
              return ix_fail (d, s->acc[a].tok, s->acc[a].loc,
                           "extents of index '%s' disagree: '%s' has %lld "
                           "in dimension %d but '%s' has %lld",
                           iv->name, o->name, (long long) x, k + 1,
                           s->opd[s->acc[known].opd].name,
                           (long long) iv->extent);
            if (x >= 0 && known < 0)
              {
                iv->extent = x;
                known = a;
              }
            if (iv->src_opd < 0
                || (o->tagged && !s->opd[iv->src_opd].tagged))
              {
                iv->src_opd = s->acc[a].opd;
                iv->src_dim = k;
              }
          }
      if (iv->src_opd < 0 && iv->extent < 0)
        return ix_fail (d, iv->tok, iv->loc, "the extent of index '%s' is "
                     "unknown: it only indexes pointers; index an array or "
                     "a tagged array with it too", iv->name);
    }
  for (int o = 0; o < s->nopds; o++)
    {
      ix_operand *op = &s->opd[o];
      if (op->kind != IX_OPD_POINTER)
        continue;
      for (int a = 0; a < s->naccs; a++)
        if (s->acc[a].opd == o)
          for (int k = 0; k < s->acc[a].nidx; k++)
            op->extent[k] = s->var[s->acc[a].var[k]].extent;
    }
  return 0;
}

int
ix_finish (ix_stmt *s, ix_diag *d)
{
  int summed[IX_MAX_VARS] = { 0 };
  if (s->out < 0 || s->rhs < 0)
    return ix_fail (d, s->tok, s->loc, "statement without output or "
                 "right-hand side");
  const ix_access *out = &s->acc[s->out];
  for (int k = 0; k < out->nidx; k++)
    s->var[out->var[k]].in_output = 1;
  s->inplace = inplace_read (s);
  s->own_read = own_read (s);
  if (check_tree (s, s->rhs, summed, d))
    return -1;
  for (int v = 0; v < s->nvars; v++)
    {
      if (s->var[v].in_output || !explicitly_summed (s, v))
        continue;
      /* Every use of an explicitly summed variable must be inside a sum
         over it: remove the summed subtrees and look for a use.  */
      int parent[IX_MAX_EXPRS];
      for (int e = 0; e < s->nexprs; e++)
        parent[e] = -1;
      find_parents (s, s->rhs, parent);
      for (int e = 0; e < s->nexprs; e++)
        {
          if (s->expr[e].op != IX_ACCESS || !ix_expr_uses (s, e, v))
            continue;
          int p = parent[e], inside = 0;
          for (; p >= 0 && !inside; p = parent[p])
            inside = s->expr[p].op == IX_SUM && s->expr[p].var == v;
          if (!inside && (parent[e] >= 0 || e == s->rhs))
            return ix_fail (d, s->expr[e].tok, s->expr[e].loc, "index '%s' is "
                         "used outside the sum over it", s->var[v].name);
        }
    }
  if (place_reductions (s, d) || check_divisor_sums (s, s->rhs, d))
    return -1;
  return resolve_extents (s, d);
}

/* -------------------------------------------------------------------- */
/* Printing.  */

void
ix_cat (char *buf, size_t len, const char *fmt, ...)
{
  size_t n = strlen (buf);
  va_list ap;
  if (n + 1 >= len)
    return;
  va_start (ap, fmt);
  vsnprintf (buf + n, len - n, fmt, ap);
  va_end (ap);
}

static void
print_access (const ix_stmt *s, int a, char *buf, size_t len)
{
  const ix_access *x = &s->acc[a];
  ix_cat (buf, len, "%s", s->opd[x->opd].name);
  if (x->nidx == 0)
    return;
  ix_cat (buf, len, "(");
  for (int k = 0; k < x->nidx; k++)
    ix_cat (buf, len, "%s%s", k ? "," : "", s->var[x->var[k]].name);
  ix_cat (buf, len, ")");
}

static void
print_expr (const ix_stmt *s, int e, int ctx_prec, char *buf, size_t len)
{
  const ix_expr *x = &s->expr[e];
  const ix_op_info *info = &ix_ops[x->op];
  int paren = info->prec < ctx_prec;
  if (paren)
    ix_cat (buf, len, "(");
  switch (x->op)
    {
    case IX_ACCESS:
      print_access (s, x->access, buf, len);
      break;
    case IX_CONST:
      {
        char num[48];
        ix_num_print (x->num, num, sizeof num);
        ix_cat (buf, len, "%s", num);
      }
      break;
    case IX_SUM:
      ix_cat (buf, len, "sum(%s, ", s->var[x->var].name);
      print_expr (s, x->a, 0, buf, len);
      ix_cat (buf, len, ")");
      break;
    case IX_INDEX:
      ix_cat (buf, len, "%s", s->var[x->var].name);
      break;
    case IX_CAST:
      ix_cat (buf, len, "(%s)", ix_type_name (x->num.type));
      print_expr (s, x->a, info->prec, buf, len);
      break;
    case IX_ABS:
      ix_cat (buf, len, "abs(");
      print_expr (s, x->a, 0, buf, len);
      ix_cat (buf, len, ")");
      break;
    case IX_CALL:
    case IX_CALLZ:
      {
        char fn[24];
        ix_cat (buf, len, "%s(", mathfn_name (x->num, fn, sizeof fn));
        print_expr (s, x->a, 0, buf, len);
        ix_cat (buf, len, ")");
      }
      break;
    case IX_WHERE:
      print_expr (s, x->a, info->prec + 1, buf, len);
      ix_cat (buf, len, " ? ");
      print_expr (s, x->b, info->prec, buf, len);
      ix_cat (buf, len, " : 0");
      break;
    default:
      if (info->arity == 1)
        {
          ix_cat (buf, len, "%s", info->spell);
          print_expr (s, x->a, info->prec, buf, len);
        }
      else
        {
          /* Left-associative: the right operand of - and / needs
             parentheses at equal precedence.  */
          print_expr (s, x->a, info->prec, buf, len);
          ix_cat (buf, len, " %s ", info->spell);
          print_expr (s, x->b, info->prec + 1, buf, len);
        }
      break;
    }
  if (paren)
    ix_cat (buf, len, ")");
}

char *
ix_print_expr (const ix_stmt *s, int e, char *buf, size_t len)
{
  if (len)
    buf[0] = 0;
  print_expr (s, e, 0, buf, len);
  return buf;
}

char *
ix_print (const ix_stmt *s, char *buf, size_t len)
{
  static const char *const assign[] = { "=", "+=", "-=" };
  if (len)
    buf[0] = 0;
  if (s->out < 0 || s->rhs < 0)
    return buf;
  print_access (s, s->out, buf, len);
  if (s->pick != IX_PICK_NONE)
    {
      /* m = max(m, max(i, v)): the sums it picks through as max or min.  */
      const char *fn = s->pick == IX_PICK_GT || s->pick == IX_PICK_GE
                       ? "max" : s->pick == IX_PICK_FMAX ? "fmax"
                       : s->pick == IX_PICK_FMIN ? "fmin"
                       : s->pick == IX_PICK_MUL ? "prod" : "min";
      int e = pick_root (s), depth = 1;
      ix_cat (buf, len, " = ");
      if (s->arg_var >= 0)
        {
          /* k(i) = argmax(-1, max(0, max(j, v))): the j where the
             maximum was last taken (last_: >=), -1 where none was.  */
          char seed[48];
          ix_num_print (s->arg_seed, seed, sizeof seed);
          ix_cat (buf, len, "%sarg%s(%s, ", s->pick == IX_PICK_GE
                  || s->pick == IX_PICK_LE ? "last_" : "", fn, seed);
          depth++;
        }
      ix_cat (buf, len, "%s(", fn);
      if (e != s->rhs)
        print_expr (s, s->expr[s->rhs].a, 0, buf, len);
      else
        print_access (s, s->out, buf, len);
      ix_cat (buf, len, ", ");
      for (; ix_is_pick_sum (s, e); e = s->expr[e].a, depth++)
        ix_cat (buf, len, "%s(%s, ", fn, s->var[s->expr[e].var].name);
      print_expr (s, e, 0, buf, len);
      while (depth--)
        ix_cat (buf, len, ")");
      return buf;
    }
  ix_cat (buf, len, " %s ", assign[s->assign]);
  print_expr (s, s->rhs, 0, buf, len);
  return buf;
}

void
ix_dump (const ix_stmt *s, FILE *f)
{
  static const char *const kind[] = { "array", "scalar", "pointer",
                                      "other" };
  static const char *const type[] = { "f64", "f32", "i64", "i32" };
  char buf[512];
  fprintf (f, "stmt: %s\n", ix_print (s, buf, sizeof buf));
  for (int o = 0; o < s->nopds; o++)
    {
      const ix_operand *op = &s->opd[o];
      fprintf (f, "  opd %d %s: %s %s rank %d [", o, op->name,
               kind[op->kind], type[op->type], op->rank);
      for (int k = 0; k < op->rank; k++)
        fprintf (f, "%s%lld", k ? "," : "", (long long) op->extent[k]);
      fprintf (f, "]");
      if (op->tagged)
        {
          fprintf (f, " levels");
          for (int l = 0; l < op->fmt.nlevels; l++)
            fprintf (f, " %d:%d/%d", op->fmt.lv[l].dim, op->fmt.lv[l].type,
                     op->fmt.lv[l].kind);
        }
      fprintf (f, "\n");
    }
  for (int v = 0; v < s->nvars; v++)
    fprintf (f, "  var %d %s: extent %lld from opd %d dim %d%s\n", v,
             s->var[v].name, (long long) s->var[v].extent, s->var[v].src_opd,
             s->var[v].src_dim, s->var[v].in_output ? " free" : " reduced");
  for (int a = 0; a < s->naccs; a++)
    {
      buf[0] = 0;
      print_access (s, a, buf, sizeof buf);
      fprintf (f, "  acc %d: %s%s\n", a, buf, a == s->out ? " (output)" : "");
    }
  for (int e = 0; e < s->nexprs; e++)
    {
      const ix_expr *x = &s->expr[e];
      fprintf (f, "  expr %d: %s a=%d b=%d", e, ix_ops[x->op].name, x->a,
               x->b);
      if (x->op == IX_ACCESS)
        fprintf (f, " acc=%d", x->access);
      if (x->op == IX_SUM || x->op == IX_INDEX)
        fprintf (f, " var=%s", s->var[x->var].name);
      if (x->op == IX_CAST || x->op == IX_INDEX)
        fprintf (f, " type=%s", ix_type_name (x->num.type));
      if (x->op == IX_CALL || x->op == IX_CALLZ)
        {
          char fn[24];
          fprintf (f, " fn=%s", mathfn_name (x->num, fn, sizeof fn));
        }
      if (x->op == IX_CONST)
        {
          char num[48];
          ix_num_print (x->num, num, sizeof num);
          fprintf (f, " num=%s", num);
        }
      fprintf (f, "\n");
    }
}
