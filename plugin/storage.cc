/* storage.cc -- tagged storage and the universal access fallback.

   Runs on each function's GENERIC at PLUGIN_PRE_GENERICIZE, while the C
   front end's trees are still structured (FOR_STMT, BIND_EXPR with
   DECL_EXPRs, ARRAY_REF chains, and parameter accesses as
   *(A + i*rowsize)):

   - a tagged automatic array becomes a handle variable: created empty by
     the runtime where the array is declared (with the declared extents,
     VLA bounds included) and freed when its scope ends (a TRY_FINALLY
     around the scope's body, as for __attribute__((cleanup)));
   - a tagged array of static storage is reached through a hidden slot
     (attribute.cc) that the runtime fills on first use;
   - a tagged parameter is a handle already; it is checked on entry
     against the declaration (format, element type, extents);
   - every element read becomes sp__get, every write sp__put, compound
     assignments and increments a get and a put, with the exact C
     conversions of the element type;
   - whole-array uses are allowed only as an argument to a tagged
     parameter; everything else that would need dense storage (an
     element's address, pointer arithmetic, a row, memcpy, an untagged
     parameter) is a located error saying what to write instead;
   - a loop whose accesses go through the runtime at coordinates its
     iterations vary is a remark (remarks.cc, a warning by default) at
     the loop the recognizer refused (or the `parallel for` construct,
     at its outer loop), with its reason, or else at the outermost loop,
     naming the arrays so accessed; a refused loop whose accesses are
     all walked (row-walk.cc) or the same at every iteration has its
     reason as a note.

   The einsum marker calls (pragma.cc) get the handles of their tagged
   operands appended here; the GIMPLE pass (einsum-lower.cc) lowers them.

   Doing this on GENERIC rather than GIMPLE keeps the access patterns
   whole: after gimplification a parameter access is split over pointer
   arithmetic temporaries and a VLA local hides behind its alloca.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "storage-int.h"
#include "ix.h"

namespace sparse_storage {

/* The function's outermost BIND_EXPR.  */
static tree
outer_bind_of (tree body)
{
  if (!body)
    return NULL_TREE;
  if (TREE_CODE (body) == BIND_EXPR)
    return body;
  if (TREE_CODE (body) == STATEMENT_LIST)
    for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i); tsi_next (&i))
      if (TREE_CODE (tsi_stmt (i)) == BIND_EXPR)
	return tsi_stmt (i);
  return NULL_TREE;
}

void
rewriter::add_local (tree var)
{
  DECL_CONTEXT (var) = fndecl;
  DECL_CHAIN (var) = BIND_EXPR_VARS (outer_bind);
  tree block = BIND_EXPR_BLOCK (outer_bind);
  if (block && BLOCK_VARS (block) == BIND_EXPR_VARS (outer_bind))
    BLOCK_VARS (block) = var;
  BIND_EXPR_VARS (outer_bind) = var;
}

/* Extents of TAG as int64_t arguments; -1 where the declaration does
   not say.  */
static void
push_dims (vec<tree, va_gc> **args, const sparse_tag &tag)
{
  vec_safe_push (*args, build_int_cst (integer_type_node, tag.elem));
  vec_safe_push (*args, build_int_cst (integer_type_node, tag.rank));
  for (int d = 0; d < tag.rank; d++)
    vec_safe_push (*args, tag.dim[d] ? unshare_expr (tag.dim[d])
		   : build_int_cst (sparse_int64_type (), -1));
}

const char *
decl_name (tree decl)
{
  return DECL_NAME (decl) ? IDENTIFIER_POINTER (DECL_NAME (decl)) : "?";
}

/* The use record of tagged DECL, creating the handle of a static-storage
   array on first reference (a local copy loaded on entry); -1 when DECL
   is not tagged.  */
int
rewriter::use_of (tree decl)
{
  if (int *p = index.get (decl))
    return *p;
  tagged_use u;
  memset (&u, 0, sizeof u);
  if (!sparse_decl_tag (decl, &u.tag))
    return -1;
  if (u.tag.kind == SPARSE_TAG_PARAM)
    {
      /* Parameters are registered on entry; one seen here belongs to
	 another function (a nested function's parent).  */
      return -1;
    }
  if (u.tag.kind != SPARSE_TAG_STATIC)
    return -1;

  tree slot = sparse_static_slot (decl);
  tree h = sparse_new_local (fndecl, sparse_handle_type (), decl_name (decl));
  DECL_IGNORED_P (h) = 1;
  add_local (h);
  vec<tree, va_gc> *args = NULL;
  vec_safe_push (args, build_fold_addr_expr (slot));
  vec_safe_push (args, sparse_build_string (decl_name (decl)));
  vec_safe_push (args, sparse_build_string (u.tag.fmtstr));
  push_dims (&args, u.tag);
  tree call = build_call_expr_loc_vec (DECL_SOURCE_LOCATION (decl),
				       sparse_rt_decl (SPARSE_RT_GLOBAL),
				       args);
  append_to_statement_list (build2 (MODIFY_EXPR, TREE_TYPE (h), h, call),
			    &entry);
  u.handle = h;
  int id = uses.length ();
  uses.safe_push (u);
  index.put (decl, id);
  return id;
}

/* Split an offset in bytes from a pointer to rows of ROWSIZE bytes into a
   row index: OFF is (sizetype) i * ROWSIZE when the front end built it,
   else divide.  */
static tree
row_index (tree off, tree rowsize)
{
  tree i64 = sparse_int64_type ();
  if (!off)
    return build_int_cst (i64, 0);
  tree o = off;
  STRIP_NOPS (o);
  if (operand_equal_p (o, rowsize, 0))
    return build_int_cst (i64, 1);
  if (TREE_CODE (o) == MULT_EXPR)
    {
      tree a = TREE_OPERAND (o, 0), b = TREE_OPERAND (o, 1);
      tree bs = b, as = a;
      STRIP_NOPS (bs);
      STRIP_NOPS (as);
      if (operand_equal_p (bs, rowsize, 0)
	  || operand_equal_p (b, rowsize, 0))
	return fold_convert (i64, a);
      if (operand_equal_p (as, rowsize, 0)
	  || operand_equal_p (a, rowsize, 0))
	return fold_convert (i64, b);
      /* A VLA's (i * n) * 8 over rows of n * 8 bytes: i * n over rows
	 of n.  */
      tree r = rowsize;
      STRIP_NOPS (r);
      if (TREE_CODE (r) == MULT_EXPR && TREE_CODE (bs) == INTEGER_CST
	  && operand_equal_p (bs, TREE_OPERAND (r, 1), 0))
	return row_index (a, TREE_OPERAND (r, 0));
    }
  return fold_build2 (TRUNC_DIV_EXPR, i64, fold_convert (i64, off),
		      fold_convert (i64, rowsize));
}

/* Does T access (an element or a row of) a tagged array?  Fills A with
   the indices, outermost first.  */
bool
rewriter::match (tree t, access *a)
{
  tree rev[SP_MAX_RANK + 1];
  int n = 0;
  while (TREE_CODE (t) == ARRAY_REF)
    {
      if (n >= SP_MAX_RANK)
	return false;
      rev[n++] = TREE_OPERAND (t, 1);
      t = TREE_OPERAND (t, 0);
    }

  tree decl = NULL_TREE;
  if (TREE_CODE (t) == VAR_DECL)
    decl = t;
  else if (TREE_CODE (t) == INDIRECT_REF
	   || (TREE_CODE (t) == MEM_REF && integer_zerop (TREE_OPERAND (t, 1))))
    {
      tree p = TREE_OPERAND (t, 0);
      tree off = NULL_TREE;
      /* Side effects on the way to the pointer: the front end wraps
	 *(A + 0) of a VLA parameter as *(SAVE_EXPR <n>, A).  */
      tree side = NULL_TREE;
      /* A compound assignment's lvalue has its pointer in a SAVE_EXPR
	 (stabilize_reference), shared by the read and the write: the index
	 computed from it is saved once for both, keyed by that SAVE_EXPR.  */
      tree saved = NULL_TREE;
      STRIP_NOPS (p);
      while (TREE_CODE (p) == POINTER_PLUS_EXPR
	     || TREE_CODE (p) == COMPOUND_EXPR || TREE_CODE (p) == SAVE_EXPR)
	{
	  if (TREE_CODE (p) == SAVE_EXPR)
	    {
	      if (!saved && !off && !side)
		saved = p;
	      p = TREE_OPERAND (p, 0);
	      STRIP_NOPS (p);
	      continue;
	    }
	  if (TREE_CODE (p) == COMPOUND_EXPR)
	    {
	      tree l = TREE_OPERAND (p, 0);
	      side = side ? build2 (COMPOUND_EXPR, void_type_node, side, l) : l;
	      p = TREE_OPERAND (p, 1);
	      STRIP_NOPS (p);
	      continue;
	    }
	  tree o = TREE_OPERAND (p, 1);
	  off = off ? fold_build2 (PLUS_EXPR, sizetype, o, off) : o;
	  p = TREE_OPERAND (p, 0);
	  STRIP_NOPS (p);
	}
      if (TREE_CODE (p) != PARM_DECL || !sparse_decl_tagged_p (p))
	return false;
      tree ptype = TREE_TYPE (p);
      if (TREE_CODE (ptype) != POINTER_TYPE
	  || TYPE_MAIN_VARIANT (TREE_TYPE (ptype))
	     != TYPE_MAIN_VARIANT (TREE_TYPE (t)))
	return false;
      tree rowsize = TYPE_SIZE_UNIT (TREE_TYPE (ptype));
      if (!rowsize)
	return false;
      if (n >= SP_MAX_RANK)
	return false;
      tree i0;
      if (tree *c = saved ? saved_rows.get (saved) : NULL)
	i0 = *c;
      else
	{
	  i0 = row_index (off, rowsize);
	  if (side && TREE_SIDE_EFFECTS (side))
	    i0 = build2 (COMPOUND_EXPR, TREE_TYPE (i0), side, i0);
	  if (saved)
	    {
	      i0 = save_expr (i0);
	      saved_rows.put (saved, i0);
	    }
	}
      rev[n++] = i0;
      decl = p;
    }
  else
    return false;

  int id = use_of (decl);
  if (id < 0)
    return false;
  a->use = id;
  a->nidx = n;
  for (int k = 0; k < n; k++)
    a->idx[k] = rev[n - 1 - k];
  return true;
}

/* The tagged declaration T refers to, looking through the forms a whole
   array takes as a value: A, &A, &A[0], (T *) A.  */
static tree
whole_array (tree t)
{
  STRIP_NOPS (t);
  if (TREE_CODE (t) == ADDR_EXPR)
    {
      t = TREE_OPERAND (t, 0);
      if (TREE_CODE (t) == ARRAY_REF && integer_zerop (TREE_OPERAND (t, 1)))
	t = TREE_OPERAND (t, 0);
    }
  if ((TREE_CODE (t) == VAR_DECL || TREE_CODE (t) == PARM_DECL)
      && sparse_decl_tagged_p (t))
    return t;
  return NULL_TREE;
}

/* An untagged array declaration T refers to as a whole, for the error of
   passing dense storage to a tagged parameter.  */
static tree
whole_dense_array (tree t)
{
  STRIP_NOPS (t);
  if (TREE_CODE (t) == ADDR_EXPR)
    {
      t = TREE_OPERAND (t, 0);
      if (TREE_CODE (t) == ARRAY_REF && integer_zerop (TREE_OPERAND (t, 1)))
	t = TREE_OPERAND (t, 0);
      if (TREE_CODE (t) == VAR_DECL && TREE_CODE (TREE_TYPE (t)) == ARRAY_TYPE
	  && !sparse_decl_tagged_p (t))
	return t;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == PARM_DECL && !sparse_decl_tagged_p (t)
      && sparse_parm_declared_array_p (t))
    return t;
  return NULL_TREE;
}

void
rewriter::bad_use (tree decl, location_t loc, use_ctx ctx)
{
  int rank = 0;
  sparse_tag tag;
  if (sparse_decl_tag (decl, &tag))
    rank = tag.rank;
  auto_diagnostic_group d;
  switch (ctx)
    {
    case USE_ADDR:
      error_at (loc, "the address of sparse array %qD is not available: it "
		"has no dense storage", decl);
      break;
    case USE_ARITH:
      error_at (loc, "pointer arithmetic on sparse array %qD (or a row of "
		"it used as an array) is not supported", decl);
      break;
    default:
      error_at (loc, "sparse array %qD cannot be used as a pointer or as a "
		"whole array here", decl);
      break;
    }
  inform (loc, "index every dimension, as in %<%s[i]%s%>, or pass it to a "
	  "parameter tagged %<sparse(...)%>", decl_name (decl),
	  rank == 1 ? "" : rank == 2 ? "[j]" : "[j]...");
}

tree
assigned_lvalue (tree t)
{
  switch (TREE_CODE (t))
    {
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      return TREE_OPERAND (t, 0);
    default:
      return NULL_TREE;
    }
}

/* Add the variable *TP writes, if any, to the set DATA.  */
tree
note_written_r (tree *tp, int *, void *data)
{
  tree t = *tp;
  tree v = TREE_CODE (t) == DECL_EXPR ? DECL_EXPR_DECL (t)
	   : assigned_lvalue (t);
  if (v && (VAR_P (v) || TREE_CODE (v) == PARM_DECL))
    ((hash_set<tree> *) data)->add (v);
  return NULL_TREE;
}

/* Is *TP a variable of the set DATA?  */
static tree
find_written_r (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return ((hash_set<tree> *) data)->contains (*tp) ? *tp : NULL_TREE;
}

void
rewriter::fallback (const access &a, location_t loc)
{
  fallbacks++;
  tree decl = uses[a.use].tag.decl;
  if (nest)
    {
      if (!nest_names)
	return;
      /* An element read at every iteration (A[0][0]) makes no loop over
	 the array: a lookup like one outside loops, or part of the
	 refused nest's remark.  */
      bool varies = false;
      for (int k = 0; k < a.nidx && !varies; k++)
	{
	  tree idx = a.idx[k];
	  varies = walk_tree_without_duplicates (&idx, find_written_r,
						 nest_written);
	}
      if (varies && !nest_names->contains (decl))
	nest_names->safe_push (decl);
      if (varies || sparse_nest_refusal (nest))
	return;
    }
  if (sparse_opt_report)
    sparse_remark (SPARSE_REMARK_REPORT, loc, "not sparsified: this access "
		   "to %qs is a runtime lookup", decl_name (decl));
}

/* Element reads.  */
bool
rewriter::walk_read (tree *tp, location_t loc)
{
  access a;
  if (!match (*tp, &a))
    return false;
  tagged_use &u = uses[a.use];
  if (a.nidx != u.tag.rank)
    {
      auto_diagnostic_group d;
      error_at (loc, "%qD with %d index%s is a row of sparse array %qD, of "
		"rank %d; rows of a sparse array are not arrays",
		u.tag.decl, a.nidx, a.nidx == 1 ? "" : "es", u.tag.decl,
		u.tag.rank);
      inform (loc, "index all %d dimensions", u.tag.rank);
      return true;
    }
  for (int k = 0; k < a.nidx; k++)
    walk (&a.idx[k], loc, false);
  /* The walks may have added uses: look the record up again.  */
  tagged_use &v = uses[a.use];
  *tp = sparse_build_get (loc, v.handle, v.tag.elem_type, a.nidx, a.idx,
			  &v.tag.fmt);
  fallback (a, loc);
  return true;
}

/* The E of LHS = LHS + E, LHS = E + LHS or LHS = LHS - E (as -E), the
   sum made in the element's TYPE, as the front end writes LHS += E: the
   write is then an addition to the element, which the runtime makes
   without looking it up.  NULL_TREE otherwise.  */
static tree
compound_addend (tree lhs, tree rhs, tree type)
{
  if (TYPE_MAIN_VARIANT (TREE_TYPE (rhs)) != type
      || (TREE_CODE (rhs) != PLUS_EXPR && TREE_CODE (rhs) != MINUS_EXPR))
    return NULL_TREE;
  /* The front end shares LHS's tree with the sum of a compound
     assignment; a copy is the same element when it has no side effects
     (a SAVE_EXPR of a VLA's extent counts as one).  */
  tree a = TREE_OPERAND (rhs, 0), b = TREE_OPERAND (rhs, 1);
  if (a == lhs || operand_equal_p (a, lhs, 0))
    return TREE_CODE (rhs) == PLUS_EXPR ? b : fold_build1 (NEGATE_EXPR, type,
							   b);
  if (TREE_CODE (rhs) == PLUS_EXPR
      && (b == lhs || operand_equal_p (b, lhs, 0)))
    return a;
  return NULL_TREE;
}

/* Element writes: LHS = RHS.  */
bool
rewriter::walk_write (tree *tp, location_t loc, bool unused)
{
  tree t = *tp;
  access a;
  if (!match (TREE_OPERAND (t, 0), &a))
    return false;
  tagged_use &u = uses[a.use];
  if (a.nidx != u.tag.rank)
    {
      error_at (loc, "assignment to a row of sparse array %qD, of rank %d; "
		"assign its elements", u.tag.decl, u.tag.rank);
      return true;
    }
  tree rhs = TREE_OPERAND (t, 1);
  tree addend = unused ? compound_addend (TREE_OPERAND (t, 0), rhs,
					  u.tag.elem_type) : NULL_TREE;
  if (addend)
    rhs = addend;
  walk (&rhs, loc, false);
  for (int k = 0; k < a.nidx; k++)
    walk (&a.idx[k], loc, false);
  tagged_use &w = uses[a.use];
  tree type = w.tag.elem_type;
  tree handle = w.handle;
  tree v = sparse_convert (loc, type, rhs);
  if (addend)
    *tp = sparse_build_add (loc, handle, type, v, a.nidx, a.idx);
  else if (unused)
    *tp = sparse_build_put (loc, handle, type, v, a.nidx, a.idx);
  else
    {
      v = save_expr (v);
      tree put = sparse_build_put (loc, handle, type, v, a.nidx, a.idx);
      *tp = build2_loc (loc, COMPOUND_EXPR, type, put, v);
    }
  fallback (a, loc);
  return true;
}

/* ++A[i], A[i]--, ...  */
bool
rewriter::walk_incdec (tree *tp, location_t loc, bool unused)
{
  tree t = *tp;
  access a;
  if (!match (TREE_OPERAND (t, 0), &a))
    return false;
  tagged_use &u = uses[a.use];
  if (a.nidx != u.tag.rank)
    {
      error_at (loc, "increment of a row of sparse array %qD", u.tag.decl);
      return true;
    }
  for (int k = 0; k < a.nidx; k++)
    {
      walk (&a.idx[k], loc, false);
      if (TREE_SIDE_EFFECTS (a.idx[k]))
	a.idx[k] = save_expr (a.idx[k]);
    }
  tree amount = TREE_OPERAND (t, 1);
  walk (&amount, loc, false);
  tagged_use &w = uses[a.use];
  tree type = w.tag.elem_type;
  tree handle = w.handle;
  bool inc = (TREE_CODE (t) == PREINCREMENT_EXPR
	      || TREE_CODE (t) == POSTINCREMENT_EXPR);
  bool post = (TREE_CODE (t) == POSTINCREMENT_EXPR
	       || TREE_CODE (t) == POSTDECREMENT_EXPR);
  if (unused)
    {
      /* An addition to the element (see compound_addend).  */
      tree step = sparse_convert (loc, type, amount);
      *tp = sparse_build_add (loc, handle, type,
			      inc ? step : fold_build1 (NEGATE_EXPR, type,
							step),
			      a.nidx, a.idx);
      fallback (a, loc);
      return true;
    }
  tree old = sparse_build_get (loc, handle, type, a.nidx, a.idx,
			       &w.tag.fmt);
  if (post)
    old = save_expr (old);
  tree nval = fold_build2_loc (loc, inc ? PLUS_EXPR : MINUS_EXPR, type, old,
			       sparse_convert (loc, type, amount));
  if (!post)
    nval = save_expr (nval);
  tree put = sparse_build_put (loc, handle, type, nval, a.nidx, a.idx);
  *tp = build2_loc (loc, COMPOUND_EXPR, type, put, post ? old : nval);
  fallback (a, loc);
  return true;
}

void
rewriter::walk_addr (tree *tp, location_t loc)
{
  tree op = TREE_OPERAND (*tp, 0);
  tree base = op;
  while (TREE_CODE (base) == ARRAY_REF || TREE_CODE (base) == COMPONENT_REF
	 || TREE_CODE (base) == REALPART_EXPR
	 || TREE_CODE (base) == IMAGPART_EXPR)
    base = TREE_OPERAND (base, 0);
  if ((TREE_CODE (base) == VAR_DECL || TREE_CODE (base) == PARM_DECL)
      && sparse_decl_tagged_p (base))
    {
      if (base == op)
	bad_use (base, loc, USE_PLAIN);
      else
	{
	  access a;
	  sparse_tag tag;
	  bool element = match (op, &a) && sparse_decl_tag (base, &tag)
			 && a.nidx == tag.rank;
	  auto_diagnostic_group d;
	  if (element)
	    error_at (loc, "cannot take the address of an element of sparse "
		      "array %qD: its elements have no addresses", base);
	  else
	    error_at (loc, "a row of sparse array %qD cannot be used as an "
		      "array or pointer", base);
	  inform (loc, "copy the element into a variable and write it back "
		  "with an assignment");
	}
      return;
    }
  if (TREE_CODE (base) == INDIRECT_REF || TREE_CODE (base) == MEM_REF)
    {
      access a;
      if (match (op, &a) || match (base, &a))
	{
	  const sparse_tag &tag = uses[a.use].tag;
	  auto_diagnostic_group d;
	  if (a.nidx == tag.rank)
	    error_at (loc, "cannot take the address of an element of sparse "
		      "array %qD: its elements have no addresses", tag.decl);
	  else
	    error_at (loc, "a row of sparse array %qD cannot be used as an "
		      "array or pointer", tag.decl);
	  inform (loc, "copy the element into a variable and write it back "
		  "with an assignment");
	  return;
	}
    }
  walk_operands (*tp, loc);
}

void
rewriter::walk_call (tree *tp, location_t loc)
{
  tree call = *tp;
  if (!CALL_EXPR_FN (call))
    {
      /* An internal function: only its arguments matter.  */
      for (int i = 0; i < call_expr_nargs (call); i++)
	walk (&CALL_EXPR_ARG (call, i), loc, false);
      return;
    }
  tree fn = get_callee_fndecl (call);

  if (sparse_same_marker_call_p (call))
    {
      tree h[2];
      for (int i = 0; i < 2; i++)
	{
	  tree decl = CALL_EXPR_ARG (call, i);
	  int id = use_of (decl);
	  if (id < 0)
	    {
	      error_at (loc, "sparse array %qD is not available here", decl);
	      return;
	    }
	  h[i] = uses[id].handle;
	}
      *tp = fold_build2_loc (loc, EQ_EXPR, integer_type_node, h[0], h[1]);
      return;
    }
  if (sparse_dim_marker_call_p (call))
    {
      tree decl = CALL_EXPR_ARG (call, 0);
      int id = use_of (decl);
      if (id < 0)
	error_at (loc, "sparse array %qD is not available here", decl);
      else
	*tp = sparse_build_dim (loc, uses[id].handle,
				tree_to_shwi (CALL_EXPR_ARG (call, 1)));
      return;
    }
  if (sparse_marker_call_p (call))
    {
      if (call_expr_nargs (call) < 1
	  || TREE_CODE (CALL_EXPR_ARG (call, 0)) != INTEGER_CST)
	return;
      sparse_einsum *e = sparse_einsum_get (tree_to_shwi (CALL_EXPR_ARG (call, 0)));
      if (!e || call_expr_nargs (call) != 1)
	return;
      vec<tree, va_gc> *args = NULL;
      vec_safe_push (args, CALL_EXPR_ARG (call, 0));
      for (int o = 0; o < e->ix->nopds; o++)
	if (e->ix->opd[o].tagged)
	  {
	    tree decl = sparse_einsum_operand_decl (e, o);
	    int id = decl ? use_of (decl) : -1;
	    if (id < 0)
	      {
		error_at (loc, "sparse operand %qs of this pragma is not "
			  "available here", e->ix->opd[o].name);
		return;
	      }
	    vec_safe_push (args, uses[id].handle);
	  }
      *tp = build_call_expr_loc_vec (loc, sparse_marker_decl (), args);
      return;
    }

  walk (&CALL_EXPR_FN (call), loc, false);
  tree fntype = TREE_TYPE (CALL_EXPR_FN (call));
  if (fntype && POINTER_TYPE_P (fntype))
    fntype = TREE_TYPE (fntype);
  tree parms = fntype && FUNC_OR_METHOD_TYPE_P (fntype)
	       ? TYPE_ARG_TYPES (fntype) : NULL_TREE;
  int nargs = call_expr_nargs (call);
  for (int i = 0; i < nargs; i++)
    {
      tree ptype = parms && TREE_VALUE (parms) != void_type_node
		   ? TREE_VALUE (parms) : NULL_TREE;
      if (parms)
	parms = TREE_CHAIN (parms);
      tree *argp = &CALL_EXPR_ARG (call, i);
      location_t aloc = EXPR_LOC_OR_LOC (*argp, loc);
      const char *pfmt = sparse_type_format (ptype);
      tree decl = whole_array (*argp);
      if (decl)
	{
	  sparse_tag tag;
	  int id = use_of (decl);
	  if (TREE_CODE (decl) == PARM_DECL)
	    id = index.get (decl) ? *index.get (decl) : -1;
	  if (!sparse_decl_tag (decl, &tag) || id < 0)
	    {
	      bad_use (decl, aloc, USE_PLAIN);
	      continue;
	    }
	  if (!pfmt)
	    {
	      auto_diagnostic_group d;
	      if (fn && fndecl_built_in_p (fn, BUILT_IN_NORMAL))
		{
		  error_at (aloc, "sparse array %qD cannot be passed to %qD: it "
			    "has no dense storage", decl, fn);
		  inform (aloc, "copy it element by element, or use the "
			  "runtime (%<sp_convert%>, %<sp_to_dense%>) on a tensor");
		}
	      else
		{
		  if (fn)
		    error_at (aloc, "passing sparse array %qD to parameter %d "
			      "of %qD, which is not tagged %<sparse(...)%>",
			      decl, i + 1, fn);
		  else
		    error_at (aloc, "passing sparse array %qD to parameter %d "
			      "of a function that does not take a tagged "
			      "array there", decl, i + 1);
		  inform (aloc, "declare the parameter as an array tagged "
			  "with the format of the array, e.g. %<%T p[n]... "
			  "SPARSE (\"%s\")%>", tag.elem_type, tag.fmtstr);
		}
	      continue;
	    }
	  sp_format pf;
	  sp_format_error err;
	  if (sp_format_parse (pfmt, tag.rank, &pf, &err) == 0
	      && !sp_format_equal (&pf, &tag.fmt))
	    {
	      auto_diagnostic_group d;
	      error_at (aloc, "sparse array %qD is stored as %qs but "
			"parameter %d of %qD expects %qs", decl, tag.fmtstr,
			i + 1, fn ? fn : CALL_EXPR_FN (call), pfmt);
	      inform (aloc, "convert the tensor with %<sp_convert%>, or tag both "
		      "with the same format");
	      continue;
	    }
	  *argp = fold_convert_loc (aloc, TREE_TYPE (*argp),
				    uses[id].handle);
	  continue;
	}
      if (pfmt)
	if (tree dense = whole_dense_array (*argp))
	  {
	    auto_diagnostic_group d;
	    error_at (aloc, "passing dense array %qD to parameter %d of %qD, "
		      "which is tagged %<sparse(\"%s\")%>", dense, i + 1,
		      fn ? fn : CALL_EXPR_FN (call), pfmt);
	    inform (aloc, "pass a tensor with %<sp_array (t)%>, or tag %qD",
		    dense);
	    continue;
	  }
      walk (argp, loc, false);
    }
}

void
rewriter::walk_decl_expr (tree *tp, location_t loc)
{
  tree decl = DECL_EXPR_DECL (*tp);
  if (!decl || TREE_CODE (decl) != VAR_DECL)
    return;
  if (sparse_decl_tagged_p (decl))
    {
      int *p = index.get (decl);
      sparse_tag tag;
      if (!sparse_decl_tag (decl, &tag))
	return;
      if (tag.kind == SPARSE_TAG_STATIC)
	{
	  /* Nothing to do where a static array is declared.  */
	  *tp = build_empty_stmt (loc);
	  return;
	}
      if (!p)
	return;
      tagged_use &u = uses[*p];
      vec<tree, va_gc> *args = NULL;
      vec_safe_push (args, u.handle);
      vec_safe_push (args, sparse_build_string (decl_name (decl)));
      vec_safe_push (args, sparse_build_string (tag.fmtstr));
      push_dims (&args, tag);
      location_t dloc = DECL_SOURCE_LOCATION (decl);
      tree call = build_call_expr_loc_vec (dloc,
					   sparse_rt_decl (SPARSE_RT_LOCAL_NEW),
					   args);
      *tp = build2_loc (dloc, MODIFY_EXPR, TREE_TYPE (u.handle), u.handle,
			call);
      return;
    }
  if (!TREE_STATIC (decl) && DECL_INITIAL (decl))
    walk (&DECL_INITIAL (decl), loc, false);
}

/* A scope: its tagged automatic arrays become handles, created at their
   declarations, freed (and set to null) on every exit.  The handles live
   in the function's outermost scope, null from the function's entry: a
   goto into the scope past a declaration finds a null handle (a runtime
   error on use, never a stray pointer freed).  Inside an OpenMP
   construct they stay in their scope, null on entry to it: each thread
   has its own.  */
void
rewriter::walk_bind (tree *tp, location_t loc)
{
  tree bind = *tp;
  tree block = BIND_EXPR_BLOCK (bind);
  bool shared = block && BLOCK_VARS (block) == BIND_EXPR_VARS (bind);
  auto_vec<tree> handles;

  for (tree *vp = &BIND_EXPR_VARS (bind); *vp; )
    {
      tree var = *vp;
      tagged_use u;
      memset (&u, 0, sizeof u);
      if (TREE_CODE (var) != VAR_DECL || !sparse_decl_tagged_p (var)
	  || !sparse_decl_tag (var, &u.tag) || u.tag.kind != SPARSE_TAG_AUTO)
	{
	  vp = &DECL_CHAIN (var);
	  continue;
	}
      tree h = build_decl (DECL_SOURCE_LOCATION (var), VAR_DECL,
			   DECL_NAME (var), sparse_handle_type ());
      TREE_USED (h) = 1;
      DECL_READ_P (h) = 1;
      if (bind == outer_bind || in_omp)
	{
	  DECL_CONTEXT (h) = fndecl;
	  DECL_CHAIN (h) = DECL_CHAIN (var);
	  *vp = h;
	  vp = &DECL_CHAIN (h);
	}
      else
	{
	  *vp = DECL_CHAIN (var);
	  add_local (h);
	}
      if (!in_omp)
	{
	  append_to_statement_list (build2 (MODIFY_EXPR, TREE_TYPE (h), h,
					    null_pointer_node), &entry);
	  scope_handles.safe_push (h);
	}
      u.handle = h;
      int id = uses.length ();
      uses.safe_push (u);
      index.put (var, id);
      handles.safe_push (h);
    }
  if (shared)
    BLOCK_VARS (block) = BIND_EXPR_VARS (bind);

  walk (&BIND_EXPR_BODY (bind), loc, true);

  if (handles.is_empty ())
    return;
  tree init = NULL_TREE, cleanup = NULL_TREE;
  for (unsigned k = 0; k < handles.length (); k++)
    {
      tree h = handles[k];
      if (in_omp)
	append_to_statement_list (build2 (MODIFY_EXPR, TREE_TYPE (h), h,
					  null_pointer_node), &init);
      append_to_statement_list
	(build_call_expr_loc (loc, sparse_rt_decl (SPARSE_RT_LOCAL_FREE), 1,
			      h), &cleanup);
      append_to_statement_list (build2 (MODIFY_EXPR, TREE_TYPE (h), h,
					null_pointer_node), &cleanup);
    }
  tree body = BIND_EXPR_BODY (bind);
  append_to_statement_list (build2 (TRY_FINALLY_EXPR, void_type_node, body,
				    cleanup), &init);
  BIND_EXPR_BODY (bind) = init;
}

/* OpenMP clauses naming tagged arrays: shared is the handle, shared;
   anything that would copy or privatise the array is refused.  */
void
rewriter::walk_omp_clauses (tree clauses, location_t loc)
{
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN (c))
    {
      location_t cloc = OMP_CLAUSE_LOCATION (c) != UNKNOWN_LOCATION
			? OMP_CLAUSE_LOCATION (c) : loc;
      tree *dp = NULL;
      switch (OMP_CLAUSE_CODE (c))
	{
	case OMP_CLAUSE_SHARED:
	case OMP_CLAUSE_PRIVATE:
	case OMP_CLAUSE_FIRSTPRIVATE:
	case OMP_CLAUSE_LASTPRIVATE:
	case OMP_CLAUSE_REDUCTION:
	case OMP_CLAUSE_COPYIN:
	case OMP_CLAUSE_COPYPRIVATE:
	case OMP_CLAUSE_LINEAR:
	case OMP_CLAUSE_ALIGNED:
	case OMP_CLAUSE_MAP:
	case OMP_CLAUSE_TO:
	case OMP_CLAUSE_FROM:
	  dp = &OMP_CLAUSE_DECL (c);
	  break;
	default:
	  break;
	}
      if (dp && *dp && DECL_P (*dp) && sparse_decl_tagged_p (*dp))
	{
	  int id = use_of (*dp);
	  if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_SHARED && id >= 0)
	    {
	      tree h = uses[id].handle;
	      if (DECL_P (h))
		*dp = h;
	    }
	  else
	    {
	      auto_diagnostic_group d;
	      error_at (cloc, "sparse array %qD cannot appear in a %qs "
			"clause", *dp, omp_clause_code_name[OMP_CLAUSE_CODE (c)]);
	      inform (cloc, "sparse arrays are shared by the threads of a "
		      "parallel region");
	    }
	  continue;
	}
      for (int i = 0; i < omp_clause_num_ops[OMP_CLAUSE_CODE (c)]; i++)
	if (&OMP_CLAUSE_OPERAND (c, i) != dp)
	  walk (&OMP_CLAUSE_OPERAND (c, i), loc, false);
    }
}

void
rewriter::walk_operands (tree t, location_t loc)
{
  int n = TREE_OPERAND_LENGTH (t);
  for (int i = 0; i < n; i++)
    walk (&TREE_OPERAND (t, i), loc, false);
}

/* Whether T is an OpenMP construct: the tagged locals declared in it
   are each thread's own.  */
bool
omp_construct_p (tree t)
{
  switch (TREE_CODE (t))
    {
    case OMP_PARALLEL: case OMP_TASK: case OMP_TEAMS: case OMP_TARGET:
    case OMP_FOR: case OMP_SIMD: case OMP_DISTRIBUTE: case OMP_TASKLOOP:
    case OMP_LOOP: case OMP_SECTIONS: case OMP_SECTION: case OMP_SINGLE:
    case OMP_SCOPE: case OMP_MASTER: case OMP_MASKED: case OMP_CRITICAL:
    case OMP_ORDERED: case OMP_TASKGROUP:
      return true;
    default:
      return false;
    }
}

/* A discarded access at *TP (sizeof of a VLA row evaluates its operand
   so): replaced by its indices' side effects.  False when *TP is no
   access to a tagged array.  */
bool
rewriter::walk_discarded (tree *tp, location_t loc)
{
  access a;
  if (!match (*tp, &a))
    return false;
  tree side = NULL_TREE;
  for (int k = 0; k < a.nidx; k++)
    {
      walk (&a.idx[k], loc, true);
      if (TREE_SIDE_EFFECTS (a.idx[k]))
	append_to_statement_list (build1 (CONVERT_EXPR, void_type_node,
					  a.idx[k]), &side);
    }
  *tp = side ? side : build_empty_stmt (loc);
  return true;
}

/* The remark of loop T, whose fallback accesses to NAMES vary with its
   iterations: the recognizer's reason when it refused the loop, said
   where the recognizer says (a construct's outer loop).  */
void
rewriter::say_loop (tree t, location_t loc, const vec<tree> &names)
{
  location_t where = EXPR_LOC_OR_LOC (t, loc);
  const char *refusal = sparse_nest_refusal (t, &where);
  if (names.is_empty ())
    {
      if (refusal)
	sparse_remark (SPARSE_REMARK_MISSED, where,
		       "loop nest not sparsified: %s", refusal);
      return;
    }
  pretty_printer pp;
  for (unsigned k = 0; k < names.length (); k++)
    pp_printf (&pp, "%s%qs", k ? ", " : "", decl_name (names[k]));
  if (refusal)
    sparse_remark (SPARSE_REMARK_ELEMENTWISE, where, "loop nest not "
		   "sparsified: %s; %s accessed element by element through "
		   "the runtime", refusal, pp_formatted_text (&pp));
  else if (TREE_CODE (t) == FOR_STMT)
    sparse_remark (SPARSE_REMARK_ELEMENTWISE, where, "loop nest not "
		   "sparsified: %s accessed element by element through the "
		   "runtime", pp_formatted_text (&pp));
  else if (const char *why = TREE_CODE (t) == WHILE_STMT
			     ? sparse_while_refusal (t) : NULL)
    /* A while loop not read as the for loop it would be
       (nest-while.cc).  */
    sparse_remark (SPARSE_REMARK_ELEMENTWISE, where, "loop not sparsified: "
		   "%s accessed element by element through the runtime: this "
		   "%<while%> loop is not read as a counted %<for%> loop: %s",
		   pp_formatted_text (&pp), why);
  else
    sparse_remark (SPARSE_REMARK_ELEMENTWISE, where, "loop not sparsified: "
		   "%s accessed element by element through the runtime: only "
		   "counted %<for%> and %<while%> loops are sparsified",
		   pp_formatted_text (&pp));
}

/* A for, while or do loop T, or an OpenMP construct the recognizer
   reported (the program's `parallel for`, whose outer loop is no
   FOR_STMT).  The outermost loop and each loop the recognizer reported
   collect the arrays their bodies access element by element through the
   runtime, for their remarks.  */
void
rewriter::walk_loop (tree t, location_t loc)
{
  bool own = nest == NULL_TREE || sparse_nest_reported_p (t);
  tree outer_nest = nest;
  vec<tree> *outer_names = nest_names;
  hash_set<tree> *outer_written = nest_written;
  auto_vec<tree> names;
  hash_set<tree> written;
  if (own)
    {
      nest = t;
      nest_names = sparse_nest_reported_p (t) && !sparse_nest_refusal (t)
		   ? NULL : &names;
      nest_written = &written;
      walk_tree_without_duplicates (&t, note_written_r, &written);
    }
  if (TREE_CODE (t) == FOR_STMT)
    {
      walk (&FOR_INIT_STMT (t), loc, true);
      walk (&FOR_COND (t), loc, false);
      walk (&FOR_EXPR (t), loc, true);
      walk (&FOR_BODY (t), loc, true);
    }
  else if (TREE_CODE (t) == WHILE_STMT)
    {
      walk (&WHILE_COND (t), loc, false);
      walk (&WHILE_BODY (t), loc, true);
    }
  else if (TREE_CODE (t) == DO_STMT)
    {
      walk (&DO_COND (t), loc, false);
      walk (&DO_BODY (t), loc, true);
    }
  else
    walk_operands (t, loc);
  if (!own)
    return;
  say_loop (t, loc, names);
  nest = outer_nest;
  nest_names = outer_names;
  nest_written = outer_written;
}

void
rewriter::walk (tree *tp, location_t loc, bool unused)
{
  tree t = *tp;
  if (!t || t == error_mark_node)
    return;
  if (EXPR_P (t) && EXPR_HAS_LOCATION (t))
    loc = EXPR_LOCATION (t);

  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
	walk (tsi_stmt_ptr (i), loc, true);
      return;

    case BIND_EXPR:
      walk_bind (tp, loc);
      return;

    case GOTO_EXPR:
      if (TREE_CODE (GOTO_DESTINATION (t)) != LABEL_DECL)
	computed_goto = true;
      walk_operands (t, loc);
      return;

    case DECL_EXPR:
      walk_decl_expr (tp, loc);
      return;

    case VAR_DECL:
    case PARM_DECL:
      if (sparse_decl_tagged_p (t))
	bad_use (t, loc, USE_PLAIN);
      return;

    case MODIFY_EXPR:
    case INIT_EXPR:
      if (walk_write (tp, loc, unused))
	return;
      if (whole_array (TREE_OPERAND (t, 0)))
	{
	  bad_use (whole_array (TREE_OPERAND (t, 0)), loc, USE_PLAIN);
	  return;
	}
      walk_operands (t, loc);
      return;

    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      if (walk_incdec (tp, loc, unused))
	return;
      walk_operands (t, loc);
      return;

    case ARRAY_REF:
    case INDIRECT_REF:
    case MEM_REF:
      if ((unused && walk_discarded (tp, loc)) || walk_read (tp, loc))
	return;
      walk_operands (t, loc);
      return;

    case ADDR_EXPR:
      walk_addr (tp, loc);
      return;

    case POINTER_PLUS_EXPR:
      {
	tree base = TREE_OPERAND (t, 0);
	STRIP_NOPS (base);
	if (tree decl = whole_array (base))
	  bad_use (decl, loc, USE_ARITH);
	else
	  walk_operands (t, loc);
	return;
      }

    case CALL_EXPR:
      walk_call (tp, loc);
      return;

    case SAVE_EXPR:
      if (visited.add (t))
	return;
      walk (&TREE_OPERAND (t, 0), loc, false);
      return;

    case COMPOUND_EXPR:
      walk (&TREE_OPERAND (t, 0), loc, true);
      walk (&TREE_OPERAND (t, 1), loc, unused);
      return;

    case COND_EXPR:
      walk (&TREE_OPERAND (t, 0), loc, false);
      walk (&TREE_OPERAND (t, 1), loc, unused || VOID_TYPE_P (TREE_TYPE (t)));
      walk (&TREE_OPERAND (t, 2), loc, unused || VOID_TYPE_P (TREE_TYPE (t)));
      return;

    case CONVERT_EXPR:
    case NOP_EXPR:
      walk (&TREE_OPERAND (t, 0), loc, VOID_TYPE_P (TREE_TYPE (t)));
      return;

    case CONSTRUCTOR:
      {
	unsigned i;
	constructor_elt *ce;
	FOR_EACH_VEC_SAFE_ELT (CONSTRUCTOR_ELTS (t), i, ce)
	  walk (&ce->value, loc, false);
	return;
      }

    case TREE_LIST:
      for (tree l = t; l; l = TREE_CHAIN (l))
	walk (&TREE_VALUE (l), loc, false);
      return;

    case OMP_CLAUSE:
      walk_omp_clauses (t, loc);
      return;

    case FOR_STMT:
    case WHILE_STMT:
    case DO_STMT:
      if (TREE_CODE (t) == FOR_STMT)
	walk_row (tp, loc);
      walk_loop (t, loc);
      return;

    case SWITCH_STMT:
      walk (&SWITCH_STMT_COND (t), loc, false);
      walk (&SWITCH_STMT_BODY (t), loc, true);
      return;

    default:
      if (omp_construct_p (t))
	{
	  in_omp++;
	  if (sparse_nest_reported_p (t))
	    walk_loop (t, loc);
	  else
	    walk_operands (t, loc);
	  in_omp--;
	}
      else if (EXPR_P (t))
	walk_operands (t, loc);
      return;
    }
}

} // namespace sparse_storage

using namespace sparse_storage;

/* A computed goto leaves scopes without running their cleanups (GCC
   redirects only gotos to known labels through them), so the tagged
   locals it leaves behind are freed when the function returns: HANDLES,
   which live in the outermost scope BIND, null unless still held.  */
static void
free_at_exit (tree bind, const vec<tree> &handles)
{
  if (handles.is_empty ())
    return;
  tree cleanup = NULL_TREE;
  for (unsigned k = 0; k < handles.length (); k++)
    append_to_statement_list
      (build_call_expr (sparse_rt_decl (SPARSE_RT_LOCAL_FREE), 1,
			handles[k]), &cleanup);
  tree body = NULL_TREE;
  append_to_statement_list (build2 (TRY_FINALLY_EXPR, void_type_node,
				    BIND_EXPR_BODY (bind), cleanup), &body);
  BIND_EXPR_BODY (bind) = body;
}

/* Rewrite FNDECL; PARENT is the rewriter of the function FNDECL is nested
   in (GNU C), whose tagged arrays FNDECL may use, or NULL.  */
static void
rewrite_function (tree fndecl, const rewriter *parent)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || !DECL_SAVED_TREE (fndecl) || DECL_SAVED_TREE (fndecl) == error_mark_node)
    return;
  tree bind = outer_bind_of (DECL_SAVED_TREE (fndecl));
  if (!bind)
    return;

  rewriter rw (fndecl);
  rw.outer_bind = bind;
  if (parent)
    for (hash_map<tree, int>::iterator it = parent->index.begin ();
	 it != parent->index.end (); ++it)
      {
	int id = rw.uses.length ();
	rw.uses.safe_push (parent->uses[(*it).second]);
	rw.index.put ((*it).first, id);
      }

  /* Tagged parameters: the value is the handle; check it on entry.  */
  for (tree p = DECL_ARGUMENTS (fndecl); p; p = DECL_CHAIN (p))
    {
      tagged_use u;
      memset (&u, 0, sizeof u);
      if (!sparse_decl_tag (p, &u.tag))
	continue;
      u.handle = fold_convert (sparse_handle_type (), p);
      vec<tree, va_gc> *args = NULL;
      vec_safe_push (args, u.handle);
      vec_safe_push (args, sparse_build_string (decl_name (p)));
      vec_safe_push (args, sparse_build_string
		     (IDENTIFIER_POINTER (DECL_NAME (fndecl))));
      vec_safe_push (args, sparse_build_string (u.tag.fmtstr));
      push_dims (&args, u.tag);
      append_to_statement_list
	(build_call_expr_loc_vec (DECL_SOURCE_LOCATION (p),
				  sparse_rt_decl (SPARSE_RT_CHECK_PARAM), args),
	 &rw.entry);
      int id = rw.uses.length ();
      rw.uses.safe_push (u);
      rw.index.put (p, id);
    }

  /* The temporaries and labels of the code built for accesses belong to
     the function they are in (a nested function's are not its
     parent's).  */
  tree outer_fn = current_function_decl;
  current_function_decl = fndecl;
  rw.walk (&DECL_SAVED_TREE (fndecl), DECL_SOURCE_LOCATION (fndecl), true);
  current_function_decl = outer_fn;

  if (rw.computed_goto)
    free_at_exit (bind, rw.scope_handles);
  if (rw.entry)
    {
      tree body = NULL_TREE;
      append_to_statement_list (rw.entry, &body);
      append_to_statement_list (BIND_EXPR_BODY (bind), &body);
      BIND_EXPR_BODY (bind) = body;
    }

  if (sparse_dump_file && (rw.fallbacks || !rw.uses.is_empty ()))
    {
      fprintf (sparse_dump_file, ";; Function %s (storage and fallback)\n\n",
	       IDENTIFIER_POINTER (DECL_NAME (fndecl)));
      print_c_tree (sparse_dump_file, DECL_SAVED_TREE (fndecl));
      fprintf (sparse_dump_file, "\n\n");
    }

  /* GNU C nested functions are genericized with their parent, and may use
     its tagged arrays.  */
  cgraph_node *cgn = cgraph_node::get (fndecl);
  if (cgn)
    for (cgraph_node *n = first_nested_function (cgn); n;
	 n = next_nested_function (n))
      rewrite_function (n->decl, &rw);
}

/* PLUGIN_PRE_GENERICIZE.  */
void
sparse_pre_genericize (void *gcc_data, void *)
{
  sparse_recognize_nests ((tree) gcc_data);
  rewrite_function ((tree) gcc_data, NULL);
}
