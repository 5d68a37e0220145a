/* schedule.h -- iteration graph and loop order.

   The scheduler chooses, for a finished index notation statement, the loop
   nests that compute it: which loops exist, in which order, how the output
   is written, and which operands must first be converted to another
   format.  The order follows every sparse operand's level order (TACO's
   iteration graph, topologically sorted); when no order exists the
   scheduler either requests a conversion of one operand or refuses with a
   message that names the format that would work.

   Loop variables.  Every index variable of the statement is a loop
   variable (same id).  Structured formats add derived loop variables, one
   per level whose expression is not a plain variable:
     i/k  (DIV)   SCH_BLOCK   the block row of BCSR
     i%k  (MOD)   SCH_INNER   the row inside a block
     a-b  (DIFF)  SCH_DIAG    the diagonal of DIA
     #i   (COUNT) SCH_SLOT    the slot of an ELL entry
   An index variable covered by such levels is not looped itself but
   composed (i = block*k + inner; a DIA column = diagonal + row - shift)
   at the depth where its parts are known.  Operands sharing a composed
   variable must allow random access (dense), or be converted.

   Level order rules, per tagged operand access: a compressed or singleton
   level (CU, CN, S) comes after every level above it; a dense level (D)
   comes after every compressed or singleton level above it (dense levels
   alone are random access and impose nothing among themselves).  Dense
   operands and dense outputs impose nothing.

   Expression rules: a reduction sum nested under + or - is computed in a
   register before the + or - uses it, so its loops run inside every loop
   of the scope that uses it (see sch_scope), and two such sums side by
   side cannot share one nest unless one reads one element (a locate,
   ix_is_locate: it runs after the other, inside the same loops); a sum reached from the root only through
   *, /, unary - and other sums may run anywhere (its terms are scattered
   into the output: SCH_SCATTER) or inside the output's loops
   (SCH_REGISTER).  When that is impossible and the output is dense, the
   statement is split into one nest per additive term (y = b - A*x becomes
   y = b; y -= A*x), each scheduled alone.

   Sparse outputs: written in storage order (appended) when the loop order
   allows, else through a dense workspace for their last level (Gustavson),
   else refused.  `+=` and `-=` into a sparse output read its old contents
   as one more operand (C = C_old + rhs) and write fresh arrays.  */

#ifndef SPARSE_SCHEDULE_H
#define SPARSE_SCHEDULE_H

#include "ix.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SCH_MAX_VARS 32     /* loop variables, derived ones included */
#define SCH_MAX_NESTS 8

typedef enum
{
  SCH_VAR,     /* an index variable of the statement */
  SCH_BLOCK,   /* VAR / K */
  SCH_INNER,   /* VAR % K */
  SCH_DIAG,    /* VAR - VAR2, stored shifted (sparse_abi.h) */
  SCH_SLOT     /* #VAR */
} sch_var_kind;

typedef struct sch_var
{
  sch_var_kind kind;
  int var;          /* the statement's index variable it is about */
  int var2;         /* SCH_DIAG: the subtracted variable, else -1 */
  int64_t k;        /* SCH_BLOCK, SCH_INNER: the block size */
  int access;       /* derived: the access whose level introduced it */
  int level;        /* ... and that level; -1 for SCH_VAR */
  char name[IX_NAME_MAX + 8];   /* for dumps and generated code: "i", "i_b" */
} sch_var;

/* How an index variable of the statement gets its value.  */
typedef enum
{
  SCH_LOOPED,    /* its own loop */
  SCH_SPLIT,     /* = sv[PART_A] * K + sv[PART_B] (BCSR) */
  SCH_SHIFTED    /* = crd of sv[PART_A] + VAR2 - (dims[dim2] - 1) (DIA) */
} sch_compose_kind;

typedef struct sch_compose
{
  sch_compose_kind kind;
  int part_a, part_b;   /* loop variables it is built from, or -1 */
  int64_t k;            /* SCH_SPLIT: the block size */
} sch_compose;

typedef enum
{
  SCH_OUT_DENSE,      /* random access into dense values: an untagged
                         array, or a tagged array whose levels are all D */
  SCH_OUT_SCALAR,     /* rank 0: a register, stored once at the end */
  SCH_OUT_APPEND,     /* sparse, coordinates produced in storage order:
                         appended to pos/crd/vals */
  SCH_OUT_WORKSPACE,  /* sparse, last level produced out of order: values
                         scattered into a dense workspace with occupancy
                         flags and a list of touched coordinates, sorted
                         and appended after the loops that fill it */
  SCH_OUT_INPLACE     /* updated in place (ix_stmt.inplace): each stored
                         entry's value written at the position where the
                         loops read it, the pattern unchanged */
} sch_out_mode;

/* How a nest combines its reductions with the output.  */
typedef enum
{
  SCH_REGISTER,  /* every reduction runs inside the loops of all output
                    variables: each output element is computed once, its
                    sums kept in registers (TACO's compute at the last
                    free variable) */
  SCH_SCATTER    /* some reduction loop encloses an output variable's loop:
                    contributions are accumulated into the output (or its
                    workspace) at the innermost loop; the right-hand side is
                    linear in those sums */
} sch_eval_mode;

/* A scope of a nest: an expression evaluated once per iteration of its
   innermost loop.  Scope 0 is the right-hand side, written to the output;
   each further scope is a reduction computed in a register, inside its
   parent (the nearest scope before it whose tree holds EXPR): its value
   is complete when its loops end, and the parent uses it where EXPR
   appears in its tree.  Scopes of one parent (a row's sum and a diagonal
   read beside it) run one after the other inside the parent's loops.  A sum that is not the
   root of a scope is transparent: its loops belong to the scope around it
   (scattered terms, or sums merged by exchanging their order).  */
typedef struct sch_scope
{
  int expr;     /* the scope's root: the nest's right-hand side, an IX_SUM,
                   or the IX_ACCESS of an ELL operand (its implicit sum over
                   the slots) */
  int first;    /* depth of its outermost loop */
  int last;     /* depth of its innermost loop; LAST < FIRST when the scope
                   has no loop of its own (a scalar output's scope 0) */
  int parent;   /* the scope that uses its value; -1 for scope 0 */
} sch_scope;

#define SCH_MAX_SCOPES 8

/* One loop nest: computes RHS into the output with ASSIGN.  */
typedef struct sch_nest
{
  ix_assign assign;
  int rhs;                       /* expression id in the schedule's
                                    statement copy */
  int nloops;
  int order[SCH_MAX_VARS];       /* depth -> loop variable */
  int depth[SCH_MAX_VARS];       /* loop variable -> depth, -1: no loop */
  sch_compose comp[IX_MAX_VARS]; /* how each index variable gets its value
                                    in this nest */
  int uses_acc[IX_MAX_ACCESSES]; /* nonzero for the accesses the nest reads
                                    or writes (the output included) */
  sch_eval_mode mode;
  sch_out_mode out_mode;
  int ws_level;                  /* WORKSPACE: the output level kept in
                                    the workspace (the last one); else -1 */
  int nws_rows;                  /* WORKSPACE: accesses stored like the
                                    output (its old entries, OLD_OUT, or
                                    another term of the sum) whose rows
                                    are added to the workspace after
                                    RHS's terms, in this order, each with
                                    its sign */
  int ws_row[IX_MAX_ACCESSES];
  int ws_sign[IX_MAX_ACCESSES];
  int ws_row_first;              /* WORKSPACE: WS_ROW[0] goes in before
                                    RHS's terms, which the program adds
                                    into it one by one */
  int nscopes;
  sch_scope scope[SCH_MAX_SCOPES];  /* in nesting order; their loops are
                                    consecutive ranges of depths */
} sch_nest;

/* A conversion the front end performs before the kernel: access ACCESS
   reads a copy of its operand converted to FMT (sp_convert with the
   string SPELLING), freed after the kernel.  */
typedef struct sch_conv
{
  int access;
  sp_format fmt;
  char spelling[128];
} sch_conv;

#define SCH_MAX_BEFORE 4

typedef struct ix_sched_opts
{
  int allow_convert;   /* nonzero: request conversions instead of refusing */
  int nbefore;         /* index variables BEFORE[k][0] whose loops must
                          enclose those of BEFORE[k][1] */
  int before[SCH_MAX_BEFORE][2];
  int write_rows;      /* nonzero: write a sparse output of rank 2 or more
                          with its first level dense (DCSR as CSR),
                          converted to its own format at the end */
  int reassoc;         /* nonzero: floating-point sums may be reassociated
                          (-fassociative-math): a scalar output's sum may
                          be split among threads */
  int merge_only;      /* nonzero: intersections always merge step by
                          step, never search the longer ranges (to
                          compare the two) */
  int compile_time_order;  /* nonzero: a product's contraction order
                          comes from the estimates alone, never chosen
                          at run time (split.h; to compare the two) */
} ix_sched_opts;

typedef struct ix_sched
{
  ix_stmt st;        /* the statement as scheduled: a copy of the input,
                        plus the old-output access of a sparse `+=` */
  int old_out;       /* that access, or -1 */
  int nsv;
  sch_var sv[SCH_MAX_VARS];        /* loop variables; 0..nvars-1 are the
                                      statement's index variables */
  sp_format fmt[IX_MAX_ACCESSES];  /* the format each access is read in
                                      (the converted one, if any) */
  int lvl_sv[IX_MAX_ACCESSES][SP_MAX_LEVELS];  /* loop variable of each
                                      level of each tagged access (for an
                                      O level, the composed variable) */
  int structured[IX_MAX_ACCESSES]; /* nonzero: the access's format has
                                      derived levels (BCSR, ELL, DIA) */
  int nconv;
  sch_conv conv[IX_MAX_ACCESSES];
  int conv_of[IX_MAX_ACCESSES];    /* index into CONV, or -1 */
  int nnests;
  sch_nest nest[SCH_MAX_NESTS];
  int nbefore;                     /* the orders asked for (opts) */
  int before[SCH_MAX_BEFORE][2];
  int reassoc;                     /* (opts) */
  int merge_only;                  /* (opts) */
} ix_sched;

/* Whether conversions C and D of SC (ids into CONV, or -1) read the
   same copy: both of reads of one operand, to one format.  A kernel
   converts once for all the accesses that read it so.  */
int sch_same_copy (const ix_sched *sc, int c, int d);

/* Schedule S (finished by ix_finish) into *OUT.  OPTS may be NULL
   (conversions refused).  Returns 0, or -1 with D filled: the refusal
   names the conflicting operands and the format that would work.  */
int ix_schedule (const ix_stmt *s, const ix_sched_opts *opts, ix_sched *out,
                 ix_diag *d);

/* Queries.  */
/* The depth after which index variable V has a value in nest N (its loop,
   or the deepest loop of its parts); -1 when V has no loop in N.  */
int sch_var_depth (const ix_sched *sc, int n, int v);
/* A name for format F: the one its named format shows in messages
   ("CSR", "DCSR", "dense": attrs/named_formats.c) when it is one, else
   its canonical spelling.  Returns BUF.  */
char *sch_format_name (const sp_format *f, char *buf, size_t len);

/* "i, j" -- the loop order of nest N.  Returns BUF.  */
char *sch_print_order (const ix_sched *sc, int n, char *buf, size_t len);
void sch_dump (const ix_sched *sc, FILE *f);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_SCHEDULE_H */
