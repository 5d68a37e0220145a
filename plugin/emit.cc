/* emit.cc -- the loop IR of a kernel (loops.h) as GENERIC, spliced over
   the einsum marker call it computes.

   The statement is scheduled (schedule.h), its kernel built (lir_build)
   and each loop IR node turned into the GENERIC the C front end would
   produce for the C that lowering/cprint.c prints for it, node for node:

     LIR_DECL      a VAR_DECL of the enclosing block's BIND_EXPR
     LIR_FOR       v = lo; goto c; top: body; v++; c: if (v < hi) goto top
                   (the C front end's loop shape); down, v = hi - 1 ...
                   v--; c: if (v >= lo)
     LIR_REGION    an OMP_PARALLEL, its declarations the threads' own,
                   its sums reduction (+) clauses
     LIR_BARRIER   GOMP_barrier (); LIR_THREAD, LIR_NTHREADS: OpenMP's
                   builtins; LIR_FETCH_INC: __atomic_fetch_add_8
     LIR_RTCALL    a call of the runtime entry point (rt-entries.def)
     LIR_WHILE     goto c; top: body; c: if (cond) goto top
     LIR_IF        COND_EXPR
     LIR_LOAD      *(T *) (base + i), BASE a pointer loaded once; a
                   vector of W lanes *(V *) (base + i), V the vector
                   type of W T's aligned as T
     LIR_APPEND    sp_kout_append (&out, level, parent, coord); at the
                   output's last level its common case inline (as
                   sp_kout_push), or in fixed room (below) a store at a
                   cursor held in locals
     LIR_CALL      the entry points of sparse_kernel.h, sp_free, memset;
                   the output's start reserves room for as many entries
                   as the operands hold, unless the kernel's symbolic
                   loop bounds them (LIR_CALL_OUT_RESERVE)

   Beyond that one-to-one translation, one shape gets better code, where
   the core marked it (lowering/shapes.c lir_plan_shapes: the emitter
   decides nothing): a CSR-like output appended in order whose entries
   the symbolic loop bounds gets its arrays at that size before the loops
   (sp_kout_fix; the counting pass's exact size when the bound cannot be
   allocated), so that its appends neither grow nor check anything: the
   number of entries and the crd, count and value arrays live in locals,
   and LIR_CALL_OUT_ROOM checks each row's bound once (fix_room, the
   cursor).  (Parallel loops and sparse outputs built by threads are loop
   IR already: lowering/regions.c, lowering/parbuild.c.)
   A warning guards the asymptotics: dense loops that visit every pair of
   coordinates no operand stores densely (warn_dense_products).

   Every pos/crd/vals array is read through a pointer variable loaded from
   the tensor's struct (sparse_abi.h, by field offset) once, where the
   kernel says its arrays are current (LIR_CALL_LOAD: after the
   prologue's conversions, assembly, output and workspace set-up), the
   workspace's where it is allocated; index arrays keep the format's width and are
   widened at each load.  Pointers to arrays the kernel only reads, and
   to the runtime's own arrays (workspace, a tagged dense output), are
   restrict-qualified.  Scalar reductions are locals of the loops'
   blocks, so GCC keeps them in registers.

   The result is one BIND_EXPR; it is gimplified in place, so that GCC's
   OpenMP lowering, which runs next, outlines the parallel regions.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "emit-int.h"
#include "emit.h"

namespace sparse_emit {

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
  if (t < (lir_type) IX_NTYPES)
    return sparse_type_tree ((ix_type) t);
  switch (t)
    {
    case LIR_IDX64: return sparse_int64_type ();
    case LIR_IDX32: return int32_type ();
    case LIR_IDX8: return signed_char_type_node;
    case LIR_IDX16: return short_integer_type_node;
    case LIR_PTR: return ptr_type_node;
    default: return NULL_TREE;
    }
}

tree
lir_lanes_type (lir_type t, int lanes)
{
  tree elt = lir_tree_type (t);
  return lanes > 1 && elt ? build_vector_type (elt, lanes) : elt;
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
    case LIR_MOD: return TRUNC_MOD_EXPR;
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
  return ready[t] ? ready[t] : own_handle (t);
}

/* Tensor T's handle as the kernel got it (its operand's), or as its
   conversion made it, before any assembly.  */
tree
emitter::own_handle (int t)
{
  const lir_tensor &x = k->tensors[t];
  if (x.conv >= 0)
    return tens[t] ? tens[t] : fail ("tensor %s used before its conversion",
				     x.name);
  if (x.opd < 0 || x.opd >= s->nopds || !handle[x.opd])
    return fail ("no handle for tensor %s", x.name);
  return handle[x.opd];
}

/* The variable of scalar operand OPD: the program's, or a split
   statement's temporary.  */
tree
emitter::scalar_decl (int opd)
{
  if (opd >= 0 && opd < s->nopds && s->opd[opd].temp)
    return handle[opd];
  return sparse_einsum_operand_decl (e, opd);
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
	      || st.fn == LIR_CALL_OUT_RESERVE || st.fn == LIR_CALL_OUT_FIX)
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
	case LIR_ARR_AT:
	  break;
	}
      if (!elt)
	return fail ("array %d has no type", a), false;
      arr_elt[a] = elt;
      /* An array at a pointer variable gets the variable as its pointer
	 where that is declared.  */
      if (x.kind == LIR_ARR_OUT_VALS || x.kind == LIR_ARR_AT)
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
	case LIR_ARR_WS_FLAG:
	case LIR_ARR_WS_LIST:
	  /* Loaded where the workspace is allocated (ws_alloc).  */
	case LIR_ARR_OUT_VALS:
	case LIR_ARR_AT:
	  continue;
	}
      append_to_statement_list_force
	(build2 (MODIFY_EXPR, TREE_TYPE (arr[a]), arr[a],
		 fold_convert (TREE_TYPE (arr[a]), p)), &list);
    }
  return list;
}

/* LIR_CALL_WS_ALLOC ST, then the workspace arrays' pointers loaded
   from it; in a parallel region, a workspace of the thread's own,
   declared in VARS with those pointers.  */
tree
emitter::ws_alloc (const lir_stmt &st, tree *vars)
{
  if (in_region)
    {
      kws = new_var (TREE_TYPE (kws), "sp_ws", vars);
      TREE_ADDRESSABLE (kws) = 1;
    }
  tree list = alloc_stmt_list ();
  tree c = call (st);
  CHECKED (c);
  append_to_statement_list_force (c, &list);
  for (int a = 0; a < k->narrays; a++)
    {
      const lir_array &ar = k->arrays[a];
      size_t off = ar.kind == LIR_ARR_WS ? offsetof (sp_kws, vals)
		   : ar.kind == LIR_ARR_WS_FLAG ? offsetof (sp_kws, flag)
		   : ar.kind == LIR_ARR_WS_LIST ? offsetof (sp_kws, list)
		   : 0;
      if (!off && ar.kind != LIR_ARR_WS)
	continue;
      if (in_region)
	arr[a] = new_var (TREE_TYPE (arr[a]), NULL, vars);
      append_to_statement_list_force
	(build2 (MODIFY_EXPR, TREE_TYPE (arr[a]), arr[a],
		 fold_convert (TREE_TYPE (arr[a]),
			       field (kws_addr (), off, ptr_type_node))),
	 &list);
    }
  return list;
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
	  /* Assembly starts from the operand's own handle (it may run in
	     each branch of the kernel: built by threads or serial).  */
	  h = st.fn == LIR_CALL_ASSEMBLE ? own_handle (st.tensor)
	      : tensor_handle (st.tensor);
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
	if (!ready[st.tensor])
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
	if (st.a >= 0)
	  {
	    tree hint = tree_of (st.a);
	    CHECKED (hint);
	    append_to_statement_list_force
	      (sparse_rt_call (loc, SPARSE_RT_KOUT_RESERVE, 2,
			       unshare_expr (kaddr),
			       sparse_convert (loc, sparse_int64_type (),
					       hint)), &list);
	  }
	return list;
      }
    case LIR_CALL_OUT_END:
      return sparse_rt_call (loc, SPARSE_RT_KOUT_END, 1, kaddr);
    case LIR_CALL_OUT_RESERVE:
      {
	tree n = tree_of (st.a);
	CHECKED (n);
	return sparse_rt_call (loc, SPARSE_RT_KOUT_RESERVE, 2, kaddr,
			       sparse_convert (loc, sparse_int64_type (),
					       n));
      }
    case LIR_CALL_WS_ALLOC:
      {
	tree n = tree_of (st.a);
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
    case LIR_CALL_OUT_FIX:
    case LIR_CALL_CURSOR_OPEN:
    case LIR_CALL_CURSOR_CLOSE:
    case LIR_CALL_LOAD:
    case LIR_CALL_OUT_PART:
      /* stmt's: they declare or run statements.  */
      return NULL_TREE;
    case LIR_CALL_SORT:
      {
	if (st.array < 0 || st.array >= k->narrays || !arr[st.array])
	  return fail ("sort of array %d", st.array);
	tree n = tree_of (st.a), extent = tree_of (st.b), flag = NULL_TREE;
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

/* The BIND_EXPR of a parallel region's body, with a BLOCK of its own:
   GCC moves the subblocks of the region's block into the outlined
   function, which must not be the block around the region.  */
tree
region_bind (tree vars, tree body)
{
  tree block = make_node (BLOCK);
  BLOCK_VARS (block) = vars;
  return build3 (BIND_EXPR, void_type_node, vars, body, block);
}

/* COND, expected to be VALUE (__builtin_expect).  */
tree
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
tree
crd_type (const sp_format &f)
{
  return lir_tree_type (f.crdw == 8 ? LIR_IDX8 : f.crdw == 16 ? LIR_IDX16
			: f.crdw == 64 ? LIR_IDX64 : LIR_IDX32);
}

/* *(T *) (BASE + I * sizeof (T))  */
tree
element_at (location_t loc, tree base, tree t, tree i)
{
  tree off = fold_build2 (MULT_EXPR, sizetype, fold_convert (sizetype, i),
			  fold_convert (sizetype, TYPE_SIZE_UNIT (t)));
  return build_fold_indirect_ref_loc (loc, fold_build_pointer_plus (base,
								    off));
}

/* goto c; top: BODY; c: if (COND) goto top;  */
tree
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

tree
emitter::for_loop (const lir_stmt &st, tree *vars)
{
  if (st.var < 0 || st.var >= k->nvars || !var[st.var])
    return fail ("loop over an undeclared variable");
  tree v = var[st.var];
  tree type = TREE_TYPE (v);
  tree lo = tree_of (st.a), hi = tree_of (st.b);
  CHECKED (lo);
  CHECKED (hi);
  lo = sparse_convert (loc, type, lo);
  hi = sparse_convert (loc, type, hi);
  tree list = alloc_stmt_list ();
  /* Down: from HI - 1 while V >= LO.  */
  tree one = build_int_cst (type, 1);
  tree from = st.down ? fold_build2 (MINUS_EXPR, type, hi, one) : lo;
  tree to = st.down ? lo : hi;

  /* The bound once, when it is more than a variable or a constant.  */
  if (!DECL_P (to) && !CONSTANT_CLASS_P (to))
    {
      tree h = new_var (type, NULL, vars);
      append_to_statement_list_force (build2 (MODIFY_EXPR, type, h, to),
				      &list);
      to = h;
    }
  tree body = block (st.body);
  CHECKED (body);
  tree top = create_artificial_label (loc);
  tree entry = create_artificial_label (loc);
  append_to_statement_list_force (build2 (MODIFY_EXPR, type, v, from), &list);
  append_to_statement_list_force (build1 (GOTO_EXPR, void_type_node, entry),
				  &list);
  append_to_statement_list_force (build1 (LABEL_EXPR, void_type_node, top),
				  &list);
  append_to_statement_list_force (body, &list);
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, type, v,
	     build2 (st.down ? MINUS_EXPR : PLUS_EXPR, type, v, one)), &list);
  append_to_statement_list_force (build1 (LABEL_EXPR, void_type_node, entry),
				  &list);
  append_to_statement_list_force
    (build3 (COND_EXPR, void_type_node,
	     build2 (st.down ? GE_EXPR : LT_EXPR, boolean_type_node, v, to),
	     build1 (GOTO_EXPR, void_type_node, top), NULL_TREE), &list);
  return list;
}

/* ST, an assignment or an accumulation: TARGET = A or TARGET op= A.  A
   vector value goes to an array's elements from the target's.  */
tree
emitter::assignment (const lir_stmt &st)
{
  tree val = tree_of (st.a);
  CHECKED (val);
  tree vtype = TREE_TYPE (val);
  tree lhs = VECTOR_TYPE_P (vtype) && st.to.array >= 0
	     ? elem (st.to.array, tree_of (st.to.index),
		     TYPE_VECTOR_SUBPARTS (vtype).to_constant ())
	     : target (st.to);
  CHECKED (lhs);
  tree ltype = TREE_TYPE (lhs);
  tree_code code = st.op == LIR_SUB ? MINUS_EXPR : PLUS_EXPR;
  if (st.kind == LIR_ACCUM && VECTOR_TYPE_P (ltype))
    val = fold_build2 (code, ltype, lhs, val);
  else if (st.kind == LIR_ACCUM)
    {
      tree old = target (st.to);
      CHECKED (old);
      tree type = sparse_arith_type (ltype, vtype);
      val = fold_build2 (code, type, sparse_convert (loc, type, old),
			 sparse_convert (loc, type, val));
    }
  return build2 (MODIFY_EXPR, ltype, lhs, sparse_convert (loc, ltype, val));
}

/* Call statement ST, VARS its block's declarations: those that declare
   or run statements, else the runtime's entry points (call).  */
tree
emitter::call_stmt (const lir_stmt &st, tree *vars)
{
  switch (st.fn)
    {
    case LIR_CALL_OUT_ROOM:
      {
	/* In fixed room only: else appends check and count as they go.  */
	if (!cur_n)
	  return NULL_TREE;
	tree n = tree_of (st.a), parent = tree_of (st.b);
	CHECKED (n);
	CHECKED (parent);
	return row_start (n, parent);
      }
    case LIR_CALL_OUT_PART:
      {
	/* The output's entries go into this part from here on.  */
	tree p = tree_of (st.a);
	CHECKED (p);
	if (st.var < 0 || !var[st.var])
	  return fail ("an output's part");
	kout_ptr = var[st.var];
	return build2 (MODIFY_EXPR, TREE_TYPE (kout_ptr), kout_ptr,
		       fold_convert (TREE_TYPE (kout_ptr), p));
      }
    case LIR_CALL_OUT_FIX:
      return fix_room (st, vars);
    case LIR_CALL_CURSOR_OPEN:
      return cursor_load (vars);
    case LIR_CALL_CURSOR_CLOSE:
      return cursor_store ();
    case LIR_CALL_WS_ALLOC:
      return ws_alloc (st, vars);
    case LIR_CALL_LOAD:
      return load_arrays ();
    default:
      return call (st);
    }
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
	tree type = lir_lanes_type (k->vars[st.var].type,
				    k->vars[st.var].lanes);
	/* The pointer of arrays at it: to their elements.  */
	for (int a = 0; a < k->narrays; a++)
	  if (k->arrays[a].kind == LIR_ARR_AT && k->arrays[a].var == st.var)
	    type = build_pointer_type (arr_elt[a]);
	var[st.var] = new_var (type, k->vars[st.var].name, vars);
	for (int a = 0; a < k->narrays; a++)
	  if (k->arrays[a].kind == LIR_ARR_AT && k->arrays[a].var == st.var)
	    arr[a] = var[st.var];
	if (st.a >= 0)
	  {
	    tree init = tree_of (st.a);
	    if (init == error_mark_node)
	      return;
	    t = build2 (MODIFY_EXPR, type, var[st.var],
			sparse_convert (loc, type, init));
	  }
	break;
      }
    case LIR_ASSIGN:
    case LIR_ACCUM:
      t = assignment (st);
      break;
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
	tree parent = tree_of (st.a), coord = tree_of (st.b);
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
    case LIR_PREFETCH:
      {
	tree at = elem (st.array, tree_of (st.a));
	if (at == error_mark_node)
	  return;
	t = build_call_expr_loc (loc, builtin_decl_explicit (BUILT_IN_PREFETCH),
				 1, build_fold_addr_expr_loc (loc, at));
	break;
      }
    case LIR_ZERO:
      {
	if (st.array < 0 || st.array >= k->narrays || !arr[st.array])
	  {
	    fail ("zeroing array %d", st.array);
	    return;
	  }
	tree n = tree_of (st.a);
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
    case LIR_REGION:
      t = region (st);
      break;
    case LIR_BARRIER:
      t = build_call_expr_loc (loc, builtin_decl_explicit
					(BUILT_IN_GOMP_BARRIER), 0);
      break;
    case LIR_EVAL:
      t = tree_of (st.a);
      break;
    case LIR_CALL:
      t = call_stmt (st, vars);
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

tree
emitter::build ()
{
  if (!prepare ())
    return error_mark_node;
  tree ser = serial ();
  CHECKED (ser);
  return build3 (BIND_EXPR, void_type_node, top_vars, ser, NULL_TREE);
}

/* The kernel's statements one after another.  */
tree
emitter::serial ()
{
  tree list = alloc_stmt_list ();
  for (int id = k->body; id >= 0 && !failed; id = k->stmts[id].next)
    {
      if (id >= k->nstmts)
	return fail ("no statement %d", id);
      stmt (id, &list, &top_vars);
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
  sparse_remark (nest ? SPARSE_REMARK_REPORT : SPARSE_REMARK_WARNING, loc,
		 "%qs: the loops over %qs and %qs visit every pair of "
		 "coordinates, which no operand stores densely: work out of "
		 "proportion to the nonzeros", desc, sc->sv[sv0].name,
		 sc->sv[sv1].name);
  sparse_remark_hint ("a format whose level order follows the loop order "
		      "(see the report), or a dense output, avoids it");
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

/* The elements of each floating type in the target's preferred
   vectors.  */
static void
target_lanes (lir_lanes *l)
{
  for (int t = LIR_F64; t <= LIR_F32; t++)
    {
      machine_mode vm = targetm.vectorize.preferred_simd_mode
	(SCALAR_TYPE_MODE (lir_tree_type ((lir_type) t)));
      HOST_WIDE_INT w;
      l->of[t] = VECTOR_MODE_P (vm) && GET_MODE_NUNITS (vm).is_constant (&w)
		 ? (int) w : 0;
    }
}

/* Whether IX has a tagged operand: its storage is the runtime's, which
   loops over the stored values read faster than element by element,
   also when every level is dense.  */
static bool
has_tagged_operand (const ix_stmt *ix)
{
  for (int o = 0; o < ix->nopds; o++)
    if (ix->opd[o].tagged)
      return true;
  return false;
}

} // namespace sparse_emit

using namespace sparse_emit;

/* The options every plan of this compilation is made with.  */
static void
plan_options (ix_sched_opts *opts, bool reassoc)
{
  memset (opts, 0, sizeof *opts);
  opts->allow_convert = 1;
  opts->reassoc = flag_associative_math || reassoc;
  opts->merge_only = sparse_merge_only;
  opts->compile_time_order = sparse_compile_time_order;
}

ix_split *
sparse_plan (const ix_stmt *ix, ix_diag *d, bool reassoc)
{
  ix_sched_opts opts;
  plan_options (&opts, reassoc);
  ix_split *sp = XCNEW (ix_split);
  if (ix_split_plan (ix, &opts, sp, d) == 0)
    return sp;
  XDELETE (sp);
  return NULL;
}

void
sparse_plan_free (ix_split *plan)
{
  if (plan)
    ix_split_free (plan);
  XDELETE (plan);
}

/* Kernel K of statement E as GENERIC, HANDLE[o] the handle of each
   tagged operand o of K (temporaries included); its report appended to
   REPORT.  NULL_TREE after an error at LOC.  */
static tree
emit_kernel (lir_kernel *k, sparse_einsum *e, gcall *call, const tree *handle,
	     const char *desc, char *report, size_t len)
{
  location_t loc = e->loc;
  emitter em;
  memset (&em, 0, sizeof em);
  warn_dense_products (k->sc, k, loc, desc, e->nest);
  lir_plan_threads (k, flag_openmp && !inside_omp_p (call));
  {
    lir_lanes lanes;
    target_lanes (&lanes);
    lir_plan_shapes (k, optimize ? &lanes : NULL);
  }
  em.k = k;
  em.s = &k->sc->st;
  em.e = e;
  em.loc = loc;
  for (int o = 0; o < em.s->nopds; o++)
    if ((em.s->opd[o].tagged || em.s->opd[o].temp)
	&& !(em.handle[o] = handle[o]))
      em.fail ("no handle for operand '%s'", em.s->opd[o].name);
  tree generic = em.failed ? NULL_TREE : em.build ();
  if (em.failed || !generic || generic == error_mark_node)
    {
      error_at (loc, "cannot sparsify %qs: internal error in the code "
		"generator: %s", desc, em.failed ? em.why : "no code");
      generic = NULL_TREE;
    }
  else
    {
      size_t n = strlen (report);
      lir_report (k, report + n, len - n);
    }
  if (generic && sparse_dump_file)
    {
      sch_dump (k->sc, sparse_dump_file);
      lir_dump (k, sparse_dump_file);
      print_generic_stmt (sparse_dump_file, generic, TDF_NONE);
      fprintf (sparse_dump_file, "\n");
    }
  XDELETEVEC (em.var);
  XDELETEVEC (em.arr);
  XDELETEVEC (em.arr_elt);
  XDELETEVEC (em.arr_written);
  return generic;
}

/* The extent of index variable V of statement IX as an int64_t, HANDLE
   the tagged operands' handles.  */
static tree
var_extent (sparse_einsum *e, const ix_stmt *ix, int v, const tree *handle)
{
  const ix_var *x = &ix->var[v];
  tree i64 = sparse_int64_type ();
  if (x->extent >= 0)
    return build_int_cst (i64, x->extent);
  if (x->src_opd < 0)
    return NULL_TREE;
  if (ix->opd[x->src_opd].tagged)
    {
      tree p = fold_build_pointer_plus_hwi
	(fold_convert (ptr_type_node, handle[x->src_opd]),
	 offsetof (sp_tensor, dims) + x->src_dim * sizeof (int64_t));
      return build_fold_indirect_ref (fold_convert (build_pointer_type (i64),
						    p));
    }
  tree ext = sparse_einsum_dense_extent (e, x->src_opd, x->src_dim);
  return ext ? sparse_convert (e->loc, i64, ext) : NULL_TREE;
}

/* The kernels of split statement SP one after another, its temporaries
   created before them and freed after them (a scalar one is a local
   variable, in HANDLE too); REPORT says what ran.  */
static tree
emit_split (ix_split *sp, sparse_einsum *e, gcall *call, tree *handle,
	    const char *desc, char *report, size_t len)
{
  location_t loc = e->loc;
  tree vars = NULL_TREE, *tail = &vars, list = alloc_stmt_list ();
  tree frees = alloc_stmt_list ();
  for (int t = 0; t < sp->ntemps; t++)
    {
      const ix_operand *o = &sp->temp[t];
      tree h = sparse_new_local (current_function_decl,
				 o->rank ? sparse_handle_type ()
				 : sparse_type_tree (o->type), o->name);
      DECL_SOURCE_LOCATION (h) = loc;
      *tail = h;
      tail = &DECL_CHAIN (h);
      handle[sp->nopds + t] = h;
      if (o->rank == 0)
	continue;
      char fmt[SP_FORMAT_PRINT_MAX];
      sp_format_print (&o->fmt, fmt, sizeof fmt);
      if (sp->copy_of[t] >= 0)
	{
	  tree c = sparse_rt_call (loc, SPARSE_RT_KCONVERT, 3,
				   handle[sp->copy_of[t]],
				   sparse_build_string (fmt),
				   sparse_build_string (o->name));
	  append_to_statement_list_force
	    (build2 (MODIFY_EXPR, TREE_TYPE (h), h,
		     fold_convert (TREE_TYPE (h), c)), &list);
	  append_to_statement_list_force
	    (sparse_rt_call (loc, SPARSE_RT_FREE, 1, h), &frees);
	  continue;
	}
      vec<tree, va_gc> *args = NULL;
      vec_safe_push (args, null_pointer_node);
      vec_safe_push (args, sparse_build_string (o->name));
      vec_safe_push (args, sparse_build_string (fmt));
      vec_safe_push (args, build_int_cst (integer_type_node, o->type));
      vec_safe_push (args, build_int_cst (integer_type_node, o->rank));
      for (int d = 0; d < o->rank; d++)
	{
	  tree x = var_extent (e, e->ix, sp->temp_var[t][d], handle);
	  if (!x)
	    {
	      error_at (loc, "cannot sparsify %qs: internal error in the code "
			"generator: no extent for '%s'", desc, o->name);
	      return NULL_TREE;
	    }
	  vec_safe_push (args, x);
	}
      tree mk = build_call_expr_loc_vec (loc, sparse_rt_decl
					 (SPARSE_RT_LOCAL_NEW), args);
      append_to_statement_list_force (build2 (MODIFY_EXPR, TREE_TYPE (h), h,
					      mk), &list);
      append_to_statement_list_force
	(sparse_rt_call (loc, SPARSE_RT_LOCAL_FREE, 1, h), &frees);
    }
  size_t n0 = strlen (report);
  ix_split_describe (sp, report + n0, len - n0);
  for (int i = 0; i < sp->nkernels; i++)
    {
      size_t n = strlen (report);
      snprintf (report + n, len - n, "; kernel %d, ", i + 1);
      tree g = emit_kernel (sp->kernel[i], e, call, handle, desc, report,
			    len);
      if (!g)
	return NULL_TREE;
      append_to_statement_list_force (g, &list);
    }
  append_to_statement_list_force (frees, &list);
  return build3 (BIND_EXPR, void_type_node, vars, list, NULL_TREE);
}

/* Plan SP: its one kernel or its kernels over temporaries; REPORT says
   what runs.  */
static tree
emit_plan (ix_split *sp, sparse_einsum *e, gcall *call, tree *handle,
	   const char *desc, char *report, size_t len)
{
  if (sp->nkernels == 1 && sp->ntemps == 0)
    return emit_kernel (sp->kernel[0], e, call, handle, desc, report, len);
  return emit_split (sp, e, call, handle, desc, report, len);
}

/* The candidate orders of SP, the one sp_korder_pick finds cheapest
   with the operands' extents and nonzeros run; REPORT lists them.  */
static tree
emit_choice (ix_split *sp, sparse_einsum *e, gcall *call, tree *handle,
	     const char *desc, char *report, size_t len)
{
  location_t loc = e->loc;
  char model[256];
  if (sp__ord_write (&sp->model, &sp->cand, model, sizeof model))
    {
      error_at (loc, "cannot sparsify %qs: internal error in the code "
		"generator: the orders of the product do not fit %d bytes",
		desc, (int) sizeof model);
      return NULL_TREE;
    }
  vec<tree, va_gc> *args = NULL;
  vec_safe_push (args, sparse_build_string (model));
  unsigned used = 0;
  for (int i = 0; i < sp->model.n; i++)
    used |= sp->model.vars[i];
  for (int v = 0; v < sp->model.nvars; v++)
    {
      tree x = var_extent (e, e->ix, v, handle);
      if (!x && (used & (1u << v)))
	{
	  error_at (loc, "cannot sparsify %qs: internal error in the code "
		    "generator: no extent for '%s'", desc, e->ix->var[v].name);
	  return NULL_TREE;
	}
      vec_safe_push (args, x ? x : build_int_cst (sparse_int64_type (), 1));
    }
  for (int i = 0; i < sp->model.n; i++)
    vec_safe_push (args, sp->item_opd[i] >= 0 ? handle[sp->item_opd[i]]
					       : null_pointer_node);
  tree pick = sparse_new_local (current_function_decl, integer_type_node,
				"order");
  tree list = alloc_stmt_list ();
  append_to_statement_list_force
    (build2 (MODIFY_EXPR, integer_type_node, pick,
	     build_call_expr_loc_vec (loc, sparse_rt_decl
					   (SPARSE_RT_KORDER_PICK), args)),
     &list);
  ix_split_describe (sp, report, len);
  /* if (pick == 0) first; else if (pick == 1) second; ... else last.  */
  tree chain = NULL_TREE, *slot = &chain;
  for (int i = 0; i < sp->nalts; i++)
    {
      size_t n = strlen (report);
      snprintf (report + n, len - n, "; candidate %d, %s", i + 1,
		sp->alt[i]->nkernels == 1 && sp->alt[i]->ntemps == 0
		? "one loop nest: " : "");
      tree g = emit_plan (sp->alt[i], e, call, handle, desc, report, len);
      if (!g)
	return NULL_TREE;
      if (i == sp->nalts - 1)
	*slot = g;
      else
	{
	  tree test = build2 (EQ_EXPR, boolean_type_node, pick,
			      build_int_cst (integer_type_node, i));
	  *slot = build3 (COND_EXPR, void_type_node, test, g, NULL_TREE);
	  slot = &COND_EXPR_ELSE (*slot);
	}
    }
  append_to_statement_list_force (chain, &list);
  return build3 (BIND_EXPR, void_type_node, pick, list, NULL_TREE);
}

bool
sparse_emit_einsum (gimple_stmt_iterator *gsi, sparse_einsum *e)
{
  gcall *call = as_a <gcall *> (gsi_stmt (*gsi));
  ix_stmt *ix = e->ix;
  if (!has_tagged_operand (ix))
    return false;

  char text[512], desc[600], report[4096] = "";
  ix_print (ix, text, sizeof text);
  snprintf (desc, sizeof desc, "%s %s",
	    e->nest ? "loop nest" : "#pragma sparse einsum", text);
  location_t loc = e->loc;
  ix_diag d;
  memset (&d, 0, sizeof d);
  ix_split *plan = NULL;
  tree generic = NULL_TREE;
  tree handle[IX_MAX_OPERANDS];
  memset (handle, 0, sizeof handle);

  if (tree f = foreign_operand (e, ix))
    {
      error_at (loc, "cannot sparsify %qs in a nested function: %qD belongs "
		"to the enclosing function; use a copy declared in the nested "
		"function, or move the statement out of it", desc, f);
      goto out;
    }
  {
    int h = 1;
    for (int o = 0; o < ix->nopds; o++)
      if (ix->opd[o].tagged)
	{
	  if (h >= (int) gimple_call_num_args (call))
	    {
	      error_at (loc, "cannot sparsify %qs: internal error in the code "
			"generator: the marker has too few handles", desc);
	      goto out;
	    }
	  handle[o] = gimple_call_arg (call, h++);
	}
  }
  if (sparse_dump_file)
    fprintf (sparse_dump_file, ";; einsum %d in %s: %s (sparse)\n", e->id,
	     IDENTIFIER_POINTER (DECL_NAME (current_function_decl)), text);
  /* A loop nest was planned when it was recognised.  */
  plan = e->plan ? e->plan : sparse_plan (ix, &d);
  e->plan = NULL;
  if (!plan)
    {
      error_at (d.loc ? (location_t) d.loc : loc, "cannot sparsify %qs: %s",
		desc, d.msg);
      goto out;
    }
  if (plan->nalts)
    generic = emit_choice (plan, e, call, handle, desc, report,
			   sizeof report);
  else
    generic = emit_plan (plan, e, call, handle, desc, report, sizeof report);
  if (generic)
    {
      sparse_remark (SPARSE_REMARK_SPARSIFIED, loc, "%s sparsified: %s",
		     e->nest ? "loop nest" : "einsum", report);
      sparse_mark_kernel_function (current_function_decl);
    }

 out:
  if (generic)
    sparse_splice_generic (gsi, generic);
  else
    gsi_replace (gsi, gimple_build_nop (), false);
  sparse_plan_free (plan);
  return true;
}
