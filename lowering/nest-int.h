/* nest-int.h -- what the files of nest_lower share (nest.c, the run;
   nest-zeros.c, guards and what values are at the sparse objects'
   zeros); not an interface (nest.h is).  */

#ifndef SPARSE_NEST_INT_H
#define SPARSE_NEST_INT_H

#include "nest.h"

/* Symbols: the values of the symbolic run, with explicit sums.  */

#define NEST_MAX_SYMS 2048

typedef struct sym
{
  ix_op op;       /* as a nest_expr's, or IX_SUM */
  int a, b;
  int obj, nidx;
  int loop[SP_MAX_RANK];
  ix_num num;
  int sumloop;    /* IX_SUM: the loop summed over */
  int carried;    /* IX_ACCESS of an output: the element an earlier
                     iteration of the outer loop wrote (carried_read) */
  int seeded;     /* IX_ADD, IX_SUB: as ix_expr's */
  int apart;      /* IX_SUM, IX_ADD, IX_SUB: as ix_expr's */
  ix_pick pick;   /* the seeded IX_ADD a pick ends with (ng_pick_sym):
                     how object PICK_OBJ took its values, through
                     PICK_SUMS sums */
  int pick_sums;
  int arg;        /* IX_INDEX: the coordinate of loop LOOP[0] where pick
                     symbol ARG - 1 last took a value, NUM where it took
                     none, the value of object PICK_OBJ (an argmax,
                     nest-arg.c); else 0 */
  int pick_obj;
  unsigned loc;
} sym;

typedef enum { ST_OLD, ST_UNDEF, ST_DEF, ST_ACC, ST_STALE, ST_COND } st_kind;

/* A pending sum: the value is -E when NEG.  */
typedef struct term
{
  int e;
  int neg;
} term;

typedef struct state
{
  st_kind kind;
  int val;                        /* DEF: the value; ACC: the base */
  int depth;                      /* DEF, ACC: where VAL was defined */
  term delta[NEST_MAX_LOOPS + 1]; /* ACC: the sum pending at each depth */
  int stale_loop;                 /* STALE: the loop that ended */
  int nmap, map[SP_MAX_RANK];     /* arrays: the subscripts of writes */
  int canon[NEST_MAX_LOOPS];      /* arrays: the map loop another loop of
                                     the same range stands for (the k of
                                     `for k C[i][k] = 0;` and of a later
                                     `for k C[i][k] += ...`), else -1 */
  int first_write;                /* event of the first write */
  int base_guard;                 /* the if statements open where its
                                     value was set (temporaries: or
                                     declared); those opened since guard
                                     what it accumulates */
  int cond_ev;                    /* COND: the if statement */
  unsigned char carried[NEST_MAX_LOOPS]; /* temporaries: read inside the
                                     loop with a value from before it */
} state;

typedef struct engine
{
  const nest *n;
  sym *syms;
  int nsyms;
  state st[NEST_MAX_OBJS];
  int written[NEST_MAX_OBJS];
  const nest_event *assigning;    /* the assignment whose right-hand
                                     side is evaluated, or NULL */
  int nold_reads;                 /* reads of a tagged output's old
                                     element in conditions, to match its
                                     writes (old_reads_written) */
  const nest_expr *old_read[NEST_MAX_GUARDS];
  int stack[NEST_MAX_LOOPS];
  int depth;
  int nguards;                    /* open if statements */
  int gcond[NEST_MAX_GUARDS];     /* the condition of each, as a symbol
                                     (negated in its else) */
  int gev[NEST_MAX_GUARDS];       /* its NEST_EV_IF event */
  int gev_cond[NEST_MAX_GUARDS];  /* ... and its condition's symbol */
  int gelse[NEST_MAX_GUARDS];     /* in its else */
  int gassumed[NEST_MAX_GUARDS];  /* its condition is assumed false at
                                     the zeros (nest_result.assume) */
  int final_read[NEST_MAX_OBJS];   /* an output another statement reads
                                     once complete (final_read): its
                                     statement runs first */
  int reads_final[NEST_MAX_OBJS];  /* an output whose statement reads
                                     another's complete value */
  ix_pick pick[NEST_MAX_OBJS];     /* a scalar output taking a maximum
                                     or minimum (nest-pick.c) ... */
  int pick_depth[NEST_MAX_OBJS];   /* ... inside that many loops */
  int base[NEST_MAX_OBJS];         /* the object each stands for in the
                                     result: itself, or the original of
                                     a twin (nest-split.c) */
  int arg_of[NEST_MAX_OBJS];       /* an object taking the index of a
                                     pick (nest-arg.c): the picking
                                     object + 1, else 0 ... */
  int arg_loop[NEST_MAX_OBJS];     /* ... the loop whose index it takes
                                     ... */
  int arg_seed[NEST_MAX_OBJS];     /* ... and its value before, a
                                     constant's symbol */
  /* Temporaries' terms: their guards assumed false at the zeros too
     (a second run of the nest, made when the first failed and SKIPPED
     says a temporary's guard could have been).  */
  int assume_temps, skipped;
  nest_result *r;
} engine;

/* nest.c.  */
int ng_fail (engine *g, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
int ng_new_sym (engine *g, ix_op op, int a, int b);
int ng_const (engine *g, ix_num num);
const char *ng_objname (const engine *g, int o);
const char *ng_loopname (const engine *g, int l);
char *ng_spell_access (const engine *g, int obj, int nidx, const int *loops,
                       char *buf, size_t len);
int ng_is_temp (const engine *g, int o);
/* The loops open now that are not map loops of OBJ (its filtered
   depth); the open one at filtered depth D (1-based), or -1.  */
int ng_fdepth (const engine *g, int obj);
int ng_loop_at (const engine *g, int obj, int d);
/* The type index notation computes symbol S in.  */
ix_type ng_sym_type (const engine *g, int s);
/* The pairs of named arrays (NAMED) that a statement's output may share
   storage with, into the result's checks (nest-alias.c): 0, or -1 with
   the reason.  */
int ng_check_aliases (engine *g, const int *named);

/* nest-accum.c.  */
/* The type a term of type TT that object O accumulates (or takes the
   way PK picks) is converted to before the loops sum it
   (ix_accum_type), or -1: none.  */
int ng_term_type (const engine *g, int o, ix_pick pk, ix_type tt);
/* Refuse O's sum of terms of type TT (converted by ng_term_type) over
   loop L unless adding them in another order and converting the sum to
   O's type once gives what C's steps give.  0, or -1 with the reason
   and what to write instead.  */
int ng_accum_refused (engine *g, int o, ix_type tt, int l);
/* Refuse O's product of values of type TT unless it may be made in
   ix_accum_type (O's type, TT) and converted once.  0, or -1 with the
   reason and what to write instead.  */
int ng_product_refused (engine *g, int o, ix_type tt);

/* nest-pick.c.  */
/* Whether if statement C and its assignment W are `if (V > M) M = V;`
   or its kin for a scalar M or an element M[i]: the pick into *PICK,
   V's expression into *VALUE (without its conversion to M's type).  */
int ng_pick_of (const nest *n, const nest_event *c, const nest_event *w,
                ix_pick *pick, int *value);
/* Whether nest expression E reads object OBJ.  */
int ng_reads_obj (const nest *n, int e, int obj);

/* nest-arg.c.  */
/* If statement EVI, when it holds a pick: its one assignment `if (V >
   M) M = V;` (ng_pick_of), or that and one more, K = j, taking the
   index of the loop M picks over (an argmax).  Returns how many events
   after EVI it spans (its assignments and its end), with the pick in
   *PICK, V in *VALUE, M's assignment in *W and K's in *IDX (-1: none);
   0 when it is not one, -1 with the reason when it is an argmax the
   sparse loops cannot take (an if statement that sets M so and more).  */
int ng_pick_if (engine *g, int evi, ix_pick *pick, int *value, int *w,
                int *idx);
/* After assignment W's pick has begun (its state ACC), assignment IDX
   (-1: none) takes the index of its loop: 0, or -1 with the reason.  */
int ng_arg_take (engine *g, int w, int idx);
/* The value object O's pick ends with, its loops closed: SEED, the value
   it started from, then the values of sum SUM taken (a seeded IX_ADD,
   marked as the pick's); the objects taking its index then hold theirs.
   -1 on failure.  */
int ng_pick_sym (engine *g, int o, int seed, int sum);
/* What output OBJ's statement takes: VAL, the symbol its value splits
   into assignment and right-hand side, its own pick or one it stores (a
   temporary's: m[i] = best), and an argmax's index (ix_stmt.arg_var).  */
typedef struct ng_root
{
  int val;
  ix_pick pick;
  int sums;
  int arg;        /* nonzero: the output takes the index, from SEED */
  ix_num seed;
} ng_root;
/* OBJ's root into *R: 0, or -1 with the reason (a pick's value or an
   index used other than stored as it is).  */
int ng_pick_root (engine *g, int obj, ng_root *r);
/* The pick and the index of R into statement IX, its right-hand side
   set.  */
void ng_root_set (const ng_root *r, ix_stmt *ix);

/* nest-split.c.  */
nest *ng_split_outputs (const nest *n, int *base, int *unordered,
                        int *down);
/* Refuse output O, added into at two places that ng_split_outputs did
   not split (its *UNORDERED; DOWN its *DOWN): -1 with the reason.  */
int ng_refuse_unordered (engine *g, int o, int down);

/* nest-zeros.c.  */
/* The conjunction of the conditions of the if statements opened since
   object O's value was set (or O declared), or -1 when none is; -2 on
   failure.  */
int ng_guard_of (engine *g, int o);
/* Refuse value T, which assignment EVI (as OP RHS) writes into an output
   (under guard GS when >= 0), when a decision in it is not zero where
   the sparse objects are.  0, or -1 with the reason.  */
int ng_check_zeros (engine *g, int evi, ix_assign op, int rhs, int t,
                    int gs);
/* Term *T that assignment EVI (as OP RHS) accumulates, under guard GS
   (-1: none): guarded, with the conditions that may be true at a zero
   assumed false there when that makes it zero (nest_result.assume), and
   checked (ng_check_zeros) when it reaches an output.  */
int ng_guard_term (engine *g, int evi, ix_assign op, int rhs, int gs,
                   int *t);
/* The branch of if statement K ends: the temporaries set in it keep a
   value that depends on its condition.  */
void ng_leave_branch (engine *g, int k);

#endif /* SPARSE_NEST_INT_H */
