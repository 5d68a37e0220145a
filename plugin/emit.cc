/* emit.cc -- the loop IR of a kernel (loops.h) as GENERIC, spliced over
   the einsum marker call it computes.

   The statement is scheduled (schedule.h), its kernel built (lir_build)
   and each loop IR node turned into the GENERIC the C front end would
   produce for the C that lowering/cprint.c prints for it, node for node:

     LIR_DECL      a VAR_DECL of the enclosing block's BIND_EXPR
     LIR_FOR       v = lo; goto c; top: body; v++; c: if (v < hi) goto top
                   (the C front end's loop shape); with -fopenmp and a
                   parallel mark, an OMP_PARALLEL region: when the body
                   reads a pos array at the loop's variable (CSR rows),
                   each thread takes a contiguous range of iterations of
                   equal work (sp_ksplit over those offsets), else
                   OMP_FOR with schedule(static); never inside another
                   OpenMP construct
     LIR_WHILE     goto c; top: body; c: if (cond) goto top
     LIR_IF        COND_EXPR
     LIR_LOAD      *(T *) (base + i), BASE a pointer loaded once
     LIR_APPEND    sp_kout_append (&out, level, parent, coord); at the
                   output's last level its common case inline (as
                   sp_kout_push), or in fixed room (below) a store at a
                   cursor held in locals
     LIR_CALL      the entry points of sparse_kernel.h, sp_free, memset;
                   the output's start reserves room for as many entries
                   as the operands hold, unless the kernel's symbolic
                   loop bounds them (LIR_CALL_OUT_RESERVE)

   Beyond that one-to-one translation, four shapes get better code:
     - a CSR-like output appended in order whose entries the symbolic
       loop bounds gets its arrays at that size before the loops
       (sp_kout_fix; the counting pass's exact size when the bound
       cannot be allocated), so that its appends neither grow nor check
       anything: the number of entries and the crd, count and value
       arrays live in locals, and LIR_CALL_OUT_ROOM checks each row's
       bound once (fix_room, the cursor);
     - a dense innermost loop accumulating into a row its enclosing loop
       does not move (SpMM, TTM, MTTKRP) runs in strips of vector
       accumulators over that enclosing loop (strip_mine);
     - with -fopenmp, a sparse output whose first level is dense or
       compressed is built by all threads in two phases: each counts the
       entries of its rows (or first coordinates) with the kernel's
       counting pass, or for CSR bounds them with its symbolic loop, the
       output's arrays are allocated once, then each thread writes its
       rows into its own range of them (par_build);
     - parallel loops over a CSR-like operand's rows split them by entries.
   A warning guards the asymptotics: dense loops that visit every pair of
   coordinates no operand stores densely (warn_dense_products).

   Every pos/crd/vals array is read through a pointer variable loaded from
   the tensor's struct (sparse_abi.h, by field offset) once, after the
   prologue (conversions, assembly, output and workspace set-up) and
   before the first loop; index arrays keep the format's width and are
   widened at each load.  Pointers to arrays the kernel only reads, and
   to the runtime's own arrays (workspace, a tagged dense output), are
   restrict-qualified.  Scalar reductions are locals of the loops'
   blocks, so GCC keeps them in registers.

   The result is one BIND_EXPR; it is gimplified in place, so that GCC's
   OpenMP lowering, which runs next, outlines the parallel regions.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "sparse-plugin.h"
#include "ix.h"
#include "level_types.h"
#include "schedule.h"
#include "loops.h"
#include "plan.h"
#include "report.h"
#include "target.h"
#include "sparse_kernel.h"
#include "emit.h"

namespace {

/* ------------------------------------------------------------------ */
/* Types.  */

tree
int32_type (void)
{
  return TYPE_PRECISION (integer_type_node) == 32 ? integer_type_node
	 : build_nonstandard_integer_type (32, 0);
}

tree
lir_tree_type (lir_type t)
{
  switch (t)
    {
    case LIR_F64: return double_type_node;
    case LIR_F32: return float_type_node;
    case LIR_I64:
    case LIR_IDX64: return sparse_int64_type ();
    case LIR_I32:
    case LIR_IDX32: return int32_type ();
    case LIR_U8: return unsigned_char_type_node;
    case LIR_IDX8: return signed_char_type_node;
    case LIR_IDX16: return short_integer_type_node;
    }
  return NULL_TREE;
}

bool
lir_float_p (lir_type t)
{
  return t == LIR_F64 || t == LIR_F32;
}

/* The tree code of binary operator OP (LIR_ADD, LIR_SUB, LIR_MUL,
   LIR_DIV, LIR_MIN) on values of a floating type when REAL.  */
tree_code
arith_code (lir_op op, bool real)
{
  switch (op)
    {
    case LIR_ADD: return PLUS_EXPR;
    case LIR_SUB: return MINUS_EXPR;
    case LIR_MUL: return MULT_EXPR;
    case LIR_MIN: return MIN_EXPR;
    default: return real ? RDIV_EXPR : TRUNC_DIV_EXPR;
    }
}

/* The element type of an array-like TYPE (arrays and one pointer
   stripped).  */
tree
element_type (tree type)
{
  if (TREE_CODE (type) == POINTER_TYPE)
    type = TREE_TYPE (type);
  while (TREE_CODE (type) == ARRAY_TYPE)
    type = TREE_TYPE (type);
  return TYPE_MAIN_VARIANT (type);
}

/* ------------------------------------------------------------------ */
/* Where the marker sits.  */

struct find_info
{
  gimple *target;
  bool found;
};

tree
find_target_cb (gimple_stmt_iterator *gsi, bool *handled,
		struct walk_stmt_info *wi)
{
  find_info *fi = (find_info *) wi->info;
  if (gsi_stmt (*gsi) == fi->target)
    {
      /* A result stops the walk; it must come with HANDLED.  */
      fi->found = *handled = true;
      return integer_zero_node;
    }
  return NULL_TREE;
}

bool
seq_contains (gimple_seq seq, gimple *target)
{
  find_info fi = { target, false };
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &fi;
  walk_gimple_seq (seq, find_target_cb, NULL, &wi);
  return fi.found;
}

tree
find_omp_cb (gimple_stmt_iterator *gsi, bool *handled,
	     struct walk_stmt_info *wi)
{
  find_info *fi = (find_info *) wi->info;
  gimple *g = gsi_stmt (*gsi);
  switch (gimple_code (g))
    {
    case GIMPLE_OMP_PARALLEL:
    case GIMPLE_OMP_TASK:
    case GIMPLE_OMP_FOR:
    case GIMPLE_OMP_SECTIONS:
    case GIMPLE_OMP_SECTION:
    case GIMPLE_OMP_SINGLE:
    case GIMPLE_OMP_MASTER:
    case GIMPLE_OMP_MASKED:
    case GIMPLE_OMP_SCOPE:
    case GIMPLE_OMP_CRITICAL:
    case GIMPLE_OMP_ORDERED:
    case GIMPLE_OMP_TASKGROUP:
    case GIMPLE_OMP_TARGET:
    case GIMPLE_OMP_TEAMS:
    case GIMPLE_OMP_SCAN:
      *handled = true;
      if (seq_contains (gimple_omp_body (g), fi->target))
	{
	  fi->found = true;
	  return integer_zero_node;
	}
      break;
    default:
      break;
    }
  return NULL_TREE;
}

/* Whether STMT of the current function lies inside an OpenMP construct
   (new parallel regions would then nest).  */
bool
inside_omp_p (gimple *stmt)
{
  gimple_seq body = gimple_body (current_function_decl);
  find_info fi = { stmt, false };
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &fi;
  walk_gimple_seq (body, find_omp_cb, NULL, &wi);
  return fi.found;
}

/* ------------------------------------------------------------------ */
/* The emitter.  */

struct emitter
{
  const lir_kernel *k;
  const ix_stmt *s;
  sparse_einsum *e;
  location_t loc;
  bool omp;			/* build OpenMP constructs */
  bool failed;
  char why[200];
  tree handle[IX_MAX_OPERANDS];	/* tagged operands' handles */
  tree tens[IX_MAX_ACCESSES];	/* converted tensors' handles */
  tree ready[IX_MAX_ACCESSES];	/* each tensor's handle as sp_kassemble
				   returned it: fields are read through it,
				   which GCC cannot trace to the C array a
				   tagged parameter is declared as */
  tree *var;			/* per loop IR variable */
  tree *arr;			/* per array: its pointer variable */
  tree *arr_elt;		/* per array: its element type */
  bool *arr_written;
  tree kout, kws;		/* the sp_kout and sp_kws objects */
  tree kout_ptr;		/* in a parallel build: this thread's part */
  tree run_vals;		/* the output's values pointer after a run
				   (LIR_APPEND_RUN), until the next append */
  bool fixed;			/* the output's room fixed before its loop
				   (fix_room), its appends inline through
				   the cursor */
  /* The cursor, while the loop appending in fixed room runs: the last
     level's entries so far, its crd and count arrays, the values and the
     limit rows are checked against, in locals rather than in the
     sp_kout, whose address the runtime's calls take; the parent of the
     row being appended and where its entries start, its count written
     once the row is done (an increment through memory at each entry
     would chain each append to the last).  */
  tree cur_n, cur_crd, cur_cnt, cur_vals, cur_limit, cur_par, cur_start;
  bool ws_in_region;		/* workspace arrays are loaded per thread */
  bool need_kout, need_kws;
  tree top_vars;		/* declarations of the outermost block */
  bool loaded;
  /* Loops whose start is a value computed beforehand.  */
  const lir_stmt *ovr_stmt[2];
  tree ovr_lo[2];

  tree fail (const char *fmt, ...) ATTRIBUTE_PRINTF_2;
  tree new_var (tree type, const char *name, tree *vars);
  tree field (tree base, HOST_WIDE_INT off, tree type);
  tree tensor_handle (int t);
  tree dense_base (int opd, tree *elt);
  void scan_writes (int s);
  bool prepare ();
  tree load_arrays ();
  tree out_vals (int a);
  tree elem (int a, tree idx);
  tree ex (int e);
  tree cond (int e);
  tree target (const lir_target &t);
  tree call (const lir_stmt &st);
  tree append (const lir_stmt &st, tree parent, tree coord, tree *vars);
  tree append_run (const lir_stmt &st, tree *vars);
  bool fixed_room_p ();
  tree fix_room (const lir_stmt &st, tree *vars);
  tree cursor_load (tree *vars);
  tree cursor_store ();
  tree room_check (tree n);
  tree row_start (tree n, tree parent);
  tree row_count ();
  void stmt (int id, tree *list, tree *vars);
  tree block (int first);
  tree for_loop (const lir_stmt &st, tree *vars, bool strip = true);
  bool uses (int e, const bool *set);
  bool strip_value_ok (int e, int j, lir_type et, int target);
  bool strip_match (const lir_stmt &st, struct strip_info *si);
  tree vex (int e, int j, tree off, tree vtype, tree elt);
  tree strip_mine (const lir_stmt &st, struct strip_info *si, tree *vars);
  tree region_clauses (const lir_stmt &st);
  void balance_arrays (const lir_stmt &st, int ba[2]);
  tree split_call (const int ba[2], tree lo, tree hi, tree part, tree parts);
  tree split_loop (tree iv, tree lo, tree hi, tree body, const int ba[2],
		   tree clauses, tree privs, tree pre, tree post);
  tree own_copies (const lir_stmt &st, tree *privs, tree *before,
		   tree *pre, tree *post, tree *after);
  tree kout_addr ();
  tree kws_addr ();
  bool one_compressed_level ();
  tree par_build (int loop, tree *list);
  tree reserve_hint (const lir_stmt &out_begin);
  tree worth ();
  tree threads_if ();
  tree parallel_for (const lir_stmt &st, tree lo, tree hi);
  tree rows_loop (const lir_stmt &st, tree r0, tree r1, tree *list,
		  int stride = 1);
  tree bound_rows (tree r0, tree r1, tree *list);
  tree build ();
  tree serial ();
};

tree
emitter::fail (const char *fmt, ...)
{
  if (!failed)
    {
      va_list ap;
      va_start (ap, fmt);
      vsnprintf (why, sizeof why, fmt, ap);
      va_end (ap);
      failed = true;
    }
  return error_mark_node;
}

/* Leave a member function returning a tree when X failed.  */
#define CHECKED(x) \
  do { if ((x) == error_mark_node || (x) == NULL_TREE) \
	 return fail ("incomplete tree"); } while (0)

tree
emitter::new_var (tree type, const char *name, tree *vars)
{
  tree v = sparse_new_local (current_function_decl, type, name);
  DECL_SOURCE_LOCATION (v) = loc;
  /* Append, keeping declaration order.  */
  tree *p = vars;
  while (*p)
    p = &DECL_CHAIN (*p);
  *p = v;
  return v;
}

/* *(TYPE *) ((char *) BASE + OFF).  */
tree
emitter::field (tree base, HOST_WIDE_INT off, tree type)
{
  tree p = fold_build_pointer_plus_hwi (fold_convert (ptr_type_node, base),
					off);
  p = fold_convert (build_pointer_type (type), p);
  return build_fold_indirect_ref_loc (loc, p);
}

tree
emitter::tensor_handle (int t)
{
  if (t < 0 || t >= k->ntensors)
    return fail ("no tensor %d", t);
  const lir_tensor &x = k->tensors[t];
  if (ready[t])
    return ready[t];
  if (x.conv >= 0)
    return tens[t] ? tens[t] : fail ("tensor %s used before its conversion",
				     x.name);
  if (x.opd < 0 || x.opd >= s->nopds || !handle[x.opd])
    return fail ("no handle for tensor %s", x.name);
  return handle[x.opd];
}

/* A pointer to the first element of untagged operand OPD, of the type
   pointing to its element type *ELT.  */
tree
emitter::dense_base (int opd, tree *elt)
{
  tree decl = sparse_einsum_operand_decl (e, opd);
  if (!decl || decl == error_mark_node)
    return fail ("no declaration for operand %d", opd);
  tree type = TREE_TYPE (decl);
  tree base;
  if (TREE_CODE (type) == ARRAY_TYPE)
    {
      mark_addressable (decl);
      base = build_fold_addr_expr_loc (loc, decl);
    }
  else if (TREE_CODE (type) == POINTER_TYPE)
    base = decl;
  else
    return fail ("operand '%s' is not an array", s->opd[opd].name);
  *elt = element_type (type);
  return fold_convert (build_pointer_type (*elt), base);
}

/* Mark the arrays statements from S on write (recursively).  */
void
emitter::scan_writes (int id)
{
  for (; id >= 0 && id < k->nstmts; id = k->stmts[id].next)
    {
      const lir_stmt &st = k->stmts[id];
      switch (st.kind)
	{
	case LIR_ASSIGN:
	case LIR_ACCUM:
	  if (st.to.array >= 0 && st.to.array < k->narrays)
	    arr_written[st.to.array] = true;
	  break;
	case LIR_ZERO:
	  if (st.array >= 0 && st.array < k->narrays)
	    arr_written[st.array] = true;
	  break;
	case LIR_CALL:
	  if (st.fn == LIR_CALL_SORT && st.array >= 0 && st.array < k->narrays)
	    arr_written[st.array] = true;
	  if (st.fn == LIR_CALL_OUT_BEGIN || st.fn == LIR_CALL_OUT_END
	      || st.fn == LIR_CALL_OUT_RESERVE)
	    need_kout = true;
	  if (st.fn == LIR_CALL_WS_ALLOC || st.fn == LIR_CALL_WS_FREE)
	    need_kws = true;
	  break;
	case LIR_APPEND:
	case LIR_APPEND_RUN:
	  need_kout = true;
	  break;
	case LIR_FOR:
	case LIR_WHILE:
	case LIR_IF:
	  scan_writes (st.body);
	  scan_writes (st.else_);
	  break;
	default:
	  break;
	}
    }
}

/* Create the pointer variables of the arrays, the converted tensors'
   handles and the output and workspace objects.  */
bool
emitter::prepare ()
{
  var = XCNEWVEC (tree, k->nvars + 1);
  arr = XCNEWVEC (tree, k->narrays + 1);
  arr_elt = XCNEWVEC (tree, k->narrays + 1);
  arr_written = XCNEWVEC (bool, k->narrays + 1);
  scan_writes (k->body);

  int out_opd = s->acc[s->out].opd;
  for (int a = 0; a < k->narrays; a++)
    {
      const lir_array &x = k->arrays[a];
      tree elt = lir_tree_type (x.type);
      bool noalias = !arr_written[a];
      const char *what = "";
      switch (x.kind)
	{
	case LIR_ARR_POS: what = "pos"; break;
	case LIR_ARR_CRD: what = "crd"; break;
	case LIR_ARR_VALS:
	  what = "vals";
	  /* The runtime's own storage: a tagged dense output.  */
	  noalias = true;
	  break;
	case LIR_ARR_DENSE:
	  {
	    if (x.opd < 0 || x.opd >= s->nopds)
	      return fail ("array %d has no operand", a), false;
	    tree base = dense_base (x.opd, &elt);
	    if (base == error_mark_node)
	      return false;
	    what = s->opd[x.opd].name;
	    /* The program's array written by the kernel may be reached
	       through another operand's pointer as well.  */
	    noalias = x.opd != out_opd;
	    break;
	  }
	case LIR_ARR_WS: what = "ws"; noalias = true; break;
	case LIR_ARR_WS_FLAG: what = "wsflag"; noalias = true; break;
	case LIR_ARR_WS_LIST: what = "wslist"; noalias = true; break;
	case LIR_ARR_OUT_VALS:
	  break;
	}
      if (!elt)
	return fail ("array %d has no type", a), false;
      arr_elt[a] = elt;
      if (x.kind == LIR_ARR_OUT_VALS)
	continue;
      tree pt = build_pointer_type (elt);
      if (noalias)
	pt = build_qualified_type (pt, TYPE_QUAL_RESTRICT);
      char name[64];
      if (x.tensor >= 0 && x.tensor < k->ntensors)
	snprintf (name, sizeof name, "%s_%s%d", k->tensors[x.tensor].name,
		  what, x.kind == LIR_ARR_VALS ? 0 : x.level);
      else
	snprintf (name, sizeof name, "%s_p", what);
      arr[a] = new_var (pt, name, &top_vars);
    }

  for (int t = 0; t < k->ntensors; t++)
    if (k->tensors[t].conv >= 0)
      tens[t] = new_var (ptr_type_node, k->tensors[t].name, &top_vars);

  /* The runtime's objects, as arrays of int64_t of their size.  */
  for (int a = 0; a < k->narrays; a++)
    {
      need_kout |= k->arrays[a].kind == LIR_ARR_OUT_VALS;
      need_kws |= (k->arrays[a].kind == LIR_ARR_WS
		   || k->arrays[a].kind == LIR_ARR_WS_FLAG
		   || k->arrays[a].kind == LIR_ARR_WS_LIST);
    }
  if (need_kout)
    {
      tree words
	= build_index_type (size_int ((sizeof (sp_kout) + 7) / 8 - 1));
      kout = new_var (build_array_type (sparse_int64_type (), words),
		      "sp_out", &top_vars);
      TREE_ADDRESSABLE (kout) = 1;
      fixed = fixed_room_p ();
    }
  if (need_kws)
    {
      tree words = build_index_type (size_int ((sizeof (sp_kws) + 7) / 8 - 1));
      kws = new_var (build_array_type (sparse_int64_type (), words), "sp_ws",
		     &top_vars);
      TREE_ADDRESSABLE (kws) = 1;
    }
  return !failed;
}

/* The loads of every array's pointer, once the prologue has made them
   current.  */
tree
emitter::load_arrays ()
{
  tree list = alloc_stmt_list ();
  loaded = true;
  for (int a = 0; a < k->narrays && !failed; a++)
    {
      const lir_array &x = k->arrays[a];
      tree p = NULL_TREE;
      HOST_WIDE_INT lv = offsetof (sp_tensor, lv)
			 + x.level * (HOST_WIDE_INT) sizeof (sp_level_store);
      switch (x.kind)
	{
	case LIR_ARR_POS:
	case LIR_ARR_CRD:
	  {
	    if (x.level < 0 || x.level >= SP_MAX_LEVELS)
	      return fail ("array %d: level %d", a, x.level);
	    tree h = tensor_handle (x.tensor);
	    CHECKED (h);
	    p = field (h, lv + (x.kind == LIR_ARR_POS
				? offsetof (sp_level_store, pos)
				: offsetof (sp_level_store, crd)),
		       ptr_type_node);
	    break;
	  }
	case LIR_ARR_VALS:
	  {
	    tree h = tensor_handle (x.tensor);
	    CHECKED (h);
	    p = field (h, offsetof (sp_tensor, vals), ptr_type_node);
	    break;
	  }
	case LIR_ARR_DENSE:
	  {
	    tree elt;
	    p = dense_base (x.opd, &elt);
	    CHECKED (p);
	    break;
	  }
	case LIR_ARR_WS:
	  if (ws_in_region)
	    continue;
	  p = field (kws_addr (), offsetof (sp_kws, vals), ptr_type_node);
	  break;
	case LIR_ARR_WS_FLAG:
	  if (ws_in_region)
	    continue;
	  p = field (kws_addr (), offsetof (sp_kws, flag), ptr_type_node);
	  break;
	case LIR_ARR_WS_LIST:
	  if (ws_in_region)
	    continue;
	  p = field (kws_addr (), offsetof (sp_kws, list), ptr_type_node);
	  break;
	case LIR_ARR_OUT_VALS:
	  continue;
	}
      append_to_statement_list_force
	(build2 (MODIFY_EXPR, TREE_TYPE (arr[a]), arr[a],
		 fold_convert (TREE_TYPE (arr[a]), p)), &list);
    }
  return list;
}

/* The output's values pointer, read afresh (appends move it).  */
tree
emitter::out_vals (int a)
{
  return fold_convert (build_pointer_type (arr_elt[a]),
		       field (kout_addr (), offsetof (sp_kout, vals),
			      ptr_type_node));
}

/* Element IDX of array A.  */
tree
emitter::elem (int a, tree idx)
{
  if (a < 0 || a >= k->narrays)
    return fail ("no array %d", a);
  CHECKED (idx);
  if (k->arrays[a].kind == LIR_ARR_OUT_VALS && !kout)
    return fail ("output values without an output");
  tree base = k->arrays[a].kind != LIR_ARR_OUT_VALS ? arr[a]
	      : run_vals ? run_vals
	      : cur_vals ? fold_convert (build_pointer_type (arr_elt[a]),
					 cur_vals)
	      : out_vals (a);
  if (!base)
    return fail ("array %d has no pointer", a);
  tree elt = arr_elt[a];
  tree off = fold_build2 (MULT_EXPR, sizetype, fold_convert (sizetype, idx),
			  fold_convert (sizetype, TYPE_SIZE_UNIT (elt)));
  return build_fold_indirect_ref_loc (loc, fold_build_pointer_plus (base,
								    off));
}

tree
emitter::ex (int id)
{
  if (failed)
    return error_mark_node;
  if (id < 0 || id >= k->nexprs)
    return fail ("no expression %d", id);
  const lir_expr &x = k->exprs[id];
  tree type = lir_tree_type (x.type);
  if (!type)
    return fail ("expression %d has no type", id);
  switch (x.op)
    {
    case LIR_CONST:
      if (lir_float_p (x.type))
	{
	  REAL_VALUE_TYPE r;
	  char buf[64];
	  snprintf (buf, sizeof buf, "%.17g", x.fval);
	  if (real_from_string (&r, buf) < 0 && x.fval == x.fval)
	    return fail ("constant %s", buf);
	  return fold_convert (type, build_real (double_type_node, r));
	}
      return build_int_cst (type, x.ival);
    case LIR_VARREF:
      if (x.var < 0 || x.var >= k->nvars || !var[x.var])
	return fail ("variable %d used before its declaration", x.var);
      return var[x.var];
    case LIR_LOAD:
      {
	tree r = elem (x.array, ex (x.a));
	CHECKED (r);
	return sparse_convert (loc, type, r);
      }
    case LIR_SCALAR:
      {
	tree decl = sparse_einsum_operand_decl (e, x.opd);
	if (!decl)
	  return fail ("no scalar operand %d", x.opd);
	return sparse_convert (loc, type, decl);
      }
    case LIR_DIM:
      {
	if (x.dim < 0 || x.dim >= SP_MAX_RANK)
	  return fail ("dimension %d", x.dim);
	tree h = NULL_TREE;
	if (x.tensor >= 0)
	  h = tensor_handle (x.tensor);
	else if (x.opd >= 0 && x.opd < s->nopds && s->opd[x.opd].tagged)
	  {
	    h = handle[x.opd];
	    for (int t = 0; t < k->ntensors; t++)
	      if (k->tensors[t].opd == x.opd && k->tensors[t].conv < 0)
		h = tensor_handle (t);
	  }
	if (h)
	  {
	    CHECKED (h);
	    return field (h, offsetof (sp_tensor, dims)
			     + x.dim * (HOST_WIDE_INT) sizeof (int64_t),
			  type);
	  }
	tree ext = sparse_einsum_dense_extent (e, x.opd, x.dim);
	if (!ext)
	  {
	    const char *n = x.opd >= 0 && x.opd < s->nopds
			    ? s->opd[x.opd].name : "?";
	    return fail ("the extent of dimension %d of '%s' is unknown",
			 x.dim, n);
	  }
	return sparse_convert (loc, type, ext);
      }
    case LIR_LVSIZE:
      {
	tree h = tensor_handle (x.tensor);
	CHECKED (h);
	if (x.dim < 0 || x.dim >= SP_MAX_LEVELS)
	  return fail ("level %d", x.dim);
	return field (h, offsetof (sp_tensor, lv)
			 + x.dim * (HOST_WIDE_INT) sizeof (sp_level_store)
			 + offsetof (sp_level_store, size), type);
      }
    case LIR_PICK:
      {
	tree a = tensor_handle (x.tensor), b = tensor_handle (x.opd);
	CHECKED (a);
	CHECKED (b);
	tree c = sparse_rt_call (loc, SPARSE_RT_KMERGE_PICK, 4, a,
				 build_int_cst (integer_type_node, x.dim),
				 b,
				 build_int_cst (integer_type_node,
						x.ival));
	return fold_convert (type, c);
      }
    case LIR_NEG:
      {
	tree a = ex (x.a);
	CHECKED (a);
	return fold_build1 (NEGATE_EXPR, type, sparse_convert (loc, type, a));
      }
    case LIR_NOT:
    case LIR_LT:
    case LIR_LE:
    case LIR_EQ:
    case LIR_AND:
      {
	tree c = cond (id);
	CHECKED (c);
	return fold_convert (type, c);
      }
    case LIR_ADD:
    case LIR_SUB:
    case LIR_MUL:
    case LIR_DIV:
    case LIR_MIN:
      {
	tree a = ex (x.a), b = ex (x.b);
	CHECKED (a);
	CHECKED (b);
	return fold_build2 (arith_code (x.op, lir_float_p (x.type)), type,
			    sparse_convert (loc, type, a),
			    sparse_convert (loc, type, b));
      }
    case LIR_MASK:
    case LIR_BOR:
      {
	/* On the bits of the values, an unsigned integer of their size:
	   GCC keeps these selects free of branches.  */
	tree a = ex (x.a), b = ex (x.b);
	CHECKED (a);
	CHECKED (b);
	tree bits = build_nonstandard_integer_type (TYPE_PRECISION (type), 1);
	tree vb = fold_build1 (VIEW_CONVERT_EXPR, bits,
			       sparse_convert (loc, type, b));
	tree va = x.op == LIR_MASK
		  ? fold_build1 (NEGATE_EXPR, bits, fold_convert (bits, a))
		  : fold_build1 (VIEW_CONVERT_EXPR, bits,
				 sparse_convert (loc, type, a));
	tree r = fold_build2 (x.op == LIR_MASK ? BIT_AND_EXPR : BIT_IOR_EXPR,
			      bits, va, vb);
	return fold_build1 (VIEW_CONVERT_EXPR, type, r);
      }
    default:
      return fail ("operator %d", (int) x.op);
    }
}

/* Expression ID as a condition (boolean_type_node).  */
tree
emitter::cond (int id)
{
  if (failed)
    return error_mark_node;
  if (id < 0 || id >= k->nexprs)
    return fail ("no expression %d", id);
  const lir_expr &x = k->exprs[id];
  switch (x.op)
    {
    case LIR_LT:
    case LIR_LE:
    case LIR_EQ:
      {
	if (x.a < 0 || x.a >= k->nexprs || x.b < 0 || x.b >= k->nexprs)
	  return fail ("comparison %d", id);
	tree type = lir_tree_type (lir_arith_type (k->exprs[x.a].type,
						   k->exprs[x.b].type));
	tree a = ex (x.a), b = ex (x.b);
	CHECKED (a);
	CHECKED (b);
	tree_code code = x.op == LIR_LT ? LT_EXPR : x.op == LIR_LE ? LE_EXPR
			 : EQ_EXPR;
	return fold_build2 (code, boolean_type_node,
			    sparse_convert (loc, type, a),
			    sparse_convert (loc, type, b));
      }
    case LIR_AND:
      {
	tree a = cond (x.a), b = cond (x.b);
	CHECKED (a);
	CHECKED (b);
	return fold_build2 (TRUTH_ANDIF_EXPR, boolean_type_node, a, b);
      }
    case LIR_NOT:
      {
	tree a = cond (x.a);
	CHECKED (a);
	return fold_build1 (TRUTH_NOT_EXPR, boolean_type_node, a);
      }
    default:
      {
	tree v = ex (id);
	CHECKED (v);
	return fold_build2 (NE_EXPR, boolean_type_node, v,
			    build_zero_cst (TREE_TYPE (v)));
      }
    }
}

tree
emitter::target (const lir_target &t)
{
  if (t.var >= 0)
    {
      if (t.var >= k->nvars || !var[t.var])
	return fail ("assignment to undeclared variable %d", t.var);
      return var[t.var];
    }
  if (t.array >= 0)
    return elem (t.array, ex (t.index));
  if (t.opd >= 0 && t.opd < s->nopds)
    {
      tree decl = sparse_einsum_operand_decl (e, t.opd);
      return decl ? decl : fail ("no scalar output %d", t.opd);
    }
  return fail ("assignment without target");
}

/* How many entries to make room for when OUT_BEGIN starts the output:
   none when the kernel's symbolic loop bounds them (LIR_CALL_OUT_RESERVE
   follows), else as many as the tensors read hold (exact for a union, a
   start for products), in one allocation.  */
tree
emitter::reserve_hint (const lir_stmt &out_begin)
{
  tree i64 = sparse_int64_type (), hint = build_int_cst (i64, 0);
  for (int id = k->body; id >= 0; id = k->stmts[id].next)
    if (k->stmts[id].kind == LIR_CALL
	&& k->stmts[id].fn == LIR_CALL_OUT_RESERVE)
      return hint;
  for (int t = 0; t < k->ntensors; t++)
    {
      if (t == out_begin.tensor && k->sc->old_out < 0)
	continue;
      tree th = tensor_handle (t);
      CHECKED (th);
      hint = fold_build2 (PLUS_EXPR, i64, hint,
			  field (th, offsetof (sp_tensor, nvals), i64));
    }
  return hint;
}

tree
emitter::call (const lir_stmt &st)
{
  tree name = NULL_TREE, h = NULL_TREE;
  if (st.fn != LIR_CALL_WS_ALLOC && st.fn != LIR_CALL_WS_FREE
      && st.fn != LIR_CALL_SORT && st.fn != LIR_CALL_OUT_END
      && st.fn != LIR_CALL_OUT_RESERVE)
    {
      if (st.tensor < 0 || st.tensor >= k->ntensors)
	return fail ("runtime call without tensor");
      name = sparse_build_string (k->tensors[st.tensor].name);
      if (st.fn != LIR_CALL_CONVERT)
	{
	  h = tensor_handle (st.tensor);
	  CHECKED (h);
	}
    }
  tree kaddr = kout || kout_ptr ? kout_addr () : NULL_TREE;
  tree waddr = kws ? kws_addr () : NULL_TREE;
  if ((!kaddr && (st.fn == LIR_CALL_OUT_BEGIN || st.fn == LIR_CALL_OUT_END
		  || st.fn == LIR_CALL_OUT_RESERVE))
      || (!waddr && (st.fn == LIR_CALL_WS_ALLOC
		     || st.fn == LIR_CALL_WS_FREE)))
    return fail ("runtime call %d without its object", (int) st.fn);
  switch (st.fn)
    {
    case LIR_CALL_ASSEMBLE:
      {
	tree c = sparse_rt_call (loc, SPARSE_RT_KASSEMBLE, 2, h, name);
	if (ready[st.tensor])
	  return c;
	ready[st.tensor] = new_var (ptr_type_node, NULL, &top_vars);
	return build2 (MODIFY_EXPR, ptr_type_node, ready[st.tensor], c);
      }
    case LIR_CALL_CONVERT:
      {
	const lir_tensor &t = k->tensors[st.tensor];
	if (t.conv < 0 || t.conv >= k->sc->nconv || t.opd < 0
	    || t.opd >= s->nopds || !handle[t.opd] || !tens[st.tensor])
	  return fail ("conversion of %s", t.name);
	tree c = sparse_rt_call
	  (loc, SPARSE_RT_KCONVERT, 3, handle[t.opd],
	   sparse_build_string (k->sc->conv[t.conv].spelling), name);
	return build2 (MODIFY_EXPR, ptr_type_node, tens[st.tensor], c);
      }
    case LIR_CALL_FREE:
      return sparse_rt_call (loc, SPARSE_RT_FREE, 1, h);
    case LIR_CALL_STORE:
      {
	const lir_tensor &t = k->tensors[st.tensor];
	if (t.opd < 0 || t.opd >= s->nopds || !handle[t.opd])
	  return fail ("store into %s", t.name);
	return sparse_rt_call
	  (loc, SPARSE_RT_KSTORE, 3, handle[t.opd], h,
	   sparse_build_string (s->opd[t.opd].name));
      }
    case LIR_CALL_OUT_BEGIN:
      {
	tree list = alloc_stmt_list ();
	append_to_statement_list_force
	  (sparse_rt_call (loc, SPARSE_RT_KOUT_BEGIN, 2, kaddr, h),
	   &list);
	tree hint = reserve_hint (st);
	CHECKED (hint);
	if (!integer_zerop (hint))
	  append_to_statement_list_force
	    (sparse_rt_call (loc, SPARSE_RT_KOUT_RESERVE, 2,
			     unshare_expr (kaddr), hint), &list);
	return list;
      }
    case LIR_CALL_OUT_END:
      return sparse_rt_call (loc, SPARSE_RT_KOUT_END, 1, kaddr);
    case LIR_CALL_OUT_RESERVE:
      {
	tree n = ex (st.a);
	CHECKED (n);
	return sparse_rt_call (loc, SPARSE_RT_KOUT_RESERVE, 2, kaddr,
			       sparse_convert (loc, sparse_int64_type (),
					       n));
      }
    case LIR_CALL_WS_ALLOC:
      {
	tree n = ex (st.a);
	CHECKED (n);
	tree es = NULL_TREE;
	for (int a = 0; a < k->narrays; a++)
	  if (k->arrays[a].kind == LIR_ARR_WS)
	    es = TYPE_SIZE_UNIT (arr_elt[a]);
	if (!es)
	  es = TYPE_SIZE_UNIT (double_type_node);
	return sparse_rt_call (loc, SPARSE_RT_KWS_ALLOC, 3, waddr,
			       sparse_convert (loc, sparse_int64_type (),
					       n),
			       fold_convert (size_type_node, es));
      }
    case LIR_CALL_WS_FREE:
      return sparse_rt_call (loc, SPARSE_RT_KWS_FREE, 1, waddr);
    case LIR_CALL_OUT_ROOM:
      /* stmt's: a check in fixed room only.  */
      return NULL_TREE;
    case LIR_CALL_SORT:
      {
	if (st.array < 0 || st.array >= k->narrays || !arr[st.array])
	  return fail ("sort of array %d", st.array);
	tree n = ex (st.a), extent = ex (st.b), flag = NULL_TREE;
	CHECKED (n);
	CHECKED (extent);
	for (int a = 0; a < k->narrays; a++)
	  if (k->arrays[a].kind == LIR_ARR_WS_FLAG)
	    flag = arr[a];
	CHECKED (flag);
	tree i64 = sparse_int64_type ();
	return sparse_rt_call (loc, SPARSE_RT_KWS_SORT, 4,
			       fold_convert (ptr_type_node, arr[st.array]),
			       sparse_convert (loc, i64, n),
			       fold_convert (ptr_type_node, flag),
			       sparse_convert (loc, i64, extent));
      }
    }
  return fail ("runtime call %d", (int) st.fn);
}

/* The clauses of the parallel region of loop ST: reduction (+: t) for
   each variable declared outside it that its body sums into (a scalar
   output's register: lir_reductions); error_mark_node when its body
   writes anything else outside itself.  */
tree
emitter::region_clauses (const lir_stmt &st)
{
  tree clauses = NULL_TREE;
  int vars[8];
  int n = lir_reductions (k, &st, vars, 8);
  if (n < 0)
    return error_mark_node;
  for (int i = 0; i < n; i++)
    {
      tree c = build_omp_clause (loc, OMP_CLAUSE_REDUCTION);
      OMP_CLAUSE_DECL (c) = var[vars[i]];
      OMP_CLAUSE_REDUCTION_CODE (c) = PLUS_EXPR;
      OMP_CLAUSE_CHAIN (c) = clauses;
      clauses = c;
    }
  return clauses;
}

/* ------------------------------------------------------------------ */
/* Dense inner loops with vector accumulators.

   The shape SpMM, TTM and MTTKRP produce: a loop S (over a sparse level's
   positions, say) whose body declares values and ends with a dense loop
   over J accumulating into a row of a dense output that S does not move:

     for (p = lo; p < hi; p++)
       { c = crd[p]; h = vals[p]; ...
	 for (j = a; j < b; j++)
	   C[X + j] += h * B[Y + j]; }

   Left alone, GCC at -O2 either keeps the inner loop scalar or unrolls
   and vectorises it while reloading and storing the row of C once per
   nonzero.  Instead the J range is cut into strips of vectors; for each
   strip, vector accumulators (registers) hold C's strip while S runs over
   all its nonzeros, and are stored once:

     for (jb = a; jb + U*W <= b; jb += U*W)
       { acc0..accU-1 = C[X + jb ...];
	 for (p = lo; p < hi; p++)
	   { c = ...; h = ...; acc_u += {h,...} * B[Y + jb + u*W ...]; }
	 C[X + jb ...] = acc0..accU-1; }

   with U = 8, 4, 2 and 1 vectors of W elements per strip (W from the
   target's preferred SIMD mode), then the original loops for the last
   columns.  */

struct strip_info
{
  const lir_stmt *inner;	/* the dense loop */
  const lir_stmt *accum;	/* its one statement */
  int j;			/* its variable */
  int base;			/* the target index without J, or -1 */
  tree elt, vtype;		/* element and vector type */
  int w;			/* elements per vector */
};

/* Whether expression E reads a variable of SET.  */
bool
emitter::uses (int e, const bool *set)
{
  if (e < 0 || e >= k->nexprs)
    return true;
  const lir_expr &x = k->exprs[e];
  if (x.op == LIR_VARREF)
    return x.var < 0 || x.var >= k->nvars || set[x.var];
  return (x.a >= 0 && uses (x.a, set)) || (x.b >= 0 && uses (x.b, set));
}

/* Whether E, of element type ET wherever it depends on J, can be
   evaluated a vector of J at a time: + - * / and negation of loads at
   unit stride in J and of values free of J, not reading array TARGET.  */
bool
emitter::strip_value_ok (int e, int j, lir_type et, int target)
{
  if (e < 0 || e >= k->nexprs)
    return false;
  bool *set = XCNEWVEC (bool, k->nvars + 1);
  set[j] = true;
  bool dep = uses (e, set);
  XDELETEVEC (set);
  const lir_expr &x = k->exprs[e];
  if (x.op == LIR_LOAD && x.array == target)
    return false;
  if (!dep)
    return x.op != LIR_LOAD
	   || k->arrays[x.array].kind != LIR_ARR_OUT_VALS;
  if (x.type != et)
    return false;
  switch (x.op)
    {
    case LIR_LOAD:
      {
	if (x.array < 0 || x.array >= k->narrays
	    || k->arrays[x.array].type != et
	    || k->arrays[x.array].kind == LIR_ARR_OUT_VALS
	    || !arr[x.array])
	  return false;
	/* Index J or Y + J, Y free of J.  */
	const lir_expr &i = k->exprs[x.a];
	if (i.op == LIR_VARREF)
	  return i.var == j;
	if (i.op != LIR_ADD || k->exprs[i.b].op != LIR_VARREF
	    || k->exprs[i.b].var != j)
	  return false;
	set = XCNEWVEC (bool, k->nvars + 1);
	set[j] = true;
	bool bad = uses (i.a, set);
	XDELETEVEC (set);
	return !bad;
      }
    case LIR_NEG:
      return strip_value_ok (x.a, j, et, target);
    case LIR_ADD:
    case LIR_SUB:
    case LIR_MUL:
    case LIR_DIV:
      return strip_value_ok (x.a, j, et, target)
	     && strip_value_ok (x.b, j, et, target);
    default:
      return false;
    }
}

bool
emitter::strip_match (const lir_stmt &st, strip_info *si)
{
  if (!optimize || st.body < 0)
    return false;
  /* S's body: declarations, then the dense loop last.  */
  bool *inside = XCNEWVEC (bool, k->nvars + 1);
  bool ok = true;
  const lir_stmt *inner = NULL;
  if (st.var >= 0 && st.var < k->nvars)
    inside[st.var] = true;
  for (int id = st.body; id >= 0 && ok; id = k->stmts[id].next)
    {
      const lir_stmt &x = k->stmts[id];
      if (x.kind == LIR_DECL && x.var >= 0 && x.var < k->nvars)
	inside[x.var] = true;
      else if (x.kind == LIR_FOR && x.next < 0)
	inner = &x;
      else
	ok = false;
    }
  ok = ok && inner && inner->var >= 0 && inner->var < k->nvars
       && inside[inner->var] && inner->body >= 0 && !inner->parallel
       && !uses (inner->a, inside) && !uses (inner->b, inside)
       && !uses (st.a, inside) && !uses (st.b, inside);
  const lir_stmt *acc = ok ? &k->stmts[inner->body] : NULL;
  ok = ok && acc->next < 0 && acc->kind == LIR_ACCUM && acc->to.array >= 0
       && acc->to.array < k->narrays && acc->to.var < 0
       && (k->arrays[acc->to.array].kind == LIR_ARR_DENSE
	   || k->arrays[acc->to.array].kind == LIR_ARR_VALS)
       && arr[acc->to.array];
  int j = ok ? inner->var : -1, base = -1;
  if (ok)
    {
      /* The target's index: J, or X + J with X fixed while S runs.  */
      const lir_expr &i = k->exprs[acc->to.index];
      if (i.op == LIR_VARREF)
	ok = i.var == j;
      else
	{
	  ok = i.op == LIR_ADD && k->exprs[i.b].op == LIR_VARREF
	       && k->exprs[i.b].var == j && !uses (i.a, inside);
	  base = i.a;
	}
    }
  XDELETEVEC (inside);
  lir_type et = ok ? k->arrays[acc->to.array].type : LIR_F64;
  if (!ok || (et != LIR_F64 && et != LIR_F32)
      || !strip_value_ok (acc->a, j, et, acc->to.array))
    return false;

  tree elt = arr_elt[acc->to.array];
  if (TREE_CODE (elt) != REAL_TYPE
      || TYPE_MAIN_VARIANT (elt) != TYPE_MAIN_VARIANT (lir_tree_type (et)))
    return false;
  machine_mode vm
    = targetm.vectorize.preferred_simd_mode (SCALAR_TYPE_MODE (elt));
  HOST_WIDE_INT w;
  if (!VECTOR_MODE_P (vm) || !GET_MODE_NUNITS (vm).is_constant (&w) || w < 2)
    return false;
  si->inner = inner;
  si->accum = acc;
  si->j = j;
  si->base = base;
  si->elt = TYPE_MAIN_VARIANT (elt);
  si->w = (int) w;
  si->vtype = build_vector_type (si->elt, w);
  return true;
}

/* Expression E for the vector of J at OFF (J's value of its first
   element): vector type VTYPE.  */
tree
emitter::vex (int e, int j, tree off, tree vtype, tree elt)
{
  if (failed)
    return error_mark_node;
  const lir_expr &x = k->exprs[e];
  bool *set = XCNEWVEC (bool, k->nvars + 1);
  set[j] = true;
  bool dep = uses (e, set);
  XDELETEVEC (set);
  if (!dep)
    {
      tree v = ex (e);
      CHECKED (v);
      return build_vector_from_val (vtype, sparse_convert (loc, elt, v));
    }
  switch (x.op)
    {
    case LIR_LOAD:
      {
	const lir_expr &i = k->exprs[x.a];
	tree idx = off;
	if (i.op == LIR_ADD)
	  {
	    tree y = ex (i.a);
	    CHECKED (y);
	    idx = fold_build2 (PLUS_EXPR, sparse_int64_type (),
			       sparse_convert (loc, sparse_int64_type (), y),
			       off);
	  }
	tree uvt = build_aligned_type (vtype, TYPE_ALIGN (elt));
	tree sz = fold_convert (sizetype, TYPE_SIZE_UNIT (elt));
	tree addr = fold_build_pointer_plus
	  (arr[x.array], fold_build2 (MULT_EXPR, sizetype,
				      fold_convert (sizetype, idx), sz));
	return build_fold_indirect_ref_loc
	  (loc, fold_convert (build_pointer_type (uvt), addr));
      }
    case LIR_NEG:
      {
	tree a = vex (x.a, j, off, vtype, elt);
	CHECKED (a);
	return fold_build1 (NEGATE_EXPR, vtype, a);
      }
    default:
      {
	tree a = vex (x.a, j, off, vtype, elt);
	tree b = vex (x.b, j, off, vtype, elt);
	CHECKED (a);
	CHECKED (b);
	/* Strips hold floating values only.  */
	return fold_build2 (arith_code (x.op, true), vtype, a, b);
      }
    }
}

/* The BIND_EXPR of a parallel region's body, with a BLOCK of its own:
   GCC moves the subblocks of the region's block into the outlined
   function, which must not be the block around the region.  */
static tree
region_bind (tree vars, tree body)
{
  tree block = make_node (BLOCK);
  BLOCK_VARS (block) = vars;
  return build3 (BIND_EXPR, void_type_node, vars, body, block);
}

/* COND, expected to be VALUE (__builtin_expect).  */
static tree
expected (location_t loc, tree cond, bool value)
{
  tree expect = builtin_decl_explicit (BUILT_IN_EXPECT);
  if (!expect)
    return cond;
  return build2 (NE_EXPR, boolean_type_node,
		 build_call_expr_loc (loc, expect, 2,
				      fold_convert (long_integer_type_node,
						    cond),
				      build_int_cst (long_integer_type_node,
						     value)),
		 build_int_cst (long_integer_type_node, 0));
}

/* The C type of coordinates in format F's crd arrays.  */
static tree
crd_type (const sp_format &f)
{
  return lir_tree_type (f.crdw == 8 ? LIR_IDX8 : f.crdw == 16 ? LIR_IDX16
			: f.crdw == 64 ? LIR_IDX64 : LIR_IDX32);
}

/* *(T *) (BASE + I * sizeof (T))  */
static tree
element_at (location_t loc, tree base, tree t, tree i)
{
  tree off = fold_build2 (MULT_EXPR, sizetype, fold_convert (sizetype, i),
			  fold_convert (sizetype, TYPE_SIZE_UNIT (t)));
  return build_fold_indirect_ref_loc (loc, fold_build_pointer_plus (base,
								    off));
}

/* goto c; top: BODY; c: if (COND) goto top;  */
static tree
goto_loop (location_t loc, tree cond, tree body)
{
  tree list = alloc_stmt_list ();
  tree top = create_artificial_label (loc);
  tree entry = create_artificial_label (loc);
  append_to_statement_list_force (build1 (GOTO_EXPR, void_type_node, entry),
				  &list);
  append_to_statement_list_force (build1 (LABEL_EXPR, void_type_node, top),
				  &list);
  append_to_statement_list_force (body, &list);
  append_to_statement_list_force (build1 (LABEL_EXPR, void_type_node, entry),
				  &list);
  append_to_statement_list_force
    (build3 (COND_EXPR, void_type_node, cond,
	     build1 (GOTO_EXPR, void_type_node, top), NULL_TREE), &list);
  return list;
}

/* S strip-mined as above (SI from strip_match).  */
tree
emitter::strip_mine (const lir_stmt &st, strip_info *si, tree *vars)
{
  tree i64 = sparse_int64_type ();
  tree list = alloc_stmt_list ();
  tree v = var[st.var];
  tree type = TREE_TYPE (v);
  const int umax = 8;

  /* S's range, J's range and the target row, once.  */
  tree lo = ex (st.a), hi = ex (st.b), jlo = ex (si->inner->a);
  tree jhi = ex (si->inner->b);
  tree base = si->base >= 0 ? ex (si->base) : build_int_cst (i64, 0);
  CHECKED (lo);
  CHECKED (hi);
  CHECKED (jlo);
  CHECKED (jhi);
  CHECKED (base);
  tree lo_t = new_var (type, NULL, vars), hi_t = new_var (type, NULL, vars);
  tree jb = new_var (i64, NULL, vars), jend = new_var (i64, NULL, vars);
  tree base_t = new_var (i64, NULL, vars);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, type, lo_t, sparse_convert (loc, type, lo)), &list);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, type, hi_t, sparse_convert (loc, type, hi)), &list);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, jb, sparse_convert (loc, i64, jlo)), &list);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, jend, sparse_convert (loc, i64, jhi)), &list);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, base_t, sparse_convert (loc, i64, base)),
     &list);

  int ta = si->accum->to.array;
  tree uvt = build_aligned_type (si->vtype, TYPE_ALIGN (si->elt));
  tree sz = fold_convert (sizetype, TYPE_SIZE_UNIT (si->elt));
  tree_code op = si->accum->op == LIR_SUB ? MINUS_EXPR : PLUS_EXPR;
  /* Strips of 8 vectors while they fit, then at most one each of 4, 2
     and 1: the widest strip runs over S's positions once per row.  */
  for (int u = umax; u >= 1 && !failed; u /= 2)
    {
      HOST_WIDE_INT step = (HOST_WIDE_INT) u * si->w;
      tree svars = NULL_TREE, sbody = alloc_stmt_list ();
      tree acc[umax], row[umax];
      for (int q = 0; q < u; q++)
	{
	  /* The strip's part of the target row.  */
	  tree idx = fold_build2 (PLUS_EXPR, i64, base_t,
				  fold_build2 (PLUS_EXPR, i64, jb,
					       build_int_cst
						 (i64, (HOST_WIDE_INT) q
						       * si->w)));
	  tree addr = fold_build_pointer_plus
	    (arr[ta], fold_build2 (MULT_EXPR, sizetype,
				   fold_convert (sizetype, idx), sz));
	  row[q] = build_fold_indirect_ref_loc
	    (loc, fold_convert (build_pointer_type (uvt), addr));
	  acc[q] = new_var (si->vtype, NULL, &svars);
	  append_to_statement_list_force
	    (build2 (MODIFY_EXPR, si->vtype, acc[q], row[q]), &sbody);
	}
      /* S over all its positions, accumulating.  */
      tree pvars = NULL_TREE, pbody = alloc_stmt_list ();
      for (int id = st.body; id >= 0 && !failed; id = k->stmts[id].next)
	{
	  const lir_stmt &x = k->stmts[id];
	  if (&x == si->inner)
	    break;
	  stmt (id, &pbody, &pvars);
	}
      for (int q = 0; q < u && !failed; q++)
	{
	  tree off = fold_build2 (PLUS_EXPR, i64, jb,
				  build_int_cst (i64,
						 (HOST_WIDE_INT) q * si->w));
	  tree val = vex (si->accum->a, si->j, off, si->vtype, si->elt);
	  if (val == error_mark_node)
	    break;
	  append_to_statement_list_force
	    (build2 (MODIFY_EXPR, si->vtype, acc[q],
		     fold_build2 (op, si->vtype, acc[q], val)), &pbody);
	}
      if (failed)
	return error_mark_node;
      append_to_statement_list_force
	(build2 (MODIFY_EXPR, type, v, build2 (PLUS_EXPR, type, v,
					       build_int_cst (type, 1))),
	 &pbody);
      append_to_statement_list_force
	(build2 (MODIFY_EXPR, type, v, lo_t), &sbody);
      append_to_statement_list_force
	(goto_loop (loc, build2 (LT_EXPR, boolean_type_node, v, hi_t),
		    build3 (BIND_EXPR, void_type_node, pvars, pbody,
			    NULL_TREE)), &sbody);
      for (int q = 0; q < u; q++)
	append_to_statement_list_force
	  (build2 (MODIFY_EXPR, si->vtype, unshare_expr (row[q]), acc[q]),
	   &sbody);
      append_to_statement_list_force
	(build2 (MODIFY_EXPR, i64, jb,
		 build2 (PLUS_EXPR, i64, jb, build_int_cst (i64, step))),
	 &sbody);
      tree cond = build2 (LE_EXPR, boolean_type_node,
			  build2 (PLUS_EXPR, i64, jb,
				  build_int_cst (i64, step)), jend);
      append_to_statement_list_force
	(goto_loop (loc, cond, build3 (BIND_EXPR, void_type_node, svars,
				       sbody, NULL_TREE)), &list);
    }

  /* The last columns: the loops as they were, J from JB.  */
  ovr_stmt[0] = &st;
  ovr_lo[0] = lo_t;
  ovr_stmt[1] = si->inner;
  ovr_lo[1] = jb;
  tree rest = for_loop (st, vars, false);
  ovr_stmt[0] = ovr_stmt[1] = NULL;
  CHECKED (rest);
  append_to_statement_list_force (rest, &list);
  return list;
}

/* Whether statement X of K declares another name of a row (pA0 = i,
   the row or one of its names marked in ROW): marks it.  */
static bool
names_row (const lir_kernel *k, const lir_stmt &x, bool *row)
{
  if (x.kind != LIR_DECL || x.a < 0 || x.a >= k->nexprs || x.var < 0
      || x.var >= k->nvars)
    return false;
  const lir_expr &init = k->exprs[x.a];
  if (init.op != LIR_VARREF || init.var < 0 || init.var >= k->nvars
      || !row[init.var])
    return false;
  row[x.var] = true;
  return true;
}

/* For parallel loop ST: the arrays of offsets indexed by its variable
   (pos[i] of CSR's rows, pos1[p] of DCSR's) of up to two operands,
   whose entries weigh the iterations, into BA[0] and BA[1]; -1 where
   its body reads none (no more).  */
void
emitter::balance_arrays (const lir_stmt &st, int ba[2])
{
  ba[0] = ba[1] = -1;
  if (st.body < 0)
    return;
  bool *row = XCNEWVEC (bool, k->nvars + 1);
  int found = 0;
  row[st.var] = true;
  for (int id = st.body; id >= 0 && found < 2; id = k->stmts[id].next)
    {
      const lir_stmt &x = k->stmts[id];
      int e = x.kind == LIR_DECL || x.kind == LIR_FOR ? x.a : -1;
      if (e < 0 || e >= k->nexprs)
	continue;
      const lir_expr &init = k->exprs[e];
      if (names_row (k, x, row))
	continue;
      /* pA1 = pos1[pA0]: the start of the row's entries.  */
      if (init.op != LIR_LOAD || init.array < 0 || init.array >= k->narrays
	  || init.a < 0)
	continue;
      const lir_array &ar = k->arrays[init.array];
      const lir_expr &idx = k->exprs[init.a];
      if (ar.kind == LIR_ARR_POS && arr[init.array] && idx.op == LIR_VARREF
	  && idx.var >= 0 && idx.var < k->nvars && row[idx.var]
	  && ar.tensor >= 0 && ar.tensor < k->ntensors
	  && (!found || k->arrays[ba[0]].tensor != ar.tensor))
	ba[found++] = init.array;
    }
  XDELETEVEC (row);
}

/* The first row of part PART of PARTS of rows [LO, HI) cut by the
   entries of the pos arrays BA (balance_arrays) into ranges of about
   equal work.  */
tree
emitter::split_call (const int ba[2], tree lo, tree hi, tree part, tree parts)
{
  tree w[2], pos[2];
  for (int i = 0; i < 2; i++)
    {
      w[i] = build_int_cst (integer_type_node,
			    ba[i] < 0 ? 0
			    : k->tensors[k->arrays[ba[i]].tensor].fmt.posw);
      pos[i] = ba[i] < 0 ? null_pointer_node
	       : fold_convert (const_ptr_type_node, unshare_expr (arr[ba[i]]));
    }
  return sparse_rt_call (loc, SPARSE_RT_KSPLIT, 8, pos[0], w[0], pos[1],
			 w[1], lo, hi, part, parts);
}

/* Chunks per thread of a loop over rows split by their entries.  */
#define SPLIT_CHUNKS 8

/* The parallel region of loop ST over rows [LO, HI) cut by the entries
   of pos arrays BA (balance_arrays) into SPLIT_CHUNKS ranges of rows per
   thread of about equal work (sp_ksplit), which the threads take in
   turn, BODY run for IV over each: a thread slowed by a heavy range or by another process
   on its core takes fewer (measured on 2 threads, SpMV: rmat_s16_ef8
   0.38 -> 0.33 ms, bcsstk16 0.126 -> 0.087 ms against a range per
   thread).  CLAUSES are the region's; PRIVS (chained) its own variables
   besides, PRE and POST its statements before and after the loop.
   Returns the statements: the shared chunk counter reset, then the
   region.  */
tree
emitter::split_loop (tree iv, tree lo, tree hi, tree body, const int ba[2],
		     tree clauses, tree privs, tree pre, tree post)
{
  tree i64 = sparse_int64_type ();
  tree nt_fn = builtin_decl_explicit (BUILT_IN_OMP_GET_NUM_THREADS);
  tree add_fn = builtin_decl_explicit (BUILT_IN_ATOMIC_FETCH_ADD_8);
  if (!nt_fn || !add_fn)
    return NULL_TREE;
  tree vars = NULL_TREE, list = alloc_stmt_list ();
  tree chunks = new_var (i64, NULL, &vars), ck = new_var (i64, NULL, &vars);
  tree n0 = new_var (i64, NULL, &vars), n = new_var (i64, NULL, &vars);
  tree r1 = new_var (i64, NULL, &vars);
  /* The next chunk to take, shared by the threads.  */
  tree next = new_var (i64, "sp_chunk", &top_vars);
  TREE_ADDRESSABLE (next) = 1;
  /* The loop variable too is the region's own.  */
  DECL_CHAIN (iv) = vars;
  vars = iv;
  if (privs)
    {
      tree last = privs;
      while (DECL_CHAIN (last))
	last = DECL_CHAIN (last);
      DECL_CHAIN (last) = vars;
      vars = privs;
    }
  if (pre)
    append_to_statement_list_force (pre, &list);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, chunks,
	     build2 (MULT_EXPR, i64,
		     fold_convert (i64, build_call_expr_loc (loc, nt_fn, 0)),
		     build_int_cst (i64, SPLIT_CHUNKS))), &list);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, n0, sparse_convert (loc, i64, lo)), &list);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, n, sparse_convert (loc, i64, hi)), &list);
  /* ck = __atomic_fetch_add (&next, 1, relaxed)  */
  tree val_t = TREE_VALUE (TREE_CHAIN (TYPE_ARG_TYPES (TREE_TYPE (add_fn))));
  auto take = [&] ()
    {
      return build2 (MODIFY_EXPR, i64, ck,
		     fold_convert (i64, build_call_expr_loc
					  (loc, add_fn, 3,
					   build_fold_addr_expr (next),
					   build_int_cst (val_t, 1),
					   /* __ATOMIC_RELAXED */
					   integer_zero_node)));
    };
  append_to_statement_list_force (take (), &list);
  /* Each chunk: iv = split (ck), r1 = split (ck + 1), its rows, the next
     chunk taken.  */
  tree chunk = alloc_stmt_list ();
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, TREE_TYPE (iv), iv,
	     fold_convert (TREE_TYPE (iv),
			   split_call (ba, n0, n, ck, chunks))), &chunk);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, r1,
	     split_call (ba, n0, n,
			 build2 (PLUS_EXPR, i64, ck, build_int_cst (i64, 1)),
			 chunks)), &chunk);
  tree lbody = alloc_stmt_list ();
  append_to_statement_list_force (body, &lbody);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, TREE_TYPE (iv), iv,
	     build2 (PLUS_EXPR, TREE_TYPE (iv), iv,
		     build_int_cst (TREE_TYPE (iv), 1))), &lbody);
  append_to_statement_list_force
    (goto_loop (loc, build2 (LT_EXPR, boolean_type_node, iv,
			     fold_convert (TREE_TYPE (iv), r1)), lbody),
     &chunk);
  append_to_statement_list_force (take (), &chunk);
  append_to_statement_list_force
    (goto_loop (loc, build2 (LT_EXPR, boolean_type_node, ck, chunks), chunk),
     &list);
  if (post)
    append_to_statement_list_force (post, &list);
  tree par = make_node (OMP_PARALLEL);
  TREE_TYPE (par) = void_type_node;
  OMP_PARALLEL_CLAUSES (par) = clauses;
  OMP_PARALLEL_BODY (par) = region_bind (vars, list);
  SET_EXPR_LOCATION (par, loc);
  tree all = alloc_stmt_list ();
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, next, build_int_cst (i64, 0)), &all);
  append_to_statement_list_force (par, &all);
  return all;
}

/* For parallel loop ST summing into dense output ST.sum_array (of
   ST.sum_count elements): each thread adds into its own copy, zeroed
   (sp_kparts_alloc, one per thread the region may have), and after the
   loop the threads add the copies into the output, each a range of its
   elements, the copies in thread order.  Sets the array's pointer to the
   thread's copy for the body; the region's own variables into *PRIVS,
   the statements before the region into *BEFORE, in it before and after
   the loop into *PRE and *POST, after it into *AFTER.  */
tree
emitter::own_copies (const lir_stmt &st, tree *privs, tree *before,
		     tree *pre, tree *post, tree *after)
{
  int a = st.sum_array;
  tree i64 = sparse_int64_type ();
  tree nt_fn = builtin_decl_explicit (BUILT_IN_OMP_GET_NUM_THREADS);
  tree tid_fn = builtin_decl_explicit (BUILT_IN_OMP_GET_THREAD_NUM);
  tree barrier = builtin_decl_explicit (BUILT_IN_GOMP_BARRIER);
  tree shared = arr[a], elt = arr_elt[a];
  if (!nt_fn || !tid_fn || !barrier || !shared || !elt)
    return fail ("no OpenMP builtins for a parallel sum");
  tree count = ex (st.sum_count);
  CHECKED (count);
  tree n = new_var (i64, "sp_n", &top_vars);
  tree buf = new_var (ptr_type_node, "sp_parts", &top_vars);
  *before = alloc_stmt_list ();
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, n, sparse_convert (loc, i64, count)), before);
  tree threads = sparse_rt_call (loc, SPARSE_RT_OMP_MAX_THREADS, 0);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, ptr_type_node, buf,
	     sparse_rt_call (loc, SPARSE_RT_KPARTS_ALLOC, 3, n,
			     fold_convert (i64, threads),
			     fold_convert (size_type_node,
					   TYPE_SIZE_UNIT (elt)))), before);
  *after = sparse_rt_call (loc, SPARSE_RT_KPARTS_FREE, 1, buf);

  tree fn = current_function_decl;
  tree tid = sparse_new_local (fn, i64, "sp_tid");
  tree nt = sparse_new_local (fn, i64, "sp_nt");
  tree own = sparse_new_local (fn, TREE_TYPE (shared), "sp_own");
  tree j = sparse_new_local (fn, i64, "sp_j");
  tree j1 = sparse_new_local (fn, i64, "sp_j1");
  tree t = sparse_new_local (fn, i64, "sp_t");
  tree sum = sparse_new_local (fn, elt, "sp_sum");
  DECL_CHAIN (t) = sum;
  DECL_CHAIN (tid) = nt;
  DECL_CHAIN (nt) = own;
  DECL_CHAIN (own) = j;
  DECL_CHAIN (j) = j1;
  DECL_CHAIN (j1) = t;
  *privs = tid;
  auto copy_of = [&] (tree thread)
    {
      tree off = fold_build2 (MULT_EXPR, sizetype,
			      fold_convert (sizetype,
					    build2 (MULT_EXPR, i64, thread, n)),
			      fold_convert (sizetype, TYPE_SIZE_UNIT (elt)));
      return fold_convert (TREE_TYPE (shared),
			   fold_build_pointer_plus (buf, off));
    };
  *pre = alloc_stmt_list ();
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, tid,
	     fold_convert (i64, build_call_expr_loc (loc, tid_fn, 0))), pre);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, TREE_TYPE (own), own, copy_of (tid)), pre);

  /* After the loop: y[j] += copy_t[j] for t in thread order, over this
     thread's range of j, the sum in a register.  */
  *post = alloc_stmt_list ();
  append_to_statement_list_force (build_call_expr_loc (loc, barrier, 0),
				  post);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, nt,
	     fold_convert (i64, build_call_expr_loc (loc, nt_fn, 0))), post);
  auto bound = [&] (tree part)
    {
      return build2 (TRUNC_DIV_EXPR, i64, build2 (MULT_EXPR, i64, n, part),
		     nt);
    };
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, j, bound (tid)), post);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, j1,
	     bound (build2 (PLUS_EXPR, i64, tid, build_int_cst (i64, 1)))),
     post);
  tree add = alloc_stmt_list ();
  arr[a] = copy_of (t);
  tree from = elem (a, j);
  arr[a] = shared;
  tree to = elem (a, j);
  CHECKED (from);
  CHECKED (to);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, elt, sum, build2 (PLUS_EXPR, elt, sum, from)),
     &add);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, t,
	     build2 (PLUS_EXPR, i64, t, build_int_cst (i64, 1))), &add);
  tree row = alloc_stmt_list ();
  append_to_statement_list_force (build2 (MODIFY_EXPR, elt, sum, to), &row);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, t, build_int_cst (i64, 0)), &row);
  append_to_statement_list_force
    (goto_loop (loc, build2 (LT_EXPR, boolean_type_node, t, nt), add), &row);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, elt, unshare_expr (to), sum), &row);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, j,
	     build2 (PLUS_EXPR, i64, j, build_int_cst (i64, 1))), &row);
  append_to_statement_list_force
    (goto_loop (loc, build2 (LT_EXPR, boolean_type_node, j, j1), row), post);
  arr[a] = own;
  return *post;
}

/* Loop ST over [LO, HI) as a parallel region: rows of a CSR-like
   operand in ranges of equal work the threads take in turn
   (split_loop), else
   #pragma omp parallel for schedule(static); the loop variable private
   to the region, and each thread's own copy of the registers the loop
   sums into (a scalar output's: region_clauses) or of the dense output
   (own_copies), added up at the end.  */
tree
emitter::parallel_for (const lir_stmt &st, tree lo, tree hi)
{
  tree v = var[st.var], type = TREE_TYPE (v);
  tree iv = sparse_new_local (current_function_decl, type,
			      IDENTIFIER_POINTER (DECL_NAME (v)));
  tree privs = NULL_TREE, before = NULL_TREE, pre = NULL_TREE;
  tree post = NULL_TREE, after = NULL_TREE, shared = NULL_TREE;
  if (st.sum_array >= 0)
    {
      shared = arr[st.sum_array];
      tree made = own_copies (st, &privs, &before, &pre, &post, &after);
      CHECKED (made);
    }
  var[st.var] = iv;
  tree body = block (st.body);
  var[st.var] = v;
  if (shared)
    arr[st.sum_array] = shared;
  CHECKED (body);
  tree red = region_clauses (st);
  if (red == error_mark_node)
    return fail ("a parallel loop writes outside itself");
  int ba[2];
  balance_arrays (st, ba);
  tree par = ba[0] >= 0 ? split_loop (iv, lo, hi, body, ba, red, privs, pre,
				      post)
	     : NULL_TREE;
  if (!par)
    {
      tree init = make_tree_vec (1), cnd = make_tree_vec (1);
      tree incr = make_tree_vec (1);
      TREE_VEC_ELT (init, 0) = build2 (MODIFY_EXPR, type, iv, lo);
      TREE_VEC_ELT (cnd, 0) = build2 (LT_EXPR, boolean_type_node, iv, hi);
      TREE_VEC_ELT (incr, 0)
	= build2 (MODIFY_EXPR, type, iv,
		  build2 (PLUS_EXPR, type, iv, build_int_cst (type, 1)));
      tree sched = build_omp_clause (loc, OMP_CLAUSE_SCHEDULE);
      OMP_CLAUSE_SCHEDULE_KIND (sched) = OMP_CLAUSE_SCHEDULE_STATIC;
      OMP_CLAUSE_SCHEDULE_CHUNK_EXPR (sched) = NULL_TREE;
      tree ofor = make_node (OMP_FOR);
      TREE_TYPE (ofor) = void_type_node;
      OMP_FOR_INIT (ofor) = init;
      OMP_FOR_COND (ofor) = cnd;
      OMP_FOR_INCR (ofor) = incr;
      OMP_FOR_BODY (ofor) = body;
      OMP_FOR_CLAUSES (ofor) = sched;
      OMP_FOR_PRE_BODY (ofor) = NULL_TREE;
      OMP_FOR_ORIG_DECLS (ofor) = NULL_TREE;
      SET_EXPR_LOCATION (ofor, loc);
      tree rbody = alloc_stmt_list ();
      if (pre)
	append_to_statement_list_force (pre, &rbody);
      append_to_statement_list_force (ofor, &rbody);
      if (post)
	append_to_statement_list_force (post, &rbody);
      DECL_CHAIN (iv) = privs;
      par = make_node (OMP_PARALLEL);
      TREE_TYPE (par) = void_type_node;
      OMP_PARALLEL_CLAUSES (par) = red;
      OMP_PARALLEL_BODY (par) = region_bind (iv, rbody);
      /* A combined parallel for takes its reductions on the for, and
	 has nothing around its loop.  */
      OMP_PARALLEL_COMBINED (par) = red == NULL_TREE && !pre && !post;
      SET_EXPR_LOCATION (par, loc);
    }
  if (!before)
    return par;
  tree all = alloc_stmt_list ();
  append_to_statement_list_force (before, &all);
  append_to_statement_list_force (par, &all);
  append_to_statement_list_force (after, &all);
  return all;
}

tree
emitter::for_loop (const lir_stmt &st, tree *vars, bool strip)
{
  if (st.var < 0 || st.var >= k->nvars || !var[st.var])
    return fail ("loop over an undeclared variable");
  tree v = var[st.var];
  tree type = TREE_TYPE (v);
  tree lo = NULL_TREE, hi = ex (st.b);
  for (int o = 0; o < 2; o++)
    if (ovr_stmt[o] == &st)
      lo = unshare_expr (ovr_lo[o]);
  if (!lo)
    lo = ex (st.a);
  CHECKED (lo);
  CHECKED (hi);
  lo = sparse_convert (loc, type, lo);
  hi = sparse_convert (loc, type, hi);
  tree list = alloc_stmt_list ();

  strip_info si;
  if (strip && !(st.parallel && omp) && strip_match (st, &si))
    return strip_mine (st, &si, vars);

  if (st.parallel && omp)
    {
      tree par = parallel_for (st, lo, hi);
      CHECKED (par);
      /* Kernels too small for threads run a serial copy of the loop: even
	 a region that the if clause keeps to one thread costs more than
	 they do.  */
      tree w = worth ();
      if (!w)
	return par;
      /* Nor does a sum into threads' copies of an output gain anything on
	 one thread.  */
      if (st.sum_array >= 0)
	w = build2 (TRUTH_ANDIF_EXPR, boolean_type_node, w,
		    build2 (GT_EXPR, boolean_type_node,
			    sparse_rt_call (loc, SPARSE_RT_OMP_MAX_THREADS,
					    0),
			    integer_one_node));
      omp = false;
      tree ser = for_loop (st, vars, strip);
      omp = true;
      CHECKED (ser);
      return build3 (COND_EXPR, void_type_node, w, par, ser);
    }

  /* The bound once, when it is more than a variable or a constant.  */
  if (!DECL_P (hi) && !CONSTANT_CLASS_P (hi))
    {
      tree h = new_var (type, NULL, vars);
      append_to_statement_list_force (build2 (MODIFY_EXPR, type, h, hi),
				      &list);
      hi = h;
    }
  tree body = block (st.body);
  CHECKED (body);
  tree top = create_artificial_label (loc);
  tree entry = create_artificial_label (loc);
  append_to_statement_list_force (build2 (MODIFY_EXPR, type, v, lo), &list);
  append_to_statement_list_force (build1 (GOTO_EXPR, void_type_node, entry),
				  &list);
  append_to_statement_list_force (build1 (LABEL_EXPR, void_type_node, top),
				  &list);
  append_to_statement_list_force (body, &list);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, type, v,
	     build2 (PLUS_EXPR, type, v, build_int_cst (type, 1))), &list);
  append_to_statement_list_force (build1 (LABEL_EXPR, void_type_node, entry),
				  &list);
  append_to_statement_list_force
    (build3 (COND_EXPR, void_type_node,
	     build2 (LT_EXPR, boolean_type_node, v, hi),
	     build1 (GOTO_EXPR, void_type_node, top), NULL_TREE), &list);
  return list;
}

void
emitter::stmt (int id, tree *list, tree *vars)
{
  if (failed)
    return;
  const lir_stmt &st = k->stmts[id];
  tree t = NULL_TREE;
  switch (st.kind)
    {
    case LIR_DECL:
      {
	if (st.var < 0 || st.var >= k->nvars)
	  {
	    fail ("declaration of variable %d", st.var);
	    return;
	  }
	tree type = lir_tree_type (k->vars[st.var].type);
	var[st.var] = new_var (type, k->vars[st.var].name, vars);
	if (st.a >= 0)
	  {
	    tree init = ex (st.a);
	    if (init == error_mark_node)
	      return;
	    t = build2 (MODIFY_EXPR, type, var[st.var],
			sparse_convert (loc, type, init));
	  }
	break;
      }
    case LIR_ASSIGN:
    case LIR_ACCUM:
      {
	tree lhs = target (st.to), val = ex (st.a);
	if (lhs == error_mark_node || val == error_mark_node)
	  return;
	tree ltype = TREE_TYPE (lhs);
	if (st.kind == LIR_ACCUM)
	  {
	    tree old = target (st.to);
	    if (old == error_mark_node)
	      return;
	    tree type = sparse_arith_type (ltype, TREE_TYPE (val));
	    val = fold_build2 (st.op == LIR_SUB ? MINUS_EXPR : PLUS_EXPR, type,
			       sparse_convert (loc, type, old),
			       sparse_convert (loc, type, val));
	  }
	t = build2 (MODIFY_EXPR, ltype, lhs, sparse_convert (loc, ltype, val));
	break;
      }
    case LIR_FOR:
      t = for_loop (st, vars);
      break;
    case LIR_WHILE:
      {
	tree c = cond (st.a), body = block (st.body);
	if (c == error_mark_node || body == error_mark_node)
	  return;
	tree top = create_artificial_label (loc);
	tree entry = create_artificial_label (loc);
	t = alloc_stmt_list ();
	append_to_statement_list_force
	  (build1 (GOTO_EXPR, void_type_node, entry), &t);
	append_to_statement_list_force
	  (build1 (LABEL_EXPR, void_type_node, top), &t);
	append_to_statement_list_force (body, &t);
	append_to_statement_list_force
	  (build1 (LABEL_EXPR, void_type_node, entry), &t);
	append_to_statement_list_force
	  (build3 (COND_EXPR, void_type_node, c,
		   build1 (GOTO_EXPR, void_type_node, top), NULL_TREE), &t);
	break;
      }
    case LIR_IF:
      {
	tree c = cond (st.a);
	tree then = block (st.body);
	tree els = st.else_ >= 0 ? block (st.else_) : NULL_TREE;
	if (c == error_mark_node || then == error_mark_node
	    || els == error_mark_node)
	  return;
	t = build3 (COND_EXPR, void_type_node, c, then, els);
	break;
      }
    case LIR_APPEND:
      {
	if (st.var < 0 || st.var >= k->nvars || !var[st.var])
	  {
	    fail ("append into an undeclared variable");
	    return;
	  }
	tree parent = ex (st.a), coord = ex (st.b);
	if (parent == error_mark_node || coord == error_mark_node)
	  return;
	if (!kout || st.level < 0 || st.level >= SP_MAX_LEVELS)
	  {
	    fail ("append without an output");
	    return;
	  }
	run_vals = NULL_TREE;
	t = append (st, parent, coord, vars);
	break;
      }
    case LIR_APPEND_RUN:
      t = append_run (st, vars);
      break;
    case LIR_ZERO:
      {
	if (st.array < 0 || st.array >= k->narrays || !arr[st.array])
	  {
	    fail ("zeroing array %d", st.array);
	    return;
	  }
	tree n = ex (st.a);
	if (n == error_mark_node)
	  return;
	tree bytes = fold_build2 (MULT_EXPR, size_type_node,
				  fold_convert (size_type_node, n),
				  fold_convert (size_type_node,
						TYPE_SIZE_UNIT
						  (arr_elt[st.array])));
	t = build_call_expr_loc (loc, builtin_decl_explicit (BUILT_IN_MEMSET),
				 3, fold_convert (ptr_type_node,
						  arr[st.array]),
				 integer_zero_node, bytes);
	break;
      }
    case LIR_CALL:
      if (st.fn == LIR_CALL_OUT_ROOM)
	{
	  /* In fixed room only: else appends check and count as they go.  */
	  if (!cur_n)
	    return;
	  tree n = ex (st.a), parent = ex (st.b);
	  if (n == error_mark_node || parent == error_mark_node)
	    return;
	  t = row_start (n, parent);
	}
      else
	t = fixed && st.fn == LIR_CALL_OUT_RESERVE ? fix_room (st, vars)
	    : call (st);
      break;
    }
  if (t == error_mark_node)
    {
      fail ("statement %d", id);
      return;
    }
  if (t)
    append_to_statement_list_force (t, list);
}

/* VAR = an entry appended at the output's level L under PARENT with
   coordinate COORD.  At the last level, the common case inline (as
   sp_kout_push): room left, the crd written in the format's width, the
   parent's count raised; else the call.  */
tree
emitter::append (const lir_stmt &st, tree parent, tree coord, tree *vars)
{
  tree i64 = sparse_int64_type ();
  tree v = var[st.var];
  int l = st.level;
  tree kaddr = kout_addr ();
  tree list = alloc_stmt_list ();
  tree par = new_var (i64, NULL, vars), c = new_var (i64, NULL, vars);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, par, sparse_convert (loc, i64, parent)),
     &list);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, c, sparse_convert (loc, i64, coord)), &list);
  tree call = sparse_rt_call (loc, SPARSE_RT_KOUT_APPEND, 4, kaddr,
			      build_int_cst (integer_type_node, l), par,
			      c);
  tree slow = build2 (MODIFY_EXPR, TREE_TYPE (v), v,
		      sparse_convert (loc, TREE_TYPE (v), call));
  const lir_tensor *out = k->out_tensor >= 0 && k->out_tensor < k->ntensors
			  ? &k->tensors[k->out_tensor] : NULL;
  if (!out || l != out->fmt.nlevels - 1)
    {
      append_to_statement_list_force (slow, &list);
      return list;
    }

  tree crd_t = crd_type (out->fmt);
  HOST_WIDE_INT w = sizeof (int64_t);
  if (cur_n)
    {
      /* In fixed room, whose check came before the row (LIR_CALL_OUT_ROOM,
	 which also counts the row's entries when it is done, row_count):
	 nothing but the cursor changes.  */
      tree p = new_var (i64, NULL, vars);
      append_to_statement_list_force (build2 (MODIFY_EXPR, i64, p, cur_n),
				      &list);
      append_to_statement_list_force
	(build2 (MODIFY_EXPR, crd_t, element_at (loc, cur_crd, crd_t, p),
		 fold_convert (crd_t, c)), &list);
      append_to_statement_list_force
	(build2 (MODIFY_EXPR, i64, cur_n,
		 build2 (PLUS_EXPR, i64, p, build_int_cst (i64, 1))), &list);
      append_to_statement_list_force
	(build2 (MODIFY_EXPR, TREE_TYPE (v), v,
		 sparse_convert (loc, TREE_TYPE (v), p)), &list);
      return list;
    }
  tree n_ref = field (kaddr, offsetof (sp_kout, n) + l * w, i64);
  tree p = new_var (i64, NULL, vars);
  append_to_statement_list_force (build2 (MODIFY_EXPR, i64, p, n_ref),
				  &list);
  tree cond = expected (loc, build2 (LT_EXPR, boolean_type_node, p,
				     field (kaddr, offsetof (sp_kout, fast)
						   + l * w, i64)), true);
  tree fast = alloc_stmt_list ();
  HOST_WIDE_INT pw = sizeof (void *);
  /* ((crd type *) out.crd[L])[p] = c  */
  tree crd = fold_convert (build_pointer_type (crd_t),
			   field (kaddr, offsetof (sp_kout, crd) + l * pw,
				  ptr_type_node));
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, crd_t, element_at (loc, crd, crd_t, p),
	     fold_convert (crd_t, c)), &fast);
  /* out.cnt[L][parent + 1] += 1  */
  tree cnt = fold_convert (build_pointer_type (i64),
			   field (kaddr, offsetof (sp_kout, cnt) + l * pw,
				  ptr_type_node));
  tree slot = element_at (loc, cnt, i64,
			  fold_build2 (PLUS_EXPR, i64, par,
				       build_int_cst (i64, 1)));
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, slot,
	     build2 (PLUS_EXPR, i64, unshare_expr (slot),
		     build_int_cst (i64, 1))), &fast);
  /* out.n[L] = p + 1; VAR = p  */
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, unshare_expr (n_ref),
	     build2 (PLUS_EXPR, i64, p, build_int_cst (i64, 1))), &fast);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, TREE_TYPE (v), v,
	     sparse_convert (loc, TREE_TYPE (v), p)), &fast);
  append_to_statement_list_force
    (build3 (COND_EXPR, void_type_node, cond, fast, slow), &list);
  return list;
}

/* Whether statement ID of K appends other than one entry at a time at
   the last level (CTX, an int).  */
static int
append_unfixed (const lir_kernel *k, int id, void *ctx)
{
  const lir_stmt &x = k->stmts[id];
  return x.kind == LIR_APPEND_RUN
	 || (x.kind == LIR_APPEND && x.level != *(const int *) ctx);
}

/* Whether the output's room can be fixed before the loop that appends
   (fix_room): it is CSR-like (every level above the last dense), written
   in order (LIR_CALL_OUT_ROOM checks each row's bound), its entries
   bounded by the symbolic loop and countable, and only the loop's
   appends at the last level, made inline, touch it.  Not through a
   workspace: its row's entries go out in one call, and the cursor's
   locals would crowd the registers of its scatter loop (measured: 10%
   slower on bcsstk16's product).  */
bool
emitter::fixed_room_p ()
{
  if (k->out_tensor < 0 || k->bound_loop < 0 || k->count_block < 0
      || k->sc->nest[0].out_mode != SCH_OUT_APPEND
      || !one_compressed_level ())
    return false;
  int last = k->tensors[k->out_tensor].fmt.nlevels - 1;
  if (k->count_var[last] < 0)
    return false;
  bool reserve = false;
  for (int id = k->body; id >= 0; id = k->stmts[id].next)
    reserve |= (k->stmts[id].kind == LIR_CALL
		&& k->stmts[id].fn == LIR_CALL_OUT_RESERVE);
  return reserve && lir_visit (k, &k->body, 1, append_unfixed, &last) == 0;
}

/* In place of the reserve ST: room fixed for the entries the symbolic
   loop bounded, or when that much memory cannot be had (a product whose
   contributions mostly coincide), for those the counting pass counts.  */
tree
emitter::fix_room (const lir_stmt &st, tree *vars)
{
  tree i64 = sparse_int64_type ();
  tree n = ex (st.a);
  CHECKED (n);
  tree kaddr = kout_addr ();
  int last = k->tensors[k->out_tensor].fmt.nlevels - 1;
  tree counted = alloc_stmt_list ();
  bool saved_omp = omp;
  omp = false;
  for (int id = k->count_block; id >= 0 && !failed; id = k->stmts[id].next)
    stmt (id, &counted, vars);
  omp = saved_omp;
  tree c = var[k->count_var[last]];
  if (failed || !c)
    return fail ("no count for the output's room");
  append_to_statement_list_force
    (sparse_rt_call (loc, SPARSE_RT_KOUT_FIX, 3, kaddr,
		     sparse_convert (loc, i64, c), integer_one_node),
     &counted);
  tree fix = sparse_rt_call (loc, SPARSE_RT_KOUT_FIX, 3,
			     unshare_expr (kaddr),
			     sparse_convert (loc, i64, n),
			     integer_zero_node);
  return build3 (COND_EXPR, void_type_node,
		 build2 (NE_EXPR, boolean_type_node, fix, integer_zero_node),
		 counted, NULL_TREE);
}

/* The cursor's locals, declared in VARS, loaded from the output.  */
tree
emitter::cursor_load (tree *vars)
{
  tree i64 = sparse_int64_type (), kaddr = kout_addr ();
  const sp_format &f = k->tensors[k->out_tensor].fmt;
  int l = f.nlevels - 1;
  tree crd_t = crd_type (f);
  /* The runtime's own arrays: nothing else reaches them.  */
  tree crd_p = build_qualified_type (build_pointer_type (crd_t),
				     TYPE_QUAL_RESTRICT);
  tree cnt_p = build_qualified_type (build_pointer_type (i64),
				     TYPE_QUAL_RESTRICT);
  tree list = alloc_stmt_list ();
  HOST_WIDE_INT w = sizeof (int64_t), pw = sizeof (void *);
  cur_n = new_var (i64, "sp_n", vars);
  cur_crd = new_var (crd_p, "sp_crd", vars);
  cur_cnt = new_var (cnt_p, "sp_cnt", vars);
  cur_vals = new_var (build_qualified_type (ptr_type_node,
					    TYPE_QUAL_RESTRICT),
		      "sp_vals", vars);
  cur_limit = new_var (i64, "sp_limit", vars);
  cur_par = new_var (i64, "sp_row", vars);
  cur_start = new_var (i64, "sp_row_start", vars);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, cur_par, build_int_cst (i64, -1)), &list);
  /* Set though unread while no row is open: GCC cannot see that.  */
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, cur_start, build_int_cst (i64, 0)), &list);
  tree from[] = {
    field (kaddr, offsetof (sp_kout, n) + l * w, i64),
    field (kaddr, offsetof (sp_kout, crd) + l * pw, ptr_type_node),
    field (kaddr, offsetof (sp_kout, cnt) + l * pw, ptr_type_node),
    field (kaddr, offsetof (sp_kout, vals), ptr_type_node),
    field (kaddr, offsetof (sp_kout, limit), i64)
  };
  tree to[] = { cur_n, cur_crd, cur_cnt, cur_vals, cur_limit };
  for (int i = 0; i < 5; i++)
    append_to_statement_list_force
      (build2 (MODIFY_EXPR, TREE_TYPE (to[i]), to[i],
	       fold_convert (TREE_TYPE (to[i]), from[i])), &list);
  return list;
}

/* The last row's count, and the cursor's count of entries, back into
   the output; the cursor closed.  */
tree
emitter::cursor_store ()
{
  tree i64 = sparse_int64_type ();
  int l = k->tensors[k->out_tensor].fmt.nlevels - 1;
  tree list = alloc_stmt_list ();
  append_to_statement_list_force (row_count (), &list);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64,
	     field (kout_addr (),
		    offsetof (sp_kout, n) + l * (HOST_WIDE_INT) sizeof (int64_t),
		    i64), cur_n), &list);
  cur_n = cur_crd = cur_cnt = cur_vals = cur_limit = NULL_TREE;
  cur_par = cur_start = NULL_TREE;
  return list;
}

/* In fixed room, the check that N more entries (a row's bound) fit under
   the cursor's limit: sp_kout_full if not.  */
tree
emitter::room_check (tree n)
{
  tree i64 = sparse_int64_type ();
  tree need = build2 (PLUS_EXPR, i64, cur_n, sparse_convert (loc, i64, n));
  return build3 (COND_EXPR, void_type_node,
		 expected (loc, build2 (GT_EXPR, boolean_type_node, need,
					cur_limit), false),
		 sparse_rt_call (loc, SPARSE_RT_KOUT_FULL, 2, kout_addr (),
				 unshare_expr (need)), NULL_TREE);
}

/* The count of the cursor's row, if any, raised by its entries.  */
tree
emitter::row_count ()
{
  tree i64 = sparse_int64_type ();
  tree slot = element_at (loc, cur_cnt, i64,
			  build2 (PLUS_EXPR, i64, cur_par,
				  build_int_cst (i64, 1)));
  tree add = build2 (MODIFY_EXPR, i64, slot,
		     build2 (PLUS_EXPR, i64, unshare_expr (slot),
			     build2 (MINUS_EXPR, i64, cur_n, cur_start)));
  return build3 (COND_EXPR, void_type_node,
		 build2 (GE_EXPR, boolean_type_node, cur_par,
			 build_int_cst (i64, 0)), add, NULL_TREE);
}

/* A row of at most N entries under PARENT starts: the last one counted,
   the room checked.  */
tree
emitter::row_start (tree n, tree parent)
{
  tree i64 = sparse_int64_type ();
  tree list = alloc_stmt_list ();
  append_to_statement_list_force (row_count (), &list);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, cur_par, sparse_convert (loc, i64, parent)),
     &list);
  append_to_statement_list_force (build2 (MODIFY_EXPR, i64, cur_start,
					  cur_n), &list);
  append_to_statement_list_force (room_check (n), &list);
  return list;
}

/* VAR = the first of a run of entries (sp_kout_run); the output's values
   pointer read once after it for the run's values.  */
tree
emitter::append_run (const lir_stmt &st, tree *vars)
{
  if (st.var < 0 || st.var >= k->nvars || !var[st.var] || !kout
      || st.array < 0 || st.array >= k->narrays || !arr[st.array]
      || st.level < 0 || st.level >= SP_MAX_LEVELS)
    return fail ("a run of entries without its output, list or variable");
  tree parent = ex (st.b), n = ex (st.a);
  CHECKED (parent);
  CHECKED (n);
  tree i64 = sparse_int64_type (), v = var[st.var];
  tree list = alloc_stmt_list ();
  tree call = sparse_rt_call (loc, SPARSE_RT_KOUT_RUN, 5, kout_addr (),
			      build_int_cst (integer_type_node,
					     st.level),
			      sparse_convert (loc, i64, parent),
			      fold_convert (const_ptr_type_node,
					    arr[st.array]),
			      sparse_convert (loc, i64, n));
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, TREE_TYPE (v), v,
	     sparse_convert (loc, TREE_TYPE (v), call)), &list);
  int a = -1;
  for (int i = 0; i < k->narrays; i++)
    if (k->arrays[i].kind == LIR_ARR_OUT_VALS)
      a = i;
  run_vals = NULL_TREE;
  if (a >= 0)
    {
      tree p = out_vals (a);
      run_vals = new_var (TREE_TYPE (p), NULL, vars);
      append_to_statement_list_force
	(build2 (MODIFY_EXPR, TREE_TYPE (p), run_vals, p), &list);
    }
  return list;
}

tree
emitter::block (int first)
{
  tree vars = NULL_TREE, list = alloc_stmt_list ();
  for (int id = first; id >= 0 && !failed; id = k->stmts[id].next)
    {
      if (id >= k->nstmts)
	return fail ("no statement %d", id);
      stmt (id, &list, &vars);
    }
  if (failed)
    return error_mark_node;
  return build3 (BIND_EXPR, void_type_node, vars, list, NULL_TREE);
}

tree
emitter::kout_addr ()
{
  return kout_ptr ? kout_ptr : build_fold_addr_expr (kout);
}

tree
emitter::kws_addr ()
{
  return build_fold_addr_expr (kws);
}

/* ------------------------------------------------------------------ */
/* Sparse outputs built in parallel.

   A kernel writing a sparse output whose first level is dense (or
   compressed: its positions are then the rows), one nest whose outer
   loop runs over that level's rows:

     prologue; OUT_BEGIN; [WS_ALLOC]; decls; for (i ...) body; OUT_END; ...

   runs with -fopenmp as

     p = sp_kpar_begin (C, omp_get_max_threads (), hint);
     #pragma omp parallel
       { [its own workspace]; decls; the thread's rows [r0, r1);
	 if (threads > 1)
	   { [CSR with a symbolic loop:
	      for (i = r0; i < r1; i += 16) bound += ...; sb = bound;
	      bound = 0; count_L = 0;
	      for (i = r0; i < r1; i += 16) <counting pass>;
	      for (i = r0; i < r1; i++) bound += ...;
	      sp_kpar_bound (p, thread, bound, count_L, sb);
	      barrier; if (thread == 0) sp_kpar_layout (p); barrier;
	      if (!sp_kpar_laid (p))]
	     { count_L = 0; for (i = r0; i < r1; i++) <counting pass>;
	       sp_kpar_count (p, thread, L, count_L) for every counted L;
	       barrier; if (thread == 0) sp_kpar_layout (p); barrier; } }
	 else
	   { out = sp_kpar_part (p, 0);
	     [for (i = r0; i < r1; i++) bound += ...;
	      sp_kout_reserve (out, bound);] }
	 out = sp_kpar_part (p, thread);
	 for (i = r0; i < r1; i++) body;
	 [bounded: barrier; sp_kpar_close (p, thread, threads);] }
     sp_kpar_end (p);

   each thread counting (or bounding), then appending, the entries of a
   contiguous range of rows (split by an operand's entries when the body
   reads a pos array at I), into its own range of arrays allocated once.
   The body may write nothing shared but through the output and the
   workspace.  */

/* Whether the kernel is over enough entries to pay for waking threads
   (sp_kpar_worth), or NULL_TREE when the handles are missing.  */
tree
emitter::worth ()
{
  tree i64 = sparse_int64_type (), n = build_int_cst (i64, 0);
  /* The operands' own handles: converted copies do not exist yet where
     a parallel build decides.  */
  for (int t = 0; t < k->ntensors; t++)
    {
      if (k->tensors[t].conv >= 0)
	continue;
      tree th = tensor_handle (t);
      if (!th || th == error_mark_node)
	return NULL_TREE;
      n = fold_build2 (PLUS_EXPR, i64, n,
		       field (th, offsetof (sp_tensor, nvals), i64));
    }
  return fold_build2 (NE_EXPR, boolean_type_node,
		      sparse_rt_call (loc, SPARSE_RT_KPAR_WORTH, 1, n),
		      integer_zero_node);
}

/* The if clause of a region: threads only when worth it.  */
tree
emitter::threads_if ()
{
  tree w = worth ();
  if (!w)
    return NULL_TREE;
  tree c = build_omp_clause (loc, OMP_CLAUSE_IF);
  OMP_CLAUSE_IF_MODIFIER (c) = ERROR_MARK;
  OMP_CLAUSE_IF_EXPR (c) = w;
  return c;
}

/* Append to LIST row loop ST run over rows [R0, R1) only.  */
tree
emitter::rows_loop (const lir_stmt &st, tree r0, tree r1, tree *list,
		    int stride)
{
  if (st.var < 0 || st.var >= k->nvars || !var[st.var])
    return fail ("parallel loop over an undeclared variable");
  tree v = var[st.var], type = TREE_TYPE (v);
  tree body = block (st.body);
  CHECKED (body);
  tree lbody = alloc_stmt_list ();
  append_to_statement_list_force (body, &lbody);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, type, v,
	     build2 (PLUS_EXPR, type, v, build_int_cst (type, stride))),
     &lbody);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, type, v, fold_convert (type, r0)), list);
  append_to_statement_list_force
    (goto_loop (loc, build2 (LT_EXPR, boolean_type_node, v,
			     fold_convert (type, r1)), lbody), list);
  return *list;
}

/* Whether expression E of K is POS[R + 1] - POS[R] for a variable R
   that ROW marks (the row, or a name of it), or a sum of such; their
   pos arrays go to ARRS (N of them, at most 8).  */
static bool
row_lengths (const lir_kernel *k, int e, const bool *row, int *arrs, int *n)
{
  if (e < 0 || e >= k->nexprs)
    return false;
  const lir_expr &x = k->exprs[e];
  if (x.op == LIR_ADD)
    return (row_lengths (k, x.a, row, arrs, n)
	    && row_lengths (k, x.b, row, arrs, n));
  if (x.op != LIR_SUB || x.a < 0 || x.b < 0 || *n >= 8)
    return false;
  const lir_expr &end = k->exprs[x.a], &start = k->exprs[x.b];
  if (end.op != LIR_LOAD || start.op != LIR_LOAD || end.array != start.array
      || end.array < 0 || k->arrays[end.array].kind != LIR_ARR_POS
      || end.a < 0 || start.a < 0)
    return false;
  const lir_expr &r = k->exprs[start.a], &next = k->exprs[end.a];
  if (r.op != LIR_VARREF || r.var < 0 || r.var >= k->nvars || !row[r.var]
      || next.op != LIR_ADD || next.a < 0 || next.b < 0)
    return false;
  const lir_expr &u = k->exprs[next.a], &w = k->exprs[next.b];
  bool plus_one = (u.op == LIR_VARREF && u.var == r.var && w.op == LIR_CONST
		   && w.ival == 1)
		  || (w.op == LIR_VARREF && w.var == r.var
		      && u.op == LIR_CONST && u.ival == 1);
  if (plus_one)
    arrs[(*n)++] = end.array;
  return plus_one;
}

/* Append to LIST the symbolic loop's bound over rows [R0, R1).  When
   each row adds the lengths of rows of pos arrays at that row (a merge
   of CSR operands: A + B), their sum telescopes, POS[R1] - POS[R0] for
   each, and no loop is needed.  */
tree
emitter::bound_rows (tree r0, tree r1, tree *list)
{
  const lir_stmt &st = k->stmts[k->bound_loop];
  bool *row = XCNEWVEC (bool, k->nvars + 1);
  int arrs[8], n = 0, acc = -1;
  bool ok = st.kind == LIR_FOR && st.var >= 0 && st.var < k->nvars;
  if (ok)
    row[st.var] = true;
  for (int id = st.body; ok && id >= 0; id = k->stmts[id].next)
    {
      const lir_stmt &x = k->stmts[id];
      if (names_row (k, x, row))
	continue;
      if (x.kind == LIR_ACCUM && x.op == LIR_ADD && acc < 0
	  && x.to.var >= 0 && x.to.var < k->nvars && var[x.to.var])
	{
	  acc = x.to.var;
	  ok = row_lengths (k, x.a, row, arrs, &n);
	}
      else
	ok = false;
    }
  XDELETEVEC (row);
  if (!ok || acc < 0)
    return rows_loop (st, r0, r1, list);
  tree i64 = sparse_int64_type (), sum = build_int_cst (i64, 0);
  for (int i = 0; i < n; i++)
    {
      tree hi = sparse_convert (loc, i64, elem (arrs[i], r1));
      tree lo = sparse_convert (loc, i64, elem (arrs[i], unshare_expr (r0)));
      CHECKED (hi);
      CHECKED (lo);
      sum = build2 (PLUS_EXPR, i64, sum, build2 (MINUS_EXPR, i64, hi, lo));
    }
  tree b = var[acc], type = TREE_TYPE (b);
  append_to_statement_list_force
    (build3 (COND_EXPR, void_type_node,
	     build2 (LT_EXPR, boolean_type_node, r0, unshare_expr (r1)),
	     build2 (MODIFY_EXPR, type, b,
		     build2 (PLUS_EXPR, type, b,
			     sparse_convert (loc, type, sum))), NULL_TREE),
     list);
  return *list;
}

/* Whether the output's only level that is not dense is its last (CSR,
   a sparse vector): the parallel build may then lay it out by bounds.  */
bool
emitter::one_compressed_level ()
{
  const sp_format &f = k->sc->fmt[k->sc->st.out];
  return sp_format_dense_upto (&f, f.nlevels - 1);
}

/* Append to LIST the parallel build of the kernel whose row loop is
   statement LOOP (see lir_plan_threads).  */
tree
emitter::par_build (int loop, tree *list)
{
  tree i64 = sparse_int64_type ();
  tree nt_fn = builtin_decl_explicit (BUILT_IN_OMP_GET_NUM_THREADS);
  tree tid_fn = builtin_decl_explicit (BUILT_IN_OMP_GET_THREAD_NUM);
  tree max_fn = sparse_rt_decl (SPARSE_RT_OMP_MAX_THREADS);
  if (!nt_fn || !tid_fn)
    return fail ("no OpenMP builtins");
  tree rvars = NULL_TREE, region = alloc_stmt_list ();
  tree kpar = new_var (ptr_type_node, "sp_par", &top_vars);

  /* Serial prologue: conversions and assembly; the output's parts.  */
  int reserve = -1;
  for (int id = k->body; id != loop && !failed; id = k->stmts[id].next)
    {
      const lir_stmt &x = k->stmts[id];
      if (x.kind == LIR_CALL && x.fn == LIR_CALL_OUT_RESERVE)
	reserve = id;
      else if (id == k->bound_loop)
	;
      else if (x.kind == LIR_CALL && x.fn == LIR_CALL_OUT_BEGIN)
	{
	  tree h = tensor_handle (x.tensor);
	  CHECKED (h);
	  tree hint = reserve_hint (x);
	  CHECKED (hint);
	  tree parts = fold_convert (i64, build_call_expr_loc (loc, max_fn,
							       0));
	  append_to_statement_list_force
	    (build2 (MODIFY_EXPR, ptr_type_node, kpar,
		     sparse_rt_call (loc, SPARSE_RT_KPAR_BEGIN, 3, h, parts,
				     hint)), list);
	}
      else if (x.kind == LIR_CALL && x.fn == LIR_CALL_WS_ALLOC)
	{
	  /* Each thread's own workspace, in the region.  */
	  tree saved = kws;
	  kws = new_var (TREE_TYPE (saved), "sp_ws", &rvars);
	  TREE_ADDRESSABLE (kws) = 1;
	  stmt (id, &region, &rvars);
	  for (int a = 0; a < k->narrays; a++)
	    {
	      const lir_array &ar = k->arrays[a];
	      size_t off = ar.kind == LIR_ARR_WS ? offsetof (sp_kws, vals)
			   : ar.kind == LIR_ARR_WS_FLAG ? offsetof (sp_kws, flag)
			   : ar.kind == LIR_ARR_WS_LIST ? offsetof (sp_kws, list)
			   : 0;
	      if (!off && ar.kind != LIR_ARR_WS)
		continue;
	      tree pv = new_var (TREE_TYPE (arr[a]), NULL, &rvars);
	      append_to_statement_list_force
		(build2 (MODIFY_EXPR, TREE_TYPE (pv), pv,
			 fold_convert (TREE_TYPE (pv),
				       field (kws_addr (), off,
					      ptr_type_node))), &region);
	      arr[a] = pv;
	    }
	}
      else if (x.kind == LIR_DECL)
	stmt (id, &region, &rvars);
      else
	stmt (id, list, &top_vars);
    }
  if (failed)
    return error_mark_node;
  append_to_statement_list_force (load_arrays (), list);

  /* The region: this thread's rows, counted, then written into its
     range of the output's arrays.  */
  tree nt = new_var (i64, NULL, &rvars), tid = new_var (i64, NULL, &rvars);
  kout_ptr = new_var (ptr_type_node, NULL, &rvars);
  tree pre = alloc_stmt_list ();
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, nt,
	     fold_convert (i64, build_call_expr_loc (loc, nt_fn, 0))), &pre);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, tid,
	     fold_convert (i64, build_call_expr_loc (loc, tid_fn, 0))), &pre);
  append_to_statement_list_force (region, &pre);
  region = pre;

  const lir_stmt &st = k->stmts[loop];
  tree lo = ex (st.a), hi = ex (st.b);
  CHECKED (lo);
  CHECKED (hi);
  tree n0 = new_var (i64, NULL, &rvars), n1 = new_var (i64, NULL, &rvars);
  tree r0 = new_var (i64, NULL, &rvars), r1 = new_var (i64, NULL, &rvars);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, n0, sparse_convert (loc, i64, lo)), &region);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, i64, n1, sparse_convert (loc, i64, hi)), &region);
  int ba[2];
  balance_arrays (st, ba);
  for (int e = 0; e < 2; e++)
    {
      tree part = e ? build2 (PLUS_EXPR, i64, tid, build_int_cst (i64, 1))
		    : tid;
      tree r;
      if (ba[0] >= 0)
	r = split_call (ba, n0, n1, part, nt);
      else
	/* n0 + (n1 - n0) * part / nt  */
	r = build2 (PLUS_EXPR, i64, n0,
		    build2 (TRUNC_DIV_EXPR, i64,
			    build2 (MULT_EXPR, i64,
				    build2 (MINUS_EXPR, i64, n1, n0), part),
			    nt));
      append_to_statement_list_force
	(build2 (MODIFY_EXPR, i64, e ? r1 : r0, r), &region);
    }
  tree barrier = builtin_decl_explicit (BUILT_IN_GOMP_BARRIER);
  if (!barrier)
    return fail ("no OpenMP barrier");
  tree set_part
    = build2 (MODIFY_EXPR, ptr_type_node, kout_ptr,
	      sparse_rt_call (loc, SPARSE_RT_KPAR_PART, 2, kpar, tid));

  /* Several threads: each counts the entries of its rows (the kernel's
     counting pass), then, all counts in, one lays the arrays out.  */
  auto lay_out = [&] (tree *to)
    {
      append_to_statement_list_force (build_call_expr_loc (loc, barrier, 0),
				      to);
      append_to_statement_list_force
	(build3 (COND_EXPR, void_type_node,
		 build2 (EQ_EXPR, boolean_type_node, tid,
			 build_int_cst (i64, 0)),
		 sparse_rt_call (loc, SPARSE_RT_KPAR_LAYOUT, 1, kpar),
		 NULL_TREE), to);
      append_to_statement_list_force (build_call_expr_loc (loc, barrier, 0),
				      to);
    };
  /* The counting pass over every STRIDE-th row of the thread's.  */
  auto count_rows = [&] (tree *to, int stride)
    {
      for (int id = k->count_block; id >= 0 && !failed;
	   id = k->stmts[id].next)
	if (id == k->count_loop)
	  rows_loop (k->stmts[id], r0, r1, to, stride);
	else
	  stmt (id, to, &rvars);
    };
  tree counted = alloc_stmt_list ();
  count_rows (&counted, 1);
  for (int l = 0; l < SP_MAX_LEVELS; l++)
    if (k->count_var[l] >= 0)
      append_to_statement_list_force
	(sparse_rt_call (loc, SPARSE_RT_KPAR_COUNT, 4, kpar, tid,
			 build_int_cst (integer_type_node, l),
			 fold_convert (i64, var[k->count_var[l]])),
	 &counted);
  lay_out (&counted);
  /* With a symbolic loop and one compressed level in the output (CSR),
     each thread bounds the entries of its rows instead, a pass over the
     outer levels only, and the arrays are laid out by the bounds, the
     gaps they leave closed at the end (sp_kpar_bound).  The count costs
     SpAdd and small SpGEMMs most of what the kernel does; closing the
     gaps moves the entries of all threads but the first, to pages not
     touched yet when the gaps are wide.  Each thread therefore counts
     and bounds every SAMPLE-th row first: their ratio tells the runtime
     whether the bounds are close (A + B of different patterns) or far
     enough that counting would cost more than moving (a product with
     many repeated contributions), else the threads count.  */
  const int sample = 16;
  bool by_bounds = reserve >= 0 && one_compressed_level ();
  if (by_bounds)
    {
      tree bounded = alloc_stmt_list ();
      tree n = ex (k->stmts[reserve].a);
      CHECKED (n);
      tree bvar = n;
      n = sparse_convert (loc, i64, n);
      tree cs = build_int_cst (i64, 0), bs = cs;
      int last = k->sc->fmt[k->sc->st.out].nlevels - 1;
      if (k->count_var[last] >= 0 && VAR_P (bvar))
	{
	  /* The sample's bound, then the bound again from zero.  */
	  bs = new_var (i64, NULL, &rvars);
	  rows_loop (k->stmts[k->bound_loop], r0, r1, &bounded, sample);
	  append_to_statement_list_force
	    (build2 (MODIFY_EXPR, i64, bs, unshare_expr (n)), &bounded);
	  append_to_statement_list_force
	    (build2 (MODIFY_EXPR, TREE_TYPE (bvar), unshare_expr (bvar),
		     build_int_cst (TREE_TYPE (bvar), 0)), &bounded);
	  count_rows (&bounded, sample);
	  cs = fold_convert (i64, var[k->count_var[last]]);
	}
      bound_rows (r0, r1, &bounded);
      append_to_statement_list_force
	(sparse_rt_call (loc, SPARSE_RT_KPAR_BOUND, 5, kpar, tid,
			 unshare_expr (n), cs, bs), &bounded);
      lay_out (&bounded);
      append_to_statement_list_force
	(build3 (COND_EXPR, void_type_node,
		 build2 (EQ_EXPR, boolean_type_node,
			 sparse_rt_call (loc, SPARSE_RT_KPAR_LAID, 1,
					 kpar),
			 integer_zero_node),
		 counted, NULL_TREE), &bounded);
      counted = bounded;
    }
  /* One thread: the output grows as a serial one, from room for the
     symbolic loop's bound when there is one.  */
  tree alone = alloc_stmt_list ();
  append_to_statement_list_force (set_part, &alone);
  if (reserve >= 0)
    {
      bound_rows (r0, r1, &alone);
      stmt (reserve, &alone, &rvars);
    }
  append_to_statement_list_force
    (build3 (COND_EXPR, void_type_node,
	     build2 (GT_EXPR, boolean_type_node, nt, build_int_cst (i64, 1)),
	     counted, alone), &region);
  append_to_statement_list_force (unshare_expr (set_part), &region);
  if (fixed)
    append_to_statement_list_force (cursor_load (&rvars), &region);
  rows_loop (st, r0, r1, &region);
  if (fixed)
    append_to_statement_list_force (cursor_store (), &region);
  if (by_bounds)
    {
      /* All rows in, the threads close the gaps the bounds left.  */
      append_to_statement_list_force (build_call_expr_loc (loc, barrier, 0),
				      &region);
      append_to_statement_list_force
	(sparse_rt_call (loc, SPARSE_RT_KPAR_CLOSE, 3, kpar, tid, nt),
	 &region);
    }

  /* Epilogue: the workspace freed in the region; the output finished
     after it.  */
  int after = st.next;
  for (int id = after; id >= 0 && !failed; id = k->stmts[id].next)
    if (k->stmts[id].fn == LIR_CALL_WS_FREE)
      stmt (id, &region, &rvars);
  kout_ptr = NULL_TREE;
  if (failed)
    return error_mark_node;
  tree par = make_node (OMP_PARALLEL);
  TREE_TYPE (par) = void_type_node;
  OMP_PARALLEL_CLAUSES (par) = threads_if ();
  OMP_PARALLEL_BODY (par) = region_bind (rvars, region);
  SET_EXPR_LOCATION (par, loc);
  append_to_statement_list_force (par, list);
  for (int id = after; id >= 0 && !failed; id = k->stmts[id].next)
    {
      const lir_stmt &x = k->stmts[id];
      if (x.fn == LIR_CALL_OUT_END)
	append_to_statement_list_force
	  (sparse_rt_call (loc, SPARSE_RT_KPAR_END, 1, kpar), list);
      else if (x.fn != LIR_CALL_WS_FREE)
	stmt (id, list, &top_vars);
    }
  return failed ? error_mark_node : *list;
}

tree
emitter::build ()
{
  if (!prepare ())
    return error_mark_node;
  tree list = alloc_stmt_list ();
  int loop = k->par_build_loop;
  if (loop >= 0)
    {
      /* The parallel build, and beside it the serial kernel for inputs
	 too small for threads (the operands' assembled handles, the
	 workspace's pointers and the arrays' loads made anew for it).  */
      tree w = worth ();
      tree saved_kws = kws, saved_ready[IX_MAX_ACCESSES];
      memcpy (saved_ready, ready, sizeof ready);
      tree *saved_arr = XNEWVEC (tree, k->narrays + 1);
      memcpy (saved_arr, arr, (k->narrays + 1) * sizeof *arr);
      ws_in_region = true;
      tree plist = alloc_stmt_list ();
      bool ok = par_build (loop, &plist) != error_mark_node;
      kws = saved_kws;
      memcpy (ready, saved_ready, sizeof ready);
      memcpy (arr, saved_arr, (k->narrays + 1) * sizeof *arr);
      XDELETEVEC (saved_arr);
      if (!ok)
	return error_mark_node;
      if (!w)
	return build3 (BIND_EXPR, void_type_node, top_vars, plist, NULL_TREE);
      ws_in_region = false;
      loaded = false;
      run_vals = NULL_TREE;
      tree slist = serial ();
      CHECKED (slist);
      append_to_statement_list_force
	(build3 (COND_EXPR, void_type_node, w, plist, slist), &list);
      return build3 (BIND_EXPR, void_type_node, top_vars, list, NULL_TREE);
    }
  tree ser = serial ();
  CHECKED (ser);
  return build3 (BIND_EXPR, void_type_node, top_vars, ser, NULL_TREE);
}

/* The kernel's statements one after another, the arrays loaded after the
   prologue.  */
tree
emitter::serial ()
{
  tree list = alloc_stmt_list ();
  for (int id = k->body; id >= 0 && !failed; id = k->stmts[id].next)
    {
      if (id >= k->nstmts)
	return fail ("no statement %d", id);
      const lir_stmt &x = k->stmts[id];
      if (!loaded && !lir_prologue_call (&x))
	append_to_statement_list_force (load_arrays (), &list);
      if (cur_n && x.kind == LIR_CALL && x.fn == LIR_CALL_OUT_END)
	append_to_statement_list_force (cursor_store (), &list);
      if (id == k->bound_loop)
	{
	  tree lo = ex (x.a), hi = ex (x.b);
	  CHECKED (lo);
	  CHECKED (hi);
	  bound_rows (lo, hi, &list);
	}
      else
	stmt (id, &list, &top_vars);
      if (fixed && x.kind == LIR_CALL && x.fn == LIR_CALL_OUT_RESERVE)
	append_to_statement_list_force (cursor_load (&top_vars), &list);
    }
  if (cur_n)
    return fail ("the output's cursor left open");
  return failed ? error_mark_node : list;
}

/* Warn about two dense loops, one right inside the other, whose pairs of
   coordinates no operand stores densely: their product is work out of
   proportion to the data (an inner-product SpGEMM, say).  For a loop
   NEST the report notes it instead.  */
void
warn_dense_products (const ix_sched *sc, const lir_kernel *k,
		     location_t loc, const char *desc, bool nest)
{
  int sv0, sv1;
  if (lir_dense_product (sc, k, &sv0, &sv1) < 0)
    return;
  /* A loop nest did that work already as the user wrote it: the report
     says so, a warning would break -Werror builds of correct code.  */
  if (nest && !sparse_opt_report)
    return;
  const char *what = "%qs: the loops over %qs and %qs visit every pair of "
		     "coordinates, which no operand stores densely: work out "
		     "of proportion to the nonzeros";
  if (nest)
    inform (loc, what, desc, sc->sv[sv0].name, sc->sv[sv1].name);
  else
    warning_at (loc, 0, what, desc, sc->sv[sv0].name, sc->sv[sv1].name);
  inform (loc, "a format whose level order follows the loop order (see the "
	  "report), or a dense output, avoids it");
}

/* An automatic variable of another function than the current one: in
   a nested function, after GCC has rewritten its accesses to the
   enclosing function's frame.  */
tree
foreign_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if ((VAR_P (t) || TREE_CODE (t) == PARM_DECL)
	   && !TREE_STATIC (t) && !DECL_EXTERNAL (t)
	   && DECL_CONTEXT (t) && DECL_CONTEXT (t) != current_function_decl)
    return t;
  return NULL_TREE;
}

/* The first operand of E that the kernel would reach through a variable
   of an enclosing function (its decl or an extent of it), or NULL.
   Tagged operands come through the marker's arguments and are fine.  */
tree
foreign_operand (sparse_einsum *e, const ix_stmt *ix)
{
  for (int o = 0; o < ix->nopds; o++)
    {
      if (ix->opd[o].tagged)
	continue;
      tree decl = sparse_einsum_operand_decl (e, o);
      if (decl && walk_tree_without_duplicates (&decl, foreign_r, NULL))
	return decl;
      for (int d = 0; d < ix->opd[o].rank && d < SP_MAX_RANK; d++)
	{
	  tree x = sparse_einsum_operand_extent (e, o, d);
	  tree f = x ? walk_tree_without_duplicates (&x, foreign_r, NULL)
		     : NULL_TREE;
	  if (f)
	    return f;
	}
    }
  return NULL_TREE;
}

/* Whether any tagged operand of IX is stored sparsely.  */
bool
has_sparse_operand (const ix_stmt *ix)
{
  for (int a = 0; a < ix->naccs; a++)
    if (ix_access_sparse (ix, a, &ix->opd[ix->acc[a].opd].fmt))
      return true;
  return false;
}

} // anon namespace

lir_kernel *
sparse_plan (const ix_stmt *ix, ix_diag *d)
{
  ix_sched_opts opts;
  memset (&opts, 0, sizeof opts);
  opts.allow_convert = 1;
  opts.reassoc = flag_associative_math;
  return ix_plan (ix, &opts, d);
}

bool
sparse_emit_einsum (gimple_stmt_iterator *gsi, sparse_einsum *e)
{
  gcall *call = as_a <gcall *> (gsi_stmt (*gsi));
  ix_stmt *ix = e->ix;
  if (!has_sparse_operand (ix))
    return false;

  char text[512], desc[600];
  ix_print (ix, text, sizeof text);
  snprintf (desc, sizeof desc, "%s %s",
	    e->nest ? "loop nest" : "#pragma sparse einsum", text);
  location_t loc = e->loc;
  ix_diag d;
  memset (&d, 0, sizeof d);
  lir_kernel *k = NULL;
  tree generic = NULL_TREE;
  emitter em;
  memset (&em, 0, sizeof em);

  if (tree f = foreign_operand (e, ix))
    {
      error_at (loc, "cannot sparsify %qs in a nested function: %qD belongs "
		"to the enclosing function; use a copy declared in the nested "
		"function, or move the statement out of it", desc, f);
      goto out;
    }
  /* A loop nest was planned when it was recognised.  */
  k = e->kernel ? e->kernel : sparse_plan (ix, &d);
  e->kernel = NULL;
  if (!k)
    {
      error_at (d.loc ? (location_t) d.loc : loc, "cannot sparsify %qs: %s",
		desc, d.msg);
      goto out;
    }

  warn_dense_products (k->sc, k, loc, desc, e->nest);
  em.omp = flag_openmp && !inside_omp_p (call);
  lir_plan_threads (k, em.omp);
  em.k = k;
  em.s = &k->sc->st;
  em.e = e;
  em.loc = loc;
  {
    int h = 1;
    for (int o = 0; o < ix->nopds; o++)
      if (ix->opd[o].tagged)
	{
	  if (h >= (int) gimple_call_num_args (call))
	    {
	      em.fail ("the marker has too few handles");
	      break;
	    }
	  em.handle[o] = gimple_call_arg (call, h++);
	}
  }
  if (!em.failed)
    generic = em.build ();
  if (em.failed || !generic || generic == error_mark_node)
    {
      error_at (loc, "cannot sparsify %qs: internal error in the code "
		"generator: %s", desc, em.failed ? em.why : "no code");
      generic = NULL_TREE;
      goto out;
    }

  if (sparse_opt_report)
    {
      char buf[1024];
      lir_report (k, buf, sizeof buf);
      inform (loc, "%s sparsified: %s", e->nest ? "loop nest" : "einsum",
	      buf);
    }
  if (sparse_dump_file)
    {
      fprintf (sparse_dump_file, ";; einsum %d in %s: %s (sparse)\n", e->id,
	       IDENTIFIER_POINTER (DECL_NAME (current_function_decl)), text);
      sch_dump (k->sc, sparse_dump_file);
      lir_dump (k, sparse_dump_file);
      print_generic_stmt (sparse_dump_file, generic, TDF_NONE);
      fprintf (sparse_dump_file, "\n");
    }

 out:
  if (generic)
    {
      /* The gimplifier's temporaries go into the kernel's GIMPLE_BIND
	 (private inside OpenMP regions).  */
      gimple_seq seq = NULL;
      push_gimplify_context ();
      gimplify_and_add (generic, &seq);
      gimple *first = gimple_seq_first_stmt (seq);
      pop_gimplify_context (first && gimple_code (first) == GIMPLE_BIND
			    ? first : NULL);
      gsi_replace_with_seq (gsi, seq, false);
    }
  else
    gsi_replace (gsi, gimple_build_nop (), false);
  XDELETEVEC (em.var);
  XDELETEVEC (em.arr);
  XDELETEVEC (em.arr_elt);
  XDELETEVEC (em.arr_written);
  lir_free (k);
  return true;
}
