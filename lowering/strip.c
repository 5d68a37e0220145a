/* strip.c -- a dense inner loop strip-mined into vector accumulators
   (lir_strip_mine).

   The shape SpMM, TTM and MTTKRP produce: a loop S (over a sparse level's
   positions, say) whose body declares values and ends with a dense loop
   over J accumulating into a row of a dense output that S does not move:

     for (p = lo; p < hi; p++)
       { c = crd[p]; h = vals[p]; ...
         for (j = a; j < b; j++)
           C[X + j] += h * B[Y + j]; }

   Left alone, GCC at -O2 either keeps the inner loop scalar or unrolls
   and vectorises it while reloading and storing the row of C once per
   nonzero.  Instead the J range is cut into strips of vectors; for each
   strip, vector accumulators (registers) hold C's strip while S runs over
   all its nonzeros, and are stored once:

     p_lo = lo; p_hi = hi; jb = a; jend = b; jbase = X;
     while (jb + U*W <= jend)
       { acc0..accU-1 = C[jbase + jb ...];
         for (p = p_lo; p < p_hi; p++)
           { c = ...; h = ...; acc_u += splat (h) * B[Y + jb + u*W ...]; }
         C[jbase + jb ...] = acc0..accU-1;
         jb += U*W; }
     for (p = p_lo; p < hi; p++)
       { c = ...; h = ...;
         for (j = jb; j < b; j++)
           C[X + j] += h * B[Y + j]; }

   with U = 8 while strips of 8 vectors of W elements fit, then at most
   one strip each of 4, 2 and 1 vectors; the original loops, kept as the
   last statement, do the last columns.  */

#include "loops.h"

enum { STRIP_MAX_VECTORS = 8 };

typedef struct strip
{
  lir_kernel *k;
  int s, inner, accum;  /* statements: S, the J loop, its one statement */
  int j;                /* J */
  lir_type type;         /* the values' type */
  int lanes;
  int jb, jend, jbase;  /* variables: J's first column of the strip, J's
                           end, the target row's index without J */
} strip;

/* J's value at the first element of vector Q of the strip.  */
static int
strip_column (strip *t, int q)
{
  int jb = lir_ref (t->k, t->jb);
  return q ? lir_binary (t->k, LIR_ADD, jb,
                         lir_const_i (t->k, (int64_t) q * t->lanes))
           : jb;
}

/* Expression E of the accumulated value for vector Q of the strip: what
   reads J a vector at a time, the rest copied into every lane.  */
static int
vector_of (strip *t, int e, int q)
{
  lir_kernel *k = t->k;
  if (e < 0)
    return -1;
  const lir_expr x = k->exprs[e];
  if (!lir_expr_reads_var (k, e, t->j))
    return lir_splat (k, e, t->type, t->lanes);
  switch (x.op)
    {
    case LIR_LOAD:
      {
        /* Index J, or Y + J.  */
        int col = strip_column (t, q);
        int idx = k->exprs[x.a].op == LIR_VARREF
                  ? col : lir_binary (k, LIR_ADD, k->exprs[x.a].a, col);
        return lir_vload (k, x.array, idx, t->lanes);
      }
    case LIR_NEG:
      return lir_unary (k, LIR_NEG, vector_of (t, x.a, q));
    default:
      {
        int a = vector_of (t, x.a, q);
        return lir_binary (k, x.op, a, vector_of (t, x.b, q));
      }
    }
}

/* A new statement of KIND after *LAST (or first, *FIRST), which it
   becomes: its id, or -1.  */
static int
chain (lir_kernel *k, lir_kind kind, int *first, int *last)
{
  int id = lir_stmt_new (k, kind);
  if (id < 0)
    return -1;
  if (*last >= 0)
    k->stmts[*last].next = id;
  else
    *first = id;
  *last = id;
  return id;
}

static int
decl (lir_kernel *k, int var, int init, int *first, int *last)
{
  int id = chain (k, LIR_DECL, first, last);
  if (id >= 0)
    {
      k->stmts[id].var = var;
      k->stmts[id].a = init;
    }
  return id;
}

static int
assign (lir_kernel *k, lir_target to, int value, int *first, int *last)
{
  int id = chain (k, LIR_ASSIGN, first, last);
  if (id >= 0)
    {
      k->stmts[id].to = to;
      k->stmts[id].a = value;
    }
  return id;
}

static lir_target
to_var (int var)
{
  lir_target t = { var, -1, -1, -1 };
  return t;
}

/* The body of S for a strip of U vectors: copies of its declarations,
   then the accumulations into ACC.  */
static int
strip_body (strip *t, int u, const int *acc)
{
  lir_kernel *k = t->k;
  int first = -1, last = -1;
  for (int id = k->stmts[t->s].body; id >= 0 && id != t->inner;
       id = k->stmts[id].next)
    {
      int c = chain (k, LIR_DECL, &first, &last);
      if (c < 0)
        return -1;
      k->stmts[c] = k->stmts[id];
      k->stmts[c].next = -1;
    }
  const lir_stmt sum = k->stmts[t->accum];
  for (int q = 0; q < u; q++)
    {
      int id = chain (k, LIR_ACCUM, &first, &last);
      if (id < 0)
        return -1;
      int v = vector_of (t, sum.a, q);
      k->stmts[id].to = to_var (acc[q]);
      k->stmts[id].op = sum.op;
      k->stmts[id].a = v;
    }
  return first;
}

/* The loop over strips of U vectors, into the chain FIRST..LAST.  */
static void
strip_loop (strip *t, int u, int lo, int hi, int *first, int *last)
{
  lir_kernel *k = t->k;
  int step = u * t->lanes;
  int w = chain (k, LIR_WHILE, first, last);
  int end = lir_binary (k, LIR_ADD, lir_ref (k, t->jb),
                        lir_const_i (k, step));
  const lir_stmt sum = k->stmts[t->accum];
  int acc[STRIP_MAX_VECTORS], rows[STRIP_MAX_VECTORS];
  int bfirst = -1, blast = -1;
  for (int q = 0; q < u; q++)
    {
      char name[40];
      snprintf (name, sizeof name, "%.30s_acc%d", k->vars[t->j].name, q);
      acc[q] = lir_add_var (k, t->type, name);
      if (acc[q] < 0)
        return;
      k->vars[acc[q]].lanes = t->lanes;
      rows[q] = lir_binary (k, LIR_ADD, lir_ref (k, t->jbase),
                            strip_column (t, q));
      decl (k, acc[q], lir_vload (k, sum.to.array, rows[q], t->lanes),
            &bfirst, &blast);
    }
  int s = chain (k, LIR_FOR, &bfirst, &blast);
  int body = strip_body (t, u, acc);
  if (w < 0 || s < 0 || k->failed)
    return;
  k->stmts[s].var = k->stmts[t->s].var;
  k->stmts[s].a = lir_ref (k, lo);
  k->stmts[s].b = lir_ref (k, hi);
  k->stmts[s].body = body;
  for (int q = 0; q < u; q++)
    {
      lir_target row = { -1, sum.to.array, rows[q], -1 };
      assign (k, row, lir_ref (k, acc[q]), &bfirst, &blast);
    }
  assign (k, to_var (t->jb), end, &bfirst, &blast);
  k->stmts[w].a = lir_binary (k, LIR_LE, end, lir_ref (k, t->jend));
  k->stmts[w].body = bfirst;
}

/* Where K refers to statement ID: the NEXT, BODY or ELSE_ field that
   holds it, or K's body.  */
static int *
slot_of (lir_kernel *k, int id)
{
  if (k->body == id)
    return &k->body;
  for (int s = 0; s < k->nstmts; s++)
    {
      lir_stmt *x = &k->stmts[s];
      if (x->next == id)
        return &x->next;
      if (x->body == id)
        return &x->body;
      if (x->else_ == id)
        return &x->else_;
    }
  return NULL;
}

void
lir_strip_mine (lir_kernel *k, int s, int inner, int base, int lanes)
{
  int accum = k->stmts[inner].body;
  strip t = { k, s, inner, accum, k->stmts[inner].var,
              k->arrays[k->stmts[accum].to.array].type, lanes, -1, -1, -1 };
  const lir_stmt loop = k->stmts[s];
  char name[40];
  snprintf (name, sizeof name, "%.30s_lo", k->vars[loop.var].name);
  int lo = lir_add_var (k, k->vars[loop.var].type, name);
  snprintf (name, sizeof name, "%.30s_hi", k->vars[loop.var].name);
  int hi = lir_add_var (k, k->vars[loop.var].type, name);
  snprintf (name, sizeof name, "%.30s_strip", k->vars[t.j].name);
  t.jb = lir_add_var (k, LIR_I64, name);
  snprintf (name, sizeof name, "%.30s_end", k->vars[t.j].name);
  t.jend = lir_add_var (k, LIR_I64, name);
  snprintf (name, sizeof name, "%.30s_base", k->vars[t.j].name);
  t.jbase = lir_add_var (k, LIR_I64, name);
  if (lo < 0 || hi < 0 || t.jb < 0 || t.jend < 0 || t.jbase < 0)
    return;
  int first = -1, last = -1;
  decl (k, lo, loop.a, &first, &last);
  decl (k, hi, loop.b, &first, &last);
  decl (k, t.jb, k->stmts[inner].a, &first, &last);
  decl (k, t.jend, k->stmts[inner].b, &first, &last);
  decl (k, t.jbase, base >= 0 ? base : lir_const_i (k, 0), &first, &last);
  for (int u = STRIP_MAX_VECTORS; u >= 1; u /= 2)
    strip_loop (&t, u, lo, hi, &first, &last);
  int *slot = slot_of (k, s);
  if (k->failed || !slot)
    return;
  /* S itself does the last columns, from the strips' end.  */
  *slot = first;
  k->stmts[last].next = s;
  k->stmts[s].a = lir_ref (k, lo);
  k->stmts[inner].a = lir_ref (k, t.jb);
}
