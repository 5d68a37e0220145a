/* sparse-plugin.h -- what the plugin's GCC-side files share.

   Every file that includes GCC's headers lives in plugin/:
     plugin.cc        entry point, options, callbacks, pass registration
     attribute.cc     the sparse(FMT) attribute: checking and the
                      description of a tagged declaration
     pragma.cc        #pragma sparse einsum: tokens, parsing, marker
     recognize.cc     dense loop nests over tagged arrays become einsum
                      statements (GENERIC, before storage.cc), read by
                      nest-reader.cc; while loops read as for loops
                      (nest-while.cc), elements kept in scalars
                      (nest-scalars.cc)
     storage.cc       tagged storage and the access fallback (GENERIC,
                      before gimplification)
     einsum-lower.cc  the GIMPLE pass: marker calls become loops
     emit.cc          a kernel's loop IR as GENERIC (with emit-expr.cc,
                      emit-output.cc, emit-parallel.cc)
     align.cc         the loops of functions holding a kernel aligned
                      to cache lines (a pass before RTL)
     rtcall.cc        declarations of the runtime entry points (their
                      table: rt-entries.def) and the trees that call them
     inline-read.cc   element reads of CSR-like formats made without
                      a call
     mathfn.cc        the C library's math functions of mathfn.h as
                      GCC's built-in functions
     remarks.cc       what the plugin says about each nest, pragma and
                      access: kept, and said in source order at the end
   Everything GCC-independent is plain C: the annotation language in
   attrs/, the compiler core in lowering/.  */

#ifndef SPARSE_PLUGIN_H
#define SPARSE_PLUGIN_H

#include "gcc-compat.h"
#include "sparse.h"
#include "ix-types.h"
#include "sparse_abi.h"
#include "sparse_format.h"

/* ------------------------------------------------------------------ */
/* Options (plugin.cc).  */

/* -fplugin-arg-sparse-report[=FILE]: a note per pragma and per loop,
   as diagnostics or, given FILE, as lines appended to FILE.  */
extern bool sparse_opt_report;
extern const char *sparse_report_file;
/* False under -fplugin-arg-sparse-no-warn-fallback: a loop left to
   element-by-element access draws no warning.  */
extern bool sparse_warn_fallback;
extern bool sparse_merge_only;
extern bool sparse_compile_time_order;
/* -fplugin-arg-sparse-dump[=FILE]: the rewritten functions and the index
   notation of each pragma, to FILE (default DUMPBASE.sparse; "-" is
   stderr).  NULL when not dumping.  */
extern FILE *sparse_dump_file;

/* Keep T alive across garbage collections.  */
void sparse_gc_keep (tree t);

/* ------------------------------------------------------------------ */
/* Tagged declarations (attribute.cc).  */

enum sparse_tag_kind
{
  SPARSE_TAG_PARAM,   /* a parameter: its value is the tensor handle */
  SPARSE_TAG_AUTO,    /* an automatic local: a handle created at the
                         declaration, freed when the scope ends */
  SPARSE_TAG_STATIC   /* file scope or static local: a lazily created
                         handle in a hidden global slot */
};

/* What a tagged declaration is.  Recomputed from the declaration and its
   attribute whenever needed; nothing is cached.  */
struct sparse_tag
{
  tree decl;
  sparse_tag_kind kind;
  const char *fmtstr;          /* the format as written */
  sp_format fmt;
  ix_type elem;                /* runtime element type */
  tree elem_type;              /* the C element type (main variant) */
  int rank;
  /* Extents, outermost first: an INTEGER_CST, an expression valid where
     the declaration is (a VLA bound), or NULL_TREE when the declaration
     does not say (the [] bound of a parameter).  */
  tree dim[SP_MAX_RANK];
};

void sparse_register_attributes (void *gcc_data, void *user_data);
/* Fill *TAG for DECL and return true when DECL carries a valid sparse
   attribute.  */
bool sparse_decl_tag (tree decl, sparse_tag *tag);
/* Nonzero when DECL is tagged (cheap).  */
bool sparse_decl_tagged_p (tree decl);
/* The format string of a sparse type attribute on TYPE (the type of a
   tagged parameter, as seen in a function type), or NULL.  */
const char *sparse_type_format (tree type);
/* The core's type of C arithmetic type TYPE; false if it has none.  */
bool sparse_value_type (tree type, ix_type *out);
/* The same for the element type of a tagged array: false unless the
   runtime stores it (ix_type_is_stored).  */
bool sparse_elem_type (tree type, ix_type *out);
/* The C type of values of core type T.  */
tree sparse_type_tree (ix_type t);
/* Constant N as GENERIC, of its type.  */
tree sparse_num_tree (struct ix_num n);
/* The value of floating constant R as a double (infinite or a NaN
   too).  */
double sparse_real_value (const REAL_VALUE_TYPE *r);
/* Double V (infinite, a NaN or -0.0 too) as a constant of floating type
   TYPE, which represents it.  */
tree sparse_real_tree (double v, tree type);
/* The extent of each dimension of array-like TYPE starting at DIM0:
   ARRAY_TYPEs are walked; returns the number filled.  */
int sparse_array_extents (tree type, tree *dims, int max, tree *elem);
/* For a parameter declared as an array: the outermost bound, from the
   front end's "arg spec" attribute, or NULL_TREE.  */
tree sparse_parm_outer_bound (tree parm);
/* Is PARM declared with array syntax (T p[...])?  */
bool sparse_parm_declared_array_p (tree parm);
/* PLUGIN_FINISH_DECL: initializers and static storage of tagged arrays.  */
void sparse_finish_decl (void *gcc_data, void *user_data);
/* The hidden slot holding the handle of a tagged static-storage array.  */
tree sparse_static_slot (tree decl);

/* ------------------------------------------------------------------ */
/* The einsum pragma (pragma.cc).  */

struct ix_stmt;
struct ix_operand;

/* What the front end knows of one operand of a pragma.  */
struct sparse_operand_info
{
  tree decl;
  /* Extents captured at the pragma (the front end drops a parameter's
     outermost bound, kept in its "arg spec" attribute, when parsing
     ends): INTEGER_CSTs or expressions of the declaration's bounds.  */
  tree extent[SP_MAX_RANK];
};

struct sparse_einsum
{
  int id;
  ix_stmt *ix;
  location_t loc;          /* the pragma's first token */
  tree fndecl;
  int ntagged;             /* tagged operands; their handles follow the id
                              in the marker call, in operand order */
  bool nest;               /* recognised from a dense loop nest
                              (recognize.cc), not written as a pragma; LOC
                              is the nest's outer loop */
  struct ix_split *plan;   /* its kernels, when planned before the
                              lowering (a loop nest's, when recognised);
                              owned */
};

void sparse_register_pragmas (void *gcc_data, void *user_data);
/* The marker function planted by the pragma: __sparse_einsum (id, ...).  */
tree sparse_marker_decl (void);
bool sparse_marker_call_p (tree call);
bool sparse_marker_gcall_p (gimple *stmt);
/* __sparse_dim (A, d): extent D of tagged array A, which the storage
   rewrite turns into the runtime's sp_dim of A's handle.  */
tree sparse_dim_marker_decl (void);
bool sparse_dim_marker_call_p (tree call);
/* __sparse_same (A, B): whether tagged arrays A and B are one tensor
   (their handles equal), which the storage rewrite compares.  */
tree sparse_same_marker_decl (void);
bool sparse_same_marker_call_p (tree call);
sparse_einsum *sparse_einsum_get (int id);
/* Whether any statement was registered in this unit.  */
bool sparse_einsums_p (void);
/* Free statement E once its marker is lowered.  */
void sparse_einsum_release (sparse_einsum *e);
/* The kernels of IX (split.h's ix_split_plan with the options of this
   compilation, floating-point sums reassociated when REASSOC), which the
   caller owns (free with sparse_plan_free); NULL with D filled.  */
struct ix_split *sparse_plan (const ix_stmt *ix, struct ix_diag *d,
			      bool reassoc = false);
void sparse_plan_free (struct ix_split *plan);
/* Describe DECL as an operand of index notation, as the pragma's name
   lookup does: kind, rank, extents, element type, format; USER is a new
   sparse_operand_info.  IX_OPD_OTHER when it cannot be one.  */
void sparse_describe_operand (tree decl, struct ix_operand *out);
/* Register finished statement IX of FNDECL (its operands described by
   sparse_describe_operand) as statement LOC, with its plan PLAN if made
   already (or NULL); both are then the statement's.  Returns the marker
   call to plant where it runs.  NEST: it comes from a loop nest.  */
tree sparse_einsum_register (ix_stmt *ix, location_t loc, tree fndecl,
			     bool nest, struct ix_split *plan);
/* The decl behind operand OPD of the statement.  */
tree sparse_einsum_operand_decl (const sparse_einsum *e, int opd);
/* Extent DIM of operand OPD as captured at the pragma, or NULL_TREE.  */
tree sparse_einsum_operand_extent (const sparse_einsum *e, int opd, int dim);
/* Extent DIM of untagged operand OPD where the lowering runs: an array's
   type says it (its VLA bounds gimplified by then), else the extent
   captured at the pragma; unshared, or NULL_TREE.  */
tree sparse_einsum_dense_extent (const sparse_einsum *e, int opd, int dim);

/* ------------------------------------------------------------------ */
/* Runtime entry points (rtcall.cc).  */

/* Flags of an entry point (rt-entries.def).  */
#define SPARSE_RT_PURE 1
#define SPARSE_RT_NORETURN 2

enum sparse_rt
{
#define DEF_SPARSE_RT(ID, NAME, SIGNATURE, FLAGS) SPARSE_RT_##ID,
#include "rt-entries.def"
#undef DEF_SPARSE_RT
  SPARSE_RT_MAX
};

/* The declaration of entry point WHICH, built on first use.  */
tree sparse_rt_decl (sparse_rt which);
/* A call of entry point WHICH with the NARGS trees that follow.  */
tree sparse_rt_call (location_t loc, sparse_rt which, int nargs, ...);
/* sp_tensor * as seen by generated code (a pointer to an opaque struct).  */
tree sparse_handle_type (void);
tree sparse_int64_type (void);
/* The type C's usual arithmetic conversions give A op B.  */
tree sparse_arith_type (tree a, tree b);
/* Convert arithmetic EXPR to TYPE as C does.  */
tree sparse_convert (location_t loc, tree type, tree expr);
/* Whether FN is the built-in function of a call of mathfn.h (exp,
   sqrtf ...): that call in *NUM.  */
bool sparse_mathfn_of (tree fn, struct ix_num *num);
/* The call NUM (mathfn.h) of A (converted to its type), at LOC: a call
   of the C library's function, as the program's own calls are.  */
tree sparse_mathfn_call (location_t loc, struct ix_num num, tree a);
/* A NUL-terminated string constant as a `const char *'.  */
tree sparse_build_string (const char *s);
/* Calls.  IDX holds RANK index expressions (any integer type).  A read
   of a tensor of format FMT (if not NULL) that inline-read.cc can make
   in the generated code is made there, a call only while calls are
   pending; the trees must then be GENERIC before gimplification.  */
tree sparse_build_get (location_t loc, tree handle, tree elem_type, int rank,
                       tree *idx, const sp_format *fmt);
tree sparse_build_put (location_t loc, tree handle, tree elem_type,
                       tree value, int rank, tree *idx);
/* A[IDX] += VALUE, VALUE of ELEM_TYPE (the addition made in it).  */
tree sparse_build_add (location_t loc, tree handle, tree elem_type,
                       tree value, int rank, tree *idx);
tree sparse_build_dim (location_t loc, tree handle, int d);
/* Word W of the calling thread's window for tensor HANDLE (saved), and
   sp__epoch, int64_t lvalues (include/sparse_plugin.h).  */
tree sparse_window_ref (tree handle, int w);
tree sparse_epoch_ref (void);
/* The read of element X (RANK saved int64_t indices) of tensor H
   (saved) of format F and ELEM_TYPE, made inline, of CALL's type, CALL
   where calls are pending (inline-read.cc); NULL_TREE if F's reads are
   not made inline.  *WINDOW says whether the window is to be tested
   first (false for a gather's reads made inline).  */
tree sparse_inline_read (location_t loc, tree h, const sp_format *f,
                         tree elem_type, const tree *x, tree call,
                         bool *window);
/* What the generated code reads of a handle (inline-read.cc): the field
   of TYPE at offset OFF of handle H; the acquire load of the 4- or
   8-byte object at ADDR as an int64_t; VAR = VALUE through an empty asm
   (a handle copied so that GCC does not take it for the array it
   stands for).  */
tree sparse_handle_field (location_t loc, tree h, HOST_WIDE_INT off,
                          tree type);
tree sparse_acquire_load (location_t loc, tree addr, tree type);
tree sparse_opaque_copy (tree var, tree value);
/* The one statement of BODY, through blocks without variables and the
   debug markers of a statement list, or NULL_TREE (nest-calls.cc).  */
tree sparse_only_stmt (tree body);
/* A new local variable of FN of TYPE, named NAME (may be NULL).  */
tree sparse_new_local (tree fn, tree type, const char *name);

/* ------------------------------------------------------------------ */
/* Lowering (storage.cc, einsum-lower.cc).  */

/* PLUGIN_PRE_GENERICIZE: tagged storage and the access fallback.  */
void sparse_pre_genericize (void *gcc_data, void *user_data);
/* Loop nests (recognize.cc): before the storage rewrite, turn the
   canonical dense loop nests of FNDECL over tagged arrays into einsum
   statements and their markers, reporting those it leaves alone.  */
void sparse_recognize_nests (tree fndecl);
/* Has the recognizer dealt with loop LOOP (a FOR_STMT, or the OMP_PARALLEL
   of the program's `parallel for`) without rewriting it?  */
bool sparse_nest_reported_p (tree loop);
/* Why the recognizer left loop LOOP to element access, or NULL; *LOC, if
   LOC, set to where to say it when that is not LOOP's own location.  */
const char *sparse_nest_refusal (tree loop, location_t *loc = NULL);
/* Counted while loops (nest-while.cc): before the recognizer, each
   while loop of FNDECL that is a for loop written otherwise
   (INIT; while (COND) { BODY; STEP; }) becomes that FOR_STMT.  Why while
   loop LOOP stayed one, or NULL, and the variable its condition
   compares, or NULL; whether FOR_STMT LOOP was a while loop.  */
void sparse_read_whiles (tree fndecl);
const char *sparse_while_refusal (tree loop);
tree sparse_while_var (tree loop);
bool sparse_while_read_p (tree loop);
/* A copy of FOR_STMT LOOP of FNDECL in which each element of a plain
   array that the body sets at LOOP's variable before reading it, and
   reaches only there, is a scalar of the body stored at its end
   (nest-scalars.cc); NULL_TREE when there is none.  */
tree sparse_scalar_copy (tree fndecl, tree loop);
/* The GIMPLE pass that lowers einsum markers (before omplower).  */
opt_pass *make_pass_sparse (gcc::context *ctxt);

/* ------------------------------------------------------------------ */
/* Placement (align.cc): a function holding a generated kernel, marked
   by sparse_mark_kernel_function, and every function its kernel is
   inlined into, have the loop heads GCC aligns start on 64-byte lines
   (the pass make_pass_sparse_align makes, after the GIMPLE
   optimizations), unless the command line sets loop alignment.  */
void sparse_mark_kernel_function (tree fndecl);
opt_pass *make_pass_sparse_align (gcc::context *ctxt);

/* ------------------------------------------------------------------ */
/* Remarks (remarks.cc): what is said about sparsification, kept until
   every function is lowered and then said in source order.  */

enum sparse_remark_kind
{
  SPARSE_REMARK_SPARSIFIED,	/* a nest or pragma became sparse loops */
  SPARSE_REMARK_ELEMENTWISE,	/* a loop over a tagged array runs element
				   by element through the runtime: warned */
  SPARSE_REMARK_MISSED,		/* a nest or pragma left as it was, with
				   no loop over a tagged array */
  SPARSE_REMARK_REPORT,		/* a fact for the report only */
  SPARSE_REMARK_WARNING		/* a warning of its own */
};

/* A remark of KIND at LOC; FMT is a diagnostic's format without %D or
   %E (names as %qs).  */
void sparse_remark (sparse_remark_kind kind, location_t loc,
		    const char *fmt, ...);
/* A note after the last remark: what to write instead.  */
void sparse_remark_hint (const char *fmt, ...);
/* Say the remarks of the unit in source order (nothing after an error),
   through the diagnostics, the report file and the -fopt-info dump of
   PASS.  */
void sparse_remarks_flush (opt_pass *pass);

#endif /* SPARSE_PLUGIN_H */
