/* ix.h -- tensor index notation, the IR both front ends produce.

   An einsum pragma (einsum.h) and a recognised dense loop nest both become
   one ix_stmt: an output access, an assignment kind and a right-hand side
   expression.  Everything is an id into a flat array of the statement:

     opd[]   the C objects named (arrays, tagged arrays, scalars, pointers)
     acc[]   each occurrence of an operand with its index variables;
             acc[0] is always the output
     var[]   the index variables (i, j, k ...)
     expr[]  the right-hand side tree; reductions are explicit IX_SUM nodes

   Nothing here knows GCC.  The front end's own objects travel as the
   opaque `user` pointer of each operand and are never touched.

   Building a statement: ix_new, then ix_add_operand / ix_add_access /
   ix_add_* for expressions (children before parents), ix_set_output, and
   finally ix_finish, which checks everything, places the implicit
   reductions and resolves the extents.  The einsum parser does exactly
   this; a loop-nest recogniser may do the same and supply explicit
   IX_SUM nodes for the reductions it saw.  */

#ifndef SPARSE_IX_H
#define SPARSE_IX_H

#include <stdint.h>
#include <stdio.h>
#include "ix-types.h"
#include "sparse_abi.h"  /* sp_format, SP_MAX_RANK */

#ifdef __cplusplus
extern "C" {
#endif

#define IX_NAME_MAX 64       /* bytes of a name, with its NUL */
#define IX_MAX_OPERANDS 16
#define IX_MAX_ACCESSES 16   /* including the output */
#define IX_MAX_VARS 16
#define IX_MAX_EXPRS 128

/* A located message.  TOK is the index of the offending token of the
   pragma (-1 when the statement did not come from tokens or no token is
   to blame); LOC is that token's opaque front-end location (or the
   location given to the builder call), to be handed back to the front
   end's diagnostic machinery.  */
typedef struct ix_diag
{
  int tok;
  unsigned loc;
  char msg[256];
  int split;    /* nonzero: a refusal that computing parts of the
                   statement in kernels of their own may avoid (sums that
                   cannot share one loop nest, an output produced out of
                   its storage order, operands no one conversion fits):
                   split.h tries it */
} ix_diag;

/* -------------------------------------------------------------------- */
/* Operands.  */

typedef enum
{
  IX_OPD_ARRAY,    /* a C array, fixed size or VLA, row-major; or, when
                      TAGGED, a handle to a runtime tensor (sp_tensor *) */
  IX_OPD_SCALAR,   /* a scalar variable; rank 0, never indexed */
  IX_OPD_POINTER,  /* a pointer to the element type used as a dense
                      row-major array; its extents come from the tagged
                      or array operands that share its index variables */
  IX_OPD_OTHER     /* anything else with that name (a function, a struct):
                      the parser reports it as not usable */
} ix_operand_kind;

typedef struct ix_operand
{
  ix_operand_kind kind;
  char name[IX_NAME_MAX];       /* the C name (filled in by the builder) */
  int rank;                     /* dimensions; 0 for a scalar.  A POINTER
                                   may say 0: its first access decides */
  int64_t extent[SP_MAX_RANK];  /* per dimension: the constant extent, or
                                   -1 when only known at run time.
                                   ix_finish fills a POINTER's from the
                                   index variables */
  ix_type type;                 /* element type */
  int tagged;                   /* nonzero: a tagged array, stored as FMT */
  sp_format fmt;                /* the storage format, when TAGGED */
  void *user;                   /* the front end's handle for this operand
                                   (its decl, its extent expressions);
                                   copied, never read by the core */
  int temp;                     /* nonzero: a temporary of a split
                                   statement (split.h), TAGGED, which the
                                   generated code allocates and frees */
} ix_operand;

/* -------------------------------------------------------------------- */
/* Accesses: one occurrence of an operand, A(i,j).  */

typedef struct ix_access
{
  int opd;                  /* operand id */
  int nidx;                 /* number of indices (= the operand's rank) */
  int var[SP_MAX_RANK];     /* index variable id per dimension */
  int tok;                  /* token of the operand's name, or -1 */
  unsigned loc;
} ix_access;

/* -------------------------------------------------------------------- */
/* Index variables.  */

typedef struct ix_var
{
  char name[IX_NAME_MAX];
  int64_t extent;   /* the constant extent, or -1: known at run time */
  int src_opd;      /* where the extent is read at run time: dimension
                       SRC_DIM of operand SRC_OPD, always a tagged array
                       (its handle's dims) or an ARRAY (its type's bound,
                       possibly a VLA bound), never a POINTER.  Tagged
                       operands are preferred.  -1 when EXTENT is constant
                       and no operand gives it */
  int src_dim;
  int in_output;    /* nonzero: indexes the output (a free variable);
                       zero: a reduction variable, summed by an IX_SUM */
  int down;         /* the program's loop runs it from the end of its
                       range to its start (nest_loop.down): where the
                       order of its iterations changes the result, the
                       generated loop does too (loopgen-down.c) */
  int tok;          /* its first occurrence */
  unsigned loc;
} ix_var;

/* -------------------------------------------------------------------- */
/* Expressions.  The one operator table below describes every operator;
   code that needs per-operator behaviour looks it up there.  */

typedef enum
{
  IX_ACCESS,  /* a tensor or scalar access: ACCESS */
  IX_CONST,   /* a numeric constant: NUM, typed so that C's arithmetic
                 conversions apply */
  IX_NEG,     /* -A */
  IX_ADD,     /* A + B */
  IX_SUB,     /* A - B */
  IX_MUL,     /* A * B */
  IX_DIV,     /* A / B, B free of sparse operands and of sums */
  IX_SUM,     /* the sum of A over index variable VAR */
  IX_INDEX,   /* the value of index variable VAR, of type NUM.type (the
                 C type of the loop variable it was read from: int or
                 long) */
  IX_CAST,    /* A converted to type NUM.type, as a C cast converts */
  IX_ABS,     /* |A|, as fabs, fabsf, abs and labs compute it */
  IX_NOT,     /* !A: the int 1 where A is zero, else 0 */
  IX_MOD,     /* A % B, integers; B as a divisor of IX_DIV */
  IX_EQ,      /* A == B, and the other comparisons below: the int 1 or 0,
                 both operands converted as C's usual conversions do */
  IX_NE,
  IX_LT,
  IX_LE,
  IX_GT,
  IX_GE,
  IX_AND,     /* A && B: the int 1 or 0; B evaluated only where A is
                 nonzero */
  IX_OR,      /* A || B: likewise, B only where A is zero */
  IX_WHERE,   /* A ? B : 0, of B's type (after the usual conversions with
                 int); B evaluated only where A is nonzero: the guard of
                 an if statement around an accumulation */
  IX_CALL,    /* the C library's function NUM.I of A (mathfn.h), of type
                 NUM.type: one not zero at zero (exp, cos, log ...) */
  IX_CALLZ,   /* ... one that is +0 at +0 (sqrt, sin, floor ...) */
  IX_NOPS
} ix_op;

/* How an operator combines the merge lattices of its operands.  */
typedef enum
{
  IX_MERGE_LEAF,  /* a leaf: one point */
  IX_MERGE_KEEP,  /* unary: the operand's lattice, expressions rewrapped */
  IX_MERGE_CONJ,  /* conjunction: nonzero only where both are (*, /) */
  IX_MERGE_DISJ,  /* disjunction: nonzero where either is (+, -, !=, <) */
  IX_MERGE_FULL   /* nonzero where both operands are zero too (==, <=,
                     !): the disjunction and the universe */
} ix_merge;

typedef struct ix_op_info
{
  const char *name;   /* for dumps: "add" */
  const char *spell;  /* C spelling of the operator, "+" ("" for leaves) */
  int arity;          /* 0, 1 or 2 */
  int prec;           /* printing precedence, higher binds tighter */
  ix_merge merge;
  int linear;         /* sums distribute over it (-, *, /, sum): a sum
                         below it may share its loops */
} ix_op_info;

extern const ix_op_info ix_ops[IX_NOPS];


/* A constant as C types it: an integer constant is an int, or a long
   when an int cannot hold it (as a decimal constant is typed), or from a
   loop nest an unsigned int or unsigned long; a floating one is a
   double, or a float from a loop nest.  The value is kept in its type,
   so that no integer passes through a double.  */
typedef struct ix_num
{
  ix_type type;
  int64_t i;      /* the value of an integer type (an unsigned one's bits) */
  double f;       /* the value of a floating type (a float's, if IX_F32) */
} ix_num;

/* An integer constant of value V (int or long by its value), a floating
   one of type T.  */
ix_num ix_num_int (int64_t v);
ix_num ix_num_real (double v, ix_type t);
/* Nonzero when N is zero.  */
int ix_num_is_zero (ix_num n);
/* Nonzero when N converted to type T and back is N: storing it in an
   object of type T changes nothing.  */
int ix_num_fits (ix_num n, ix_type t);
/* N as a C constant of its type ("3", "9007199254740993L", "0.5f").  */
void ix_num_print (ix_num n, char *buf, size_t len);

typedef struct ix_expr
{
  ix_op op;
  int a, b;        /* operand expression ids, -1 when absent */
  int access;      /* IX_ACCESS: the access id, else -1 */
  int var;         /* IX_SUM, IX_INDEX: the index variable, else -1 */
  ix_num num;      /* IX_CONST; IX_CAST, IX_INDEX: only NUM.type;
                      IX_CALL, IX_CALLZ: the function (mathfn.h) */
  int tok;         /* token of the operator or leaf, or -1 */
  unsigned loc;
  int seeded;      /* IX_ADD, IX_SUB: the program adds (subtracts) B
                      into A's value as it accumulates (s = a; for ...
                      s -= ...; y[i] += a; y[i] += b): A first, then B's
                      terms one by one, B's own seeded steps in order and
                      its sums (not apart) term by term, not A and B
                      computed apart and then combined */
  int apart;       /* IX_SUM, or a seeded IX_ADD / IX_SUB: a value the
                      program accumulated in a temporary of its own (t =
                      0; for ... t += ...; y[i] += t): computed so, then
                      used whole, not continued by what it is added to */
} ix_expr;

/* -------------------------------------------------------------------- */
/* The statement.  */

typedef enum
{
  IX_SET,      /* =   the output is overwritten entirely */
  IX_ADD_SET,  /* +=  accumulated into */
  IX_SUB_SET   /* -=  */
} ix_assign;

/* How a statement's output takes a maximum, a minimum or a product of
   values one by one (ix_stmt.pick): the dense update `if (v > m) m =
   v;` and its kin, or `p *= v`.  */
typedef enum
{
  IX_PICK_NONE,  /* the output is set or accumulated */
  IX_PICK_GT,    /* if (v > m) m = v: the first of equal maxima; m kept
                    where v is a NaN */
  IX_PICK_GE,    /* if (v >= m) m = v: the last of equal maxima */
  IX_PICK_LT,    /* if (v < m) m = v */
  IX_PICK_LE,    /* if (v <= m) m = v */
  IX_PICK_FMAX,  /* m = fmax (m, v) as the C library defines it (glibc's
                    s_fmax): m where m >= v, v where m < v, unordered
                    the one that is not a NaN, m if both are */
  IX_PICK_FMIN,  /* m = fmin (m, v) likewise */
  IX_PICK_MUL    /* m *= v, in the loops' order: at each run of K
                    unstored entries, K times the value at a zero
                    (loopgen.c, pick_gap) */
} ix_pick;

typedef struct ix_stmt
{
  ix_assign assign;
  int out;       /* access id of the output (0), -1 until set */
  int rhs;       /* expression id of the right-hand side, -1 until set */
  int nopds, naccs, nvars, nexprs;
  ix_operand opd[IX_MAX_OPERANDS];
  ix_access acc[IX_MAX_ACCESSES];
  ix_var var[IX_MAX_VARS];
  ix_expr expr[IX_MAX_EXPRS];
  int tok;       /* the statement's first token, or -1 */
  unsigned loc;
  int from_loops; /* read from a loop nest, not a pragma: messages speak
                     of the loops the user wrote */
  int inplace;   /* the access of the right-hand side reading the output
                    at the element it writes, whose stored values the
                    statement updates in place (ix_finish), or -1 */
  int own_read;  /* the access of the right-hand side reading a dense
                    output (a plain array, or tagged and stored densely)
                    at the element it writes, which the statement sets
                    (=) without updating stored entries in place
                    (y(i) = alpha * sum(j, A(i,j) * x(j)) + beta * y(i)):
                    each element read, then written once, never cleared
                    first (ix_finish; the schedule and the loops keep to
                    it), or -1 */
  int carried;   /* a dense vector output read at a summed index too: the
                    elements earlier iterations of the outer loop wrote
                    (Gauss-Seidel's x), so that the loop over the output's
                    index runs outermost, in order, on one thread, each
                    element written after its sums */
  ix_pick pick;  /* not NONE: the output, with assign IX_ADD_SET,
                    takes the values of the PICK_SUMS sums at the root
                    of the right-hand side (the root, its body, ...)
                    one by one, in the loops' order, keeping each the
                    comparison PICK chooses, instead of adding them:
                    m = max(m, max(i, v(i))); or, with assign IX_SET
                    and a seeded IX_ADD at the root, an array's element
                    starts from the ADD's first operand and takes the
                    values of the sums at its second: m(i) = max(0,
                    max(j, v(i,j))) */
  int pick_sums;
  int arg_var;   /* with a pick of one sum (IX_PICK_GT, GE, LT or LE, the
                    seeded IX_ADD at the root), an index variable, the
                    sum's: the output takes not the value picked but the
                    coordinate of that variable where the pick last took
                    one, ARG_SEED where it took none (an argmax, `if (v >
                    m) { m = v; k = j; }`); the pick's value lives in a
                    register of its own, from the ADD's first operand
                    (nest-arg.c, loopgen-arg.c).  -1: the output takes
                    the value */
  ix_num arg_seed;
} ix_stmt;

/* Builder.  Each call returns the new id, or -1 with D filled.  */
ix_stmt *ix_new (void);
void ix_free (ix_stmt *s);

/* Add operand O (its name included) unless one of that name exists;
   returns the id either way.  */
int ix_add_operand (ix_stmt *s, const ix_operand *o, ix_diag *d);
int ix_find_operand (const ix_stmt *s, const char *name);
/* The id of index variable NAME, added on first use.  */
int ix_add_var (ix_stmt *s, const char *name, int tok, unsigned loc,
                ix_diag *d);
int ix_add_access (ix_stmt *s, int opd, int nidx, const int *vars, int tok,
                   unsigned loc, ix_diag *d);
/* An access read on the right-hand side: the one of OPD with the same
   indices already read (access 0, the output, excepted), else a new
   one, so that A(i,j) * A(i,j) iterates A once.  */
int ix_add_read (ix_stmt *s, int opd, int nidx, const int *vars, int tok,
                 unsigned loc, ix_diag *d);
/* The expression reading OPD at VARS: its leaf (ix_add_read), or, where
   an index repeats (a diagonal, A(i,i)), the sum over a variable of its
   own kept equal to it: sum(i_2, i_2 == i ? A(i,i_2) : 0), whose loop
   the guard narrows to the one coordinate (a locate).  */
int ix_add_read_leaf (ix_stmt *s, int opd, int nidx, const int *vars,
                      int tok, unsigned loc, ix_diag *d);
/* Expressions; children must already exist.  */
int ix_add_leaf (ix_stmt *s, int access, ix_diag *d);
int ix_add_const (ix_stmt *s, ix_num num, int tok, unsigned loc, ix_diag *d);
int ix_add_op (ix_stmt *s, ix_op op, int a, int b, int tok, unsigned loc,
               ix_diag *d);
int ix_add_sum (ix_stmt *s, int var, int a, ix_diag *d);
/* A converted to type T (IX_CAST); the value of index variable VAR, of
   type T (IX_INDEX).  */
int ix_add_cast (ix_stmt *s, ix_type t, int a, ix_diag *d);
int ix_add_index (ix_stmt *s, int var, ix_type t, unsigned loc, ix_diag *d);
/* The call FN (mathfn.h) of A, already of FN's type.  */
int ix_add_call (ix_stmt *s, ix_num fn, int a, ix_diag *d);
/* Make access OUT the output and RHS the right-hand side.  */
void ix_set_output (ix_stmt *s, int out, ix_assign assign, int rhs);

/* Check the statement and complete it: ranks, repeated indices, scalars,
   divisors free of sparse operands and sums (division by a value that
   unstored zeros would make zero is division by zero, not a zero), the
   output not read on the right,
   agreeing extents; wraps every index variable that is not in the output
   and not already summed in an IX_SUM over the smallest subexpression
   containing all its uses; fills in_output, extents and extent sources
   (POINTER operands' extents included).  0, or -1 with D filled.  */
int ix_finish (ix_stmt *s, ix_diag *d);

/* Fill D (when not NULL) with a formatted message at TOK/LOC; returns -1,
   so callers can `return ix_fail (...)`.  */
int ix_fail (ix_diag *d, int tok, unsigned loc, const char *fmt, ...)
  __attribute__ ((format (printf, 4, 5)));
/* Append to BUF (LEN bytes, holding a string) like printf; what does not
   fit is dropped.  */
void ix_cat (char *buf, size_t len, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));

/* Queries.  */
/* Nonzero when access A, read in format F, is stored sparsely: its
   operand is a tagged array and F has a level that is not dense.  F is
   the operand's own format, or the one a schedule reads the access in
   (ix_sched.fmt[A]).  */
int ix_access_sparse (const ix_stmt *s, int a, const sp_format *f);
/* Nonzero when E is a locate: the sum of one access over a variable a
   guard keeps equal to another (ix_add_read_leaf's diagonal), whose
   value is the one element, zero when it is not stored.  */
int ix_is_locate (const ix_stmt *s, int e);
/* Whether expression E of S is zero wherever access A reads zero, by
   the merge rules the lattices follow: A itself, an operand of a
   conjunction, every operand of a disjunction.  */
int ix_zero_with (const ix_stmt *s, int e, int a);
/* Nonzero when E is or holds expression T.  */
int ix_expr_contains (const ix_stmt *s, int e, int t);
/* Nonzero when E calls a library function (IX_CALL, IX_CALLZ).  */
int ix_expr_calls (const ix_stmt *s, int e);
/* Nonzero when E is one of the sums a statement's PICK takes its values
   through (ix_stmt.pick).  */
int ix_is_pick_sum (const ix_stmt *s, int e);
/* "maximum", "minimum" or "product": what pick PK takes.  */
const char *ix_pick_what (ix_pick pk);
/* ... what statement S's pick takes: that, or with an argmax's index
   (ix_stmt.arg_var) "maximum's index" or "minimum's index".  */
const char *ix_stmt_picks (const ix_stmt *s);
/* Nonzero when expression E (or anything below it) uses variable V.  */
int ix_expr_uses (const ix_stmt *s, int e, int v);
/* ... elsewhere than in access A.  */
int ix_expr_uses_apart (const ix_stmt *s, int e, int v, int a);
/* The type C computes expression E in (the usual arithmetic conversions;
   an int for comparisons and logical operators).  */
ix_type ix_expr_type (const ix_stmt *s, int e);
/* The type in which S's output takes its right-hand side's value: the
   type the output's register sums in, converted to the output's once
   (ix_accum_type of the two types: an int count of unsigned terms in
   unsigned int), or the output's own type where none is exact.  */
ix_type ix_sum_type (const ix_stmt *s);
/* The type of OP applied to operands of types A and B (B ignored for a
   unary operator); CAST_TO is IX_CAST's (and IX_INDEX's, a call's) type.  The one
   typing rule the front ends and the code generators share.  */
ix_type ix_op_type (ix_op op, ix_type a, ix_type b, ix_type cast_to);

/* Printing.  ix_print writes the statement in concrete index notation,
   "y(i) = sum(j, A(i,j) * x(j))", into BUF; returns BUF.  ix_print_expr
   writes one expression.  ix_dump writes all tables to F.  */
char *ix_print (const ix_stmt *s, char *buf, size_t len);
char *ix_print_expr (const ix_stmt *s, int e, char *buf, size_t len);
void ix_dump (const ix_stmt *s, FILE *f);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_IX_H */
