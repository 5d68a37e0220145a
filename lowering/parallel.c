/* parallel.c -- which loops of a kernel run on threads (lir_plan_threads).

   Two shapes run on threads in an OpenMP build:

   - an outer loop that loopgen marked parallel (disjoint slices of a
     dense output, or sums into registers or into threads' copies of a
     dense output), kept when its body indeed writes nothing outside
     itself but those sums (lir_reductions);

   - the row loop of a sparse output built by threads: a kernel writing
     a sparse output whose first level is dense (or compressed: its
     positions are then the rows), one nest whose outer loop runs over
     that level's rows, laid out as

       prologue calls; declarations; [the symbolic loop]; the row loop;
       epilogue calls

     where the rows' bodies write nothing shared but the output and the
     workspace.  The threads count (or bound) and then append the
     entries of chunks of contiguous rows, each into its own part of the
     output (parbuild.c builds that region).  */

#include <stdlib.h>
#include "level_types.h"
#include "loops.h"

/* The top-level variables of a parallel build (TOP), and those of them
   that start at a constant (FRESH): each thread has its own.  */
typedef struct row_vars
{
  const char *top, *fresh;
} row_vars;

/* Whether statement ID of K, in the rows of a parallel build, writes
   anything but its own variables, the FRESH top-level ones of CTX (a
   row_vars), the output and the workspace: 1, else 0.  */
static int
row_writes_shared (const lir_kernel *k, int id, void *ctx)
{
  const row_vars *v = ctx;
  const lir_stmt *x = &k->stmts[id];
  int w = x->kind == LIR_ASSIGN || x->kind == LIR_ACCUM ? x->to.var
          : x->kind == LIR_FOR || x->kind == LIR_APPEND
            || x->kind == LIR_APPEND_RUN ? x->var : -1;
  if (w >= k->nvars || (w >= 0 && v->top[w] && !v->fresh[w]))
    return 1;
  switch (x->kind)
    {
    case LIR_ASSIGN:
    case LIR_ACCUM:
      if (x->to.opd >= 0)
        return 1;
      if (x->to.array >= 0)
        {
          lir_array_kind ak = k->arrays[x->to.array].kind;
          return ak != LIR_ARR_WS && ak != LIR_ARR_WS_FLAG
                 && ak != LIR_ARR_WS_LIST && ak != LIR_ARR_OUT_VALS;
        }
      return 0;
    case LIR_CALL:
      return x->fn != LIR_CALL_SORT && x->fn != LIR_CALL_OUT_ROOM;
    case LIR_ZERO:
      return 1;
    default:
      return 0;
    }
}

/* Whether the sparse output of K has the shape of a parallel build:
   built by appends (or a workspace) in one nest whose outer loop runs
   over the rows of a dense first level or the entries of a compressed
   one (DCSR, CSF: each part appends a range of first coordinates, in
   order, under the one root).  */
static int
output_by_rows (const lir_kernel *k)
{
  const ix_sched *sc = k->sc;
  if (k->out_tensor < 0 || sc->nnests != 1 || k->count_loop < 0
      || sc->nest[0].nloops < 1
      || (sc->nest[0].out_mode != SCH_OUT_APPEND
          && sc->nest[0].out_mode != SCH_OUT_WORKSPACE))
    return 0;
  int out = sc->st.out;
  const sp_format *f = &sc->fmt[out];
  return f->nlevels >= 2
         && (sp_lvl_is_dense (f->lv[0].type)
             || sp_lvl_is_appendable (f->lv[0].type))
         && f->lv[0].kind == SP_LX_VAR
         && sc->lvl_sv[out][0] == sc->nest[0].order[0];
}

/* The row loop of K's top level laid out as a parallel build needs (see
   above), or -1.  */
static int
top_row_loop (const lir_kernel *k)
{
  int loop = -1;
  for (int id = k->body; id >= 0; id = k->stmts[id].next)
    {
      const lir_stmt *x = &k->stmts[id];
      /* The symbolic loop runs over the rows too, each thread's own.  */
      if (id == k->bound_loop
          || (x->kind == LIR_CALL && x->fn == LIR_CALL_OUT_RESERVE))
        {
          if (loop >= 0 || k->bound_loop < 0)
            return -1;
        }
      else if (x->kind == LIR_DECL)
        {
          if (loop >= 0)
            return -1;
        }
      else if (x->kind == LIR_FOR)
        {
          if (loop >= 0 || x->down)
            return -1;
          loop = id;
        }
      else if (x->kind == LIR_CALL)
        {
          if ((loop < 0) != lir_prologue_call (x))
            return -1;
        }
      else
        return -1;
    }
  return loop;
}

/* The row loop of a parallel build of K's sparse output, or -1.  */
static int
build_loop (const lir_kernel *k)
{
  if (!output_by_rows (k))
    return -1;
  int loop = top_row_loop (k);
  if (loop < 0)
    return -1;
  /* Top-level variables the body may write, each thread having its own:
     those that start at a constant (the workspace's count, reset for
     every row).  One that starts at a position (an iterator of a
     compressed level that the row loop advances) would carry state from
     row to row: no parallel build then.  */
  char *top = calloc (k->nvars + 1, 1), *fresh = calloc (k->nvars + 1, 1);
  int bad = !top || !fresh;
  for (int id = k->body; !bad && id != loop; id = k->stmts[id].next)
    {
      const lir_stmt *x = &k->stmts[id];
      if (x->kind == LIR_DECL && x->var >= 0 && x->var < k->nvars)
        {
          top[x->var] = 1;
          fresh[x->var] = x->a >= 0 && k->exprs[x->a].op == LIR_CONST;
        }
    }
  /* The bodies write their own variables, the top-level ones above, the
     output and the workspace.  */
  int bodies[3] = { k->stmts[loop].body,
                    k->bound_loop >= 0 ? k->stmts[k->bound_loop].body : -1,
                    k->stmts[k->count_loop].body };
  row_vars vars = { top, fresh };
  if (!bad)
    bad = lir_visit (k, bodies, 3, row_writes_shared, &vars) != 0;
  free (top);
  free (fresh);
  return bad ? -1 : loop;
}

/* Clear the parallel marks of loops whose bodies write more than sums;
   the number of marks left.  */
static int
check_marks (lir_kernel *k, int threads)
{
  int left = 0, sums[8];
  for (int id = 0; id < k->nstmts; id++)
    {
      lir_stmt *x = &k->stmts[id];
      if (x->kind != LIR_FOR || !x->parallel)
        continue;
      if (threads && lir_reductions (k, x, sums, 8) >= 0)
        left++;
      else
        x->parallel = LIR_PAR_NONE;
    }
  return left;
}

void
lir_plan_threads (lir_kernel *k, int threads)
{
  k->par_build_loop = threads ? build_loop (k) : -1;
  int marks = check_marks (k, threads);
  if (k->par_build_loop >= 0)
    k->parallel[0] = 1;
  else if (!marks)
    for (int n = 0; n < SCH_MAX_NESTS; n++)
      k->parallel[n] = 0;
}
