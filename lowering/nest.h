/* nest.h -- dense loop nests as index notation.

   The front end (recognize.cc) describes a canonical loop nest over arrays
   in the abstract terms below -- its loops, the C objects it names, and its
   statements in program order with their subscripts given as loop ids --
   and nest_lower decides whether the nest means one or more index notation
   statements (ix.h) and builds them, or says precisely why not.  Nothing
   here knows GCC.

   The model.  A nest is a sequence of events: a loop begins, a loop ends,
   a scalar is declared, an assignment `obj[l1]...[lk] op= expr` (op is
   =, += or -=; k is 0 for a scalar) runs, or an if statement begins,
   reaches its else or ends.  Expressions are reads of objects with loop
   subscripts, numeric constants, loop variables' values, and index
   notation's operators (unary minus, + - * / %, casts, absolute values,
   comparisons, && || !, and `c ? v : 0`).  Loop l runs its variable over
   [0, bound) and its body once per value, in increasing order or, for a
   loop marked down, decreasing.

   An if statement guards what it contains: an accumulation `x += v`
   inside it adds `c ? v : 0`, where C is the conjunction of the
   conditions around it (negated in an else), evaluated when the if
   statement begins.  A plain assignment inside one is refused (it would
   keep the old value where the condition is false), except to a scalar
   declared inside it.  What reaches an output must then be zero where
   the sparse operands are (their unstored entries, which sparse loops
   skip): a guard false at a zero, or a value that is zero there; a value
   with a condition that is not is refused, saying what the loop would
   do at those zeros.

   What nest_lower proves before it builds anything:
   - every object written is either an output (an array, or a scalar whose
     value matters after the nest) or a temporary (a scalar declared in
     the nest, or not used outside it), and an output is read only by its
     own accumulation (`y[i] += ...`, `y[i] = y[i] + ...`);
   - what an output accumulates is in its type: a narrower term is
     converted first, as C converts it (a long sum of int products, a
     double sum of float values); integer terms that C adds in a wider
     or unsigned type and converts back at each step are summed in the
     unsigned type of that width, converted once (an int count of
     unsigned terms: ix_accum_type, nest-accum.c); a value stored in a
     scalar of another type is converted as the store converts it;
   - every write of an output uses the same subscripts, and the value each
     output element ends with is an expression of the loop-invariant
     inputs: loops the output is subscripted by run each element once,
     the others are sums (`+=` inside them) or the write is refused
     (a plain `=` inside them keeps only the last iteration);
   - temporaries are read only where their value is one expression: not
     inside a loop where they accumulate, not after the loop that last set
     them, not before they are set;
   - each loop's bound is the extent of every tagged dimension it indexes,
     and of the dimension the statement would take its extent from; a
     bound the front end evaluates before the loops (nest_loop.bound_rt)
     may instead be compared with those extents there
     (nest_result.bound_check), else the loops run;
   - outputs cannot share storage with anything else the nest names, or the
     overlap of two pointers, or two tagged arrays being one tensor, is
     left to a run-time check (nest_result.check).
   Each output then becomes one statement; together they compute what the
   loops compute, in any order, since none reads another's output.  */

#ifndef SPARSE_NEST_H
#define SPARSE_NEST_H

#include "ix.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NEST_MAX_OBJS 32
#define NEST_MAX_LOOPS 16
#define NEST_MAX_EVENTS 256
#define NEST_MAX_EXPRS 512
#define NEST_MAX_KERNELS 8
#define NEST_MAX_CHECKS 16
#define NEST_MAX_BOUND_CHECKS 32
#define NEST_TEXT_MAX 48
#define NEST_MAX_GUARDS 16

/* What else an object's storage may be.  */
typedef enum
{
  NEST_ROLE_DISTINCT,      /* nothing else in the function reaches it: an
                              automatic array, a restrict parameter, a
                              scalar whose address is not taken */
  NEST_ROLE_POINTER,       /* dense memory behind a pointer parameter the
                              function does not modify: may overlap any
                              POINTER, POINTER_ANY or MEMORY object;
                              checkable at run time */
  NEST_ROLE_POINTER_ANY,   /* behind any other pointer variable: may also
                              overlap MEMORY_LOCAL objects */
  NEST_ROLE_MEMORY,        /* dense memory of static storage a pointer may
                              hold: file-scope and static arrays and
                              scalars */
  NEST_ROLE_MEMORY_LOCAL,  /* automatic arrays and scalars whose address
                              is taken: only local pointers reach them */
  NEST_ROLE_TAGGED_PARAM,  /* a tagged parameter: may be the same tensor as
                              another tagged parameter or tagged static of
                              the same format, element type and rank */
  NEST_ROLE_TAGGED_STATIC  /* a tagged array of static storage */
} nest_role;

typedef struct nest_obj
{
  ix_operand opd;        /* name, kind, rank, extents, type, tagged, fmt
                            and the front end's USER pointer, copied into
                            every statement that names the object */
  /* Per dimension, a key standing for the extent's value: equal keys are
     equal values, -1 is unknown.  TEXT spells it for messages ("n").  */
  int extent_key[SP_MAX_RANK];
  char extent_text[SP_MAX_RANK][NEST_TEXT_MAX];
  nest_role role;
  int live_out;          /* a scalar whose value matters after the nest;
                            zero for temporaries */
} nest_obj;

typedef struct nest_loop
{
  char name[IX_NAME_MAX];        /* its variable */
  int bound_key;                 /* as extent_key */
  char bound_text[NEST_TEXT_MAX];
  int bound_rt;                  /* nonzero: the front end can compare the
                                    bound with an extent before the loops
                                    (an expression that the loops cannot
                                    change), where the keys do not show
                                    them equal */
  int ranged;                    /* nonzero: its bound reads an enclosing
                                    loop's variable; it runs over the
                                    extent of what it indexes, kept to its
                                    range by a guard the front end adds
                                    (an if statement around its body) */
  int down;                      /* nonzero: it runs its variable from
                                    the end of its range to its start
                                    (for (i = n - 1; i >= 0; i--)) */
  unsigned loc;
} nest_loop;

/* An expression: its operators are index notation's, which it becomes
   unchanged.  */
typedef struct nest_expr
{
  ix_op op;        /* IX_ACCESS: OBJ subscripted by LOOP[0..NIDX);
                      IX_CONST: NUM; IX_INDEX: the value of loop LOOP[0],
                      of type NUM.type; IX_CAST: A converted to NUM.type;
                      IX_CALL, IX_CALLZ: the call NUM (mathfn.h) of A;
                      any other operator: of A (and B).  Never IX_SUM: a
                      nest sums by its loops */
  int a, b;
  int obj, nidx;
  int loop[SP_MAX_RANK];
  ix_num num;
  unsigned loc;
} nest_expr;

typedef enum
{
  NEST_EV_BEGIN,   /* loop LOOP starts */
  NEST_EV_END,     /* loop LOOP ends */
  NEST_EV_DECL,    /* scalar OBJ is declared: no value yet */
  NEST_EV_ASSIGN,  /* OBJ[IDX...] OP RHS */
  NEST_EV_IF,      /* an if statement with condition RHS begins; LOOP
                      >= 0: the range of that loop (nest_range) */
  NEST_EV_ELSE,    /* ... its else branch begins */
  NEST_EV_ENDIF    /* ... it ends */
} nest_ev_kind;

typedef struct nest_event
{
  nest_ev_kind kind;
  int loop;
  int obj, nidx;
  int idx[SP_MAX_RANK];
  ix_assign op;
  int rhs;
  ix_pick pick;    /* ASSIGN from nest_pick: OBJ = fmax (OBJ, RHS) ... */
  unsigned loc;
} nest_event;

typedef struct nest
{
  int nobjs, nloops, nexprs, nevents;
  nest_obj obj[NEST_MAX_OBJS];
  nest_loop loop[NEST_MAX_LOOPS];
  nest_expr expr[NEST_MAX_EXPRS];
  nest_event ev[NEST_MAX_EVENTS];
  int full;          /* a table overflowed: nest_lower refuses */
} nest;

/* Building.  Each returns the new id, or -1 when a table is full (the
   nest is then marked full and refused).  Children before parents.  */
nest *nest_new (void);
void nest_free (nest *n);
int nest_add_obj (nest *n, const nest_obj *o);
int nest_add_loop (nest *n, const char *name, int bound_key,
                   const char *bound_text, unsigned loc);
int nest_begin (nest *n, int loop);
int nest_end (nest *n, int loop);
int nest_decl (nest *n, int obj, unsigned loc);
int nest_assign (nest *n, int obj, int nidx, const int *loops, ix_assign op,
                 int rhs, unsigned loc);
/* OBJ[LOOPS...] = fmax (OBJ[LOOPS...], VALUE) (PICK IX_PICK_FMAX), or
   fmin; NIDX 0 for a scalar.  */
int nest_pick (nest *n, int obj, int nidx, const int *loops, ix_pick pick,
               int value, unsigned loc);
/* RHS, assigned to integer output OBJ at LOOPS (NIDX of them), as the
   accumulation step X = X +- t when it is one written in another order
   (nest-steps.c); RHS itself when it is not one, -1 when the nest is
   full.  nest_assign asks it.  */
int nest_integer_step (nest *n, int obj, int nidx, const int *loops,
                       int rhs);
int nest_read (nest *n, int obj, int nidx, const int *loops, unsigned loc);
int nest_const (nest *n, ix_num num, unsigned loc);
int nest_op2 (nest *n, ix_op op, int a, int b, unsigned loc);
int nest_cast (nest *n, int a, ix_type t, unsigned loc);
/* The call FN (mathfn.h) of A, already of FN's type.  */
int nest_call (nest *n, ix_num fn, int a, unsigned loc);
/* The type C computes expression E in.  */
ix_type nest_expr_type (const nest *n, int e);
int nest_index (nest *n, int loop, ix_type t, unsigned loc);
/* An if statement: nest_if with its condition, its branch's events,
   optionally nest_else and the other branch's, then nest_endif.  */
int nest_if (nest *n, int cond, unsigned loc);
int nest_else (nest *n, unsigned loc);
/* The guard keeping loop LOOP (nest_loop.ranged, or a start past 0) to
   its range: an if statement with condition COND around its body, which
   messages speak of as the loop's range.  */
int nest_range (nest *n, int loop, int cond, unsigned loc);
int nest_endif (nest *n, unsigned loc);

/* Two objects whose storage must not overlap (two tagged arrays: which
   must not be one tensor), for the front end to check at run time before
   it runs the statements (else the loops run).  */
typedef struct nest_check
{
  int a, b;
} nest_check;

/* Bound of loop LOOP, to equal extent DIM of OBJ before the statements
   run (else the loops run).  */
typedef struct nest_bound_check
{
  int loop, obj, dim;
} nest_bound_check;
/* What the kernels assume of loop-invariant scalars, for the front end
   to check at run time before it runs them (else the loops): the
   condition EXPR of an if statement (its negation when NEG: the else
   branch) is false where the objects in ZERO (a bit per object) are
   zero, so that the guard skips their unstored entries (`if (A[i][j] >
   tol)` assumes !(0 > tol)).  TEXT spells the condition for the
   report.  */
typedef struct nest_assume
{
  int expr, neg;
  uint32_t zero;
  char text[96];
} nest_assume;

typedef struct nest_result
{
  int nkernels;
  ix_stmt *kernel[NEST_MAX_KERNELS];  /* finished statements, program
                                         order of their outputs' first
                                         writes; owned by the result */
  int kernel_obj[NEST_MAX_KERNELS];   /* the output object of each */
  int nchecks;
  nest_check check[NEST_MAX_CHECKS];
  int nbound_checks;
  nest_bound_check bound_check[NEST_MAX_BOUND_CHECKS];
  int nassumes;
  nest_assume assume[NEST_MAX_GUARDS];
  char reason[256];                   /* why not, when nest_lower fails */
  int short_loop;                     /* ... the loop whose bound is not
                                         its extent's, else -1 */
} nest_result;

/* Decide and build.  0 with R filled (R->nkernels may be 0 when the nest
   computes nothing that outlives it), or -1 with R->reason.  */
int nest_lower (const nest *n, nest_result *r);
void nest_result_free (nest_result *r);

/* The loops that index dimension 0 of OBJ anywhere in the nest, into
   LOOPS (at most MAX); returns how many.  */
int nest_dim0_loops (const nest *n, int obj, int *loops, int max);

/* The report of kernel K: "y(i) = sum(j, A(i,j) * x(j)); A: CSR".  */
char *nest_report (const ix_stmt *k, char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_NEST_H */
