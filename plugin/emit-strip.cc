/* emit-strip.cc -- dense inner loops strip-mined into vector
   accumulators.

   Copyright the sparse authors.  GPL-3.0-or-later (see COPYING).  */

#include "emit-int.h"

namespace sparse_emit {

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

/* The strip-mining of loop ST (marked by lir_plan_shapes) into SI, when
   the target has vectors of its element type.  */
bool
emitter::strip_match (const lir_stmt &st, strip_info *si)
{
  if (st.strip_inner < 0)
    return false;
  const lir_stmt *inner = &k->stmts[st.strip_inner];
  const lir_stmt *acc = &k->stmts[inner->body];
  lir_type et = k->arrays[acc->to.array].type;
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
  si->j = inner->var;
  si->base = st.strip_base;
  si->elt = TYPE_MAIN_VARIANT (elt);
  si->w = (int) w;
  si->vtype = build_vector_type (si->elt, w);
  return true;
}

/* Expression E for the vector of J at OFF (J's value of its first
   element): vector type VTYPE.  */
tree
emitter::vector_tree_of (int e, int j, tree off, tree vtype, tree elt)
{
  if (failed)
    return error_mark_node;
  const lir_expr &x = k->exprs[e];
  char *set = XCNEWVEC (char, k->nvars + 1);
  set[j] = 1;
  bool dep = lir_expr_reads (k, e, set);
  XDELETEVEC (set);
  if (!dep)
    {
      tree v = tree_of (e);
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
	    tree y = tree_of (i.a);
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
	tree a = vector_tree_of (x.a, j, off, vtype, elt);
	CHECKED (a);
	return fold_build1 (NEGATE_EXPR, vtype, a);
      }
    default:
      {
	tree a = vector_tree_of (x.a, j, off, vtype, elt);
	tree b = vector_tree_of (x.b, j, off, vtype, elt);
	CHECKED (a);
	CHECKED (b);
	/* Strips hold floating values only.  */
	return fold_build2 (arith_code (x.op, true), vtype, a, b);
      }
    }
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
  tree lo = tree_of (st.a), hi = tree_of (st.b), jlo = tree_of (si->inner->a);
  tree jhi = tree_of (si->inner->b);
  tree base = si->base >= 0 ? tree_of (si->base) : build_int_cst (i64, 0);
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
	  tree val = vector_tree_of (si->accum->a, si->j, off, si->vtype, si->elt);
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
  preset_loop[0] = &st;
  preset_start[0] = lo_t;
  preset_loop[1] = si->inner;
  preset_start[1] = jb;
  tree rest = for_loop (st, vars, false);
  preset_loop[0] = preset_loop[1] = NULL;
  CHECKED (rest);
  append_to_statement_list_force (rest, &list);
  return list;
}

} // namespace sparse_emit
