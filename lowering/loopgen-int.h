/* loopgen-int.h -- what the loop IR builder's files share; not an
   interface (loops.h is).  */

#ifndef SPARSE_LOOPGEN_INT_H
#define SPARSE_LOOPGEN_INT_H

#include <stdint.h>
#include "lattice.h"
#include "loops.h"

/* What is known at a point of the generated code.  */
typedef struct state
{
  uint32_t absent;                  /* accesses known to be zero here */
  uint32_t zeroed;                  /* accesses read as the zero of their
                                       type, every operation on them
                                       computed as C computes it (the
                                       value a pick takes where they are
                                       not stored), no value folded */
  int sv_val[SCH_MAX_VARS];         /* variable holding each bound loop
                                       variable's coordinate, or -1 */
  int ix_val[IX_MAX_VARS];          /* ... each known index variable's */
  int pos[IX_MAX_ACCESSES][SP_MAX_LEVELS];  /* position of each level */
  int seg[IX_MAX_ACCESSES][SP_MAX_LEVELS];  /* CN: end of its segment */
  int hoist[IX_MAX_EXPRS];          /* variable holding a hoisted value */
  int app[SP_MAX_LEVELS];           /* output: the position appended for
                                       the current coordinate, or -1 */
} state;

/* A statement block under construction.  */
typedef struct block
{
  int first, last;
} block;

typedef struct gen
{
  lir_kernel *k;
  const ix_sched *sc;
  const ix_stmt *s;
  const sch_nest *nest;
  int n;                            /* nest index */
  int tensor_of[IX_MAX_ACCESSES];
  int scope_of[SCH_MAX_VARS];       /* depth -> scope */
  int covered;                      /* the loops so far write every
                                       element of a dense output */
  int acc;                          /* scalar output register */
  int acc_holds_out;                /* ACC starts from the scalar (a
                                       floating-point += or -= kept in
                                       the program's order), which it
                                       replaces at the end */
  int pick_reg;                     /* the register a pick (ix_stmt.pick)
                                       takes its values into: ACC, or
                                       an array element's own
                                       (run_child) */
  int arg_reg;                      /* an argmax's index (ix_stmt.arg_var,
                                       loopgen-arg.c), or -1 */
  int nz;                           /* "a reduction produced a term" */
  int ws, ws_flag, ws_list, nw;     /* workspace arrays and count */
  int bound;                        /* symbolic pass: the variable
                                       adding up the output's entries,
                                       else -1 */
  int counting;                     /* building the counting pass: appends
                                       add to the kernel's count_var */
  int flush_depth;                  /* depth whose body flushes the
                                       workspace; -1: after the nest */
  int treg[SCH_MAX_SCOPES];         /* register of each reduction scope */
  int tsub[SCH_MAX_SCOPES];         /* nonzero: its terms are subtracted
                                       from it (a seeded -=) */
  int fresh[SCH_MAX_SCOPES];        /* its register starts at zero */
  int one_term[SCH_MAX_SCOPES];     /* its one loop visits one entry at
                                       most (a range cut to one
                                       coordinate, lg_loop) */
  int seed_node[SCH_MAX_SCOPES];    /* the seeded IX_ADD / IX_SUB whose
                                       value its register holds, or -1 */
  int seeded;                       /* the output's value seeds its sum's
                                       register, which then replaces it
                                       (loopgen-output.c, seed) */
  block *pre;                       /* the nest's declarations, before
                                       its loops */
  int dist_ctx;                     /* the kernel's sp_kdist context */
  int dist_lo, dist_hi;             /* the rank's block of the outer
                                       loop, or -1: the kernel does not
                                       run by rows (loopgen-dist.c) */
  int dist_sum;                     /* a scalar output's sum completed
                                       over the ranks: 1 all at once, 2
                                       through them in order; else 0 */
  int gap_next;                     /* a pick's loop over stored
                                       entries: the variable holding the
                                       coordinate after the last visited
                                       (pick_gaps), else -1 */
  int red_loop;                     /* the outer loop of a nest summing
                                       into a scalar output, else -1 */
  int diag[IX_MAX_ACCESSES];        /* per tensor, the variable holding
                                       its diagonal's positions (sp_kdiag)
                                       in the nest's declarations, or -1 */
  int merge_a[2], merge_in[2];      /* a merge without branches: its two
                                       accesses and the variables saying
                                       whether each is at the coordinate;
                                       merge_a[0] < 0 outside one */
  ix_diag *d;
  int err;
} gen;

/* loopgen-emit.c: statements, expressions, arrays, extents.  */
void lg_fail (gen *g, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
int lg_emit (gen *g, block *b, int id);
block lg_block (void);
void lg_splice (gen *g, block *b, const block *c);
int lg_decl (gen *g, block *b, lir_type type, const char *name, int init);
int lg_set (gen *g, block *b, lir_kind kind, lir_op op, int var, int array,
            int index, int opd, int value);
int lg_assign (gen *g, block *b, int var, int value);
int lg_compound (gen *g, block *b, lir_kind kind, int a);
int lg_call (gen *g, block *b, lir_call fn, int tensor, int array, int a);
int lg_int (gen *g, int64_t v);
int lg_ref (gen *g, int var);
int lg_bin (gen *g, lir_op op, int a, int b);
int lg_pos_array (gen *g, int a, int l);
int lg_crd_array (gen *g, int a, int l);
lir_type lg_elem_type (const gen *g, int opd);
int lg_opd_extent (gen *g, int opd, int d);
int lg_var_extent (gen *g, int v);
int lg_loop_extent (gen *g, int sv);
int lg_rowmajor (gen *g, const state *st, int a);

/* loopgen-value.c: values of index expressions, hoisting.  */
lir_type lg_ix_type (const gen *g, int e);
int lg_absent (const state *st, int a);
int lg_value (gen *g, int e, const state *st, int k);
/* Refuse a sum the program adds term by term after other terms into a
   value whose register cannot start from them.  */
/* Whether the order in which the terms of E are added changes its value:
   floating-point terms the program does not let reassociate.  */
int lg_order_matters (const gen *g, int e);
void lg_fail_sum_order (gen *g);
int lg_available (const gen *g, int e, const state *st);
int lg_scope_body (const gen *g, int k);
/* Whether scope K takes the values the statement picks (ix_stmt.pick)
   through its sum, or is a scalar pick's scope 0.  */
int lg_pick_scope (const gen *g, int k);
/* loopgen-pick.c: value E of scope K into the pick's register (the
   accesses absent at ST read as zeros).  */
void lg_pick_value (gen *g, int e, const state *st, int k, block *b);
/* The pick of scope K over loop D, whose range holds no stored entry at
   ST (a row DCSR leaves out): the value at a zero over the whole range,
   when it is one value there (it reads the loop's variable through
   absent accesses only), else a failure.  */
void lg_pick_empty (gen *g, int d, int k, const state *st, block *b);
/* Where coordinate variable FROM is below TO, the value of scope K's
   pick at the unstored entries of access A from FROM to TO.  */
void lg_pick_gap (gen *g, int k, const state *st, int a, int from, int to,
                  block *b);
/* Lattice L of a loop of scope K as a pick runs it; 1 when its universe
   point is dropped, the loop to run over one access's stored entries
   and their gaps.  */
int lg_pick_lattice (const gen *g, int k, lattice *l);
/* loopgen-arg.c: an argmax's index (ix_stmt.arg_var) in register
   G->arg_reg.  Its register, declared in B from the index's seed, when
   the statement takes one (beside the pick's register).  */
void lg_arg_open (gen *g, block *b);
/* Into B, where the pick takes a value: the register takes coordinate
   AT (an expression; -1: the current one of the index's loop at ST).  */
void lg_arg_take (gen *g, const state *st, int at, block *b);
/* The coordinate a pick taking its value at a run of unstored entries,
   from variable FROM (-1: 0) to variable END (past it), takes its index
   at: the first (> and < keep the first of equal values), or the last
   (>= and <= take each again); -1 when there is no index.  */
int lg_arg_at (gen *g, int from, int end);
/* The output's value: the index, converted to the output's type.  */
int lg_arg_value (gen *g);
/* The value scope K's pick takes: its body, below the sums it picks
   through that have no scope of their own.  */
int lg_pick_body (const gen *g, int k);
/* The child of scope K (a scope whose parent it is) rooted at E, or with
   E < 0 its first child; -1 when there is none or K is -1.  */
int lg_scope_child (const gen *g, int k, int e);
/* Nonzero when E holds the root of a child of scope K.  */
int lg_holds_child (const gen *g, int k, int e);
void lg_hoist (gen *g, int d, state *st, block *b);

/* loopgen-output.c: scopes' computations, writing the output.  */
void lg_compute_scope (gen *g, int k, state *st, block *b);
void lg_out_room (gen *g, const state *st, block *b, int n);
int lg_rows_dense (const gen *g);
void lg_flush (gen *g, state *st, block *b);
void lg_ws_add (gen *g, const state *st, block *b, int w, int val);
int lg_ws_extent (gen *g);

/* loopgen-gallop.c: intersections that search the longer range.  */
int lg_can_gallop (const gen *g, int a, int l);
/* Whether one of the N ranges [P[i], END[i]) (variables) is so much
   shorter than another that searching beats merging: an expression; the
   shortest range's length into a variable declared in B, *SHORTEST.  */
int lg_skewed (gen *g, block *b, const int *p, const int *end, int n,
               int *shortest);
/* A variable declared in B: the distance between the coordinates of
   range [P, END) that a range of length SHORTEST meets, were they spread
   evenly (the first step of lg_seek).  */
int lg_gap (gen *g, block *b, int p, int end, int shortest);
/* Move position variable P, below END, to the first position of crd
   array CRD whose coordinate is at least variable TARGET's (or to END),
   in steps from variable GAP on, doubling, then by halves; its
   coordinate is known to be below the target.  */
void lg_seek (gen *g, block *b, int p, int end, int crd, int target,
              int gap);

/* loopgen-range.c: the range guards keep a loop variable to.  */
int lg_range (gen *g, int e, int a, int sv, const state *st, block *b,
              int *lo, int *hi);
/* The index variable at whose value alone E's part of access A may be
   nonzero over loop SV's variable (a guard sv == v), or -1.  */
int lg_range_key (gen *g, int e, int a, int sv, const state *st);
/* Whether level L of access A can be searched by coordinate (sorted
   within its segments).  */
int lg_searchable (const gen *g, int a, int l);
/* The first position in [FROM, TO) of level L of access A whose
   coordinate is KEY or more (TO when none is), by binary search, in a
   variable declared in B and named NAME.  */
int lg_lower_bound (gen *g, block *b, const char *name, int a, int l,
                    int from, int to, int key);

/* loopgen-down.c: loops the program runs down (ix_var.down).  */
/* Whether the loop of variable SV must run from the end of its range to
   its start, as the program's does: the order of its iterations changes
   the result.  */
int lg_runs_down (const gen *g, int sv);
/* LIR_FOR S, the loop at depth D, marked to run down when it must.  */
void lg_mark_down (gen *g, int d, int s);
/* Refuse loop variable SV, which must run down, whose sparse loop FORM
   ("merges the entries of A and B").  */
void lg_fail_down (gen *g, int sv, const char *form);
/* Refuse the nest when a variable that must run down comes out of a
   loop over an access's blocks, diagonals or slots.  */
void lg_check_down (gen *g);

/* loopgen-diag.c: a diagonal's positions kept with its matrix.  */
/* Where the positions of level L of access A that a search would find
   for E's range over loop SV go (lg_diag_open): the variables the range
   [FROM, TO) ends up in, and the statement choosing how.  */
typedef struct lg_diag
{
  int from, to;
  int key;        /* the variable holding the coordinate searched for */
  int choice;     /* the LIR_IF on the kept positions, -1: no diagonal */
  block kept, search;
} lg_diag;
/* When the range of level L of access A is one coordinate, that of the
   level above it (a diagonal: A(i,j) under j == i), the range read from
   the positions the runtime keeps (sp_kdiag), beside a block where the
   search goes for when it keeps none: that block, to emit the search
   in; else B.  */
block *lg_diag_open (gen *g, int e, int a, int l, int sv, const state *st,
                     block *b, lg_diag *dg);
/* After the search in the block lg_diag_open returned: its range,
   [*FROM, *TO) (variables), is the kept one's.  Returns the variable
   holding the coordinate of every position of that range, or -1.  */
int lg_diag_close (gen *g, lg_diag *dg, int *from, int *to);

/* loopgen-dist.c: tensors distributed over MPI ranks.  */
/* The kernel's first statements into B: sp_kdist_open, and the rank's
   block when the kernel can run by rows.  */
void lg_dist_open (gen *g, block *b);
/* Depth D's range [*LO, *HI) (variables, -1 for none) narrowed to the
   rank's block, declared in B; nonzero when D is the cut loop.  */
int lg_dist_cut (gen *g, int d, block *b, int *lo, int *hi);
/* The dense for LOOP at depth D kept to the rank's block.  */
void lg_dist_bounds (gen *g, int d, lir_stmt *loop);
/* Around the loops at depth D summing into register REG: the sum of the
   ranks before, and the total after, when the order is kept.  */
void lg_dist_chain_in (gen *g, int d, int reg, block *b);
void lg_dist_chain_out (gen *g, int d, int reg, block *b);
/* A scalar output's value VAL summed over the ranks, when it is not
   chained.  */
int lg_dist_sum (gen *g, int val);
/* The kernel's last statements into B: the output completed or marked,
   the context closed.  */
void lg_dist_close (gen *g, block *b);

/* loopgen.c: loops.  */
void lg_loop (gen *g, int d, state *st, block *b);

#endif /* SPARSE_LOOPGEN_INT_H */
