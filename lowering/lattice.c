/* lattice.c -- merge lattices: construction, simplification, printing.  */

#include <string.h>
#include "lattice.h"
#include "mathfn.h"
#include "level_types.h"

int
lat_bit (int access, int loop)
{
  return access * SCH_MAX_VARS + loop;
}

int
lat_test (const lat_bits *b, int bit)
{
  return (b->w[bit / 64] >> (bit % 64)) & 1;
}

static void
bits_set (lat_bits *b, int bit)
{
  b->w[bit / 64] |= (uint64_t) 1 << (bit % 64);
}

static void
bits_or (lat_bits *r, const lat_bits *a, const lat_bits *b)
{
  for (int k = 0; k < LAT_WORDS; k++)
    r->w[k] = a->w[k] | b->w[k];
}

/* The accesses with a bit in B.  */
static uint32_t
bits_accesses (const lat_bits *b, int loop)
{
  uint32_t m = 0;
  for (int a = 0; a < IX_MAX_ACCESSES; a++)
    if (lat_test (b, lat_bit (a, loop)))
      m |= (uint32_t) 1 << a;
  return m;
}

int
lat_iterator (const ix_sched *sc, int a, int loop, int *sparse)
{
  const ix_stmt *s = &sc->st;
  const ix_access *acc = &s->acc[a];
  const ix_operand *o = &s->opd[acc->opd];
  if (sparse)
    *sparse = 0;
  if (o->tagged)
    {
      const sp_format *f = &sc->fmt[a];
      for (int l = 0; l < f->nlevels; l++)
        if (sc->lvl_sv[a][l] == loop && !sp_lvl_is_computed (f->lv[l].type))
          {
            if (sparse)
              *sparse = sp_lvl_is_sparse (f->lv[l].type);
            return l;
          }
      return -1;
    }
  for (int k = 0; k < acc->nidx; k++)
    if (acc->var[k] == loop)
      return SP_MAX_LEVELS;
  return -1;
}

uint32_t
lat_sparse (const lattice *l, int p)
{
  uint32_t m = 0;
  for (int a = 0; a < IX_MAX_ACCESSES; a++)
    {
      int bit = lat_bit (a, l->loop);
      if (lat_test (&l->p[p].bits, bit) && !lat_test (&l->dense, bit))
        m |= (uint32_t) 1 << a;
    }
  return m;
}

int
lat_has_universe (const lattice *l)
{
  for (int p = 0; p < l->n; p++)
    if (!lat_sparse (l, p))
      return 1;
  return 0;
}

int
lat_covers (const lattice *l, int p, int q)
{
  uint32_t sp = lat_sparse (l, p), sq = lat_sparse (l, q);
  return (sq & ~sp) == 0;
}

/* -------------------------------------------------------------------- */
/* Construction.  */

/* A lattice under construction: points only.  */
typedef struct lset
{
  int n;
  lat_bits p[LAT_MAX_POINTS];
} lset;

/* Add point P to R unless R has it (a set: a guard, a comparison and
   their values often name the same iterators).  */
static int
add_point (lset *r, const lat_bits *p)
{
  for (int k = 0; k < r->n; k++)
    if (memcmp (&r->p[k], p, sizeof *p) == 0)
      return 0;
  if (r->n == LAT_MAX_POINTS)
    return -1;
  r->p[r->n++] = *p;
  return 0;
}

static int
merge_conj (const lset *a, const lset *b, lset *r)
{
  r->n = 0;
  for (int i = 0; i < a->n; i++)
    for (int j = 0; j < b->n; j++)
      {
        lat_bits p;
        bits_or (&p, &a->p[i], &b->p[j]);
        if (add_point (r, &p))
          return -1;
      }
  return 0;
}

static int
merge_disj (const lset *a, const lset *b, lset *r)
{
  if (merge_conj (a, b, r))
    return -1;
  for (int i = 0; i < a->n; i++)
    if (add_point (r, &a->p[i]))
      return -1;
  for (int j = 0; j < b->n; j++)
    if (add_point (r, &b->p[j]))
      return -1;
  return 0;
}

/* Whether E reads a sparse access.  */
static int
reads_sparse (const ix_sched *sc, int e)
{
  const ix_expr *x = &sc->st.expr[e];
  if (x->op == IX_ACCESS)
    return ix_access_sparse (&sc->st, x->access, &sc->fmt[x->access]);
  return (x->a >= 0 && reads_sparse (sc, x->a))
         || (x->b >= 0 && reads_sparse (sc, x->b));
}

static int
build (const ix_sched *sc, int loop, int e, uint32_t absent, lat_bits *dense,
       lset *r)
{
  const ix_expr *x = &sc->st.expr[e];
  memset (r, 0, sizeof *r);
  switch (ix_ops[x->op].merge)
    {
    case IX_MERGE_LEAF:
      if (x->op == IX_ACCESS && (absent & ((uint32_t) 1 << x->access)))
        return 0;                       /* zero: no point */
      if (x->op == IX_CONST && ix_num_is_zero (x->num))
        return 0;
      r->n = 1;
      if (x->op == IX_ACCESS)
        {
          int sparse, l = lat_iterator (sc, x->access, loop, &sparse);
          if (l >= 0)
            {
              int bit = lat_bit (x->access, loop);
              bits_set (&r->p[0], bit);
              if (!sparse)
                bits_set (dense, bit);
            }
        }
      return 0;
    case IX_MERGE_KEEP:
      return build (sc, loop, x->a, absent, dense, r);
    case IX_MERGE_CONJ:
    case IX_MERGE_DISJ:
      {
        lset a, b;
        /* A quotient is zero where its dividend is; a divisor that reads
           a sparse operand (a locate, ix_is_locate: zero where unstored,
           as in the dense program) does not keep the loops off the
           points where it is zero.  */
        if ((x->op == IX_DIV || x->op == IX_MOD) && reads_sparse (sc, x->b))
          return build (sc, loop, x->a, absent, dense, r);
        if (build (sc, loop, x->a, absent, dense, &a)
            || build (sc, loop, x->b, absent, dense, &b))
          return -1;
        if (ix_ops[x->op].merge == IX_MERGE_CONJ)
          return merge_conj (&a, &b, r);
        return merge_disj (&a, &b, r);
      }
    case IX_MERGE_FULL:
      {
        /* Nonzero where its operands are zero: their points (a
           disjunction for two), and the universe for the coordinates
           where none is present.  */
        lset a, b;
        if (build (sc, loop, x->a, absent, dense, &a))
          return -1;
        if (x->b < 0)
          *r = a;
        else if (build (sc, loop, x->b, absent, dense, &b)
                 || merge_disj (&a, &b, r))
          return -1;
        lat_bits u;
        memset (&u, 0, sizeof u);
        return add_point (r, &u);
      }
    }
  return -1;
}

/* Sparse iterators of raw point B.  */
static uint32_t
raw_sparse (const lattice *l, const lat_bits *b)
{
  return bits_accesses (b, l->loop) & ~bits_accesses (&l->dense, l->loop);
}

int
lat_build (const ix_sched *sc, int loop, int exp, uint32_t absent,
           lattice *out)
{
  lset raw;
  memset (out, 0, sizeof *out);
  out->loop = loop;
  out->exp = exp;
  out->absent = absent;
  if (build (sc, loop, exp, absent, &out->dense, &raw))
    return -1;

  /* Points that differ only in dense iterators are one point.  */
  int keep[LAT_MAX_POINTS], nkeep = 0;
  for (int i = 0; i < raw.n; i++)
    {
      uint32_t si = raw_sparse (out, &raw.p[i]);
      int dup = 0;
      for (int k = 0; k < nkeep && !dup; k++)
        dup = raw_sparse (out, &raw.p[keep[k]]) == si;
      if (!dup)
        keep[nkeep++] = i;
    }

  /* Order: the first remaining point that no remaining point strictly
     contains (construction order otherwise).  */
  uint32_t all = 0;
  for (int k = 0; k < nkeep; k++)
    all |= bits_accesses (&raw.p[keep[k]], loop);
  int used[LAT_MAX_POINTS] = { 0 };
  for (int n = 0; n < nkeep; n++)
    {
      int pick = -1;
      for (int k = 0; k < nkeep && pick < 0; k++)
        {
          if (used[k])
            continue;
          uint32_t sk = raw_sparse (out, &raw.p[keep[k]]);
          int top = 1;
          for (int m = 0; m < nkeep && top; m++)
            {
              uint32_t sm = raw_sparse (out, &raw.p[keep[m]]);
              top = used[m] || m == k || (sk & ~sm) || sm == sk;
            }
          if (top)
            pick = k;
        }
      used[pick] = 1;
      lat_point *p = &out->p[out->n++];
      p->bits = raw.p[keep[pick]];
      p->absent = absent | (all & ~bits_accesses (&p->bits, loop));
    }

  /* A universe point whose expression is zero there (`A(i,j) > 2` where
     A is absent) needs no loop over the whole range.  */
  for (int q = 0; q < out->n && out->n > 1; q++)
    if (!lat_sparse (out, q) && lat_is_zero (&sc->st, exp, out->p[q].absent))
      {
        memmove (&out->p[q], &out->p[q + 1],
                 (out->n - q - 1) * sizeof out->p[0]);
        out->n--;
        q--;
      }
  return 0;
}

/* -------------------------------------------------------------------- */
/* Folding and printing.  */

/* Whether E is a constant once the accesses in ABSENT are zero, *V its
   value (a double holds what decides a comparison or a zero): the
   comparisons and guards of a zero with constants (`A(i,j) > 2` is 0
   where A is absent).  */
static int
known (const ix_stmt *s, int e, uint32_t absent, double *v)
{
  const ix_expr *x = &s->expr[e];
  double a = 0, b = 0;
  int ka = x->a >= 0 && x->op != IX_SUM && known (s, x->a, absent, &a);
  int kb = x->b >= 0 && known (s, x->b, absent, &b);
  switch (x->op)
    {
    case IX_ACCESS:
      *v = 0;
      return (absent >> x->access) & 1;
    case IX_CONST:
      *v = ix_type_is_float (x->num.type) ? x->num.f
           : ix_int_value (x->num.i, x->num.type);
      return 1;
    case IX_NEG:
      *v = -a;
      return ka && ix_fold_value (ix_expr_type (s, e), v);
    case IX_ABS:
      *v = a < 0 ? -a : a;
      return ka;
    case IX_CALL:
    case IX_CALLZ:
      *v = mathfn_eval (x->num, a);
      return ka;
    case IX_NOT:
      *v = a == 0;
      return ka;
    case IX_CAST:
      /* A floating value converted to an integer: truncated.  */
      *v = ix_type_is_float (x->num.type) || x->num.type == IX_BOOL
           || !(a > -0x1p62 && a < 0x1p62) ? a : (double) (int64_t) a;
      return ka && ix_fold_value (x->num.type, v);
    case IX_MUL:
    case IX_AND:
    case IX_WHERE:
      /* Zero with a zero (unstored entries annihilate products).  */
      if ((ka && a == 0) || (kb && b == 0))
        {
          *v = 0;
          return 1;
        }
      *v = x->op == IX_MUL ? a * b : x->op == IX_AND ? 1 : b;
      return ka && kb && ix_fold_value (ix_expr_type (s, e), v);
    case IX_DIV:
    case IX_MOD:
      *v = 0;
      return ka && a == 0;
    default:
      break;
    }
  if (!ka || !kb)
    return 0;
  /* Compared in the operands' common type (-1 as an unsigned).  */
  ix_type common = ix_arith_type (ix_expr_type (s, x->a),
                                  ix_expr_type (s, x->b));
  if (x->op >= IX_EQ && x->op <= IX_GE
      && (!ix_fold_value (common, &a) || !ix_fold_value (common, &b)))
    return 0;
  switch (x->op)
    {
    case IX_ADD: *v = a + b; return ix_fold_value (common, v);
    case IX_SUB: *v = a - b; return ix_fold_value (common, v);
    case IX_EQ: *v = a == b; return 1;
    case IX_NE: *v = a != b; return 1;
    case IX_LT: *v = a < b; return 1;
    case IX_LE: *v = a <= b; return 1;
    case IX_GT: *v = a > b; return 1;
    case IX_GE: *v = a >= b; return 1;
    case IX_OR: *v = a != 0 || b != 0; return 1;
    default: return 0;
    }
}

int
lat_is_zero (const ix_stmt *s, int e, uint32_t absent)
{
  const ix_expr *x = &s->expr[e];
  double v;
  if (x->op >= IX_INDEX && known (s, e, absent, &v))
    return v == 0;
  switch (x->op)
    {
    case IX_ACCESS:
      return (absent >> x->access) & 1;
    case IX_CONST:
      return ix_num_is_zero (x->num);
    case IX_INDEX:
      return 0;
    case IX_DIV:
    case IX_MOD:
      /* A quotient of a zero is zero (unstored entries annihilate), a
         quotient by one is not.  */
      return lat_is_zero (s, x->a, absent);
    default:
      break;
    }
  /* The rest by their merge: a zero at all operands' zeros (KEEP, DISJ),
     at either's (CONJ), or not a zero there (FULL).  */
  switch (ix_ops[x->op].merge)
    {
    case IX_MERGE_KEEP:
      return lat_is_zero (s, x->a, absent);
    case IX_MERGE_CONJ:
      return lat_is_zero (s, x->a, absent) || lat_is_zero (s, x->b, absent);
    case IX_MERGE_DISJ:
      return lat_is_zero (s, x->a, absent) && lat_is_zero (s, x->b, absent);
    default:
      return 0;
    }
}

static void
print_folded (const ix_stmt *s, int e, uint32_t absent, int ctx, char *buf,
              size_t len)
{
  const ix_expr *x = &s->expr[e];
  if (lat_is_zero (s, e, absent))
    {
      ix_cat (buf, len, "0");
      return;
    }
  if (x->op == IX_ADD || x->op == IX_SUB)
    {
      if (lat_is_zero (s, x->b, absent))
        {
          print_folded (s, x->a, absent, ctx, buf, len);
          return;
        }
      if (lat_is_zero (s, x->a, absent))
        {
          if (x->op == IX_ADD)
            print_folded (s, x->b, absent, ctx, buf, len);
          else
            {
              int paren = ix_ops[IX_NEG].prec < ctx;
              ix_cat (buf, len, paren ? "(-" : "-");
              print_folded (s, x->b, absent, ix_ops[IX_NEG].prec, buf, len);
              ix_cat (buf, len, paren ? ")" : "");
            }
          return;
        }
    }
  const ix_op_info *info = &ix_ops[x->op];
  int paren = info->prec < ctx;
  ix_cat (buf, len, paren ? "(" : "");
  if (x->op == IX_ACCESS || x->op == IX_CONST)
    {
      char tmp[256];
      ix_print_expr (s, e, tmp, sizeof tmp);
      ix_cat (buf, len, "%s", tmp);
    }
  else if (x->op == IX_SUM)
    {
      ix_cat (buf, len, "sum(%s, ", s->var[x->var].name);
      print_folded (s, x->a, absent, 0, buf, len);
      ix_cat (buf, len, ")");
    }
  else if (x->op == IX_INDEX)
    ix_cat (buf, len, "%s", s->var[x->var].name);
  else if (x->op == IX_CAST)
    {
      ix_cat (buf, len, "(%s)", ix_type_name (x->num.type));
      print_folded (s, x->a, absent, info->prec, buf, len);
    }
  else if (x->op == IX_ABS || x->op == IX_CALL || x->op == IX_CALLZ)
    {
      char fn[24];
      ix_cat (buf, len, "%s(", x->op == IX_ABS ? "abs"
              : mathfn_name (x->num, fn, sizeof fn));
      print_folded (s, x->a, absent, 0, buf, len);
      ix_cat (buf, len, ")");
    }
  else if (x->op == IX_WHERE)
    {
      print_folded (s, x->a, absent, info->prec + 1, buf, len);
      ix_cat (buf, len, " ? ");
      print_folded (s, x->b, absent, info->prec, buf, len);
      ix_cat (buf, len, " : 0");
    }
  else if (info->arity == 1)
    {
      ix_cat (buf, len, "%s", info->spell);
      print_folded (s, x->a, absent, info->prec, buf, len);
    }
  else
    {
      print_folded (s, x->a, absent, info->prec, buf, len);
      ix_cat (buf, len, " %s ", info->spell);
      print_folded (s, x->b, absent, info->prec + 1, buf, len);
    }
  ix_cat (buf, len, paren ? ")" : "");
}

char *
lat_print_expr (const ix_stmt *s, int e, uint32_t absent, char *buf,
                size_t len)
{
  if (len)
    buf[0] = 0;
  print_folded (s, e, absent, 0, buf, len);
  return buf;
}

void
lat_dump (const ix_sched *sc, const lattice *l, FILE *f)
{
  const ix_stmt *s = &sc->st;
  char buf[512];
  fprintf (f, "lattice of %s for %s:%s\n",
           lat_print_expr (s, l->exp, l->absent, buf, sizeof buf),
           sc->sv[l->loop].name, lat_has_universe (l) ? " (dense loop)" : "");
  for (int p = 0; p < l->n; p++)
    {
      int first = 1;
      fprintf (f, "  (");
      for (int a = 0; a < s->naccs; a++)
        {
          int bit = lat_bit (a, l->loop);
          if (!lat_test (&l->p[p].bits, bit))
            continue;
          fprintf (f, "%s%s%s", first ? "" : ",", s->opd[s->acc[a].opd].name,
                   lat_test (&l->dense, bit) ? "'" : "");
          first = 0;
        }
      fprintf (f, ") %s\n", lat_print_expr (s, l->exp, l->p[p].absent, buf,
                                            sizeof buf));
    }
}
