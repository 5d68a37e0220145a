/* loops.h -- the loop IR: the code a kernel consists of, as plain data.

   lir_build turns a schedule (schedule.h) into a kernel: statements and
   expressions in flat arrays, referring to variables, arrays and tensors
   by id.  Two printers read it: lir_dump (C-like pseudocode, for dumps and
   tests) and cprint.h (real C over the sparse_abi.h structs, the reference
   the GCC-side emitter mirrors node for node).

   What a kernel touches:
     operands   the statement's operands (ix_stmt opd[]), by id: C arrays
                and pointers (element pointers, row-major), scalars (their
                value, or the variable itself when it is the output),
                tagged arrays (sp_tensor handles)
     tensors    lir_tensor: a tagged operand, or a converted copy of one
                (sch_conv), or the output being written
     arrays     lir_array: the pos / crd / vals arrays of a tensor level,
                the data of a dense operand, the workspace, the new arrays
                of a sparse output
     variables  lir_var: locals of the kernel (coordinates, positions,
                bounds, reduction registers, flags), each declared by one
                LIR_DECL before its uses, in the block that encloses them
                (a LIR_REGION declares a loop's variable again: the
                threads' own copies, until the region ends)

   Semantics of index arrays: pos and crd hold signed integers of the
   format's width (posw, crdw bits), loaded sign-extended to int64_t; an
   ELL padding slot reads as -1.  Positions and coordinates are int64_t.

   Statement blocks: a compound statement's body is a chain of statements
   linked by NEXT (-1 ends it).

   The whole compiler core for one statement, none of it knowing GCC:

     ix_stmt *s = einsum_parse (toks, n, lookup, ctx, &err);
                     (or the ix.h builder, then ix_finish)
     ix_sched_opts opts = { allow_convert };
     lir_kernel *k = ix_plan (s, &opts, &err);    (plan.h: ix_schedule,
                                                   lir_build; NULL refused,
                                                   err says why)
     lir_report (k, buf, sizeof buf);             (report.h)
     ... emit K (cprint.h shows how) ...
     lir_free (k); ix_free (s);                   (K owns its schedule)  */

#ifndef SPARSE_LOOPS_H
#define SPARSE_LOOPS_H

#include <stdint.h>
#include <stdio.h>
#include "schedule.h"

#ifdef __cplusplus
extern "C" {
#endif

/* C types.  The first IX_NTYPES are the values' types, in ix_type order
   (ix-types.h).  */
typedef enum
{
  LIR_F64,   /* double */
  LIR_F32,   /* float */
  LIR_I64,   /* int64_t: also every coordinate, position and bound */
  LIR_I32,   /* int32_t; the type of integer literals */
  LIR_U64, LIR_U32, LIR_I16, LIR_U16, LIR_I8,
  LIR_U8,    /* uint8_t: also workspace occupancy flags */
  LIR_BOOL,
  LIR_IDX8, LIR_IDX16, LIR_IDX32, LIR_IDX64, /* signed index arrays of
                                               8..64 bits (pos, crd) */
  LIR_PTR    /* void *: a runtime object, or the base of a LIR_ARR_AT
                array (a pointer to its elements then) */
} lir_type;

/* The runtime's entry points generated code may call (LIR_RTCALL), in
   the order of their table, rt-entries.def: NAME, then SIGNATURE, one
   letter a type (the result first; see there).  */
typedef enum
{
#define DEF_SPARSE_RT(ID, NAME, SIGNATURE, FLAGS) LIR_RT_##ID,
#include "rt-entries.def"
#undef DEF_SPARSE_RT
  LIR_RT_MAX
} lir_rt;

typedef struct lir_rt_info
{
  const char *name, *signature;
} lir_rt_info;

extern const lir_rt_info lir_rts[LIR_RT_MAX];

/* -------------------------------------------------------------------- */
/* Tensors and arrays.  */

typedef struct lir_tensor
{
  int opd;        /* the tagged operand */
  int conv;       /* >= 0: the converted copy sch_conv[CONV] of it, made by
                     LIR_CALL_CONVERT and freed by LIR_CALL_FREE */
  sp_format fmt;  /* the format it is read (or written) in */
  char name[IX_NAME_MAX + 8];   /* for printing: "A", "A_c0" */
} lir_tensor;

typedef enum
{
  LIR_ARR_POS,       /* tensor TENSOR, level LEVEL: pos (LIR_IDXn)  */
  LIR_ARR_CRD,       /* tensor TENSOR, level LEVEL: crd (LIR_IDXn)  */
  LIR_ARR_VALS,      /* tensor TENSOR: values (element type) */
  LIR_ARR_DENSE,     /* operand OPD: the row-major data of a C array or
                        pointer (element type) */
  LIR_ARR_WS,        /* the workspace: values, one per coordinate of the
                        output's last level (element type); zero between
                        uses */
  LIR_ARR_WS_FLAG,   /* the workspace's occupancy flags (LIR_U8); zero
                        between uses */
  LIR_ARR_WS_LIST,   /* the coordinates set in the workspace (LIR_I64) */
  LIR_ARR_OUT_VALS,  /* the values of the sparse output being written
                        (element type), indexed by positions LIR_APPEND
                        returned for the last level */
  LIR_ARR_AT         /* the elements at pointer variable VAR (LIR_PTR):
                        a thread's copy of an output, the copies */
} lir_array_kind;

typedef struct lir_array
{
  lir_array_kind kind;
  lir_type type;      /* element type of the array */
  int tensor;         /* POS, CRD, VALS */
  int level;          /* POS, CRD */
  int opd;            /* DENSE */
  int var;            /* AT */
} lir_array;

typedef struct lir_var
{
  char name[40];      /* unique in the kernel, a valid C identifier */
  lir_type type;
  int lanes;          /* > 1: a vector of that many values of TYPE */
} lir_var;

/* -------------------------------------------------------------------- */
/* Expressions.  One operator table (lir_ops) describes them all.  */

typedef enum
{
  LIR_CONST,    /* IVAL (integer types) or FVAL (floating types) */
  LIR_VARREF,   /* variable VAR */
  LIR_LOAD,     /* ARRAY[A] */
  LIR_SCALAR,   /* the value of scalar operand OPD */
  LIR_DIM,      /* the extent of dimension DIM of operand OPD: a tagged
                   operand's handle dims[DIM] (through TENSOR when >= 0),
                   a C array's declared bound (a VLA bound included) */
  LIR_LVSIZE,   /* TENSOR's lv[LEVEL].size */
  LIR_PICK,     /* whether the rows of TENSOR's level DIM and of tensor
                   OPD's level IVAL merge faster without branches
                   (sp_kmerge_pick): 0 or 1 */
  LIR_NEG,      /* -A */
  LIR_NOT,      /* !A */
  LIR_ADD, LIR_SUB, LIR_MUL, LIR_DIV,
  LIR_LT, LIR_LE, LIR_EQ,
  LIR_AND,      /* && */
  LIR_MIN,      /* A < B ? A : B */
  LIR_MASK,     /* B where A is nonzero, else zero, through B's bits and
                   a mask of A: no branch (A is 0 or 1) */
  LIR_BOR,      /* the bits of A or those of B (the other all zero) */
  LIR_SPLAT,    /* a vector of LANES copies of A */
  LIR_SEL,      /* A ? B : 0, B evaluated only where A is nonzero */
  LIR_ABS,      /* |A| */
  LIR_CAST,     /* A converted to TYPE, as a C cast */
  LIR_MOD,      /* A % B */
  LIR_OR,       /* || */
  LIR_THREAD,   /* this thread's number in its parallel region (int) */
  LIR_NTHREADS, /* the number of threads of the region (int) */
  LIR_RTCALL,   /* runtime entry point IVAL (lir_rt) on the arguments
                   chained from A, of its result type */
  LIR_ARG,      /* an argument: value A, the next argument B (or -1) */
  LIR_ADDR,     /* &ARRAY[A], a LIR_PTR */
  LIR_FETCH_INC, /* VAR++ as one atomic step of the threads (relaxed):
                   the value before */
  LIR_NVALS,    /* the number of values TENSOR stores */
  LIR_HANDLE,   /* TENSOR's handle (a LIR_PTR); with TENSOR -1, the
                   handle tagged operand OPD was passed as */
  LIR_MATH,     /* the C library's function IVAL (mathfn.h) of A, in
                   its form of TYPE (exp or expf), A of that type: a
                   call, never of a vector */
  LIR_NOPS
} lir_op;

typedef struct lir_op_info
{
  const char *name;    /* for dumps */
  const char *spell;   /* C operator ("" for leaves, "min" for LIR_MIN) */
  int arity;
  int prec;            /* C precedence, higher binds tighter */
} lir_op_info;

extern const lir_op_info lir_ops[LIR_NOPS];

typedef struct lir_expr
{
  lir_op op;
  lir_type type;     /* C type of the result (usual conversions) */
  int lanes;         /* > 1: a vector of that many values of TYPE; a
                        vector LIR_LOAD reads ARRAY[A] and the LANES - 1
                        elements after it, at any alignment, and the
                        arithmetic operators work lane by lane */
  int a, b;          /* operands, -1 when absent */
  int var;           /* LIR_VARREF */
  int array;         /* LIR_LOAD */
  int opd;           /* LIR_SCALAR, LIR_DIM; LIR_PICK: a tensor */
  int tensor;        /* LIR_DIM (or -1), LIR_LVSIZE, LIR_PICK */
  int dim;           /* LIR_DIM: dimension; LIR_LVSIZE, LIR_PICK: level */
  int64_t ival;      /* LIR_CONST of an integer type; LIR_PICK: OPD's
                        level */
  double fval;       /* LIR_CONST of a floating type */
} lir_expr;

/* -------------------------------------------------------------------- */
/* Statements.  */

typedef enum
{
  LIR_DECL,     /* declare VAR, initialised with A when A >= 0 */
  LIR_ASSIGN,   /* target = A */
  LIR_ACCUM,    /* target += A (OP LIR_ADD) or target -= A (OP LIR_SUB) */
  LIR_FOR,      /* for (VAR = A; VAR < B; VAR++) BODY, VAR declared
                   before; PARALLEL (LIR_PAR_*); with DOWN, the same
                   range from its end: for (VAR = B - 1; VAR >= A;
                   VAR--) */
  LIR_WHILE,    /* while (A) BODY */
  LIR_IF,       /* if (A) BODY else ELSE_ (ELSE_ -1: none) */
  LIR_APPEND,   /* VAR = a new entry of level LEVEL of the sparse output
                   under parent position A with coordinate B.  Parent
                   positions: a level whose levels above are all dense
                   takes the row-major position over those levels (0 when
                   it is the first level); a level under a compressed one
                   takes the position LIR_APPEND returned for that level.
                   Entries under one parent are appended in increasing
                   coordinate order; at the last level the new entry's
                   value (LIR_ARR_OUT_VALS[VAR]) is assigned next.  */
  LIR_APPEND_RUN, /* VAR = the first position of A new entries at the
                   output's last level LEVEL under parent position B,
                   every level above it dense; their coordinates are the A
                   first of the workspace's list ARRAY, in increasing
                   order.  The value of entry VAR + q (LIR_ARR_OUT_VALS)
                   is assigned next, for each q < A, before any other
                   append.  */
  LIR_ZERO,     /* set the A first elements of ARRAY to zero */
  LIR_CALL,     /* the runtime operation FN (below) */
  LIR_REGION,   /* BODY run by a team of threads (an OpenMP parallel
                   region), each its own declarations of BODY; B: a chain
                   of LIR_ARG whose values are the variables declared
                   outside that the threads sum into (each its own, added
                   up at the end), or -1 */
  LIR_BARRIER,  /* the threads of the region wait for each other */
  LIR_EVAL,     /* evaluate A for its effect (a runtime call) */
  LIR_PREFETCH  /* a hint: ARRAY[A] is read soon, its line may be loaded
                   now (a search's next probes); no effect on the result,
                   and A may be one past the array's end */
} lir_kind;

typedef enum
{
  LIR_CALL_ASSEMBLE,  /* make TENSOR's arrays current: sp_assemble when
                         inserts are pending */
  LIR_CALL_CONVERT,   /* TENSOR = sp_convert (its operand, the format of
                         its sch_conv) */
  LIR_CALL_FREE,      /* sp_free (TENSOR), a converted copy */
  LIR_CALL_STORE,     /* TENSOR's operand takes TENSOR's entries, in its
                         own format: an output written in another one */
  LIR_CALL_OUT_BEGIN, /* start writing sparse output TENSOR afresh: its
                         entries are built in new arrays; its old arrays
                         stay readable until LIR_CALL_OUT_END; room for A
                         entries made at once when A >= 0 */
  LIR_CALL_OUT_END,   /* finish: the new arrays replace the old ones */
  LIR_CALL_OUT_RESERVE, /* room for A entries in the output being built:
                         the bound its symbolic loop computed */
  LIR_CALL_OUT_FIX,   /* the output's room fixed for A entries, the
                         bound its symbolic loop computed: when that much
                         memory cannot be had, BODY (the counting pass,
                         serial) counts them into VAR and the room is
                         fixed for exactly that many */
  LIR_CALL_CURSOR_OPEN, /* after LIR_CALL_OUT_FIX: the appends at the
                         output's last level LEVEL go through a cursor in
                         locals (its count of entries, crd, counts per
                         parent, values and limit) until
                         LIR_CALL_CURSOR_CLOSE stores it back */
  LIR_CALL_CURSOR_CLOSE,
  LIR_CALL_OUT_ROOM,  /* the loops that follow append at most A entries
                         (their share of the bound) at the output's last
                         level, all under parent position B: with a
                         cursor, the room checked once here rather than
                         at each append, and the last parent's count
                         raised; without, nothing */
  LIR_CALL_WS_ALLOC,  /* allocate the workspace arrays for A coordinates,
                         values and flags zeroed */
  LIR_CALL_WS_FREE,
  LIR_CALL_SORT,      /* sort the A first elements of ARRAY, the
                         workspace's list, increasingly; B: the
                         workspace's extent */
  LIR_CALL_LOAD,      /* the arrays are current from here on (after the
                         prologue's conversions, assembly and set-up):
                         their pointers may be read once, here */
  LIR_CALL_OUT_PART   /* from here to the end of the block, the output's
                         entries go into part A (a LIR_PTR: sp_kpar_part)
                         of its build by threads, held in VAR */
} lir_call;

/* The parallel marks of LIR_FOR.  */
enum
{
  LIR_PAR_NONE,      /* serial */
  LIR_PAR_MARKED     /* planned to run on threads (writes disjoint parts of
                        a dense output, or sums): lir_make_regions rewrites
                        it into a region */
};

/* Where LIR_ASSIGN and LIR_ACCUM store: variable VAR (>= 0), element
   ARRAY[INDEX] (ARRAY >= 0), or scalar operand OPD (>= 0, the C variable
   itself).  A vector value assigned to ARRAY[INDEX] stores its lanes
   there and in the elements after it.  */
typedef struct lir_target
{
  int var, array, index, opd;
} lir_target;

typedef struct lir_stmt
{
  lir_kind kind;
  int next;          /* next statement of the block, -1 at its end */
  int var;           /* DECL, FOR, APPEND, APPEND_RUN */
  int a, b;          /* expressions (see each kind) */
  int body, else_;   /* first statements of the blocks, -1 when empty */
  lir_target to;     /* ASSIGN, ACCUM */
  lir_op op;         /* ACCUM: LIR_ADD or LIR_SUB */
  int parallel;      /* FOR: LIR_PAR_* */
  int down;          /* FOR: nonzero, it runs from B - 1 down to A (never
                        parallel, never strip-mined) */
  int sum_array;     /* parallel FOR: the dense output its body only adds
                        into, each thread into its own copy, else -1 */
  int sum_count;     /* ... and that output's element count */
  int balance[2];    /* parallel FOR: the arrays of offsets whose entries
                        weigh its iterations (the rows' pos arrays of up
                        to two operands), or -1 */
  int level;         /* APPEND, APPEND_RUN, CALL CURSOR_OPEN */
  int array;         /* ZERO, CALL SORT, APPEND_RUN, PREFETCH */
  int tensor;        /* CALL */
  lir_call fn;       /* CALL */
} lir_stmt;

/* -------------------------------------------------------------------- */
/* The kernel.  */

/* How a loop of a nest was emitted (the most general form when it was
   emitted several times, in several cases).  */
typedef enum
{
  LIR_LOOP_NONE,     /* not emitted (its expression was zero) */
  LIR_LOOP_DENSE,    /* a for loop over the whole range */
  LIR_LOOP_POS,      /* a for loop over the positions of one sparse level */
  LIR_LOOP_COITER    /* while loops merging several sparse levels */
} lir_loop_kind;

/* Pos arrays whose row lengths a symbolic loop may add up.  */
#define LIR_MAX_BOUND_POS 8

typedef struct lir_kernel
{
  const ix_sched *sc;   /* the schedule it was built from */
  ix_sched *own_sc;     /* SC when the kernel owns it (ix_plan): freed by
                           lir_free */
  int body;             /* first statement */
  int out_tensor;       /* the sparse output's tensor, or -1 */
  int bound_loop;       /* the symbolic loop bounding the output's entries
                           (followed by LIR_CALL_OUT_RESERVE), or -1 */
  int count_block;      /* the counting pass of a sparse output, outside
                           BODY: declarations, then the row loop
                           COUNT_LOOP, which adds to COUNT_VAR[L] every
                           entry the kernel appends at level L (-1: not
                           counted, a dense level) and stores nothing;
                           -1 when the kernel has no such pass.  For a
                           build that knows its entries before writing
                           them (the parallel one).  */
  int count_loop;
  int count_var[SP_MAX_LEVELS];
  int nvars, ntensors, narrays, nexprs, nstmts;
  lir_tensor tensors[IX_MAX_ACCESSES];
  lir_var *vars;
  lir_array *arrays;
  lir_expr *exprs;
  lir_stmt *stmts;
  int cap_vars, cap_arrays, cap_exprs, cap_stmts;
  lir_loop_kind loop_kind[SCH_MAX_NESTS][SCH_MAX_VARS];  /* per depth */
  unsigned loop_kinds[SCH_MAX_NESTS][SCH_MAX_VARS];  /* every kind it was
                                                  emitted as: 1 << kind */
  unsigned two_forms[SCH_MAX_NESTS];  /* the depths whose merge of two
                                        rows is emitted with and without
                                        branches (LIR_PICK) */
  unsigned gallop[SCH_MAX_NESTS];  /* the depths whose intersection of
                                     compressed levels searches the
                                     longer ranges when one is much
                                     shorter, chosen at run time */
  unsigned down[SCH_MAX_NESTS];  /* the depths whose loop runs from the
                                    end of its range to its start, as
                                    the program's does
                                    (loopgen-down.c) */
  int parallel[SCH_MAX_NESTS];   /* nonzero: its outer loop is parallel */
  int par_build_loop;            /* the row loop of the sparse output's
                                    build by threads, or -1
                                    (lir_plan_threads) */
  int bound_sum_var;             /* the variable the symbolic loop sums
                                    telescoping row lengths into, or -1
                                    (lir_plan_shapes) */
  int bound_pos[LIR_MAX_BOUND_POS];  /* ... the pos arrays of those
                                        lengths */
  int nbound_pos;
  int fixed_room;                /* nonzero: the sparse output's room is
                                    fixed before the loop that appends,
                                    its appends made through a cursor
                                    (lir_plan_shapes, lir_fix_room) */
  int frame_pre, frame_post;     /* statements before and after BODY
                                    that no pass rewrites: the kernel's
                                    share of distributed operands
                                    (loopgen-dist.c), joined to BODY by
                                    lir_plan_shapes; -1 when none */
  int failed;                    /* out of memory while building */
} lir_kernel;

/* Build the kernel of schedule SC, which must outlive it (ix_plan, plan.h,
   returns a kernel that owns its schedule).  NULL with D filled on
   failure.  (loopgen.c)  */
lir_kernel *lir_build (const ix_sched *sc, ix_diag *d);
void lir_free (lir_kernel *k);

/* Constructors, used by the builder; each returns the new id, or -1 when
   memory runs out (K->failed is then set).  */
lir_kernel *lir_new (const ix_sched *sc);
int lir_add_var (lir_kernel *k, lir_type type, const char *name);
int lir_add_array (lir_kernel *k, lir_array_kind kind, lir_type type,
                   int tensor, int level, int opd);
/* The elements of type TYPE at pointer variable VAR (LIR_ARR_AT).  */
int lir_add_array_at (lir_kernel *k, lir_type type, int var);
int lir_const_i (lir_kernel *k, int64_t v);
int lir_const_f (lir_kernel *k, double v, lir_type type);
int lir_ref (lir_kernel *k, int var);
int lir_load (lir_kernel *k, int array, int index);
int lir_unary (lir_kernel *k, lir_op op, int a);
int lir_cast (lir_kernel *k, int a, lir_type type);
/* The call of the C library's function FN (mathfn.h) in its form of
   TYPE on A (converted to TYPE).  */
int lir_math (lir_kernel *k, int fn, lir_type type, int a);
int lir_binary (lir_kernel *k, lir_op op, int a, int b);
/* A vector of LANES values: ARRAY[INDEX] and those after it, or copies
   of A converted to TYPE.  */
int lir_vload (lir_kernel *k, int array, int index, int lanes);
int lir_splat (lir_kernel *k, int a, lir_type type, int lanes);
int lir_leaf (lir_kernel *k, lir_op op, lir_type type, int opd, int tensor,
              int dim);
/* The N values VALUES as a chain of LIR_ARG: its first, or -1 (none, or
   out of memory).  */
int lir_args (lir_kernel *k, int n, const int *values);
/* Runtime entry point FN called on the NARGS values ARGS.  */
int lir_rtcall (lir_kernel *k, lir_rt fn, int nargs, const int *args);
/* &ARRAY[INDEX].  */
int lir_addr (lir_kernel *k, int array, int index);
/* Variable VAR incremented atomically, its value before.  */
int lir_fetch_inc (lir_kernel *k, int var);
int lir_stmt_new (lir_kernel *k, lir_kind kind);
/* A block being built (blocks.c): its first and last statements, -1
   while empty.  */
typedef struct lir_block
{
  int first, last;
} lir_block;

/* Append statement ID (alone: its NEXT is cut) to B; -1 is nothing.  */
void lir_block_put (lir_kernel *k, lir_block *b, int id);
/* Append the block starting at FIRST to B.  */
void lir_block_splice (lir_kernel *k, lir_block *b, int first);
/* Declare VAR, initialised with INIT (-1: not), at the end of B.  */
void lir_block_decl (lir_kernel *k, lir_block *b, int var, int init);
/* A new variable declared at the end of B, or -1.  */
int lir_block_local (lir_kernel *k, lir_block *b, lir_type type,
                     const char *name, int init);
/* VAR = VALUE, or ARRAY[INDEX] = VALUE when VAR < 0; += when ACCUM.  */
void lir_block_store (lir_kernel *k, lir_block *b, int var, int array,
                      int index, int value, int accum);
/* VAR = VAR + BY.  */
void lir_block_step (lir_kernel *k, lir_block *b, int var, int by);
/* A evaluated for its effect.  */
void lir_block_eval (lir_kernel *k, lir_block *b, int e);
/* if (COND) THEN else ELSE_ (blocks' first statements, -1: empty).  */
int lir_block_if (lir_kernel *k, lir_block *b, int cond, int then,
                  int else_);
/* while (COND) BODY.  */
void lir_block_while (lir_kernel *k, lir_block *b, int cond, int body);

/* Call FN (K, ID, CTX) on every statement of the NFIRST blocks starting
   at FIRST and of the blocks nested in them: the statements of a block
   in order, before those of the blocks nested in it (so a variable's
   declaration comes before its uses), until FN returns nonzero.  That
   value, 0, or -1 when the nesting is too deep to follow.  */
int lir_visit (const lir_kernel *k, const int *first, int nfirst,
               int (*fn) (const lir_kernel *, int, void *), void *ctx);

/* The variables that the body of loop S of K only adds to or
   subtracts from (LIR_ACCUM) and that are declared outside it, into VARS
   (at most MAX; a parallel build sums them over its threads): their
   count, or -1 when the body writes anything but array elements, its
   own variables and those sums (appends, runtime calls, memsets, other
   writes to outer variables or to scalar operands), reads a sum, or MAX
   is too small.  */
int lir_reductions (const lir_kernel *k, const lir_stmt *s, int *vars,
                    int max);
/* The array the body of loop S of K only adds to or subtracts from
   (LIR_ACCUM into its elements), reading none of it; -1 when it writes
   no array, -2 when it writes two, or assigns or reads the one.  */
int lir_array_sum (const lir_kernel *k, const lir_stmt *s);

/* Whether top-level statement S is a call of the prologue that makes
   the arrays current (conversions, assembly, the output's and the
   workspace's preparation).  */
int lir_prologue_call (const lir_stmt *s);

/* Decide which loops of K run on threads (parallel.c): keep the parallel
   marks of loops whose bodies write nothing outside themselves but sums
   (lir_reductions), find the row loop of a sparse output built by
   threads (K->par_build_loop), and make K->parallel, which the report
   reads, say so.  THREADS zero (no OpenMP, or inside a parallel region
   already): everything serial.  */
void lir_plan_threads (lir_kernel *k, int threads);

/* Whether expression E of K reads a variable marked in SET (one char
   per variable), or is malformed.  (shapes.c)  */
int lir_expr_reads (const lir_kernel *k, int e, const char *set);
/* Whether expression E of K reads variable VAR, or is malformed.  */
int lir_expr_reads_var (const lir_kernel *k, int e, int var);

/* The vector widths of a target: values per vector of each element
   type (indexed by lir_type: LIR_F64, LIR_F32), < 2 where it has none
   or loops should not be strip-mined.  */
typedef struct lir_lanes
{
  int of[LIR_F32 + 1];
} lir_lanes;

/* Give K the shapes that get better code than a node by node
   translation (shapes.c): serial loops whose dense inner loop sums into
   a row they do not move are strip-mined into vector accumulators
   (strip.c, with LANES; NULL: none), and marked are the offsets that
   weigh the rows of parallel loops and the sparse output's fixed room;
   then the regions and the build by threads, and last the frame joined
   to the body.  After lir_plan_threads; the kernel is final after it.  */
void lir_plan_shapes (lir_kernel *k, const lir_lanes *lanes);

/* Rewrite each loop of K marked LIR_PAR_MARKED into the parallel
   region that runs it (regions.c): its rows cut into chunks the threads
   take in turn, of equal entries where offsets weigh them (BALANCE), else
   of equal numbers of rows; the sums into registers reduced over the threads, a
   sum into a dense output (SUM_ARRAY) made into threads' own copies added
   up at the end; and beside the region the serial loop, for kernels
   over too few entries to pay for threads.  Called by
   lir_plan_shapes.  */
void lir_make_regions (lir_kernel *k);
/* Whether K's operands hold entries enough to pay for threads
   (sp_kpar_worth of their handles' counts): an expression.  */
int lir_worth_threads (lir_kernel *k);
/* The first row of part PART of PARTS (expressions) of the rows from
   variable N0 to variable N1, cut by the entries of the pos arrays
   BALANCE into parts of about equal work (sp_ksplit), or, when
   BALANCE[0] is -1, into equal numbers of rows.  */
int lir_split_at (lir_kernel *k, const int balance[2], int n0, int n1,
                  int part, int parts);

/* Rewrite K, whose sparse output has the shape of a build by threads
   (K->par_build_loop), into the choice between that build (an OpenMP
   region: the threads count or bound the entries of chunks of rows taken
   in turn, the output is laid out once, a part for each chunk, and the
   threads append the chunks' rows into their parts, taken in turn again)
   and a copy of the serial kernel for small inputs (parbuild.c).
   Called by lir_plan_shapes.  */
void lir_build_by_threads (lir_kernel *k);

/* Fix the room of K's sparse output before the loop that appends, and
   open a cursor for its appends (cursor.c): the output's reserve
   becomes LIR_CALL_OUT_FIX, the cursor opens after it and closes before
   LIR_CALL_OUT_END.  */
void lir_fix_room (lir_kernel *k);

/* A copy of the statements of block FIRST of K and of the blocks nested
   in them, none of its loops parallel (nor weighed, nor summing into
   threads' copies): its first statement, or -1 (when
   FIRST is -1, or memory runs out).  */
int lir_copy_block (lir_kernel *k, int first);

/* Strip-mine loop S of K, whose body is declarations and the dense loop
   INNER over J, whose one statement adds into a row of a floating-point
   array indexed J, or BASE + J with BASE fixed while S runs (BASE -1),
   values computable LANES of J at a time (strip.c).  */
void lir_strip_mine (lir_kernel *k, int s, int inner, int base, int lanes);

/* C-like pseudocode of K, indented.  */
void lir_dump (const lir_kernel *k, FILE *f);

/* The C spelling of type T ("double", "int64_t"...).  */
const char *lir_type_name (lir_type t);
/* The bytes a value of type T takes.  */
int lir_type_size (lir_type t);
/* The type C's usual arithmetic conversions give an operation on values
   of types A and B (ix_arith_type after the integer promotions).  */
lir_type lir_arith_type (lir_type a, lir_type b);

#ifdef __cplusplus
}
#endif

#endif /* SPARSE_LOOPS_H */
