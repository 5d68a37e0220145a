/* emit-output.cc -- appends to a sparse output: entries, runs, and
   the cursor of an output whose room is fixed before its loop.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "emit-int.h"

namespace sparse_emit {

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

/* ST, LIR_CALL_OUT_FIX: room fixed for the entries the symbolic loop
   bounded, or when that much memory cannot be had (a product whose
   contributions mostly coincide), for those the counting pass counts.  */
tree
emitter::fix_room (const lir_stmt &st, tree *vars)
{
  tree i64 = sparse_int64_type ();
  tree n = tree_of (st.a);
  CHECKED (n);
  tree kaddr = kout_addr ();
  tree counted = alloc_stmt_list ();
  for (int id = st.body; id >= 0 && !failed; id = k->stmts[id].next)
    stmt (id, &counted, vars);
  tree c = st.var >= 0 && st.var < k->nvars ? var[st.var] : NULL_TREE;
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

/* LIR_CALL_CURSOR_OPEN: the cursor's locals, declared in VARS, loaded
   from the output.  */
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

/* LIR_CALL_CURSOR_CLOSE: the last row's count, and the cursor's count
   of entries, back into the output.  */
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
  tree parent = tree_of (st.b), n = tree_of (st.a);
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

} // namespace sparse_emit
