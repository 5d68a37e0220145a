/* emit-expr.cc -- loop IR expressions, conditions and assignment
   targets as GENERIC.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "emit-int.h"
#include "mathfn.h"

namespace sparse_emit {

/* The output's values pointer, read afresh (appends move it).  */
tree
emitter::out_vals (int a)
{
  return fold_convert (build_pointer_type (arr_elt[a]),
		       field (kout_addr (), offsetof (sp_kout, vals),
			      ptr_type_node));
}

/* Element IDX of array A, or the vector of LANES elements from it.  */
tree
emitter::elem (int a, tree idx, int lanes)
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
  tree at = fold_build_pointer_plus (base, off);
  if (lanes > 1)
    {
      /* At any alignment: the vector type aligned as its elements.  */
      tree vt = lir_lanes_type (k->arrays[a].type, lanes);
      vt = build_aligned_type (vt, TYPE_ALIGN (TREE_TYPE (vt)));
      at = fold_convert (build_pointer_type (vt), at);
    }
  return build_fold_indirect_ref_loc (loc, at);
}

/* Vector expression ID (lanes > 1): loads, copies of a scalar, and
   arithmetic lane by lane.  */
tree
emitter::vector_tree_of (int id)
{
  const lir_expr &x = k->exprs[id];
  tree vtype = lir_lanes_type (x.type, x.lanes);
  switch (x.op)
    {
    case LIR_VARREF:
      if (x.var < 0 || x.var >= k->nvars || !var[x.var])
	return fail ("variable %d used before its declaration", x.var);
      return var[x.var];
    case LIR_LOAD:
      {
	tree idx = tree_of (x.a);
	CHECKED (idx);
	return elem (x.array, sparse_convert (loc, sparse_int64_type (), idx),
		     x.lanes);
      }
    case LIR_SPLAT:
      {
	tree a = tree_of (x.a);
	CHECKED (a);
	return build_vector_from_val (vtype, sparse_convert (loc,
							     TREE_TYPE (vtype),
							     a));
      }
    case LIR_NEG:
      {
	tree a = tree_of (x.a);
	CHECKED (a);
	return fold_build1 (NEGATE_EXPR, vtype, a);
      }
    case LIR_ADD:
    case LIR_SUB:
    case LIR_MUL:
    case LIR_DIV:
      {
	tree a = tree_of (x.a), b = tree_of (x.b);
	CHECKED (a);
	CHECKED (b);
	return fold_build2 (arith_code (x.op, lir_float_p (x.type)), vtype, a,
			    b);
      }
    default:
      return fail ("vector operator %d", (int) x.op);
    }
}

/* The operators that keep zero at zero (sparse loops skip the rest):
   |A|, a cast, A ? B : 0 (B evaluated only where A holds: a COND_EXPR
   evaluates one arm).  */
static tree
zero_keeping (emitter *em, const lir_expr &x, tree type)
{
  if (x.op == LIR_SEL)
    {
      tree c = em->cond (x.a), b = em->tree_of (x.b);
      if (!c || !b || c == error_mark_node || b == error_mark_node)
	return em->fail ("incomplete tree");
      return fold_build3 (COND_EXPR, type, c, sparse_convert (em->loc, type, b),
			  build_zero_cst (type));
    }
  tree a = em->tree_of (x.a);
  if (!a || a == error_mark_node)
    return em->fail ("incomplete tree");
  a = sparse_convert (em->loc, type, a);
  return x.op == LIR_ABS ? fold_build1 (ABS_EXPR, type, a) : a;
}

/* X, LIR_MASK or LIR_BOR, of TYPE, on the bits of the values (an
   unsigned integer of their size): GCC keeps these selects free of
   branches.  */
tree
emitter::bits_select (const lir_expr &x, tree type)
{
  tree a = tree_of (x.a), b = tree_of (x.b);
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

/* The calls among the expressions, X of TYPE: OpenMP's, the runtime's
   (its arguments converted to the types of its parameters), the C
   library's (mathfn.h), an atomic increment, and the handle's count of
   values and an element's address passed to them.  */
tree
emitter::call_of (const lir_expr &x, tree type)
{
  switch (x.op)
    {
    case LIR_MATH:
      {
	tree a = tree_of (x.a);
	CHECKED (a);
	ix_num num = { (ix_type) x.type, x.ival, 0 };
	tree c = sparse_mathfn_call (loc, num, a);
	return c ? c : fail ("no built-in function %s",
			     mathfn_names[x.ival]);
      }
    case LIR_THREAD:
    case LIR_NTHREADS:
      {
	tree fn = builtin_decl_explicit (x.op == LIR_THREAD
					 ? BUILT_IN_OMP_GET_THREAD_NUM
					 : BUILT_IN_OMP_GET_NUM_THREADS);
	if (!fn)
	  return fail ("no OpenMP builtins");
	return fold_convert (type, build_call_expr_loc (loc, fn, 0));
      }
    case LIR_ADDR:
      {
	tree r = elem (x.array, tree_of (x.a));
	CHECKED (r);
	return fold_convert (type, build_fold_addr_expr (r));
      }
    case LIR_FETCH_INC:
      {
	tree fn = builtin_decl_explicit (BUILT_IN_ATOMIC_FETCH_ADD_8);
	if (!fn || x.var < 0 || x.var >= k->nvars || !var[x.var])
	  return fail ("an atomic increment");
	tree v = var[x.var];
	TREE_ADDRESSABLE (v) = 1;
	tree val_t = TREE_VALUE (TREE_CHAIN (TYPE_ARG_TYPES (TREE_TYPE (fn))));
	return fold_convert (type, build_call_expr_loc
				     (loc, fn, 3, build_fold_addr_expr (v),
				      build_int_cst (val_t, 1),
				      /* __ATOMIC_RELAXED */
				      integer_zero_node));
      }
    case LIR_NVALS:
      {
	tree h = tensor_handle (x.tensor);
	CHECKED (h);
	return field (h, offsetof (sp_tensor, nvals), type);
      }
    case LIR_HANDLE:
      {
	tree h = x.tensor >= 0 ? tensor_handle (x.tensor)
		 : x.opd >= 0 && x.opd < s->nopds && handle[x.opd]
		 ? handle[x.opd] : fail ("no handle for operand %d", x.opd);
	CHECKED (h);
	return fold_convert (type, h);
      }
    default:
      break;
    }

  /* LIR_RTCALL.  */
  tree fn = sparse_rt_decl ((sparse_rt) x.ival);
  tree parm = TYPE_ARG_TYPES (TREE_TYPE (fn));
  auto_vec<tree> args;
  for (int arg = x.a; arg >= 0; arg = k->exprs[arg].b)
    {
      tree v = tree_of (k->exprs[arg].a);
      CHECKED (v);
      if (!parm && stdarg_p (TREE_TYPE (fn)))
	{
	  /* A variadic argument: a pointer or an int already.  */
	  args.safe_push (v);
	  continue;
	}
      if (!parm || parm == void_list_node)
	return fail ("too many arguments for %s", lir_rts[x.ival].name);
      args.safe_push (sparse_convert (loc, TREE_VALUE (parm), v));
      parm = TREE_CHAIN (parm);
    }
  tree call = build_call_expr_loc_array (loc, fn, args.length (),
					 args.address ());
  return VOID_TYPE_P (TREE_TYPE (call)) ? call
	 : fold_convert (lir_tree_type (x.type), call);
}

tree
emitter::tree_of (int id)
{
  if (failed)
    return error_mark_node;
  if (id < 0 || id >= k->nexprs)
    return fail ("no expression %d", id);
  const lir_expr &x = k->exprs[id];
  tree type = lir_tree_type (x.type);
  if (!type)
    return fail ("expression %d has no type", id);
  if (x.lanes > 1)
    return vector_tree_of (id);
  switch (x.op)
    {
    case LIR_CONST:
      if (lir_float_p (x.type))
	return sparse_real_tree (x.fval, type);
      return build_int_cst (type, x.ival);
    case LIR_VARREF:
      if (x.var < 0 || x.var >= k->nvars || !var[x.var])
	return fail ("variable %d used before its declaration", x.var);
      return var[x.var];
    case LIR_LOAD:
      {
	tree r = elem (x.array, tree_of (x.a));
	CHECKED (r);
	return sparse_convert (loc, type, r);
      }
    case LIR_SCALAR:
      {
	tree decl = scalar_decl (x.opd);
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
    case LIR_THREAD:
    case LIR_NTHREADS:
    case LIR_RTCALL:
    case LIR_ADDR:
    case LIR_FETCH_INC:
    case LIR_NVALS:
    case LIR_HANDLE:
    case LIR_MATH:
      return call_of (x, type);
    case LIR_NEG:
      {
	tree a = tree_of (x.a);
	CHECKED (a);
	return fold_build1 (NEGATE_EXPR, type, sparse_convert (loc, type, a));
      }
    case LIR_NOT:
    case LIR_LT:
    case LIR_LE:
    case LIR_EQ:
    case LIR_AND:
    case LIR_OR:
      {
	tree c = cond (id);
	CHECKED (c);
	return fold_convert (type, c);
      }
    case LIR_ABS:
    case LIR_CAST:
    case LIR_SEL:
      return zero_keeping (this, x, type);
    case LIR_ADD:
    case LIR_SUB:
    case LIR_MUL:
    case LIR_DIV:
    case LIR_MOD:
    case LIR_MIN:
      {
	tree a = tree_of (x.a), b = tree_of (x.b);
	CHECKED (a);
	CHECKED (b);
	return fold_build2 (arith_code (x.op, lir_float_p (x.type)), type,
			    sparse_convert (loc, type, a),
			    sparse_convert (loc, type, b));
      }
    case LIR_MASK:
    case LIR_BOR:
      return bits_select (x, type);
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
	tree a = tree_of (x.a), b = tree_of (x.b);
	CHECKED (a);
	CHECKED (b);
	tree_code code = x.op == LIR_LT ? LT_EXPR : x.op == LIR_LE ? LE_EXPR
			 : EQ_EXPR;
	return fold_build2 (code, boolean_type_node,
			    sparse_convert (loc, type, a),
			    sparse_convert (loc, type, b));
      }
    case LIR_AND:
    case LIR_OR:
      {
	tree a = cond (x.a), b = cond (x.b);
	CHECKED (a);
	CHECKED (b);
	return fold_build2 (x.op == LIR_AND ? TRUTH_ANDIF_EXPR
			    : TRUTH_ORIF_EXPR, boolean_type_node, a, b);
      }
    case LIR_NOT:
      {
	tree a = cond (x.a);
	CHECKED (a);
	return fold_build1 (TRUTH_NOT_EXPR, boolean_type_node, a);
      }
    default:
      {
	tree v = tree_of (id);
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
    return elem (t.array, tree_of (t.index));
  if (t.opd >= 0 && t.opd < s->nopds)
    {
      tree decl = scalar_decl (t.opd);
      return decl ? decl : fail ("no scalar output %d", t.opd);
    }
  return fail ("assignment without target");
}

} // namespace sparse_emit
