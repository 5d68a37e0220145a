/* row-walk.cc -- a loop left to element access that runs along one line
   of a tagged matrix and does nothing where the element is zero, run over
   the line's stored entries instead of over every coordinate:

     for (j = 0; j < n; j++)
       if (A[i][j] != 0 && d[i] + A[i][j] < d[j])
	 d[j] = d[i] + A[i][j];

   (a relaxation of Bellman-Ford, the visit of a breadth-first search,
   any loop over a vertex's neighbours).  The loop's body is one if
   statement without else, whose condition is a chain of && in which a
   conjunct is false where the element is zero and the conjuncts before
   it have no effects, or it starts with `if (C) continue;`, C a chain of
   || with a term true there: at a coordinate the line does not store,
   the dense loop evaluates those terms, finds that one decide and does
   nothing else.  So
   the loop runs its body as written, in its order, at the coordinates
   the line stores from the loop variable's start up to its bound, the
   element read from the stored values, and leaves the variable where the
   dense loop would: the bound (the start when above it), or where a
   break leaves it.

   The walk reads the storage of the format the declaration names: a
   dense level over the line's index, then a compressed level with unique
   coordinates over the loop's (CSR walked along rows, CSC along
   columns).  The storage must stay as it is while the loop runs: the
   body writes no tagged array and calls no function but GCC's built-in
   ones, and the line's index and the loop's bound are constants and
   variables that nothing in the loop writes, whose address is not
   taken.  Where the tensor has calls pending, is distributed over MPI
   ranks, or the line or the bound is outside its extents, the loop runs
   over every coordinate as written, each element read through the
   runtime, which sees the pending calls and says what is out of range.  */

#include "storage-int.h"
#include "emit-int.h"

using namespace sparse_emit;

namespace sparse_storage {

/* T without the conversions that keep its value (to a type as wide or
   wider, of the same signedness or from unsigned).  */
static tree
strip_widening (tree t)
{
  while (CONVERT_EXPR_P (t) && INTEGRAL_TYPE_P (TREE_TYPE (t)))
    {
      tree from = TREE_TYPE (TREE_OPERAND (t, 0)), to = TREE_TYPE (t);
      if (!INTEGRAL_TYPE_P (from)
	  || TYPE_PRECISION (to) < TYPE_PRECISION (from)
	  || (TYPE_PRECISION (to) == TYPE_PRECISION (from)
	      && TYPE_UNSIGNED (to) != TYPE_UNSIGNED (from))
	  || (!TYPE_UNSIGNED (from) && TYPE_UNSIGNED (to)))
	break;
      t = TREE_OPERAND (t, 0);
    }
  return t;
}

/* Whether T is a local variable of FN the loop may read as fixed: not
   written in the loop (WRITTEN), its address not taken.  */
static bool
fixed_var_p (tree t, tree fn, hash_set<tree> *written)
{
  return (VAR_P (t) || TREE_CODE (t) == PARM_DECL)
	 && INTEGRAL_TYPE_P (TREE_TYPE (t)) && DECL_CONTEXT (t) == fn
	 && !TREE_STATIC (t) && !DECL_EXTERNAL (t) && !TREE_ADDRESSABLE (t)
	 && !TREE_THIS_VOLATILE (t) && !written->contains (t);
}

/* Whether integer expression T has the same value all through the loop:
   constants and fixed variables under arithmetic without effects.  */
static bool
fixed_p (tree t, tree fn, hash_set<tree> *written)
{
  switch (TREE_CODE (t))
    {
    case INTEGER_CST:
      return true;
    case VAR_DECL:
    case PARM_DECL:
      return fixed_var_p (t, fn, written);
    case NOP_EXPR:
    case CONVERT_EXPR:
    case NON_LVALUE_EXPR:
    case SAVE_EXPR:
      return INTEGRAL_TYPE_P (TREE_TYPE (t))
	     && fixed_p (TREE_OPERAND (t, 0), fn, written);
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
    case TRUNC_DIV_EXPR:
    case EXACT_DIV_EXPR:
      return fixed_p (TREE_OPERAND (t, 0), fn, written)
	     && fixed_p (TREE_OPERAND (t, 1), fn, written);
    default:
      return false;
    }
}

/* The variable of loop T counted up by one (FOR_EXPR j++, ++j, j += 1,
   j = j + 1), or NULL_TREE.  */
static tree
counted_var (tree t)
{
  tree e = FOR_EXPR (t);
  while (e && CONVERT_EXPR_P (e) && VOID_TYPE_P (TREE_TYPE (e)))
    e = TREE_OPERAND (e, 0);
  if (!e)
    return NULL_TREE;
  tree v = TREE_OPERAND (e, 0);
  switch (TREE_CODE (e))
    {
    case POSTINCREMENT_EXPR:
    case PREINCREMENT_EXPR:
      return integer_onep (TREE_OPERAND (e, 1)) ? v : NULL_TREE;
    case MODIFY_EXPR:
      {
	tree r = TREE_OPERAND (e, 1);
	STRIP_NOPS (r);
	if (TREE_CODE (r) != PLUS_EXPR || !integer_onep (TREE_OPERAND (r, 1)))
	  return NULL_TREE;
	tree a = TREE_OPERAND (r, 0);
	STRIP_NOPS (a);
	return a == v ? v : NULL_TREE;
      }
    default:
      return NULL_TREE;
    }
}

/* What the walk of one loop works with.  */
struct walk_site
{
  rewriter *rw;
  tree var;		/* the loop's variable */
  access x;		/* the element the guard reads (the line's) */
  int line_dim;		/* X's dimension of the line's fixed index */
  int walk_dim;		/* ... of the loop's variable */
  tree with;		/* what replaces X in a copy (same_access_r) */
  bool bad;		/* the body does what the walk cannot allow */
};

/* Whether accesses A and B read the same element.  */
static bool
same_access (const access &a, const access &b)
{
  if (a.use != b.use || a.nidx != b.nidx)
    return false;
  for (int k = 0; k < a.nidx; k++)
    if (!operand_equal_p (a.idx[k], b.idx[k], 0))
      return false;
  return true;
}

/* Replace each read of the site's element below *TP by a copy of its
   WITH.  */
static tree
replace_r (tree *tp, int *walk_subtrees, void *data)
{
  walk_site *w = (walk_site *) data;
  access a;
  if (TYPE_P (*tp) || DECL_P (*tp))
    *walk_subtrees = 0;
  else if (w->rw->match (*tp, &a) && same_access (a, w->x))
    {
      *tp = unshare_expr (w->with);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Mark the site bad where *TP writes a tagged array, calls a function
   other than GCC's built-in ones, or holds an OpenMP construct.  */
static tree
check_body_r (tree *tp, int *walk_subtrees, void *data)
{
  walk_site *w = (walk_site *) data;
  tree t = *tp;
  access a;
  if (TYPE_P (t) || DECL_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (tree lhs = assigned_lvalue (t))
    w->bad |= w->rw->match (lhs, &a);
  else if (TREE_CODE (t) == CALL_EXPR)
    {
      tree fn = get_callee_fndecl (t);
      w->bad |= !fn || !fndecl_built_in_p (fn);
    }
  else
    w->bad |= omp_construct_p (t);
  return w->bad ? t : NULL_TREE;
}

/* Whether access A reads a line of a matrix whose format the walk reads
   along the loop's variable: sets the site's dimensions.  */
static bool
walkable (walk_site *w, const access &a, tree fn, hash_set<tree> *written)
{
  const sparse_tag &tag = w->rw->uses[a.use].tag;
  const sp_format &f = tag.fmt;
  if (a.nidx != 2 || tag.rank != 2 || f.nlevels != 2
      || !sp_lvl_is_dense (f.lv[0].type) || !sp_lvl_has_pos (f.lv[1].type)
      || !sp_lvl_is_unique (f.lv[1].type) || f.lv[0].dim == f.lv[1].dim)
    return false;
  int line = f.lv[0].dim, along = f.lv[1].dim;
  if (strip_widening (a.idx[along]) != w->var || !fixed_p (a.idx[line], fn, written))
    return false;
  w->x = a;
  w->line_dim = line;
  w->walk_dim = along;
  return true;
}

/* Find, in term C of a condition, a read of a line along the loop's
   variable that makes C false (true when WANT) where the element is
   zero; sets the site.  */
static bool
zero_guard (walk_site *w, tree c, bool want, tree fn, hash_set<tree> *written)
{
  auto_vec<tree> stack;
  stack.safe_push (c);
  while (!stack.is_empty ())
    {
      tree t = stack.pop ();
      access a;
      if (w->rw->match (t, &a))
	{
	  if (!walkable (w, a, fn, written))
	    continue;
	  w->with = build_zero_cst (w->rw->uses[a.use].tag.elem_type);
	  tree at_zero = unshare_expr (c);
	  walk_tree (&at_zero, replace_r, w, NULL);
	  at_zero = fold (at_zero);
	  if (TREE_CODE (at_zero) == INTEGER_CST
	      && integer_zerop (at_zero) != want)
	    return true;
	  continue;
	}
      if (EXPR_P (t))
	for (int k = 0; k < TREE_OPERAND_LENGTH (t); k++)
	  if (TREE_OPERAND (t, k))
	    stack.safe_push (TREE_OPERAND (t, k));
    }
  return false;
}

/* Whether condition COND is decided where the site's element is zero:
   false (true when WANT), a chain of && (of || when WANT) in which the
   first term that says so is found by zero_guard, the terms before it
   without effects.  */
static bool
decided_at_zero (walk_site *w, tree cond, bool want, tree fn,
		 hash_set<tree> *written)
{
  tree_code join = want ? TRUTH_ORIF_EXPR : TRUTH_ANDIF_EXPR;
  tree_code join_all = want ? TRUTH_OR_EXPR : TRUTH_AND_EXPR;
  auto_vec<tree> terms;
  auto_vec<tree> todo;
  todo.safe_push (cond);
  /* The terms in their order: (a && b) && c is a, b, c.  */
  while (!todo.is_empty ())
    {
      tree t = todo.pop ();
      if (TREE_CODE (t) == join || TREE_CODE (t) == join_all)
	{
	  todo.safe_push (TREE_OPERAND (t, 1));
	  todo.safe_push (TREE_OPERAND (t, 0));
	}
      else
	terms.safe_push (t);
    }
  for (unsigned k = 0; k < terms.length (); k++)
    {
      if (zero_guard (w, terms[k], want, fn, written))
	return true;
      if (TREE_SIDE_EFFECTS (terms[k]))
	return false;
    }
  return false;
}

/* Whether loop body BODY does nothing where the site's element is zero:
   one if statement without else whose condition is false there, or a
   first statement `if (C) continue;` whose C is true there.  */
static bool
idle_at_zero (walk_site *w, tree body, tree fn, hash_set<tree> *written)
{
  tree only = sparse_only_stmt (body);
  if (only && TREE_CODE (only) == COND_EXPR
      && !(COND_EXPR_ELSE (only) && sparse_only_stmt (COND_EXPR_ELSE (only))))
    return decided_at_zero (w, COND_EXPR_COND (only), false, fn, written);
  while (body && TREE_CODE (body) == BIND_EXPR)
    body = BIND_EXPR_BODY (body);
  if (!body || TREE_CODE (body) != STATEMENT_LIST)
    return false;
  tree first = NULL_TREE;
  for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i) && !first;
       tsi_next (&i))
    if (TREE_CODE (tsi_stmt (i)) != DEBUG_BEGIN_STMT)
      first = tsi_stmt (i);
  if (!first || TREE_CODE (first) != COND_EXPR
      || !COND_EXPR_THEN (first)
      || sparse_only_stmt (COND_EXPR_THEN (first)) == NULL_TREE
      || TREE_CODE (sparse_only_stmt (COND_EXPR_THEN (first))) != CONTINUE_STMT
      || (COND_EXPR_ELSE (first) && sparse_only_stmt (COND_EXPR_ELSE (first))))
    return false;
  return decided_at_zero (w, COND_EXPR_COND (first), true, fn, written);
}

/* Entry K of level L's pos (POS) or crd array of handle H of format F,
   as an int64_t.  */
static tree
level_entry (location_t loc, tree h, const sp_format &f, int l, bool pos,
	     tree k)
{
  tree type = build_nonstandard_integer_type (pos ? f.posw : f.crdw, 0);
  HOST_WIDE_INT off = offsetof (sp_tensor, lv) + l * sizeof (sp_level_store)
		      + (pos ? offsetof (sp_level_store, pos)
			 : offsetof (sp_level_store, crd));
  tree arr = fold_convert (build_pointer_type (type),
			   sparse_handle_field (loc, h, off, ptr_type_node));
  return fold_convert (sparse_int64_type (), element_at (loc, arr, type, k));
}

/* Whether handle H is a tensor the walk may read where it stands: alive,
   no calls pending, not distributed, line ROW and the coordinates from
   J0 up to HI within its extents (SITE's dimensions).  */
static tree
walk_ok (location_t loc, tree h, const walk_site &w, tree row, tree j0,
	 tree hi)
{
  tree i64 = sparse_int64_type (), u64 = unsigned_type_for (i64);
  tree dirty = sparse_acquire_load (loc, build_fold_addr_expr
				    (sparse_handle_field
				     (loc, h, offsetof (sp_tensor, dirty),
				      int32_type ())), int32_type ());
  tree magic = sparse_handle_field (loc, h, offsetof (sp_tensor, magic),
				    unsigned_type_for (int32_type ()));
  tree remote = sparse_handle_field (loc, h, offsetof (sp_tensor, remote),
				     int32_type ());
  tree lines = sparse_handle_field (loc, h, offsetof (sp_tensor, dims)
				    + w.line_dim * sizeof (int64_t), i64);
  tree extent = sparse_handle_field (loc, h, offsetof (sp_tensor, dims)
				     + w.walk_dim * sizeof (int64_t), i64);
  tree ok = fold_build2 (EQ_EXPR, boolean_type_node, magic,
			 build_int_cst (TREE_TYPE (magic), SP_MAGIC));
  tree conds[] = {
    build2 (EQ_EXPR, boolean_type_node,
	    build2 (BIT_IOR_EXPR, i64, dirty, fold_convert (i64, remote)),
	    build_int_cst (i64, 0)),
    build2 (LT_EXPR, boolean_type_node, fold_convert (u64, row),
	    fold_convert (u64, lines)),
    build2 (GE_EXPR, boolean_type_node, j0, build_int_cst (i64, 0)),
    build2 (LE_EXPR, boolean_type_node, hi, extent)
  };
  for (tree c : conds)
    ok = build2 (TRUTH_ANDIF_EXPR, boolean_type_node, ok, c);
  return ok;
}

/* Replace loop *TP, when it is such a walk (see the top of the file), by
   a block that runs it over the line's stored entries, or over every
   coordinate where the runtime must read them.  */
bool
rewriter::walk_row (tree *tp, location_t loc)
{
  tree t = *tp, cond = FOR_COND (t);
  tree var = counted_var (t);
  while (cond && TREE_CODE (cond) == ANNOTATE_EXPR)
    cond = TREE_OPERAND (cond, 0);
  if (!var || !cond
      || (TREE_CODE (cond) != LT_EXPR && TREE_CODE (cond) != LE_EXPR
	  && TREE_CODE (cond) != NE_EXPR)
      || !VAR_P (var) || !INTEGRAL_TYPE_P (TREE_TYPE (var)))
    return false;
  /* j != n counting up is j < n: from a start above n the loop would
     read outside the matrix.  */
  int at = TREE_CODE (cond) == NE_EXPR
	   && strip_widening (TREE_OPERAND (cond, 1)) == var;
  tree lhs = strip_widening (TREE_OPERAND (cond, at));
  tree hi = TREE_OPERAND (cond, 1 - at);
  hash_set<tree> written;
  walk_tree_without_duplicates (&t, note_written_r, &written);
  written.remove (var);
  if (lhs != var || !fixed_p (hi, fndecl, &written)
      || DECL_CONTEXT (var) != fndecl || TREE_ADDRESSABLE (var)
      || TREE_THIS_VOLATILE (var) || TREE_STATIC (var))
    return false;
  walk_site w;
  w.rw = this;
  w.var = var;
  w.bad = false;
  if (!idle_at_zero (&w, FOR_BODY (t), fndecl, &written))
    return false;
  walk_tree_without_duplicates (&FOR_BODY (t), check_body_r, &w);
  if (w.bad)
    return false;

  /* The block's variables: the handle, the walk's positions, its start,
     bound, line and state, and the element's value.  */
  const tagged_use &u = uses[w.x.use];
  const sp_format &f = u.tag.fmt;
  tree i64 = sparse_int64_type (), vt = TREE_TYPE (var);
  tree h = sparse_new_local (fndecl, sparse_handle_type (), "walk_h");
  tree p = sparse_new_local (fndecl, i64, "walk_p");
  tree e = sparse_new_local (fndecl, i64, "walk_end");
  tree j0 = sparse_new_local (fndecl, vt, "walk_start");
  tree hi64 = sparse_new_local (fndecl, i64, "walk_bound");
  tree line = sparse_new_local (fndecl, i64, "walk_line");
  tree ok = sparse_new_local (fndecl, boolean_type_node, "walk_stored");
  tree v = sparse_new_local (fndecl, u.tag.elem_type, "walk_value");
  tree vars[] = { h, p, e, j0, hi64, line, ok, v };
  for (unsigned k = 0; k + 1 < sizeof vars / sizeof *vars; k++)
    DECL_CHAIN (vars[k]) = vars[k + 1];
  auto set = [] (tree lhs, tree rhs) {
    return build2 (MODIFY_EXPR, TREE_TYPE (lhs), lhs,
		   fold_convert (TREE_TYPE (lhs), rhs));
  };
  auto plus1 = [i64] (tree x) {
    return build2 (PLUS_EXPR, i64, x, build_int_cst (i64, 1));
  };

  /* After the loop's own start: the state, and the first position at or
     past the start.  */
  tree setup = alloc_stmt_list ();
  append_to_statement_list (FOR_INIT_STMT (t), &setup);
  append_to_statement_list (set (p, integer_zero_node), &setup);
  append_to_statement_list (set (e, integer_zero_node), &setup);
  append_to_statement_list (set (j0, var), &setup);
  /* The bound as the first coordinate past the loop's range (j <= 39
     is j < 40).  */
  append_to_statement_list (set (hi64, TREE_CODE (cond) == LE_EXPR
				       ? plus1 (fold_convert (i64, hi)) : hi),
			    &setup);
  append_to_statement_list (set (line, unshare_expr (w.x.idx[w.line_dim])),
			    &setup);
  append_to_statement_list (set (ok, walk_ok (loc, h, w, line,
					      fold_convert (i64, j0), hi64)),
			    &setup);
  tree first = alloc_stmt_list ();
  append_to_statement_list (set (p, level_entry (loc, h, f, 1, true, line)),
			    &first);
  append_to_statement_list (set (e, level_entry (loc, h, f, 1, true,
						 plus1 (line))), &first);
  tree before = build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
			build2 (LT_EXPR, boolean_type_node, p, e),
			build2 (LT_EXPR, boolean_type_node,
				level_entry (loc, h, f, 1, false, p),
				fold_convert (i64, j0)));
  append_to_statement_list (goto_loop (loc, before, set (p, plus1 (p))),
			    &first);
  append_to_statement_list (build3 (COND_EXPR, void_type_node, ok, first,
				    NULL_TREE), &setup);
  FOR_INIT_STMT (t) = setup;

  /* The condition: the next stored coordinate below the bound, the
     variable left where the dense loop leaves it at the end.  */
  tree next = build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
		      build2 (LT_EXPR, boolean_type_node,
			      level_entry (loc, h, f, 1, false, p), hi64),
		      build2 (COMPOUND_EXPR, boolean_type_node,
			      set (var, level_entry (loc, h, f, 1, false, p)),
			      boolean_true_node));
  tree at_end = build2 (COMPOUND_EXPR, boolean_type_node,
			set (var, build2 (MAX_EXPR, vt, j0,
					  fold_convert (vt, hi64))),
			boolean_false_node);
  tree walking = build2 (TRUTH_ORIF_EXPR, boolean_type_node,
			 build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
				 build2 (LT_EXPR, boolean_type_node, p, e),
				 next), at_end);
  FOR_COND (t) = build3 (COND_EXPR, boolean_type_node, ok, walking,
			 fold_convert (boolean_type_node, FOR_COND (t)));
  FOR_EXPR (t) = build3 (COND_EXPR, void_type_node, ok, set (p, plus1 (p)),
			 FOR_EXPR (t));

  /* The body: the element the value stored at P when walking, else read
     through the runtime, where the body reads it.  */
  tree vals = fold_convert (build_pointer_type (sparse_type_tree
						(u.tag.elem)),
			    sparse_handle_field (loc, h,
						 offsetof (sp_tensor, vals),
						 ptr_type_node));
  tree idx[2] = { unshare_expr (w.x.idx[0]), unshare_expr (w.x.idx[1]) };
  w.with = build3 (COND_EXPR, u.tag.elem_type, ok, v,
		   sparse_build_get (loc, h, u.tag.elem_type, 2, idx, &u.tag.fmt));
  walk_tree (&FOR_BODY (t), replace_r, &w, NULL);
  tree read = set (v, sparse_convert (loc, u.tag.elem_type,
				      element_at (loc, vals,
						  sparse_type_tree
						  (u.tag.elem), p)));
  tree new_body = alloc_stmt_list ();
  append_to_statement_list (build3 (COND_EXPR, void_type_node, ok, read,
				    NULL_TREE), &new_body);
  append_to_statement_list (FOR_BODY (t), &new_body);
  FOR_BODY (t) = new_body;

  tree list = alloc_stmt_list ();
  append_to_statement_list (sparse_opaque_copy (h, u.handle), &list);
  append_to_statement_list (t, &list);
  tree bind = build3 (BIND_EXPR, void_type_node, h, list, NULL_TREE);
  TREE_SIDE_EFFECTS (bind) = 1;
  *tp = bind;

  /* Said of loops left to element access, not of the copy a sparsified
     nest keeps for the cases its kernel does not take.  */
  bool kept_copy = nest ? !nest_names
		   : sparse_nest_reported_p (t) && !sparse_nest_refusal (t);
  if (!kept_copy)
    sparse_remark (SPARSE_REMARK_SPARSIFIED, EXPR_LOC_OR_LOC (t, loc),
		   "loop %qs visits only the entries %qs stores in the line "
		   "it reads: its body does nothing where the element is zero",
		   decl_name (var), decl_name (u.tag.decl));
  return true;
}

} // namespace sparse_storage
