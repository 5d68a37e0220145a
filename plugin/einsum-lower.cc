/* einsum-lower.cc -- the plugin's GIMPLE pass: einsum marker calls become
   loops.

   The pass runs before omplower, while the body is still high GIMPLE
   (GIMPLE_BINDs, no CFG, no SSA).  Each marker call __sparse_einsum (ID,
   handles...) planted by the pragma (pragma.cc) and completed by the
   storage rewrite (storage.cc) is replaced by code built as GENERIC and
   gimplified in place.

   A statement with an operand stored sparsely goes to the sparse code
   generator (schedule, loop IR, emit.cc); a refusal there is an error.
   A statement whose tagged operands are all dense takes the dense route
   here: one loop per output index, an inner loop per reduction (the
   IX_SUM nodes of the index notation), dense operands indexed directly
   and tagged operands read and written through the runtime
   (sp__get/sp__put), exactly as the fallback for element accesses.  Both
   honour the same semantics: `=` assigns every element of the output,
   `+=` and `-=` accumulate, arithmetic follows C's usual conversions.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "sparse-plugin.h"
#include "ix.h"
#include "emit.h"

namespace {

const pass_data pass_data_sparse =
{
  GIMPLE_PASS,
  "sparse",
  OPTGROUP_LOOP,
  TV_NONE,
  PROP_gimple_any,
  0, 0, 0, 0
};

/* State of lowering one statement.  */
struct lowerer
{
  sparse_einsum *e;
  ix_stmt *ix;
  gcall *call;
  location_t loc;
  tree handle[IX_MAX_OPERANDS];	/* tagged operands' handles */
  tree ivar[IX_MAX_VARS];	/* loop variables */
  tree ext[IX_MAX_VARS];	/* extents, evaluated once */
  tree vars;			/* chain of the locals declared */
  bool failed;

  tree new_var (tree type, const char *name);
  tree extent_of (int v);
  tree read (int acc);
  tree lvalue_dense (int acc);
  tree eval (int e, tree *stmts);
  bool accumulate (tree var, int e, bool neg, tree *stmts);
  bool sum_into (tree var, int e, bool neg, tree *stmts);
  tree loop (int v, tree body);
  tree build ();
};

tree
lowerer::new_var (tree type, const char *name)
{
  tree v = sparse_new_local (current_function_decl, type, name);
  DECL_CHAIN (v) = vars;
  vars = v;
  return v;
}

tree
lowerer::extent_of (int v)
{
  const ix_var &var = ix->var[v];
  tree i64 = sparse_int64_type ();
  if (var.src_opd >= 0 && var.src_opd < ix->nopds)
    {
      if (ix->opd[var.src_opd].tagged && handle[var.src_opd])
	return sparse_build_dim (loc, handle[var.src_opd], var.src_dim);
      tree x = sparse_einsum_dense_extent (e, var.src_opd, var.src_dim);
      if (x)
	return fold_convert (i64, x);
    }
  if (var.extent >= 0)
    return build_int_cst (i64, var.extent);
  return NULL_TREE;
}

/* A dense array element: decl indexed by the loop variables of ACC.  */
tree
lowerer::lvalue_dense (int acc)
{
  const ix_access &a = ix->acc[acc];
  const ix_operand &o = ix->opd[a.opd];
  tree decl = sparse_einsum_operand_decl (e, a.opd);
  if (!decl)
    return NULL_TREE;
  if (o.kind == IX_OPD_SCALAR || a.nidx == 0)
    return decl;

  tree t = decl;
  tree type = TREE_TYPE (t);
  if (o.kind == IX_OPD_POINTER && TREE_CODE (type) == POINTER_TYPE
      && TREE_CODE (TREE_TYPE (type)) != ARRAY_TYPE)
    {
      /* A plain pointer: row-major over the extents of its indices.  */
      tree lin = NULL_TREE;
      for (int k = 0; k < a.nidx; k++)
	{
	  tree i = ivar[a.var[k]];
	  lin = lin ? fold_build2 (PLUS_EXPR, sparse_int64_type (),
				   fold_build2 (MULT_EXPR, sparse_int64_type (),
						lin, ext[a.var[k]]), i)
		    : i;
	}
      tree elt = TREE_TYPE (type);
      tree off = fold_build2 (MULT_EXPR, sizetype, fold_convert (sizetype, lin),
			      TYPE_SIZE_UNIT (elt));
      return build1 (INDIRECT_REF, elt, fold_build_pointer_plus (t, off));
    }

  for (int k = 0; k < a.nidx; k++)
    {
      tree i = ivar[a.var[k]];
      type = TREE_TYPE (t);
      if (TREE_CODE (type) == ARRAY_TYPE)
	t = build4 (ARRAY_REF, TREE_TYPE (type), t, i, NULL_TREE, NULL_TREE);
      else if (TREE_CODE (type) == POINTER_TYPE)
	{
	  tree elt = TREE_TYPE (type);
	  tree off = fold_build2 (MULT_EXPR, sizetype, fold_convert (sizetype, i),
				  TYPE_SIZE_UNIT (elt));
	  t = build1 (INDIRECT_REF, elt, fold_build_pointer_plus (t, off));
	}
      else
	return NULL_TREE;
    }
  return t;
}

tree
lowerer::read (int acc)
{
  const ix_access &a = ix->acc[acc];
  const ix_operand &o = ix->opd[a.opd];
  if (o.tagged)
    {
      tree decl = sparse_einsum_operand_decl (e, a.opd);
      sparse_tag tag;
      if (!decl || !handle[a.opd] || !sparse_decl_tag (decl, &tag))
	return NULL_TREE;
      tree idx[SP_MAX_RANK];
      for (int k = 0; k < a.nidx; k++)
	idx[k] = ivar[a.var[k]];
      return sparse_build_get (loc, handle[a.opd], tag.elem_type, a.nidx, idx,
			       NULL);
    }
  return lvalue_dense (acc);
}


/* V != 0, as a condition.  */
static tree
truth (tree v)
{
  return fold_build2 (NE_EXPR, boolean_type_node, v,
		      build_zero_cst (TREE_TYPE (v)));
}

tree
lowerer::eval (int e, tree *stmts)
{
  if (e < 0 || e >= ix->nexprs)
    return NULL_TREE;
  const ix_expr &x = ix->expr[e];
  switch (x.op)
    {
    case IX_ACCESS:
      return read (x.access);
    case IX_CONST:
      return sparse_num_tree (x.num);
    case IX_NEG:
      {
	tree a = eval (x.a, stmts);
	if (!a)
	  return NULL_TREE;
	tree type = sparse_arith_type (TREE_TYPE (a), TREE_TYPE (a));
	return fold_build1 (NEGATE_EXPR, type, sparse_convert (loc, type, a));
      }
    case IX_ADD:
    case IX_SUB:
      if (x.seeded)
	{
	  /* A's value, then B's terms added into it one by one.  */
	  tree a = eval (x.a, stmts);
	  if (!a)
	    return NULL_TREE;
	  tree type = sparse_type_tree (ix_expr_type (ix, e));
	  tree var = new_var (type, NULL);
	  append_to_statement_list (build2 (MODIFY_EXPR, type, var,
					    sparse_convert (loc, type, a)),
				    stmts);
	  return accumulate (var, x.b, x.op == IX_SUB, stmts) ? var : NULL_TREE;
	}
      /* Fall through.  */
    case IX_MUL:
    case IX_DIV:
      {
	tree a = eval (x.a, stmts);
	tree b = eval (x.b, stmts);
	if (!a || !b)
	  return NULL_TREE;
	tree type = sparse_arith_type (TREE_TYPE (a), TREE_TYPE (b));
	tree_code code = x.op == IX_ADD ? PLUS_EXPR
			 : x.op == IX_SUB ? MINUS_EXPR
			 : x.op == IX_MUL ? MULT_EXPR
			 : TREE_CODE (type) == REAL_TYPE ? RDIV_EXPR
			 : TRUNC_DIV_EXPR;
	return fold_build2 (code, type, sparse_convert (loc, type, a),
			    sparse_convert (loc, type, b));
      }
    case IX_INDEX:
      return fold_convert (sparse_type_tree (x.num.type), ivar[x.var]);
    case IX_CAST:
    case IX_ABS:
    case IX_NOT:
    case IX_CALL:
    case IX_CALLZ:
      {
	tree a = eval (x.a, stmts);
	if (!a)
	  return NULL_TREE;
	if (x.op == IX_CALL || x.op == IX_CALLZ)
	  return sparse_mathfn_call (loc, x.num, a);
	if (x.op == IX_CAST)
	  return sparse_convert (loc, sparse_type_tree (x.num.type), a);
	if (x.op == IX_NOT)
	  return fold_convert (integer_type_node,
			       fold_build1 (TRUTH_NOT_EXPR, boolean_type_node,
					    truth (a)));
	tree type = sparse_arith_type (TREE_TYPE (a), TREE_TYPE (a));
	return fold_build1 (ABS_EXPR, type, sparse_convert (loc, type, a));
      }
    case IX_MOD:
    case IX_EQ:
    case IX_NE:
    case IX_LT:
    case IX_LE:
    case IX_GT:
    case IX_GE:
      {
	static const tree_code codes[] = { TRUNC_MOD_EXPR, EQ_EXPR, NE_EXPR,
					   LT_EXPR, LE_EXPR, GT_EXPR,
					   GE_EXPR };
	tree a = eval (x.a, stmts);
	tree b = eval (x.b, stmts);
	if (!a || !b)
	  return NULL_TREE;
	tree type = sparse_arith_type (TREE_TYPE (a), TREE_TYPE (b));
	tree_code code = codes[x.op - IX_MOD];
	return fold_build2 (code, code == TRUNC_MOD_EXPR ? type
				  : integer_type_node,
			    sparse_convert (loc, type, a),
			    sparse_convert (loc, type, b));
      }
    case IX_AND:
    case IX_OR:
    case IX_WHERE:
      {
	/* B only where it counts: its sums (statements) run always, its
	   value is taken where A says.  */
	tree a = eval (x.a, stmts);
	tree b = eval (x.b, stmts);
	if (!a || !b)
	  return NULL_TREE;
	if (x.op == IX_WHERE)
	  {
	    tree type = sparse_arith_type (TREE_TYPE (b), integer_type_node);
	    return fold_build3 (COND_EXPR, type, truth (a),
				sparse_convert (loc, type, b),
				build_zero_cst (type));
	  }
	return fold_convert (integer_type_node,
			     fold_build2 (x.op == IX_AND ? TRUTH_ANDIF_EXPR
					  : TRUTH_ORIF_EXPR,
					  boolean_type_node, truth (a),
					  truth (b)));
      }
    case IX_SUM:
      {
	tree t = sparse_type_tree (ix_expr_type (ix, x.a));
	tree type = sparse_arith_type (t, t);
	tree acc = new_var (type, NULL);
	append_to_statement_list (build2 (MODIFY_EXPR, type, acc,
					  build_zero_cst (type)), stmts);
	return sum_into (acc, e, false, stmts) ? acc : NULL_TREE;
      }
    default:
      return NULL_TREE;
    }
}

/* Whether E continues the accumulation it is added into: a sum, or a
   step of the program's accumulation (ix_expr.seeded), not a value a
   temporary summed apart (ix_expr.apart).  */
static bool
continues (const ix_stmt *ix, int e)
{
  const ix_expr &x = ix->expr[e];
  return !x.apart && (x.op == IX_SUM
		      || ((x.op == IX_ADD || x.op == IX_SUB) && x.seeded));
}

/* The loop of sum E, adding (subtracting, when NEG) its terms into VAR
   (accumulate).  */
bool
lowerer::sum_into (tree var, int e, bool neg, tree *stmts)
{
  const ix_expr &x = ix->expr[e];
  tree body = NULL_TREE;
  if (!accumulate (var, x.a, neg, &body))
    return false;
  append_to_statement_list (loop (x.var, body), stmts);
  return true;
}

/* Add (subtract, when NEG) the terms of E into VAR one by one, as the
   program adds them: a step's operands in turn, a sum's terms in its
   loop, anything else whole (C's compound assignment).  */
bool
lowerer::accumulate (tree var, int e, bool neg, tree *stmts)
{
  const ix_expr &x = ix->expr[e];
  if (continues (ix, e) && x.op == IX_SUM)
    return sum_into (var, e, neg, stmts);
  if (continues (ix, e))
    return (accumulate (var, x.a, neg, stmts)
	    && accumulate (var, x.b, neg != (x.op == IX_SUB), stmts));
  tree v = eval (e, stmts);
  if (!v)
    return false;
  tree vtype = TREE_TYPE (var);
  tree type = sparse_arith_type (vtype, TREE_TYPE (v));
  tree sum = fold_build2 (neg ? MINUS_EXPR : PLUS_EXPR, type,
			  sparse_convert (loc, type, var),
			  sparse_convert (loc, type, v));
  append_to_statement_list (build2 (MODIFY_EXPR, vtype, var,
				    sparse_convert (loc, vtype, sum)), stmts);
  return true;
}

/* for (v = 0; v < ext[v]; v++) BODY  */
tree
lowerer::loop (int v, tree body)
{
  tree i64 = sparse_int64_type ();
  tree iv = ivar[v];
  tree stmts = NULL_TREE;
  append_to_statement_list (build2 (MODIFY_EXPR, i64, iv,
				    build_int_cst (i64, 0)), &stmts);
  tree lbody = NULL_TREE;
  append_to_statement_list (build1 (EXIT_EXPR, void_type_node,
				    build2 (GE_EXPR, boolean_type_node, iv,
					    ext[v])), &lbody);
  append_to_statement_list (body, &lbody);
  append_to_statement_list (build2 (MODIFY_EXPR, i64, iv,
				    build2 (PLUS_EXPR, i64, iv,
					    build_int_cst (i64, 1))), &lbody);
  append_to_statement_list (build1 (LOOP_EXPR, void_type_node, lbody),
			    &stmts);
  return stmts;
}

tree
lowerer::build ()
{
  tree i64 = sparse_int64_type ();
  tree stmts = NULL_TREE;

  for (int v = 0; v < ix->nvars; v++)
    {
      ivar[v] = new_var (i64, ix->var[v].name);
      tree x = extent_of (v);
      if (!x)
	{
	  error_at (ix->var[v].loc ? (location_t) ix->var[v].loc : loc,
		    "cannot tell the extent of index %qs", ix->var[v].name);
	  return NULL_TREE;
	}
      ext[v] = new_var (i64, NULL);
      append_to_statement_list (build2 (MODIFY_EXPR, i64, ext[v], x), &stmts);
    }

  /* The innermost body: evaluate, then assign or accumulate; a sum the
     program adds into the output term by term goes into its value so
     (into a copy, stored after).  */
  tree body = NULL_TREE;
  const ix_access &out = ix->acc[ix->out];
  const ix_operand &o = ix->opd[out.opd];
  tree_code acc = ix->assign == IX_ADD_SET ? PLUS_EXPR
		  : ix->assign == IX_SUB_SET ? MINUS_EXPR : ERROR_MARK;
  bool into = acc != ERROR_MARK && continues (ix, ix->rhs);
  tree val = into ? NULL_TREE : eval (ix->rhs, &body);
  if (!into && !val)
    return NULL_TREE;
  if (o.tagged)
    {
      tree decl = sparse_einsum_operand_decl (e, out.opd);
      sparse_tag tag;
      if (!decl || !handle[out.opd] || !sparse_decl_tag (decl, &tag))
	return NULL_TREE;
      tree idx[SP_MAX_RANK];
      for (int k = 0; k < out.nidx; k++)
	idx[k] = ivar[out.var[k]];
      tree old = acc == ERROR_MARK ? NULL_TREE
		 : sparse_build_get (loc, handle[out.opd], tag.elem_type,
				     out.nidx, idx, NULL);
      tree v;
      if (into)
	{
	  v = new_var (tag.elem_type, NULL);
	  append_to_statement_list (build2 (MODIFY_EXPR, tag.elem_type, v,
					    old), &body);
	  if (!accumulate (v, ix->rhs, acc == MINUS_EXPR, &body))
	    return NULL_TREE;
	}
      else if (acc != ERROR_MARK)
	{
	  tree type = sparse_arith_type (tag.elem_type, TREE_TYPE (val));
	  v = sparse_convert (loc, tag.elem_type,
			    fold_build2 (acc, type, sparse_convert (loc, type, old),
					 sparse_convert (loc, type, val)));
	}
      else
	v = sparse_convert (loc, tag.elem_type, val);
      append_to_statement_list (sparse_build_put (loc, handle[out.opd],
						  tag.elem_type, v, out.nidx,
						  idx), &body);
    }
  else
    {
      tree lhs = lvalue_dense (ix->out);
      if (!lhs)
	return NULL_TREE;
      tree ltype = TREE_TYPE (lhs);
      tree v;
      if (into)
	{
	  v = new_var (ltype, NULL);
	  append_to_statement_list (build2 (MODIFY_EXPR, ltype, v,
					    unshare_expr (lhs)), &body);
	  if (!accumulate (v, ix->rhs, acc == MINUS_EXPR, &body))
	    return NULL_TREE;
	}
      else if (acc != ERROR_MARK)
	{
	  tree type = sparse_arith_type (ltype, TREE_TYPE (val));
	  v = fold_build2 (acc, type, sparse_convert (loc, type, unshare_expr (lhs)),
			   sparse_convert (loc, type, val));
	}
      else
	v = val;
      append_to_statement_list (build2 (MODIFY_EXPR, ltype, lhs,
					sparse_convert (loc, ltype, v)), &body);
    }

  /* Output loops, innermost last index.  */
  for (int k = out.nidx - 1; k >= 0; k--)
    body = loop (out.var[k], body);
  append_to_statement_list (body, &stmts);
  return build3 (BIND_EXPR, void_type_node, vars, stmts, NULL_TREE);
}

static void lower_statement (gimple_stmt_iterator *gsi, sparse_einsum *e);

/* Statement TEXT of L has no tagged operand and runs as plain dense
   loops.  */
static void
report_dense (const lowerer &l, const char *text)
{
  if (sparse_opt_report && !l.e->nest)
    sparse_remark (SPARSE_REMARK_REPORT, l.loc, "einsum %s: dense loops, "
		   "no operand is tagged", text);
}

/* Replace the marker at GSI.  */
static void
lower_marker (gimple_stmt_iterator *gsi)
{
  gcall *call = as_a <gcall *> (gsi_stmt (*gsi));
  sparse_einsum *e = NULL;
  if (gimple_call_num_args (call) >= 1
      && TREE_CODE (gimple_call_arg (call, 0)) == INTEGER_CST)
    e = sparse_einsum_get (tree_to_shwi (gimple_call_arg (call, 0)));
  if (!e || !e->ix || (int) gimple_call_num_args (call) != 1 + e->ntagged)
    {
      /* Only a function with errors gets here; drop the marker.  */
      gsi_replace (gsi, gimple_build_nop (), false);
      return;
    }

  lower_statement (gsi, e);
  sparse_einsum_release (e);
}

/* Replace the marker at GSI by the code of statement E.  */
static void
lower_statement (gimple_stmt_iterator *gsi, sparse_einsum *e)
{
  /* A statement with a tagged operand gets loops over the operands'
     storage (emit.cc); the dense route below is for the others.  */
  if (sparse_emit_einsum (gsi, e))
    return;
  gcall *call = as_a <gcall *> (gsi_stmt (*gsi));

  lowerer l;
  memset (&l, 0, sizeof l);
  l.e = e;
  l.ix = e->ix;
  l.call = call;
  l.loc = e->loc;
  int h = 1;
  for (int o = 0; o < l.ix->nopds; o++)
    if (l.ix->opd[o].tagged)
      l.handle[o] = gimple_call_arg (call, h++);

  char text[512];
  ix_print (l.ix, text, sizeof text);
  tree generic = l.build ();
  if (!generic)
    {
      if (!seen_error () && e->nest)
	error_at (l.loc, "cannot lower the loop nest (%s)", text);
      else if (!seen_error ())
	error_at (l.loc, "cannot lower %<#pragma sparse einsum %s%>", text);
      gsi_replace (gsi, gimple_build_nop (), false);
      return;
    }

  report_dense (l, text);
  if (sparse_dump_file)
    {
      fprintf (sparse_dump_file, ";; einsum %d in %s: %s\n", e->id,
	       IDENTIFIER_POINTER (DECL_NAME (current_function_decl)), text);
      ix_dump (l.ix, sparse_dump_file);
      print_generic_stmt (sparse_dump_file, generic, TDF_NONE);
      fprintf (sparse_dump_file, "\n");
    }

  sparse_splice_generic (gsi, generic);
}


static tree
find_markers (gimple_stmt_iterator *gsi, bool *handled, struct walk_stmt_info *)
{
  gimple *stmt = gsi_stmt (*gsi);
  if (sparse_marker_gcall_p (stmt))
    {
      lower_marker (gsi);
      *handled = true;
    }
  return NULL_TREE;
}

class pass_sparse : public gimple_opt_pass
{
public:
  pass_sparse (gcc::context *ctxt) : gimple_opt_pass (pass_data_sparse, ctxt)
  {}

  bool gate (function *) final override
  {
    return sparse_einsums_p ();
  }

  unsigned int execute (function *fun) final override
  {
    /* The front end has parsed the whole unit before the first function
       gets here: after its errors the trees may be broken, but after
       refusals of this pass the other functions' statements are still
       checked, each refusal reported.  */
    static int front_end_errors = -1;
    if (front_end_errors < 0)
      front_end_errors = errorcount + sorrycount;
    gimple_seq body = gimple_body (fun->decl);
    if (!body || front_end_errors > 0)
      return 0;
    struct walk_stmt_info wi;
    memset (&wi, 0, sizeof wi);
    walk_gimple_seq_mod (&body, find_markers, NULL, &wi);
    gimple_set_body (fun->decl, body);
    return 0;
  }
};

} // anon namespace

opt_pass *
make_pass_sparse (gcc::context *ctxt)
{
  return new pass_sparse (ctxt);
}

/* The statement is one BIND_EXPR: the gimplifier's temporaries go into
   its GIMPLE_BIND, so that inside an OpenMP region they are the region's
   own (private) locals, not variables of the function.  */
void
sparse_splice_generic (gimple_stmt_iterator *gsi, tree generic)
{
  gimple_seq seq = NULL;
  push_gimplify_context ();
  gimplify_and_add (generic, &seq);
  gimple *first = gimple_seq_first_stmt (seq);
  pop_gimplify_context (first && gimple_code (first) == GIMPLE_BIND
			? first : NULL);
  gsi_replace_with_seq (gsi, seq, false);
}
