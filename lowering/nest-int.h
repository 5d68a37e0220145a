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
/* Whether events EVI, EVI + 1 and EVI + 2 are `if (V > M) M = V;` or
   its kin for a scalar M or an element M[i]: the pick into *PICK, V's
   expression into *VALUE (without its conversion to M's type).  */
int ng_pick_match (const engine *g, int evi, ix_pick *pick, int *value);

/* nest-split.c.  */
nest *ng_split_outputs (const nest *n, int *base, int *unordered,
                        int *down);

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
