/* shapes.c -- the shapes of a kernel that get better code than a node
   by node translation (lir_plan_shapes): which loops are strip-mined
   into vector accumulators (rewritten by strip.c), which offsets weigh
   the rows of a parallel loop, whether a sparse output's room is fixed
   before its loop (rewritten by cursor.c).  The emitter builds the
   marked shapes as plugin/emit*.cc describe.  */

#include <stdlib.h>
#include "level_types.h"
#include "loops.h"

int
lir_expr_reads (const lir_kernel *k, int e, const char *set)
{
  if (e < 0 || e >= k->nexprs)
    return 1;
  const lir_expr *x = &k->exprs[e];
  if (x->op == LIR_VARREF)
    return x->var < 0 || x->var >= k->nvars || set[x->var];
  return (x->a >= 0 && lir_expr_reads (k, x->a, set))
         || (x->b >= 0 && lir_expr_reads (k, x->b, set));
}

int
lir_expr_reads_var (const lir_kernel *k, int e, int var)
{
  char *set = calloc (k->nvars + 1, 1);
  if (!set)
    return 1;
  set[var] = 1;
  int r = lir_expr_reads (k, e, set);
  free (set);
  return r;
}

/* Whether E, of element type ET wherever it depends on J, can be
   evaluated a vector of J at a time: + - * / and negation of loads at
   unit stride in J and of values free of J, not reading array TARGET.  */
static int
strip_value_ok (const lir_kernel *k, int e, int j, lir_type et, int target)
{
  if (e < 0 || e >= k->nexprs)
    return 0;
  const lir_expr *x = &k->exprs[e];
  if (x->op == LIR_LOAD && x->array == target)
    return 0;
  if (!lir_expr_reads_var (k, e, j))
    return x->op != LIR_LOAD
           || k->arrays[x->array].kind != LIR_ARR_OUT_VALS;
  if (x->type != et)
    return 0;
  switch (x->op)
    {
    case LIR_LOAD:
      {
        if (x->array < 0 || x->array >= k->narrays
            || k->arrays[x->array].type != et
            || k->arrays[x->array].kind == LIR_ARR_OUT_VALS)
          return 0;
        /* Index J or Y + J, Y free of J.  */
        const lir_expr *i = &k->exprs[x->a];
        if (i->op == LIR_VARREF)
          return i->var == j;
        if (i->op != LIR_ADD || k->exprs[i->b].op != LIR_VARREF
            || k->exprs[i->b].var != j)
          return 0;
        return !lir_expr_reads_var (k, i->a, j);
      }
    case LIR_NEG:
      return strip_value_ok (k, x->a, j, et, target);
    case LIR_ADD:
    case LIR_SUB:
    case LIR_MUL:
    case LIR_DIV:
      return strip_value_ok (k, x->a, j, et, target)
             && strip_value_ok (k, x->b, j, et, target);
    default:
      return 0;
    }
}

/* The dense loop that loop ST ends with, when ST's body is declarations
   and that loop, whose bounds, like ST's, are free of what the body
   declares; -1 otherwise.  INSIDE gets the variables ST's body
   declares.  */
static int
last_dense_loop (const lir_kernel *k, const lir_stmt *st, char *inside)
{
  int inner = -1;
  if (st->var >= 0 && st->var < k->nvars)
    inside[st->var] = 1;
  for (int id = st->body; id >= 0; id = k->stmts[id].next)
    {
      const lir_stmt *x = &k->stmts[id];
      if (x->kind == LIR_DECL && x->var >= 0 && x->var < k->nvars)
        inside[x->var] = 1;
      else if (x->kind == LIR_FOR && x->next < 0)
        inner = id;
      else
        return -1;
    }
  if (inner < 0)
    return -1;
  const lir_stmt *in = &k->stmts[inner];
  if (in->var < 0 || in->var >= k->nvars || !inside[in->var]
      || in->body < 0 || in->parallel
      || lir_expr_reads (k, in->a, inside) || lir_expr_reads (k, in->b, inside)
      || lir_expr_reads (k, st->a, inside) || lir_expr_reads (k, st->b, inside))
    return -1;
  return inner;
}

/* Whether loop ST can be strip-mined (lir_strip_mine): its body is
   declarations and a dense loop over J whose one statement adds into a
   floating-point row, indexed J or X + J with X fixed while ST runs,
   values that can be computed a vector of J at a time.  That loop into
   *INNER, X into *BASE (-1: the index is J).  */
static int
strip_fits (const lir_kernel *k, const lir_stmt *st, int *inner, int *base)
{
  if (st->body < 0 || st->parallel || st->down)
    return 0;
  char *inside = calloc (k->nvars + 1, 1);
  *inner = inside ? last_dense_loop (k, st, inside) : -1;
  *base = -1;
  const lir_stmt *acc = *inner >= 0 ? &k->stmts[k->stmts[*inner].body]
                        : NULL;
  int ok = acc && !k->stmts[*inner].down && acc->next < 0
           && acc->kind == LIR_ACCUM
           && acc->to.array >= 0 && acc->to.array < k->narrays
           && acc->to.var < 0
           && (k->arrays[acc->to.array].kind == LIR_ARR_DENSE
               || k->arrays[acc->to.array].kind == LIR_ARR_VALS);
  int j = ok ? k->stmts[*inner].var : -1;
  if (ok)
    {
      /* The target's index: J, or X + J with X fixed while ST runs.  */
      const lir_expr *i = &k->exprs[acc->to.index];
      if (i->op == LIR_VARREF)
        ok = i->var == j;
      else
        {
          ok = i->op == LIR_ADD && k->exprs[i->b].op == LIR_VARREF
               && k->exprs[i->b].var == j && !lir_expr_reads (k, i->a, inside);
          *base = i->a;
        }
    }
  free (inside);
  lir_type et = ok ? k->arrays[acc->to.array].type : LIR_F64;
  return ok && (et == LIR_F64 || et == LIR_F32)
         && strip_value_ok (k, acc->a, j, et, acc->to.array);
}

/* Strip-mine the loops of K that fit, with LANES.  */
static void
strip_loops (lir_kernel *k, const lir_lanes *lanes)
{
  int n = k->nstmts;
  for (int id = 0; id < n && !k->failed; id++)
    {
      int inner, base;
      if (k->stmts[id].kind != LIR_FOR
          || !strip_fits (k, &k->stmts[id], &inner, &base))
        continue;
      lir_type et = k->arrays[k->stmts[k->stmts[inner].body].to.array].type;
      if (lanes->of[et] >= 2)
        lir_strip_mine (k, id, inner, base, lanes->of[et]);
    }
}

/* Whether statement X of K declares another name of a row (pA0 = i,
   the row or one of its names marked in ROW): marks it.  */
static int
names_row (const lir_kernel *k, const lir_stmt *x, char *row)
{
  if (x->kind != LIR_DECL || x->a < 0 || x->a >= k->nexprs || x->var < 0
      || x->var >= k->nvars)
    return 0;
  const lir_expr *init = &k->exprs[x->a];
  if (init->op != LIR_VARREF || init->var < 0 || init->var >= k->nvars
      || !row[init->var])
    return 0;
  row[x->var] = 1;
  return 1;
}

/* The arrays of offsets loop ST's body reads at its variable (pos[i] of
   CSR's rows, pos1[p] of DCSR's) of up to two operands, whose entries
   weigh its iterations, into ST->balance.  */
static void
mark_balance (const lir_kernel *k, lir_stmt *st)
{
  char *row = calloc (k->nvars + 1, 1);
  if (!row || st->var < 0 || st->var >= k->nvars)
    {
      free (row);
      return;
    }
  int found = 0;
  row[st->var] = 1;
  for (int id = st->body; id >= 0 && found < 2; id = k->stmts[id].next)
    {
      const lir_stmt *x = &k->stmts[id];
      int e = x->kind == LIR_DECL || x->kind == LIR_FOR ? x->a : -1;
      if (e < 0 || e >= k->nexprs || names_row (k, x, row))
        continue;
      /* pA1 = pos1[pA0]: the start of the row's entries.  */
      const lir_expr *init = &k->exprs[e];
      if (init->op != LIR_LOAD || init->array < 0
          || init->array >= k->narrays || init->a < 0)
        continue;
      const lir_array *ar = &k->arrays[init->array];
      const lir_expr *idx = &k->exprs[init->a];
      if (ar->kind == LIR_ARR_POS && idx->op == LIR_VARREF
          && idx->var >= 0 && idx->var < k->nvars && row[idx->var]
          && ar->tensor >= 0 && ar->tensor < k->ntensors
          && (!found || k->arrays[st->balance[0]].tensor != ar->tensor))
        st->balance[found++] = init->array;
    }
  free (row);
}

/* Whether expression E of K is POS[R + 1] - POS[R] for a variable R
   that ROW marks (the row, or a name of it), or a sum of such; their
   pos arrays go to ARRS (N of them, at most LIR_MAX_BOUND_POS).  */
static int
row_lengths (const lir_kernel *k, int e, const char *row, int *arrs, int *n)
{
  if (e < 0 || e >= k->nexprs)
    return 0;
  const lir_expr *x = &k->exprs[e];
  if (x->op == LIR_ADD)
    return (row_lengths (k, x->a, row, arrs, n)
            && row_lengths (k, x->b, row, arrs, n));
  if (x->op != LIR_SUB || x->a < 0 || x->b < 0 || *n >= LIR_MAX_BOUND_POS)
    return 0;
  const lir_expr *end = &k->exprs[x->a], *start = &k->exprs[x->b];
  if (end->op != LIR_LOAD || start->op != LIR_LOAD
      || end->array != start->array || end->array < 0
      || k->arrays[end->array].kind != LIR_ARR_POS || end->a < 0
      || start->a < 0)
    return 0;
  const lir_expr *r = &k->exprs[start->a], *next = &k->exprs[end->a];
  if (r->op != LIR_VARREF || r->var < 0 || r->var >= k->nvars
      || !row[r->var] || next->op != LIR_ADD || next->a < 0 || next->b < 0)
    return 0;
  const lir_expr *u = &k->exprs[next->a], *w = &k->exprs[next->b];
  int plus_one = (u->op == LIR_VARREF && u->var == r->var
                  && w->op == LIR_CONST && w->ival == 1)
                 || (w->op == LIR_VARREF && w->var == r->var
                     && u->op == LIR_CONST && u->ival == 1);
  if (plus_one)
    arrs[(*n)++] = end->array;
  return plus_one;
}

/* When each row of the symbolic loop adds the lengths of rows of pos
   arrays at that row (a merge of CSR operands: A + B), the sum over a
   range of rows telescopes: the variable it adds to and those arrays
   into K->bound_sum_var and K->bound_pos.  */
static void
mark_telescoping_bound (lir_kernel *k)
{
  k->bound_sum_var = -1;
  k->nbound_pos = 0;
  if (k->bound_loop < 0)
    return;
  const lir_stmt *st = &k->stmts[k->bound_loop];
  char *row = calloc (k->nvars + 1, 1);
  int n = 0, acc = -1;
  int ok = row && st->kind == LIR_FOR && st->var >= 0 && st->var < k->nvars;
  if (ok)
    row[st->var] = 1;
  for (int id = st->body; ok && id >= 0; id = k->stmts[id].next)
    {
      const lir_stmt *x = &k->stmts[id];
      if (names_row (k, x, row))
        continue;
      if (x->kind == LIR_ACCUM && x->op == LIR_ADD && acc < 0
          && x->to.var >= 0 && x->to.var < k->nvars)
        {
          acc = x->to.var;
          ok = row_lengths (k, x->a, row, k->bound_pos, &n);
        }
      else
        ok = 0;
    }
  free (row);
  if (ok && acc >= 0)
    {
      k->bound_sum_var = acc;
      k->nbound_pos = n;
    }
}

/* The symbolic loop whose sum telescopes (mark_telescoping_bound)
   replaced in K's body by that sum: if (lo < hi) acc += POS[hi] -
   POS[lo] + ...  The loop stays, out of the body, as K->bound_loop (a
   build by threads bounds samples of rows with it).  */
static void
telescope (lir_kernel *k)
{
  if (k->bound_sum_var < 0)
    return;
  int loop = lir_stmt_new (k, LIR_FOR), sum = lir_stmt_new (k, LIR_ACCUM);
  int test = lir_stmt_new (k, LIR_IF);
  if (loop < 0 || sum < 0 || test < 0)
    return;
  lir_stmt *st = &k->stmts[k->bound_loop];
  int lo = st->a, hi = st->b, total = -1;
  for (int i = 0; i < k->nbound_pos; i++)
    {
      int len = lir_binary (k, LIR_SUB, lir_load (k, k->bound_pos[i], hi),
                            lir_load (k, k->bound_pos[i], lo));
      total = total < 0 ? len : lir_binary (k, LIR_ADD, total, len);
    }
  k->stmts[sum].to.var = k->bound_sum_var;
  k->stmts[sum].op = LIR_ADD;
  k->stmts[sum].a = total;
  k->stmts[test].a = lir_binary (k, LIR_LT, lo, hi);
  k->stmts[test].body = sum;
  /* The IF takes the loop's place in the body.  */
  k->stmts[loop] = k->stmts[k->bound_loop];
  k->stmts[loop].next = -1;
  k->stmts[test].next = k->stmts[k->bound_loop].next;
  k->stmts[k->bound_loop] = k->stmts[test];
  k->bound_loop = loop;
}

/* The room K's output begins with (LIR_CALL_OUT_BEGIN's A): none when
   the symbolic loop bounds its entries (a reserve or a fixed room
   follows), else as many as the tensors read hold (exact for a union, a
   start for products), in one allocation.  */
static void
hint_room (lir_kernel *k)
{
  int begin = -1;
  for (int id = k->body; id >= 0; id = k->stmts[id].next)
    {
      const lir_stmt *x = &k->stmts[id];
      if (x->kind != LIR_CALL)
        continue;
      if (x->fn == LIR_CALL_OUT_RESERVE || x->fn == LIR_CALL_OUT_FIX)
        return;
      if (x->fn == LIR_CALL_OUT_BEGIN)
        begin = id;
    }
  if (begin < 0)
    return;
  int hint = -1, out = k->stmts[begin].tensor;
  for (int t = 0; t < k->ntensors; t++)
    if (t != out || k->sc->old_out >= 0)
      {
        int n = lir_leaf (k, LIR_NVALS, LIR_I64, -1, t, -1);
        hint = hint < 0 ? n : lir_binary (k, LIR_ADD, hint, n);
      }
  k->stmts[begin].a = hint;
}

/* K's frame (loops.h) around its body, the passes done.  */
static void
join_frame (lir_kernel *k)
{
  int *link = &k->frame_pre;
  while (*link >= 0)
    link = &k->stmts[*link].next;
  *link = k->body;
  link = &k->frame_pre;
  while (*link >= 0)
    link = &k->stmts[*link].next;
  *link = k->frame_post;
  k->body = k->frame_pre;
  k->frame_pre = k->frame_post = -1;
}

/* A LIR_CALL_LOAD in K's body after the prologue, before the first
   statement that is not part of it.  */
static void
mark_load (lir_kernel *k)
{
  int load = lir_stmt_new (k, LIR_CALL);
  if (load < 0)
    return;
  k->stmts[load].fn = LIR_CALL_LOAD;
  int *link = &k->body;
  while (*link >= 0 && lir_prologue_call (&k->stmts[*link]))
    link = &k->stmts[*link].next;
  k->stmts[load].next = *link;
  *link = load;
}

/* Whether statement ID of K appends other than one entry at a time at
   the last level (CTX, an int).  */
static int
append_unfixed (const lir_kernel *k, int id, void *ctx)
{
  const lir_stmt *x = &k->stmts[id];
  return x->kind == LIR_APPEND_RUN
         || (x->kind == LIR_APPEND && x->level != *(const int *) ctx);
}

/* Whether the output's room can be fixed before the loop that appends:
   it is CSR-like (every level above the last dense), written in order
   (LIR_CALL_OUT_ROOM checks each row's bound), its entries bounded by
   the symbolic loop and countable, and only the loop's appends at the
   last level, made inline, touch it.  Not through a workspace: its
   row's entries go out in one call, and the cursor's locals would crowd
   the registers of its scatter loop.  */
static int
room_fixable (const lir_kernel *k)
{
  if (k->out_tensor < 0 || k->bound_loop < 0 || k->count_block < 0
      || k->sc->nest[0].out_mode != SCH_OUT_APPEND)
    return 0;
  const sp_format *f = &k->sc->fmt[k->sc->st.out];
  if (!sp_format_dense_upto (f, f->nlevels - 1))
    return 0;
  int last = k->tensors[k->out_tensor].fmt.nlevels - 1;
  if (k->count_var[last] < 0)
    return 0;
  int reserve = 0;
  for (int id = k->body; id >= 0; id = k->stmts[id].next)
    reserve |= k->stmts[id].kind == LIR_CALL
               && k->stmts[id].fn == LIR_CALL_OUT_RESERVE;
  return reserve && lir_visit (k, &k->body, 1, append_unfixed, &last) == 0;
}

void
lir_plan_shapes (lir_kernel *k, const lir_lanes *lanes)
{
  for (int id = 0; id < k->nstmts; id++)
    {
      lir_stmt *st = &k->stmts[id];
      if (st->kind == LIR_FOR && (st->parallel || id == k->par_build_loop))
        mark_balance (k, st);
    }
  k->fixed_room = room_fixable (k);
  if (k->fixed_room)
    lir_fix_room (k);
  mark_telescoping_bound (k);
  telescope (k);
  if (lanes)
    strip_loops (k, lanes);
  hint_room (k);
  mark_load (k);
  lir_make_regions (k);
  lir_build_by_threads (k);
  join_frame (k);
}
