/* { dg-do run } */
/* lir_plan_shapes: the loops strip-mined into vector accumulators, the
   offsets that weigh a parallel loop's rows, the chunks of rows the
   threads take in turn (in a region, in each phase of a sparse output's
   build), a sparse output's fixed room (its reserve made a fix, its
   cursor opened and closed) and the telescoping bound of its rows.  */

#define CORE_UTIL_SCHEDULE
#include "core-util.h"
#include "loops.h"

static const test_opd tab[] = {
  { "A", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "B", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "C", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_F64 },
  { "D", IX_OPD_ARRAY, 2, { 8, 8 }, NULL, IX_F64 },
  { "E", IX_OPD_ARRAY, 2, { 8, 8 }, NULL, IX_F64 },
  { "L", IX_OPD_ARRAY, 2, { 8, 8 }, NULL, IX_I64 },
  { "N", IX_OPD_ARRAY, 2, { 8, 8 }, NULL, IX_I64 },
  { "M", IX_OPD_ARRAY, 2, { 8, 8 }, "csr", IX_I64 },
  { "x", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { "y", IX_OPD_ARRAY, 1, { 8 }, NULL, IX_F64 },
  { NULL, 0, 0, { 0 }, NULL, 0 }
};

static ix_sched sc;

/* The kernel of TEXT with its threads (THREADS) and shapes planned.  */
static lir_kernel *
plan (const char *text, int threads)
{
  ix_diag err;
  if (schedule_text (text, tab, 1, &sc, &err))
    {
      fprintf (stderr, "'%s': %s\n", text, err.msg);
      return NULL;
    }
  lir_kernel *k = lir_build (&sc, &err);
  if (!k)
    {
      fprintf (stderr, "'%s': %s\n", text, err.msg);
      return NULL;
    }
  lir_plan_threads (k, threads);
  lir_lanes lanes = { { [LIR_F64] = 2, [LIR_F32] = 4 } };
  lir_plan_shapes (k, &lanes);
  return k;
}

/* The loops of K strip-mined (each into strips of 8, 4, 2 and 1
   vectors: 15 accumulators), and the name of the first one's
   accumulator into J.  */
static int
strips (const lir_kernel *k, const char **j)
{
  int n = 0;
  for (int v = 0; v < k->nvars; v++)
    if (k->vars[v].lanes == 2)
      {
        if (!n++)
          *j = k->vars[v].name;
      }
  return n % 15 ? -1 : n / 15;
}

typedef struct call_count
{
  lir_call fn;
  int n;
} call_count;

static int
count_call (const lir_kernel *k, int id, void *ctx)
{
  call_count *c = ctx;
  c->n += k->stmts[id].kind == LIR_CALL && k->stmts[id].fn == c->fn;
  return 0;
}

/* The number of statements of K's body calling FN.  */
static int
calls (const lir_kernel *k, lir_call fn)
{
  call_count c = { fn, 0 };
  lir_visit (k, &k->body, 1, count_call, &c);
  return c.n;
}

/* The number of offset arrays weighing K's parallel loops: those of a
   parallel build's loop, and those its regions split rows by (the
   arrays sp_ksplit is called on).  */
static int
balanced (const lir_kernel *k)
{
  char seen[256] = { 0 };
  int n = 0;
  for (int id = 0; id < k->nstmts; id++)
    for (int b = 0; b < 2; b++)
      {
        int a = k->stmts[id].balance[b];
        if (a >= 0 && a < 256 && !seen[a]++)
          n++;
      }
  for (int e = 0; e < k->nexprs; e++)
    if (k->exprs[e].op == LIR_RTCALL && k->exprs[e].ival == LIR_RT_KSPLIT)
      for (int arg = k->exprs[e].a; arg >= 0; arg = k->exprs[arg].b)
        {
          const lir_expr *v = &k->exprs[k->exprs[arg].a];
          if (v->op == LIR_ADDR && v->array < 256 && !seen[v->array]++)
            n++;
        }
  return n;
}

/* The shared counters K's threads take chunks of rows through: the
   atomic increments of them (one before the chunks, one after each).  */
static int
chunk_takes (const lir_kernel *k)
{
  int n = 0;
  for (int e = 0; e < k->nexprs; e++)
    n += k->exprs[e].op == LIR_FETCH_INC;
  return n;
}

int
main (void)
{
  const char *j = "";
  /* SpMM into a dense output: the dense j loop, strip-mined over A's
     row.  */
  lir_kernel *k = plan ("D(i,j) = A(i,k) * E(k,j)", 0);
  CHECK (k && strips (k, &j) == 1 && strcmp (j, "j_acc0") == 0);
  lir_free (k);
  /* Integers are not (vector accumulators of floating point only).  */
  k = plan ("L(i,j) = M(i,k) * N(k,j)", 0);
  CHECK (k && strips (k, &j) == 0);
  lir_free (k);
  /* SpMV: nothing to strip; its parallel rows weighed by A's pos, taken
     in chunks.  */
  k = plan ("y(i) = A(i,j) * x(j)", 1);
  CHECK (k && strips (k, &j) == 0 && balanced (k) == 1
         && chunk_takes (k) == 2);
  lir_free (k);
  /* Dense rows, no offsets to weigh them: chunks of equal numbers of
     rows.  */
  k = plan ("y(i) = D(i,j) * x(j)", 1);
  CHECK (k && balanced (k) == 0 && chunk_takes (k) == 2);
  lir_free (k);
  k = plan ("y(i) = A(i,j) * x(j)", 0);
  CHECK (k && balanced (k) == 0);
  lir_free (k);
  /* A + B into CSR: both operands' rows weigh the parallel build, whose
     threads take chunks of rows (parts of the output) in each of its
     three phases (bounds, counts, appends), the room is fixed, and the
     rows' bound is the sum of both row lengths.  */
  k = plan ("C(i,j) = A(i,j) + B(i,j)", 1);
  CHECK (k && k->par_build_loop >= 0 && balanced (k) == 2
         && chunk_takes (k) == 6);
  CHECK (k && k->fixed_room && k->bound_sum_var >= 0 && k->nbound_pos == 2);
  /* ... in the build by threads (its one thread's branch) and in the
     serial kernel beside it.  */
  CHECK (k && calls (k, LIR_CALL_OUT_FIX) == 2
         && calls (k, LIR_CALL_OUT_RESERVE) == 0
         && calls (k, LIR_CALL_CURSOR_OPEN) == 2
         && calls (k, LIR_CALL_CURSOR_CLOSE) == 2
         && calls (k, LIR_CALL_OUT_PART) == 2);
  lir_free (k);
  /* A product into CSR goes through a workspace: no fixed room, and its
     bound is no telescoping sum.  */
  k = plan ("C(i,j) = A(i,k) * B(k,j)", 1);
  CHECK (k && !k->fixed_room && k->bound_sum_var < 0);
  CHECK (k && calls (k, LIR_CALL_OUT_FIX) == 0
         && calls (k, LIR_CALL_CURSOR_OPEN) == 0);
  lir_free (k);
  return failures != 0;
}
