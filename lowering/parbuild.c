/* parbuild.c -- a sparse output built by threads (lir_build_by_threads).

   The kernel lir_plan_threads found the shape for (K->par_build_loop:
   prologue calls; declarations; [the symbolic loop and the output's
   reserve]; the row loop; epilogue calls) becomes

     if (sp_kpar_worth (entries of the operands))
       {
         conversions, assembly;
         sp_par = sp_kpar_begin (C, omp_get_max_threads (), hint);
         arrays current;
         region
           {
             sp_nt = threads; sp_tid = thread; [its own workspace];
             declarations;
             the thread's rows [sp_r0, sp_r1): cut by the entries of the
               pos arrays the body reads at the row, else equal numbers;
             if (1 < sp_nt)
               {
                 [CSR with a symbolic loop (bounded):
                   bound and count every SAMPLE-th row (the ratio tells the
                   runtime whether the bounds are close), bound all rows,
                   sp_kpar_bound (sp_par, sp_tid, bound, count, sample's);
                   barrier; thread 0: sp_kpar_layout; barrier;
                   if (!sp_kpar_laid (sp_par))]
                 { the counting pass over the rows;
                   sp_kpar_count (sp_par, sp_tid, L, count_L) for each L;
                   barrier; thread 0: sp_kpar_layout; barrier; }
               }
             else
               { part 0; [the rows' bound; the output's reserve] }
             part sp_tid; [cursor open] the rows; [cursor close]
             [bounded: barrier; sp_kpar_close (sp_par, sp_tid, sp_nt)]
             [workspace freed]
           }
         epilogue, the output finished by sp_kpar_end (sp_par)
       }
     else
       the serial kernel (a copy)

   Each thread counts (or bounds), then appends the entries of a
   contiguous range of rows into its own range of the output's arrays,
   allocated once.  The count costs SpAdd and small SpGEMMs most of what
   the kernel does; laying out by bounds instead leaves gaps, closed at
   the end by moving the entries of all threads but the first, to pages
   not touched yet when the gaps are wide: the sample decides.  */

#include <stdlib.h>
#include "level_types.h"
#include "loops.h"

/* Rows between samples of the bound and the count.  */
#define SAMPLE 16

static int
rt (lir_kernel *k, lir_rt fn, int n, const int *args)
{
  return lir_rtcall (k, fn, n, args);
}

/* The region's names: the parts' handle, threads, this thread, its rows,
   its part of the output.  */
typedef struct build
{
  int par, nt, tid, r0, r1, part;
} build;

/* Into C: the rows [R0, R1) of B, every STRIDE-th, of a copy of loop
   LOOP (its variable running over them).  */
static void
rows (lir_kernel *k, lir_block *c, const build *b, int loop, int stride)
{
  int next = k->stmts[loop].next;
  k->stmts[loop].next = -1;
  int copy = lir_copy_block (k, loop);
  k->stmts[loop].next = next;
  if (copy < 0)
    return;
  int v = k->stmts[copy].var;
  if (stride == 1)
    {
      k->stmts[copy].a = lir_ref (k, b->r0);
      k->stmts[copy].b = lir_ref (k, b->r1);
      lir_block_put (k, c, copy);
      return;
    }
  lir_block body = { -1, -1 };
  lir_block_splice (k, &body, k->stmts[copy].body);
  lir_block_step (k, &body, v, stride);
  lir_block_store (k, c, v, -1, -1, lir_ref (k, b->r0), 0);
  lir_block_while (k, c, lir_binary (k, LIR_LT, lir_ref (k, v),
                                     lir_ref (k, b->r1)), body.first);
}

/* Into C: the counting pass over every STRIDE-th row of B's.  */
static void
count_rows (lir_kernel *k, lir_block *c, const build *b, int stride)
{
  for (int id = k->count_block; id >= 0; id = k->stmts[id].next)
    if (id == k->count_loop)
      rows (k, c, b, id, stride);
    else
      {
        int next = k->stmts[id].next;
        k->stmts[id].next = -1;
        int copy = lir_copy_block (k, id);
        k->stmts[id].next = next;
        lir_block_put (k, c, copy);
      }
}

/* Into C: the symbolic loop's bound over B's rows; when it telescopes
   (lir_plan_shapes), POS[R1] - POS[R0] for each of its pos arrays.  */
static void
bound_rows (lir_kernel *k, lir_block *c, const build *b)
{
  if (k->bound_sum_var < 0)
    {
      rows (k, c, b, k->bound_loop, 1);
      return;
    }
  int total = -1;
  for (int i = 0; i < k->nbound_pos; i++)
    {
      int a = k->bound_pos[i];
      int len = lir_binary (k, LIR_SUB, lir_load (k, a, lir_ref (k, b->r1)),
                            lir_load (k, a, lir_ref (k, b->r0)));
      total = total < 0 ? len : lir_binary (k, LIR_ADD, total, len);
    }
  lir_block sum = { -1, -1 };
  lir_block_store (k, &sum, k->bound_sum_var, -1, -1, total, 1);
  lir_block_if (k, c, lir_binary (k, LIR_LT, lir_ref (k, b->r0),
                                  lir_ref (k, b->r1)), sum.first, -1);
}

/* Into C: all counts (or bounds) in, thread 0 lays the output out,
   between barriers.  */
static void
lay_out (lir_kernel *k, lir_block *c, const build *b)
{
  lir_block_put (k, c, lir_stmt_new (k, LIR_BARRIER));
  lir_block layout = { -1, -1 };
  lir_block_eval (k, &layout, rt (k, LIR_RT_KPAR_LAYOUT, 1,
                        (int[]) { lir_ref (k, b->par) }));
  lir_block_if (k, c, lir_binary (k, LIR_EQ, lir_ref (k, b->tid),
                                  lir_const_i (k, 0)), layout.first, -1);
  lir_block_put (k, c, lir_stmt_new (k, LIR_BARRIER));
}

/* The threads count the entries of their rows, then one lays the
   arrays out: the block's first statement.  */
static int
counted (lir_kernel *k, const build *b)
{
  lir_block c = { -1, -1 };
  count_rows (k, &c, b, 1);
  for (int l = 0; l < SP_MAX_LEVELS; l++)
    if (k->count_var[l] >= 0)
      {
        int level = lir_const_i (k, l);
        if (level >= 0)
          k->exprs[level].type = LIR_I32;
        lir_block_eval (k, &c, rt (k, LIR_RT_KPAR_COUNT, 4,
                         (int[]) { lir_ref (k, b->par), lir_ref (k, b->tid),
                                   level,
                                   lir_ref (k, k->count_var[l]) }));
      }
  lay_out (k, &c, b);
  return c.first;
}

/* With a symbolic loop and one compressed level in the output (CSR),
   the threads bound their rows instead and the arrays are laid out by
   the bounds (see above); else they count (COUNTED).  RESERVE is the
   output's reserve statement.  The block's first statement.  */
static int
bounded (lir_kernel *k, const build *b, int reserve, int counted_first)
{
  lir_block c = { -1, -1 };
  int n = k->stmts[reserve].a;
  int cs = lir_const_i (k, 0), bs = lir_const_i (k, 0);
  int last = k->tensors[k->out_tensor].fmt.nlevels - 1;
  if (k->count_var[last] >= 0 && k->exprs[n].op == LIR_VARREF)
    {
      /* The sample's bound, then the bound again from zero.  */
      int sampled = lir_block_local (k, &c, LIR_I64, "sp_bs", -1);
      rows (k, &c, b, k->bound_loop, SAMPLE);
      lir_block_store (k, &c, sampled, -1, -1, n, 0);
      lir_block_store (k, &c, k->exprs[n].var, -1, -1, lir_const_i (k, 0), 0);
      count_rows (k, &c, b, SAMPLE);
      cs = lir_ref (k, k->count_var[last]);
      bs = lir_ref (k, sampled);
    }
  bound_rows (k, &c, b);
  lir_block_eval (k, &c, rt (k, LIR_RT_KPAR_BOUND, 5,
                   (int[]) { lir_ref (k, b->par), lir_ref (k, b->tid), n, cs,
                             bs }));
  lay_out (k, &c, b);
  lir_block_if (k, &c, lir_binary (k, LIR_EQ,
                          rt (k, LIR_RT_KPAR_LAID, 1,
                              (int[]) { lir_ref (k, b->par) }),
                          lir_const_i (k, 0)),
       counted_first, -1);
  return c.first;
}

/* Into C: the output's part PART of B, from here on where the output's
   entries go.  */
static void
part (lir_kernel *k, lir_block *c, const build *b, int which)
{
  int s = lir_stmt_new (k, LIR_CALL);
  if (s < 0)
    return;
  k->stmts[s].fn = LIR_CALL_OUT_PART;
  k->stmts[s].var = b->part;
  k->stmts[s].a = rt (k, LIR_RT_KPAR_PART, 2,
                      (int[]) { lir_ref (k, b->par), which });
  lir_block_put (k, c, s);
}

/* Into C: this thread's rows [R0, R1) among those of row loop LOOP: cut
   by the entries of the pos arrays the body reads at the row, else
   into equal numbers of rows.  */
static void
thread_rows (lir_kernel *k, lir_block *c, build *b, const lir_stmt *loop)
{
  int n0 = lir_block_local (k, c, LIR_I64, "sp_n0", loop->a);
  int n1 = lir_block_local (k, c, LIR_I64, "sp_n1", loop->b);
  int cut[2];
  for (int e = 0; e < 2; e++)
    {
      int at = e ? lir_binary (k, LIR_ADD, lir_ref (k, b->tid),
                               lir_const_i (k, 1))
                 : lir_ref (k, b->tid);
      if (loop->balance[0] >= 0)
        cut[e] = lir_split_at (k, loop->balance, n0, n1, at,
                               lir_ref (k, b->nt));
      else
        {
          /* n0 + (n1 - n0) * part / nt  */
          int span = lir_binary (k, LIR_SUB, lir_ref (k, n1), lir_ref (k, n0));
          cut[e] = lir_binary (k, LIR_ADD, lir_ref (k, n0),
                               lir_binary (k, LIR_DIV,
                                           lir_binary (k, LIR_MUL, span, at),
                                           lir_ref (k, b->nt)));
        }
    }
  b->r0 = lir_block_local (k, c, LIR_I64, "sp_r0", cut[0]);
  b->r1 = lir_block_local (k, c, LIR_I64, "sp_r1", cut[1]);
}

/* The parts of the output begun into C, from OUT_BEGIN statement ID.  */
static void
begin_parts (lir_kernel *k, lir_block *c, build *b, int id)
{
  const lir_stmt *x = &k->stmts[id];
  int hint = x->a >= 0 ? x->a : lir_const_i (k, 0);
  b->par = lir_block_local (k, c, LIR_PTR, "sp_par",
                  rt (k, LIR_RT_KPAR_BEGIN, 3,
                      (int[]) { lir_leaf (k, LIR_HANDLE, LIR_PTR, -1,
                                          x->tensor, -1),
                                rt (k, LIR_RT_OMP_MAX_THREADS, 0, NULL),
                                hint }));
}

/* The region of the build (see above) whose row loop is LOOP, into C;
   IN holds the statements its threads run before their rows, RESERVE
   the output's reserve statement or -1, OPEN and CLOSE the cursor's or
   -1, FREE the workspace's release or -1.  */
static void
region (lir_kernel *k, lir_block *c, build *b, lir_block *in, int loop,
        int reserve, int open, int close, int free_ws)
{
  lir_stmt st = k->stmts[loop];
  thread_rows (k, in, b, &st);
  int counted_first = counted (k, b);
  const sp_format *f = &k->sc->fmt[k->sc->st.out];
  int by_bounds = reserve >= 0 && sp_format_dense_upto (f, f->nlevels - 1);
  int layout = by_bounds ? bounded (k, b, reserve, counted_first)
               : counted_first;
  /* One thread: the output grows as a serial one, from room for the
     symbolic loop's bound when there is one.  */
  lir_block alone = { -1, -1 };
  part (k, &alone, b, lir_const_i (k, 0));
  if (reserve >= 0)
    {
      bound_rows (k, &alone, b);
      lir_block_put (k, &alone, reserve);
    }
  lir_block_if (k, in, lir_binary (k, LIR_LT, lir_const_i (k, 1),
                                   lir_ref (k, b->nt)), layout, alone.first);
  part (k, in, b, lir_ref (k, b->tid));
  lir_block_put (k, in, open);
  k->stmts[loop].a = lir_ref (k, b->r0);
  k->stmts[loop].b = lir_ref (k, b->r1);
  lir_block_put (k, in, loop);
  lir_block_put (k, in, close);
  if (by_bounds)
    {
      /* All rows in, the threads close the gaps the bounds left.  */
      lir_block_put (k, in, lir_stmt_new (k, LIR_BARRIER));
      lir_block_eval (k, in, rt (k, LIR_RT_KPAR_CLOSE, 3,
                       (int[]) { lir_ref (k, b->par), lir_ref (k, b->tid),
                                 lir_ref (k, b->nt) }));
    }
  lir_block_put (k, in, free_ws);
  int r = lir_stmt_new (k, LIR_REGION);
  if (r < 0)
    return;
  k->stmts[r].body = in->first;
  lir_block_put (k, c, r);
}

void
lir_build_by_threads (lir_kernel *k)
{
  int loop = k->par_build_loop;
  if (loop < 0)
    return;
  int serial = lir_copy_block (k, k->body);
  if (serial < 0)
    return;
  build b = { -1, -1, -1, -1, -1, -1 };
  lir_block c = { -1, -1 }, in = { -1, -1 };
  b.nt = lir_block_local (k, &in, LIR_I64, "sp_nt",
                lir_leaf (k, LIR_NTHREADS, LIR_I32, -1, -1, -1));
  b.tid = lir_block_local (k, &in, LIR_I64, "sp_tid",
                 lir_leaf (k, LIR_THREAD, LIR_I32, -1, -1, -1));
  b.part = lir_block_local (k, &in, LIR_PTR, "sp_part", -1);
  int reserve = -1, open = -1, close = -1, free_ws = -1;
  for (int id = k->body; id >= 0; id = k->stmts[id].next)
    {
      const lir_stmt *x = &k->stmts[id];
      int fn = x->kind == LIR_CALL ? (int) x->fn : -1;
      if (fn == LIR_CALL_OUT_RESERVE || fn == LIR_CALL_OUT_FIX)
        reserve = id;
      else if (fn == LIR_CALL_CURSOR_OPEN)
        open = id;
      else if (fn == LIR_CALL_CURSOR_CLOSE)
        close = id;
      else if (fn == LIR_CALL_WS_FREE)
        free_ws = id;
    }
  /* The body's statements, before they move.  */
  int n = 0;
  for (int id = k->body; id >= 0; id = k->stmts[id].next)
    n++;
  int *ids = malloc ((n + 1) * sizeof *ids);
  if (!ids)
    {
      k->failed = 1;
      return;
    }
  n = 0;
  for (int id = k->body; id >= 0; id = k->stmts[id].next)
    ids[n++] = id;
  int before = 1;
  for (int i = 0; i < n; i++)
    {
      int id = ids[i];
      const lir_stmt *x = &k->stmts[id];
      int fn = x->kind == LIR_CALL ? (int) x->fn : -1;
      if (id == loop)
        {
          before = 0;
          region (k, &c, &b, &in, loop, reserve, open, close, free_ws);
        }
      else if (id == reserve || id == open || id == close || id == free_ws)
        ;
      /* The symbolic loop, or its telescoped sum: each thread bounds its
         own rows.  */
      else if (before && (x->kind == LIR_FOR || x->kind == LIR_IF))
        ;
      else if (fn == LIR_CALL_OUT_BEGIN)
        begin_parts (k, &c, &b, id);
      else if (fn == LIR_CALL_WS_ALLOC || x->kind == LIR_DECL)
        lir_block_put (k, &in, id);
      else if (fn == LIR_CALL_OUT_END)
        lir_block_eval (k, &c, rt (k, LIR_RT_KPAR_END, 1,
                         (int[]) { lir_ref (k, b.par) }));
      else
        lir_block_put (k, &c, id);
    }
  free (ids);
  lir_block top = { -1, -1 };
  lir_block_if (k, &top, lir_worth_threads (k), c.first, serial);
  k->body = top.first;
}
