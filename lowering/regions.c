/* regions.c -- loops marked parallel rewritten into the OpenMP regions
   that run them (lir_make_regions).

   A loop marked LIR_PAR_MARKED,

     for (i = lo; i < hi; i++) body

   becomes

     if (sp_kpar_worth (entries of the operands) [&& threads > 1])
       {
         [sp_n = the output's size; sp_parts = sp_kparts_alloc (...);]
         [sp_chunk = 0;]
         region sum (the registers the body sums into)
           {
             i;                               the region's own
             [sp_tid = thread; sp_own = &sp_parts[sp_tid * sp_n];]
             sp_chunks = threads * SPLIT_CHUNKS;
             sp_ck = fetch_inc (sp_chunk);
             while (sp_ck < sp_chunks)
               { i = the start of chunk sp_ck (lir_split_at);
                 sp_r1 = the start of chunk sp_ck + 1;
                 while (i < sp_r1) { body; i = i + 1; }
                 sp_ck = fetch_inc (sp_chunk); }
             [barrier; this thread's range of the output's elements, each
              the sum of the threads' copies in thread order]
           }
         [sp_kparts_free (sp_parts);]
       }
     else
       for (i = lo; i < hi; i++) body          serial: a copy

   The rows come in chunks, of equal entries where lir_plan_shapes found
   offsets that weigh them (BALANCE), else of equal numbers of rows, which
   the threads take in turn, so that a thread slowed by a heavy range or
   by another process on its core takes fewer.  A body
   that sums into a dense output (SUM_ARRAY) adds into its thread's own
   copy (SUM_COUNT elements), zeroed; nothing gains from that on one
   thread, hence the condition on the threads.  */

#include "loops.h"

/* Chunks per thread of a parallel loop.  */
#define SPLIT_CHUNKS 8

static int
call (lir_kernel *k, lir_rt fn, int nargs, const int *args)
{
  return lir_rtcall (k, fn, nargs, args);
}

int
lir_worth_threads (lir_kernel *k)
{
  int n = lir_const_i (k, 0);
  /* The operands' own handles: converted copies do not exist yet where
     this is decided.  */
  for (int t = 0; t < k->ntensors; t++)
    if (k->tensors[t].conv < 0)
      n = lir_binary (k, LIR_ADD, n,
                      lir_leaf (k, LIR_NVALS, LIR_I64, -1, t, -1));
  return call (k, LIR_RT_KPAR_WORTH, 1, &n);
}

/* What the serial copy of LOOP is kept for: too few entries for threads,
   or, when its body sums into threads' copies, one thread only.  */
static int
worth_threads (lir_kernel *k, const lir_stmt *loop)
{
  int worth = lir_worth_threads (k);
  if (loop->sum_array < 0)
    return worth;
  return lir_binary (k, LIR_AND, worth,
                     lir_binary (k, LIR_LT, lir_const_i (k, 1),
                                 call (k, LIR_RT_OMP_MAX_THREADS, 0, NULL)));
}

int
lir_split_at (lir_kernel *k, const int balance[2], int n0, int n1, int part,
              int parts)
{
  if (balance[0] < 0)
    /* n0 + (n1 - n0) * part / parts  */
    return lir_binary (k, LIR_ADD, lir_ref (k, n0),
                       lir_binary (k, LIR_DIV,
                                   lir_binary (k, LIR_MUL,
                                               lir_binary (k, LIR_SUB,
                                                           lir_ref (k, n1),
                                                           lir_ref (k, n0)),
                                               part),
                                   parts));
  int args[8];
  for (int i = 0; i < 2; i++)
    {
      int a = balance[i];
      if (a < 0)
        {
          args[2 * i] = lir_const_i (k, 0);
          if (args[2 * i] >= 0)
            k->exprs[args[2 * i]].type = LIR_PTR;
          args[2 * i + 1] = lir_const_i (k, 0);
        }
      else
        {
          args[2 * i] = lir_addr (k, a, lir_const_i (k, 0));
          args[2 * i + 1]
            = lir_const_i (k, k->tensors[k->arrays[a].tensor].fmt.posw);
        }
      if (args[2 * i + 1] >= 0)
        k->exprs[args[2 * i + 1]].type = LIR_I32;
    }
  args[4] = lir_ref (k, n0);
  args[5] = lir_ref (k, n1);
  args[6] = part;
  args[7] = parts;
  return call (k, LIR_RT_KSPLIT, 8, args);
}

/* Into C: the rows of LOOP (its variable IV, the region's own) in
   chunks (lir_split_at), taken in turn through the shared counter
   CHUNK.  */
static void
split_rows (lir_kernel *k, lir_block *c, const lir_stmt *loop, int chunk)
{
  lir_stmt st = *loop;
  int iv = st.var;
  int chunks = lir_block_local (k, c, LIR_I64, "sp_chunks",
                      lir_binary (k, LIR_MUL,
                                  lir_leaf (k, LIR_NTHREADS, LIR_I32, -1, -1,
                                            -1),
                                  lir_const_i (k, SPLIT_CHUNKS)));
  int n0 = lir_block_local (k, c, LIR_I64, "sp_n0", st.a);
  int n1 = lir_block_local (k, c, LIR_I64, "sp_n1", st.b);
  int ck = lir_block_local (k, c, LIR_I64, "sp_ck", lir_fetch_inc (k, chunk));
  lir_block each = { -1, -1 }, rows = { -1, -1 };
  lir_block_splice (k, &rows, st.body);
  int at = lir_split_at (k, st.balance, n0, n1, lir_ref (k, ck),
                         lir_ref (k, chunks));
  lir_block_store (k, &each, iv, -1, -1, at, 0);
  int next = lir_binary (k, LIR_ADD, lir_ref (k, ck), lir_const_i (k, 1));
  int r1 = lir_block_local (k, &each, LIR_I64, "sp_r1",
                            lir_split_at (k, st.balance, n0, n1, next,
                                          lir_ref (k, chunks)));
  lir_block_step (k, &rows, iv, 1);
  lir_block_while (k, &each, lir_binary (k, LIR_LT, lir_ref (k, iv),
                                         lir_ref (k, r1)), rows.first);
  lir_block_store (k, &each, ck, -1, -1, lir_fetch_inc (k, chunk), 0);
  lir_block_while (k, c, lir_binary (k, LIR_LT, lir_ref (k, ck),
                                     lir_ref (k, chunks)), each.first);
}

/* Statement ID's stores into array FROM go to array TO instead.  */
static void
retarget (lir_kernel *k, int first, int from, int to)
{
  for (int id = first; id >= 0; id = k->stmts[id].next)
    {
      lir_stmt *x = &k->stmts[id];
      if ((x->kind == LIR_ASSIGN || x->kind == LIR_ACCUM)
          && x->to.array == from)
        x->to.array = to;
      retarget (k, x->body, from, to);
      retarget (k, x->else_, from, to);
    }
}

/* The copies of the dense output LOOP sums into: their allocation
   before the region into OUTSIDE (N, PARTS: the output's size and the
   copies' base), each thread's copy taken at the region's start into
   IN (TID, OWN), the body's stores moved to it.  */
typedef struct copies
{
  int n, parts, parts_arr, tid, own;
} copies;

/* The type of the copies of a dense output of type T and the sums of
   them: a signed integer's unsigned type, whose additions wrap where
   the output's own could overflow (an int output of unsigned terms is
   summed in unsigned int: ix_sum_type); the same bits once stored.  */
static lir_type
copy_type (lir_type t)
{
  if ((int) t >= IX_NTYPES || ix_types[t].is_float || !ix_types[t].is_signed)
    return t;
  return (lir_type) ix_int_type (ix_types[t].bits, 0);
}

static void
copies_begin (lir_kernel *k, lir_block *outside, lir_block *in,
              const lir_stmt *loop, copies *cp)
{
  lir_stmt st = *loop;
  lir_type et = copy_type (k->arrays[st.sum_array].type);
  cp->n = lir_block_local (k, outside, LIR_I64, "sp_n", st.sum_count);
  int args[3] = { lir_ref (k, cp->n),
                  call (k, LIR_RT_OMP_MAX_THREADS, 0, NULL),
                  lir_const_i (k, lir_type_size (et)) };
  cp->parts = lir_block_local (k, outside, LIR_PTR, "sp_parts",
                     call (k, LIR_RT_KPARTS_ALLOC, 3, args));
  cp->parts_arr = lir_add_array_at (k, et, cp->parts);
  cp->tid = lir_block_local (k, in, LIR_I64, "sp_tid",
                   lir_leaf (k, LIR_THREAD, LIR_I32, -1, -1, -1));
  cp->own = lir_block_local (k, in, LIR_PTR, "sp_own",
                   lir_addr (k, cp->parts_arr,
                             lir_binary (k, LIR_MUL, lir_ref (k, cp->tid),
                                         lir_ref (k, cp->n))));
  retarget (k, st.body, st.sum_array, lir_add_array_at (k, et, cp->own));
}

/* After the loop, into IN: the threads done, each adds up the copies
   over its range of the output's elements, in thread order.  */
static void
copies_end (lir_kernel *k, lir_block *in, const lir_stmt *loop,
            const copies *cp)
{
  int y = loop->sum_array;
  lir_type et = copy_type (k->arrays[y].type);
  lir_block_put (k, in, lir_stmt_new (k, LIR_BARRIER));
  int nt = lir_block_local (k, in, LIR_I64, "sp_nt",
                  lir_leaf (k, LIR_NTHREADS, LIR_I32, -1, -1, -1));
  /* sp_n * part / sp_nt  */
#define RANGE_AT(part) \
  lir_binary (k, LIR_DIV, lir_binary (k, LIR_MUL, lir_ref (k, cp->n), part), \
              lir_ref (k, nt))
  int j = lir_block_local (k, in, LIR_I64, "sp_j",
                           RANGE_AT (lir_ref (k, cp->tid)));
  int j1 = lir_block_local (k, in, LIR_I64, "sp_j1",
                  RANGE_AT (lir_binary (k, LIR_ADD, lir_ref (k, cp->tid),
                                        lir_const_i (k, 1))));
#undef RANGE_AT
  lir_block elt = { -1, -1 }, add = { -1, -1 };
  int sum = lir_block_local (k, &elt, et, "sp_sum",
                             lir_load (k, y, lir_ref (k, j)));
  int t = lir_block_local (k, &elt, LIR_I64, "sp_t", lir_const_i (k, 0));
  lir_block_store (k, &add, sum, -1, -1,
         lir_load (k, cp->parts_arr,
                   lir_binary (k, LIR_ADD,
                               lir_binary (k, LIR_MUL, lir_ref (k, t),
                                           lir_ref (k, cp->n)),
                               lir_ref (k, j))), 1);
  lir_block_step (k, &add, t, 1);
  lir_block_while (k, &elt, lir_binary (k, LIR_LT, lir_ref (k, t),
                                        lir_ref (k, nt)), add.first);
  lir_block_store (k, &elt, -1, y, lir_ref (k, j), lir_ref (k, sum), 0);
  lir_block_step (k, &elt, j, 1);
  lir_block_while (k, in, lir_binary (k, LIR_LT, lir_ref (k, j),
                                      lir_ref (k, j1)), elt.first);
}

/* The variables LOOP's body sums into, as a lir_block of LIR_ARG.  */
static int
sums (lir_kernel *k, const lir_stmt *loop)
{
  int vars[8], refs[8];
  int n = lir_reductions (k, loop, vars, 8);
  for (int i = 0; i < n; i++)
    refs[i] = lir_ref (k, vars[i]);
  return lir_args (k, n < 0 ? 0 : n, refs);
}

/* Rewrite loop statement ID (see above).  */
static void
make_region (lir_kernel *k, int id)
{
  /* The serial copy; ID becomes the choice between it and the region.  */
  int next = k->stmts[id].next;
  k->stmts[id].next = -1;
  int serial = lir_copy_block (k, id);
  if (serial < 0)
    return;
  lir_stmt st = k->stmts[id];
  int cond = worth_threads (k, &st);
  int summed = sums (k, &st);

  lir_block outside = { -1, -1 }, in = { -1, -1 };
  lir_block_decl (k, &in, st.var, -1);
  copies cp = { -1, -1, -1, -1, -1 };
  if (st.sum_array >= 0)
    copies_begin (k, &outside, &in, &st, &cp);
  int chunk = lir_block_local (k, &outside, LIR_I64, "sp_chunk",
                               lir_const_i (k, 0));
  split_rows (k, &in, &st, chunk);
  if (st.sum_array >= 0)
    copies_end (k, &in, &st, &cp);

  int region = lir_stmt_new (k, LIR_REGION);
  if (region < 0)
    return;
  k->stmts[region].body = in.first;
  k->stmts[region].b = summed;
  lir_block_put (k, &outside, region);
  if (st.sum_array >= 0)
    {
      int s = lir_stmt_new (k, LIR_EVAL);
      if (s >= 0)
        k->stmts[s].a = call (k, LIR_RT_KPARTS_FREE, 1,
                              (int[]) { lir_ref (k, cp.parts) });
      lir_block_put (k, &outside, s);
    }

  int choice = lir_stmt_new (k, LIR_IF);
  if (choice < 0)
    return;
  lir_stmt *x = &k->stmts[id];
  *x = k->stmts[choice];
  x->next = next;
  x->a = cond;
  x->body = outside.first;
  x->else_ = serial;
}

void
lir_make_regions (lir_kernel *k)
{
  int n = k->nstmts;
  for (int id = 0; id < n && !k->failed; id++)
    if (k->stmts[id].kind == LIR_FOR
        && k->stmts[id].parallel == LIR_PAR_MARKED)
      make_region (k, id);
}
