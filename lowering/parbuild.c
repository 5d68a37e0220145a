/* parbuild.c -- a sparse output built by threads (lir_build_by_threads).

   The kernel lir_plan_threads found the shape for (K->par_build_loop:
   prologue calls; declarations; [the symbolic loop and the output's
   reserve]; the row loop; epilogue calls) becomes

     if (sp_kpar_worth (entries of the operands))
       {
         conversions, assembly;
         sp_par = sp_kpar_begin (C, omp_get_max_threads () * CHUNKS, hint);
         sp_cb = sp_cc = sp_cw = 0;        the phases' shared counters
         arrays current;
         region
           {
             sp_nt = threads; sp_tid = thread; [its own workspace];
             declarations;
             sp_np = 1 < sp_nt ? sp_nt * CHUNKS : 1;
             if (1 < sp_nt)
               {
                 [CSR with a symbolic loop (bounded):
                   for each chunk sp_ck taken through sp_cb:
                     bound and count every SAMPLE-th row of it (the ratio
                     tells the runtime whether the bounds are close),
                     bound all its rows,
                     sp_kpar_bound (sp_par, sp_ck, bound, count, sample's);
                   barrier; thread 0: sp_kpar_layout; barrier;
                   if (!sp_kpar_laid (sp_par))]
                 { for each chunk sp_ck taken through sp_cc:
                     the counting pass over its rows,
                     sp_kpar_count (sp_par, sp_ck, L, count_L) for each L;
                   barrier; thread 0: sp_kpar_layout; barrier; }
               }
             else
               { part 0; [the rows' bound; the output's reserve] }
             for each chunk sp_ck taken through sp_cw:
               part sp_ck; [cursor open] its rows; [cursor close]
             [bounded: barrier; sp_kpar_close (sp_par, sp_tid, sp_nt)]
             [workspace freed]
           }
         epilogue, the output finished by sp_kpar_end (sp_par)
       }
     else
       the serial kernel (a copy)

   A chunk is a contiguous range of rows [sp_r0, sp_r1) (lir_split_at:
   of about equal entries of the pos arrays the body reads at the row,
   else of equal numbers of rows), and a part of the output: its rows'
   entries go to their own range of the output's arrays, allocated once,
   in the order of the chunks.  The threads take the chunks in turn in
   each phase, so that a thread slowed by a heavy range or by another
   process on its core takes fewer.  The count costs SpAdd and small
   SpGEMMs most of what the kernel does; laying out by bounds instead
   leaves gaps, closed at the end by moving the entries of all parts but
   the first, to pages not touched yet when the gaps are wide: the sample
   decides.  */

#include <stdlib.h>
#include "level_types.h"
#include "loops.h"

/* Rows between samples of the bound and the count.  */
#define SAMPLE 16
/* Chunks (parts of the output) per thread.  */
#define CHUNKS 8

static int
rt (lir_kernel *k, lir_rt fn, int n, const int *args)
{
  return lir_rtcall (k, fn, n, args);
}

/* The region's names: the parts' handle, threads, this thread, the
   parts in use, the rows of all and of the chunk at hand, the chunk, its
   part of the output; BALANCE the pos arrays weighing the rows.  */
typedef struct build
{
  int par, nt, tid, np, n0, n1, r0, r1, ck, part;
  int balance[2];     /* a copy: new statements move the loop's */
  int bounds, counts, writes;  /* the phases' shared counters of chunks */
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

/* Into C: BODY for each chunk of B's rows, its part taken in turn
   through the shared counter COUNTER, B's R0, R1 and CK set to its rows
   and number.  */
static void
each_chunk (lir_kernel *k, lir_block *c, const build *b, int counter,
            lir_block body)
{
  lir_block each = { -1, -1 };
  int next = lir_binary (k, LIR_ADD, lir_ref (k, b->ck), lir_const_i (k, 1));
  lir_block_store (k, &each, b->r0, -1, -1,
                   lir_split_at (k, b->balance, b->n0, b->n1,
                                 lir_ref (k, b->ck), lir_ref (k, b->np)), 0);
  lir_block_store (k, &each, b->r1, -1, -1,
                   lir_split_at (k, b->balance, b->n0, b->n1, next,
                                 lir_ref (k, b->np)), 0);
  lir_block_splice (k, &each, body.first);
  lir_block_store (k, &each, b->ck, -1, -1, lir_fetch_inc (k, counter), 0);
  lir_block_store (k, c, b->ck, -1, -1, lir_fetch_inc (k, counter), 0);
  lir_block_while (k, c, lir_binary (k, LIR_LT, lir_ref (k, b->ck),
                                     lir_ref (k, b->np)), each.first);
}

/* Into C: VAR = 0, when VAR is a variable.  */
static void
reset (lir_kernel *k, lir_block *c, int var)
{
  if (var >= 0)
    lir_block_store (k, c, var, -1, -1, lir_const_i (k, 0), 0);
}

/* The threads count the entries of the chunks' rows, then one lays the
   arrays out: the block's first statement.  */
static int
counted (lir_kernel *k, const build *b)
{
  lir_block c = { -1, -1 }, chunk = { -1, -1 };
  /* The counting block declares its counts, from zero.  */
  count_rows (k, &chunk, b, 1);
  for (int l = 0; l < SP_MAX_LEVELS; l++)
    if (k->count_var[l] >= 0)
      {
        int level = lir_const_i (k, l);
        if (level >= 0)
          k->exprs[level].type = LIR_I32;
        lir_block_eval (k, &chunk, rt (k, LIR_RT_KPAR_COUNT, 4,
                         (int[]) { lir_ref (k, b->par), lir_ref (k, b->ck),
                                   level,
                                   lir_ref (k, k->count_var[l]) }));
      }
  each_chunk (k, &c, b, b->counts, chunk);
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
  lir_block c = { -1, -1 }, chunk = { -1, -1 };
  int n = k->stmts[reserve].a;
  int cs = lir_const_i (k, 0), bs = lir_const_i (k, 0);
  int last = k->tensors[k->out_tensor].fmt.nlevels - 1;
  int bound_var = k->exprs[n].op == LIR_VARREF ? k->exprs[n].var : -1;
  /* Each chunk's bound from zero.  */
  reset (k, &chunk, bound_var);
  reset (k, &chunk, k->bound_sum_var);
  if (k->count_var[last] >= 0 && bound_var >= 0)
    {
      /* The sample's bound, then the bound again from zero.  */
      int sampled = lir_block_local (k, &chunk, LIR_I64, "sp_bs", -1);
      rows (k, &chunk, b, k->bound_loop, SAMPLE);
      lir_block_store (k, &chunk, sampled, -1, -1, n, 0);
      reset (k, &chunk, bound_var);
      count_rows (k, &chunk, b, SAMPLE);
      cs = lir_ref (k, k->count_var[last]);
      bs = lir_ref (k, sampled);
    }
  bound_rows (k, &chunk, b);
  lir_block_eval (k, &chunk, rt (k, LIR_RT_KPAR_BOUND, 5,
                   (int[]) { lir_ref (k, b->par), lir_ref (k, b->ck), n, cs,
                             bs }));
  each_chunk (k, &c, b, b->bounds, chunk);
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

/* The parts of the output begun into C, from OUT_BEGIN statement ID.  */
static void
begin_parts (lir_kernel *k, lir_block *c, build *b, int id)
{
  const lir_stmt *x = &k->stmts[id];
  int hint = x->a >= 0 ? x->a : lir_const_i (k, 0);
  int parts = lir_binary (k, LIR_MUL, rt (k, LIR_RT_OMP_MAX_THREADS, 0, NULL),
                         lir_const_i (k, CHUNKS));
  b->par = lir_block_local (k, c, LIR_PTR, "sp_par",
                  rt (k, LIR_RT_KPAR_BEGIN, 3,
                      (int[]) { lir_leaf (k, LIR_HANDLE, LIR_PTR, -1,
                                          x->tensor, -1),
                                parts, hint }));
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
  b->balance[0] = st.balance[0];
  b->balance[1] = st.balance[1];
  b->bounds = lir_block_local (k, c, LIR_I64, "sp_cb", lir_const_i (k, 0));
  b->counts = lir_block_local (k, c, LIR_I64, "sp_cc", lir_const_i (k, 0));
  b->writes = lir_block_local (k, c, LIR_I64, "sp_cw", lir_const_i (k, 0));
  b->np = lir_block_local (k, in, LIR_I64, "sp_np",
                           lir_binary (k, LIR_MUL, lir_ref (k, b->nt),
                                       lir_const_i (k, CHUNKS)));
  b->n0 = lir_block_local (k, in, LIR_I64, "sp_n0", st.a);
  b->n1 = lir_block_local (k, in, LIR_I64, "sp_n1", st.b);
  b->r0 = lir_block_local (k, in, LIR_I64, "sp_r0", -1);
  b->r1 = lir_block_local (k, in, LIR_I64, "sp_r1", -1);
  b->ck = lir_block_local (k, in, LIR_I64, "sp_ck", -1);
  int counted_first = counted (k, b);
  const sp_format *f = &k->sc->fmt[k->sc->st.out];
  int by_bounds = reserve >= 0 && sp_format_dense_upto (f, f->nlevels - 1);
  int layout = by_bounds ? bounded (k, b, reserve, counted_first)
               : counted_first;
  /* One thread: one part, all rows, which grows as a serial output, from
     room for the symbolic loop's bound when there is one.  */
  lir_block alone = { -1, -1 };
  lir_block_store (k, &alone, b->np, -1, -1, lir_const_i (k, 1), 0);
  part (k, &alone, b, lir_const_i (k, 0));
  if (reserve >= 0)
    {
      lir_block_store (k, &alone, b->r0, -1, -1, lir_ref (k, b->n0), 0);
      lir_block_store (k, &alone, b->r1, -1, -1, lir_ref (k, b->n1), 0);
      bound_rows (k, &alone, b);
      lir_block_put (k, &alone, reserve);
    }
  lir_block_if (k, in, lir_binary (k, LIR_LT, lir_const_i (k, 1),
                                   lir_ref (k, b->nt)), layout, alone.first);
  lir_block write = { -1, -1 };
  part (k, &write, b, lir_ref (k, b->ck));
  lir_block_put (k, &write, open);
  k->stmts[loop].a = lir_ref (k, b->r0);
  k->stmts[loop].b = lir_ref (k, b->r1);
  lir_block_put (k, &write, loop);
  lir_block_put (k, &write, close);
  each_chunk (k, in, b, b->writes, write);
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
  build b = { -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, { -1, -1 }, -1, -1, -1 };
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
